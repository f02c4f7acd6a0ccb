// `npm run fonts`: the site's four web fonts, cut down to the characters it shows (docs/public-site.md "Fonts").
// Sources are the @fontsource files (SIL Open Font License); the output in src/assets/fonts/ is committed, so a
// build needs no font tooling. Re-run after changing the character set or a @fontsource version;
// src/styles/fonts.test.ts fails when the committed files differ from what this script makes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
export const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'assets', 'fonts');

/**
 * What the pages show: printable ASCII, Latin-1 (accented names, ×, ·, °, non-breaking space) and the typographic
 * punctuation the copy uses (dashes, curly quotes, ellipsis, bullet, primes, ™). Anything else (rare in this
 * English site) is drawn by the metric-matched fallback face.
 */
export const LATIN_TEXT = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => String.fromCodePoint(0xa0 + i)),
  ...'‐‑–—‘’‚“”„•…′″›‹™',
].join('');
/** The rupee sign lives in @fontsource's latin-ext file: it gets its own tiny face (under 1 KB). */
export const RUPEE_TEXT = '₹';

export interface FaceSource {
  /** Output base name. */
  name: string;
  latin: string;
  latinExt: string;
}

const file = (pkg: string, base: string) => require.resolve(`@fontsource/${pkg}/files/${base}`);

export const FACES: FaceSource[] = [
  {
    name: 'cormorant-garamond-600',
    latin: file('cormorant-garamond', 'cormorant-garamond-latin-600-normal.woff2'),
    latinExt: file('cormorant-garamond', 'cormorant-garamond-latin-ext-600-normal.woff2'),
  },
  {
    name: 'cormorant-garamond-500-italic',
    latin: file('cormorant-garamond', 'cormorant-garamond-latin-500-italic.woff2'),
    latinExt: file('cormorant-garamond', 'cormorant-garamond-latin-ext-500-italic.woff2'),
  },
  {
    name: 'source-sans-3-400',
    latin: file('source-sans-3', 'source-sans-3-latin-400-normal.woff2'),
    latinExt: file('source-sans-3', 'source-sans-3-latin-ext-400-normal.woff2'),
  },
  {
    name: 'source-sans-3-600',
    latin: file('source-sans-3', 'source-sans-3-latin-600-normal.woff2'),
    latinExt: file('source-sans-3', 'source-sans-3-latin-ext-600-normal.woff2'),
  },
];

/** The two files of one face: the text face and the rupee face. */
export async function subsetFace(face: FaceSource): Promise<{ text: Buffer; rupee: Buffer }> {
  const text = await subsetFont(readFileSync(face.latin), LATIN_TEXT, { targetFormat: 'woff2' });
  const rupee = await subsetFont(readFileSync(face.latinExt), RUPEE_TEXT, { targetFormat: 'woff2' });
  return { text, rupee };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(FONT_DIR, { recursive: true });
  for (const face of FACES) {
    const { text, rupee } = await subsetFace(face);
    writeFileSync(path.join(FONT_DIR, `${face.name}.woff2`), text);
    writeFileSync(path.join(FONT_DIR, `${face.name}-rupee.woff2`), rupee);
    const before = readFileSync(face.latin).length + readFileSync(face.latinExt).length;
    console.log(`${face.name}: ${text.length} + ${rupee.length} bytes (from ${before})`);
  }
}
