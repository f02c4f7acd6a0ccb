/** The portal's name, as the top bar and the login card show it; the comma between its parts is for screen readers. */
export function BrandName() {
  return (
    <>
      <span className="brand-name">Admin Portal</span>
      <span className="brand-sep">, </span>
      <span className="brand-sub">Astrology Services</span>
    </>
  );
}
