import { useSiteName } from './site-name';

/**
 * The portal's name, as the top bar and the login card show it: "Admin Portal" and the practitioner's site name
 * (site-name.ts). The comma between its parts is for screen readers.
 */
export function BrandName() {
  const siteName = useSiteName();
  return (
    <>
      <span className="brand-name">Admin Portal</span>
      {siteName ? (
        <>
          <span className="brand-sep">, </span>
          <span className="brand-sub">{siteName}</span>
        </>
      ) : null}
    </>
  );
}
