// The site's @font-face rules as two tables, written into the CSS at build time where src/styles/fonts.css says
// `@font-faces web;` and `@font-faces fallback;` (the PostCSS plugin below, registered in astro.config.mjs). Each
// face used to be a hand-written block of the same six lines; now a face is one row here, and
// scripts/subset-fonts.ts cuts its files from the same table (docs/public-site.md, "Fonts").
// Build-time only: nothing here reaches the browser as script.

/** A self-hosted face: `src/assets/fonts/{file}.woff2` (the text) and `{file}-rupee.woff2` (the rupee sign). */
export interface WebFace {
  file: string;
  family: 'Cormorant Garamond' | 'Source Sans 3';
  style: 'normal' | 'italic';
  weight: 400 | 500 | 600;
}

export const WEB_FACES: readonly WebFace[] = [
  { file: 'cormorant-garamond-600', family: 'Cormorant Garamond', style: 'normal', weight: 600 },
  { file: 'cormorant-garamond-500-italic', family: 'Cormorant Garamond', style: 'italic', weight: 500 },
  { file: 'source-sans-3-400', family: 'Source Sans 3', style: 'normal', weight: 400 },
  { file: 'source-sans-3-600', family: 'Source Sans 3', style: 'normal', weight: 600 },
];

/** What each text face holds (scripts/subset-fonts.ts LATIN_TEXT): ASCII, Latin-1, typographic punctuation. */
export const LATIN_RANGE =
  'U+0020-007E, U+00A0-00FF, U+2010-2011, U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, U+2032-2033, ' +
  'U+2039-203A, U+2122';
/** The rupee face: fetched only by pages that show a price. */
export const RUPEE_RANGE = 'U+20B9';

/**
 * A local font scaled to take the room of a web face while that loads; metrics are size-adjust, ascent-override and
 * descent-override in per cent (scripts/font-fallback-metrics.ts). `locals` are the fonts it may use; a DejaVu row
 * names its DejaVu face instead, for machines with only DejaVu (see the comment in fonts.css).
 */
export type FallbackFace = {
  web: WebFace['family'];
  style?: 'italic';
  weight?: WebFace['weight'];
  metrics: [sizeAdjust: number, ascent: number, descent: number];
} & ({ locals: readonly string[] } | { dejaVu: string });

/** Arial and Times, and their metric-compatible twins (Liberation) and relatives. */
const ARIAL_LIKE = ['Arial', 'ArialMT', 'Liberation Sans', 'Helvetica Neue', 'Helvetica'];
const TIMES_LIKE = ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Times'];

export const FALLBACK_FACES: readonly FallbackFace[] = [
  { web: 'Source Sans 3', locals: ARIAL_LIKE, metrics: [93.21, 109.86, 42.92] },
  { web: 'Cormorant Garamond', locals: TIMES_LIKE, metrics: [97.06, 95.2, 29.57] },
  { web: 'Source Sans 3', weight: 400, dejaVu: 'Sans', metrics: [82.19, 124.59, 48.67] },
  { web: 'Source Sans 3', weight: 600, dejaVu: 'Sans Bold', metrics: [74.87, 136.77, 53.43] },
  { web: 'Cormorant Garamond', weight: 600, dejaVu: 'Serif Bold', metrics: [69.21, 133.51, 41.47] },
  { web: 'Cormorant Garamond', style: 'italic', weight: 500, dejaVu: 'Serif Italic', metrics: [69.16, 133.61, 41.5] },
];

/** A fallback's family name and the local() names it looks for ('Serif Bold': its full and PostScript names). */
function fallbackSource(face: FallbackFace): { family: string; locals: readonly string[] } {
  if ('locals' in face) return { family: `${face.web} Fallback`, locals: face.locals };
  return {
    family: `${face.web} DejaVu Fallback`,
    locals: [`DejaVu ${face.dejaVu}`, `DejaVu${face.dejaVu.replace(' ', '-')}`],
  };
}

type Descriptors = [name: string, value: string | number | undefined][];

function fontFace(descriptors: Descriptors): string {
  const lines = descriptors.flatMap(([name, value]) => (value === undefined ? [] : [`  ${name}: ${value};`]));
  return `@font-face {\n${lines.join('\n')}\n}\n`;
}

/** The web faces, text then rupee for each, with the url() relative to src/styles/ as Vite resolves it. */
export function webFontFacesCss(): string {
  return WEB_FACES.flatMap((face) =>
    [
      [face.file, LATIN_RANGE],
      [`${face.file}-rupee`, RUPEE_RANGE],
    ].map(([file, range]) =>
      fontFace([
        ['font-family', `'${face.family}'`],
        ['font-style', face.style],
        ['font-weight', face.weight],
        ['font-display', 'swap'],
        ['src', `url('../assets/fonts/${file}.woff2') format('woff2')`],
        ['unicode-range', range],
      ]),
    ),
  ).join('\n');
}

export function fallbackFontFacesCss(): string {
  return FALLBACK_FACES.map((face) => {
    const { family, locals } = fallbackSource(face);
    const [sizeAdjust, ascent, descent] = face.metrics.map((value) => `${value}%`);
    return fontFace([
      ['font-family', `'${family}'`],
      ['font-style', face.style],
      ['font-weight', face.weight],
      ['src', locals.map((name) => `local('${name}')`).join(', ')],
      ['size-adjust', sizeAdjust],
      ['ascent-override', ascent],
      ['descent-override', descent],
      ['line-gap-override', '0%'],
    ]);
  }).join('\n');
}

const SETS: Record<string, () => string> = { web: webFontFacesCss, fallback: fallbackFontFacesCss };

/** The PostCSS side of the PostCSS 8 plugin API, as much of it as the plugin uses (no import of postcss needed). */
interface AtRuleNode {
  params: string;
  source?: { input: { file?: string } };
  replaceWith(nodes: unknown): void;
  error(message: string): Error;
}
interface Helpers {
  postcss: { parse(css: string, options: { from: string | undefined }): { nodes: unknown } };
}

/**
 * Replaces `@font-faces web;` / `@font-faces fallback;` with the rules above. The new rules are parsed as if they
 * stood in the file of the at-rule, so Vite's url() rewriting (which runs after user plugins) finds the font files
 * relative to src/styles/ and emits them into /_astro/ exactly as before.
 */
export function fontFacesPlugin() {
  return {
    postcssPlugin: 'font-faces',
    AtRule: {
      'font-faces': (atRule: AtRuleNode, { postcss }: Helpers) => {
        const css = SETS[atRule.params.trim()];
        if (!css) throw atRule.error('@font-faces takes "web" or "fallback"');
        atRule.replaceWith(postcss.parse(css(), { from: atRule.source?.input.file }).nodes);
      },
    },
  };
}
