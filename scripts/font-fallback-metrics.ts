// `npx tsx scripts/font-fallback-metrics.ts`: the size-adjust / ascent / descent overrides that make a local font
// take the same room as each web font (src/styles/fonts.css, docs/public-site.md "Fonts"). Width: the average
// advance over an English sample, so a line of text keeps its length; height: the web font's hhea metrics, scaled.
// It measures the local fonts this machine has (DejaVu on Debian; Liberation where installed) and prints CSS.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkitten';

const require = createRequire(import.meta.url);
const SAMPLE =
  'The quiet room holds soft light. Gentle Akashic Records readings, tarot and healing sessions, online from ' +
  'wherever you are: book a session, ask a question, and listen together for what your soul already knows.';

const open = (file: string) => create(readFileSync(file)) as Font;
const webFont = (pkg: string, file: string) => open(require.resolve(`@fontsource/${pkg}/files/${file}`));

function averageAdvance(font: Font): number {
  // Advances without kerning: close enough for a line's length, and fontkitten has no shaper.
  const total = [...SAMPLE].reduce((sum, char) => sum + font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth, 0);
  return total / SAMPLE.length / font.unitsPerEm;
}

function overrides(web: Font, local: Font) {
  const sizeAdjust = averageAdvance(web) / averageAdvance(local);
  const pct = (value: number) => `${(value * 100).toFixed(2)}%`;
  return {
    'size-adjust': pct(sizeAdjust),
    'ascent-override': pct(web.ascent / web.unitsPerEm / sizeAdjust),
    'descent-override': pct(Math.abs(web.descent) / web.unitsPerEm / sizeAdjust),
    'line-gap-override': pct(web.lineGap / web.unitsPerEm / sizeAdjust),
  };
}

const faces = [
  { web: ['source-sans-3', 'source-sans-3-latin-400-normal.woff'], local: 'dejavu/DejaVuSans.ttf' },
  { web: ['source-sans-3', 'source-sans-3-latin-600-normal.woff'], local: 'dejavu/DejaVuSans-Bold.ttf' },
  { web: ['cormorant-garamond', 'cormorant-garamond-latin-600-normal.woff'], local: 'dejavu/DejaVuSerif.ttf' },
  { web: ['cormorant-garamond', 'cormorant-garamond-latin-600-normal.woff'], local: 'dejavu/DejaVuSerif-Bold.ttf' },
  { web: ['cormorant-garamond', 'cormorant-garamond-latin-500-italic.woff'], local: 'dejavu/DejaVuSerif-Italic.ttf' },
  { web: ['source-sans-3', 'source-sans-3-latin-400-normal.woff'], local: 'liberation/LiberationSans-Regular.ttf' },
  {
    web: ['cormorant-garamond', 'cormorant-garamond-latin-600-normal.woff'],
    local: 'liberation/LiberationSerif-Regular.ttf',
  },
];

for (const face of faces) {
  const localFile = `/usr/share/fonts/truetype/${face.local}`;
  if (!existsSync(localFile)) continue;
  const [pkg, file] = face.web as [string, string];
  console.log(`${file} over ${face.local}:`, overrides(webFont(pkg, file), open(localFile)));
}
