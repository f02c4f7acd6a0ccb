// The default sharing image (Open Graph / Twitter), rendered at build time from the brand's own SVG motifs, so the
// repository holds only vector sources. Crawlers need a raster image; 1200×630 is the size they all accept.
import type { APIRoute } from 'astro';
import sharp from 'sharp';

const W = 1200;
const H = 630;

function card(): string {
  // Deterministic star positions (a small linear congruential sequence), so every build draws the same image.
  let seed = 2023;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const stars = Array.from({ length: 90 }, () => {
    const x = (next() * W).toFixed(0);
    const y = (next() * H).toFixed(0);
    const r = (0.8 + next() * 1.6).toFixed(1);
    const o = (0.25 + next() * 0.6).toFixed(2);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fdfaf4" fill-opacity="${o}"/>`;
  }).join('');
  const petals = [
    'M24 11c4.2 5.4 4.2 13.6 0 21-4.2-7.4-4.2-15.6 0-21z',
    'M24 32c-5.6-2.3-9.2-7.6-9.4-13.6 5.1 1.5 8.6 6.6 9.4 13.6z',
    'M24 32c5.6-2.3 9.2-7.6 9.4-13.6-5.1 1.5-8.6 6.6-9.4 13.6z',
    'M24 32c-7.4.3-12.8-3-15.2-8.4 6-.8 11.6 2.4 15.2 8.4z',
    'M24 32c7.4.3 12.8-3 15.2-8.4-6-.8-11.6 2.4-15.2 8.4z',
    'M15 36c5.8 1.9 12.2 1.9 18 0',
  ]
    .map((d) => `<path d="${d}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <radialGradient id="a" cx="0.78" cy="0.1" r="0.7"><stop offset="0" stop-color="#7a4f86" stop-opacity="0.7"/><stop offset="1" stop-color="#7a4f86" stop-opacity="0"/></radialGradient>
    <radialGradient id="b" cx="0.5" cy="0.55" r="0.35"><stop offset="0" stop-color="#e6c77f" stop-opacity="0.35"/><stop offset="1" stop-color="#e6c77f" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="#1e1840"/>
  <rect width="${W}" height="${H}" fill="url(#a)"/>
  <rect width="${W}" height="${H}" fill="url(#b)"/>
  ${stars}
  <g fill="none" stroke="#e6c77f" stroke-opacity="0.45" stroke-width="2"><circle cx="600" cy="315" r="190"/><circle cx="600" cy="315" r="235" stroke-dasharray="3 12" stroke-linecap="round"/></g>
  <g transform="translate(456 171) scale(6)" fill="none" stroke="#e6c77f" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round">${petals}</g>
  <circle cx="600" cy="207" r="6" fill="#e6c77f"/>
</svg>`;
}

export const GET: APIRoute = async () => {
  const png = await sharp(Buffer.from(card())).png({ compressionLevel: 9, palette: true }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
