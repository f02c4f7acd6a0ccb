import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { fontFacesPlugin } from '../src/styles/font-faces';
import { FACES, FONT_DIR, LATIN_TEXT, subsetFace } from './subset-fonts';

// The committed font files are exactly what `npm run fonts` makes from the installed @fontsource files, and
// fonts.css declares each of them (docs/public-site.md "Fonts").
describe('subset fonts', () => {
  it.each(FACES.map((face) => [face.name, face] as const))('%s matches its source, cut down', async (name, face) => {
    const { text, rupee } = await subsetFace(face);
    expect(readFileSync(path.join(FONT_DIR, `${name}.woff2`)).equals(text)).toBe(true);
    expect(readFileSync(path.join(FONT_DIR, `${name}-rupee.woff2`)).equals(rupee)).toBe(true);
    // Cut down for real: well under the @fontsource latin file alone, and the rupee face is tiny.
    expect(text.length).toBeLessThan(readFileSync(face.latin).length);
    expect(rupee.length).toBeLessThan(1_200);
  });

  it('fonts.css uses those files only, with the latin range and the rupee range', async () => {
    // As the build reads it: the `@font-faces` lines written out by the PostCSS plugin of astro.config.mjs.
    const file = path.join(FONT_DIR, '..', '..', 'styles', 'fonts.css');
    const source = readFileSync(file, 'utf8');
    expect(source).not.toContain("@import '@fontsource");
    const { css } = await postcss([fontFacesPlugin()]).process(source, { from: file });
    expect(css).not.toMatch(/^@font-faces/m);
    for (const face of FACES) {
      expect(css).toContain(`../assets/fonts/${face.name}.woff2`);
      expect(css).toContain(`../assets/fonts/${face.name}-rupee.woff2`);
    }
    expect(css.match(/unicode-range: U\+20B9;/g)).toHaveLength(FACES.length);
    // Every subset character is inside the declared range, so no face is fetched for text it cannot draw.
    const ranges = [...css.matchAll(/unicode-range:\s*(U\+0020[^;]+);/g)][0]?.[1] ?? '';
    const inRange = (cp: number) =>
      ranges.split(',').some((part) => {
        const [lo, hi] = part.trim().slice(2).split('-');
        const low = parseInt(lo ?? '', 16);
        return cp >= low && cp <= (hi ? parseInt(hi, 16) : low);
      });
    for (const char of LATIN_TEXT) expect(inRange(char.codePointAt(0) ?? 0), char).toBe(true);
  });
});
