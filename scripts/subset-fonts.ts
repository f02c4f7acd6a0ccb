// `npm run fonts`: the site's four web fonts, cut down to the characters it shows (docs/public-site.md "Fonts").
// Sources are the @fontsource files (SIL Open Font License); the output in src/assets/fonts/ is committed, so a
// build needs no font tooling. Re-run after changing the character set or a @fontsource version;
// src/styles/fonts.test.ts fails when the committed files differ from what this script makes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { WEB_FACES, type WebFace } from '../src/styles/font-faces';

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

/** The @fontsource package of a family ('Source Sans 3' → source-sans-3) names its files the same way. */
const fontsourceFile = (face: WebFace, subset: 'latin' | 'latin-ext') => {
  const pkg = face.family.toLowerCase().replaceAll(' ', '-');
  return require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${face.weight}-${face.style}.woff2`);
};

/** The faces fonts.css declares (src/styles/font-faces.ts), each with its @fontsource sources. */
export const FACES: FaceSource[] = WEB_FACES.map((face) => ({
  name: face.file,
  latin: fontsourceFile(face, 'latin'),
  latinExt: fontsourceFile(face, 'latin-ext'),
}));

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
