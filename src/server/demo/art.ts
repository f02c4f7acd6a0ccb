// Generated artwork for the demo content: warm abstract pictures (night gradients, candle-light glows, sacred
// geometry in gold line-art), drawn as SVG here and rasterised with sharp. Same seed, same picture: a reset gives
// byte-identical files, so their content-derived media keys stay the same too.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type Motif =
  | 'akashic'
  | 'tarot'
  | 'kali'
  | 'pendulum'
  | 'pastLife'
  | 'karmic'
  | 'soulPurpose'
  | 'cleansing'
  | 'guidance'
  | 'astrology'
  | 'lotus';

export interface ArtSpec {
  /** Any text: the same seed always draws the same stars and details. */
  seed: string;
  motif: Motif;
  palette: PaletteName;
  width: number;
  height: number;
  /** Where the motif sits, as a fraction of the width (banners keep the left side calm for their text). */
  focusX?: number;
}

interface Palette {
  /** Background gradient, top-left to bottom-right. */
  sky: [string, string, string];
  /** Line-art colour. */
  line: string;
  /** The candle-light glow behind the motif. */
  glow: string;
  /** A second, softer glow. */
  ember: string;
}

// Built from the site's tokens (src/styles/tokens.css): night indigo, plum, gold, cream.
const PALETTES = {
  night: { sky: ['#0f0c22', '#1e1840', '#3a2f6b'], line: '#e6c77f', glow: '#f0dcaa', ember: '#7a4f86' },
  plum: { sky: ['#161231', '#4b2c58', '#7a4f86'], line: '#f0dcaa', glow: '#f7ecd2', ember: '#c39442' },
  ember: { sky: ['#161231', '#4b2c58', '#9a4a3c'], line: '#f0dcaa', glow: '#ffd9a0', ember: '#d8ae5a' },
  dusk: { sky: ['#1e1840', '#5a3566', '#c78a5a'], line: '#fdfaf4', glow: '#ffe3b0', ember: '#e6c77f' },
  deep: { sky: ['#0f0c22', '#2a2254', '#23466a'], line: '#e6c77f', glow: '#f7ecd2', ember: '#3a6f8f' },
  kali: { sky: ['#0f0c22', '#3b1630', '#7a1f2b'], line: '#f0c070', glow: '#ffb070', ember: '#c3423f' },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

/** mulberry32: a tiny seeded PRNG, plenty for placing stars. */
function random(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => Number(n.toFixed(2));
const polar = (cx: number, cy: number, r: number, angle: number): [number, number] => [
  f(cx + r * Math.cos(angle)),
  f(cy + r * Math.sin(angle)),
];

function starField(rand: () => number, width: number, height: number, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const r = rand() < 0.92 ? 0.6 + rand() * 1.1 : 1.8 + rand() * 1.4;
    out += `<circle cx="${f(rand() * width)}" cy="${f(rand() * height)}" r="${f(r)}" fill="${color}" opacity="${f(0.25 + rand() * 0.6)}"/>`;
  }
  return out;
}

/** Seven overlapping circles and their outer ring: the Seed/Flower of Life. */
function flowerOfLife(cx: number, cy: number, r: number, stroke: string, opacity: number): string {
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(r / 60)}" opacity="${opacity}">`;
  out += `<circle cx="${cx}" cy="${cy}" r="${r}"/>`;
  for (let i = 0; i < 6; i += 1) {
    const [x, y] = polar(cx, cy, r, (i * Math.PI) / 3);
    out += `<circle cx="${x}" cy="${y}" r="${r}"/>`;
  }
  for (let i = 0; i < 6; i += 1) {
    const [x, y] = polar(cx, cy, r * Math.sqrt(3), (i * Math.PI) / 3 + Math.PI / 6);
    out += `<circle cx="${x}" cy="${y}" r="${r}" opacity="0.55"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${f(r * 2)}"/><circle cx="${cx}" cy="${cy}" r="${f(r * 2.08)}" opacity="0.6"/></g>`;
  return out;
}

function lotus(cx: number, cy: number, size: number, stroke: string, petals = 9): string {
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(size / 90)}" stroke-linejoin="round">`;
  for (let layer = 0; layer < 2; layer += 1) {
    const spread = layer === 0 ? 1 : 0.62;
    const height = size * (layer === 0 ? 0.9 : 1.15);
    for (let i = 0; i < petals; i += 1) {
      const t = petals === 1 ? 0 : i / (petals - 1) - 0.5;
      const angle = t * Math.PI * 0.95 * spread;
      const tipX = cx + Math.sin(angle) * height;
      const tipY = cy - Math.cos(angle) * height * 0.85;
      const w = size * 0.16;
      const nx = Math.cos(angle) * w;
      const ny = Math.sin(angle) * w;
      const midX = (cx + tipX) / 2;
      const midY = (cy + tipY) / 2;
      out += `<path d="M${f(cx)} ${f(cy)} Q${f(midX - nx)} ${f(midY - ny)} ${f(tipX)} ${f(tipY)} Q${f(midX + nx)} ${f(midY + ny)} ${f(cx)} ${f(cy)}Z" opacity="${layer === 0 ? 0.7 : 1}"/>`;
    }
  }
  out += `<path d="M${f(cx - size * 0.95)} ${f(cy + size * 0.08)} Q${cx} ${f(cy + size * 0.32)} ${f(cx + size * 0.95)} ${f(cy + size * 0.08)}" opacity="0.8"/>`;
  return `${out}</g>`;
}

/** Concentric rings with twelve divisions: a zodiac wheel without signs. */
function wheel(cx: number, cy: number, r: number, stroke: string, rand: () => number): string {
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(r / 140)}">`;
  for (const k of [1, 0.82, 0.5, 0.18]) out += `<circle cx="${cx}" cy="${cy}" r="${f(r * k)}"/>`;
  for (let i = 0; i < 12; i += 1) {
    const [x1, y1] = polar(cx, cy, r * 0.5, (i * Math.PI) / 6);
    const [x2, y2] = polar(cx, cy, r, (i * Math.PI) / 6);
    out += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
  }
  for (let i = 0; i < 72; i += 1) {
    const [x1, y1] = polar(cx, cy, r * 0.96, (i * Math.PI) / 36);
    const [x2, y2] = polar(cx, cy, r, (i * Math.PI) / 36);
    out += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" opacity="0.7"/>`;
  }
  out += '</g>';
  // A few "planets" on the rings.
  for (let i = 0; i < 5; i += 1) {
    const [x, y] = polar(cx, cy, r * (0.6 + rand() * 0.18), rand() * Math.PI * 2);
    out += `<circle cx="${x}" cy="${y}" r="${f(r * 0.025)}" fill="${stroke}"/>`;
  }
  return out;
}

function star(cx: number, cy: number, outer: number, inner: number, points: number, attrs: string): string {
  const corners: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const [x, y] = polar(cx, cy, i % 2 === 0 ? outer : inner, (i * Math.PI) / points - Math.PI / 2);
    corners.push(`${x},${y}`);
  }
  return `<polygon points="${corners.join(' ')}" ${attrs}/>`;
}

function tarotCards(cx: number, cy: number, size: number, stroke: string): string {
  const w = size * 0.62;
  const h = size;
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(size / 110)}">`;
  [-14, 0, 14].forEach((angle, i) => {
    const x = cx + (i - 1) * w * 0.55;
    out += `<g transform="rotate(${angle} ${f(x)} ${f(cy + h * 0.6)})">`;
    out += `<rect x="${f(x - w / 2)}" y="${f(cy - h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.07)}" fill="#161231" fill-opacity="0.55"/>`;
    out += `<rect x="${f(x - w / 2 + w * 0.07)}" y="${f(cy - h / 2 + w * 0.07)}" width="${f(w * 0.86)}" height="${f(h - w * 0.14)}" rx="${f(w * 0.05)}" opacity="0.6"/>`;
    out += star(
      x,
      cy - h * 0.08,
      w * 0.22,
      w * 0.09,
      i === 1 ? 8 : 4,
      `fill="${stroke}" fill-opacity="0.9" stroke="none"`,
    );
    out += `<circle cx="${f(x)}" cy="${f(cy + h * 0.28)}" r="${f(w * 0.12)}"/>`;
    out += '</g>';
  });
  return `${out}</g>`;
}

/** A downward triangle inside petals and a ring: the shape of a Kali yantra, drawn loosely. */
function yantra(cx: number, cy: number, r: number, stroke: string): string {
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(r / 90)}" stroke-linejoin="round">`;
  for (const k of [0.42, 0.6, 0.78]) {
    const [ax, ay] = polar(cx, cy, r * k, Math.PI / 2);
    const [bx, by] = polar(cx, cy, r * k, Math.PI / 2 + (2 * Math.PI) / 3);
    const [dx, dy] = polar(cx, cy, r * k, Math.PI / 2 + (4 * Math.PI) / 3);
    out += `<polygon points="${ax},${ay} ${bx},${by} ${dx},${dy}"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.86)}"/>`;
  for (let i = 0; i < 8; i += 1) {
    const a = (i * Math.PI) / 4;
    const [x1, y1] = polar(cx, cy, r * 0.86, a - 0.32);
    const [x2, y2] = polar(cx, cy, r * 1.12, a);
    const [x3, y3] = polar(cx, cy, r * 0.86, a + 0.32);
    out += `<path d="M${x1} ${y1} Q${x2} ${y2} ${x3} ${y3}"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.05)}" fill="${stroke}"/>`;
  return `${out}</g>`;
}

function pendulum(cx: number, cy: number, size: number, stroke: string): string {
  const top = cy - size * 0.95;
  const bob = cy + size * 0.35;
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(size / 110)}" stroke-linecap="round">`;
  for (const k of [0.5, 0.75, 1]) {
    out += `<path d="M${f(cx - size * 0.6 * k)} ${f(bob - size * 0.2 * k)} Q${cx} ${f(bob + size * 0.32 * k)} ${f(cx + size * 0.6 * k)} ${f(bob - size * 0.2 * k)}" opacity="${f(1.1 - k * 0.6)}"/>`;
  }
  out += `<line x1="${cx}" y1="${f(top)}" x2="${cx}" y2="${f(bob - size * 0.16)}"/>`;
  out += `<circle cx="${cx}" cy="${f(top)}" r="${f(size * 0.03)}" fill="${stroke}"/>`;
  out += `<polygon points="${cx},${f(bob - size * 0.16)} ${f(cx + size * 0.09)},${f(bob)} ${cx},${f(bob + size * 0.2)} ${f(cx - size * 0.09)},${f(bob)}" fill="${stroke}" fill-opacity="0.25"/>`;
  out += `<line x1="${f(cx - size * 0.09)}" y1="${f(bob)}" x2="${f(cx + size * 0.09)}" y2="${f(bob)}" opacity="0.7"/>`;
  return `${out}</g>`;
}

function spiral(cx: number, cy: number, r: number, stroke: string): string {
  const points: string[] = [];
  for (let t = 0; t <= Math.PI * 9; t += 0.08) {
    const radius = (r * t) / (Math.PI * 9);
    const [x, y] = polar(cx, cy, radius, t);
    points.push(`${x},${y}`);
  }
  return (
    `<polyline points="${points.join(' ')}" fill="none" stroke="${stroke}" stroke-width="${f(r / 110)}" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 1.08)}" fill="none" stroke="${stroke}" stroke-width="${f(r / 200)}" opacity="0.5"/>`
  );
}

function infinity(cx: number, cy: number, size: number, stroke: string): string {
  const points: string[] = [];
  for (let t = 0; t <= Math.PI * 2 + 0.05; t += 0.04) {
    const d = 1 + Math.sin(t) ** 2;
    points.push(`${f(cx + (size * Math.cos(t)) / d)},${f(cy + (size * Math.sin(t) * Math.cos(t)) / d)}`);
  }
  let out = `<polyline points="${points.join(' ')}" fill="none" stroke="${stroke}" stroke-width="${f(size / 70)}"/>`;
  for (const k of [0.35, 0.7]) {
    out += `<circle cx="${f(cx - size * k)}" cy="${cy}" r="${f(size * 0.06)}" fill="${stroke}" opacity="0.8"/>`;
    out += `<circle cx="${f(cx + size * k)}" cy="${cy}" r="${f(size * 0.06)}" fill="${stroke}" opacity="0.8"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${f(size * 1.15)}" fill="none" stroke="${stroke}" stroke-width="${f(size / 240)}" opacity="0.45"/>`;
  return out;
}

function compass(cx: number, cy: number, r: number, stroke: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${f(r)}" fill="none" stroke="${stroke}" stroke-width="${f(r / 150)}" opacity="0.6"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.72)}" fill="none" stroke="${stroke}" stroke-width="${f(r / 150)}" opacity="0.45"/>` +
    star(
      cx,
      cy,
      r * 0.95,
      r * 0.2,
      4,
      `fill="${stroke}" fill-opacity="0.16" stroke="${stroke}" stroke-width="${f(r / 110)}"`,
    ) +
    `<g transform="rotate(45 ${cx} ${cy})">${star(cx, cy, r * 0.6, r * 0.14, 4, `fill="none" stroke="${stroke}" stroke-width="${f(r / 140)}"`)}</g>` +
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.05)}" fill="${stroke}"/>`
  );
}

function waves(cx: number, cy: number, w: number, stroke: string): string {
  let out = `<g fill="none" stroke="${stroke}" stroke-linecap="round">`;
  for (let i = 0; i < 7; i += 1) {
    const y = cy - w * 0.3 + i * w * 0.1;
    const amp = w * (0.05 + i * 0.008);
    out += `<path d="M${f(cx - w)} ${f(y)} C${f(cx - w * 0.5)} ${f(y - amp * 2)} ${f(cx - w * 0.2)} ${f(y + amp * 2)} ${f(cx)} ${f(y)} S${f(cx + w * 0.5)} ${f(y - amp * 2)} ${f(cx + w)} ${f(y)}" stroke-width="${f(w / 260)}" opacity="${f(0.35 + i * 0.09)}"/>`;
  }
  return `${out}</g>${lotus(cx, cy + w * 0.42, w * 0.22, stroke, 7)}`;
}

/** A candle: the warmest light in the set. */
function candle(cx: number, cy: number, size: number, stroke: string, glow: string): string {
  const top = cy - size * 0.05;
  return (
    `<rect x="${f(cx - size * 0.16)}" y="${f(top)}" width="${f(size * 0.32)}" height="${f(size * 0.75)}" rx="${f(size * 0.03)}" fill="${stroke}" fill-opacity="0.12" stroke="${stroke}" stroke-width="${f(size / 90)}"/>` +
    `<line x1="${cx}" y1="${f(top)}" x2="${cx}" y2="${f(top - size * 0.08)}" stroke="${stroke}" stroke-width="${f(size / 80)}"/>` +
    `<path d="M${cx} ${f(top - size * 0.5)} C${f(cx + size * 0.16)} ${f(top - size * 0.25)} ${f(cx + size * 0.12)} ${f(top - size * 0.06)} ${cx} ${f(top - size * 0.06)} C${f(cx - size * 0.12)} ${f(top - size * 0.06)} ${f(cx - size * 0.16)} ${f(top - size * 0.25)} ${cx} ${f(top - size * 0.5)}Z" fill="${glow}"/>` +
    `<ellipse cx="${cx}" cy="${f(top + size * 0.75)}" rx="${f(size * 0.55)}" ry="${f(size * 0.07)}" fill="none" stroke="${stroke}" stroke-width="${f(size / 120)}" opacity="0.6"/>`
  );
}

function akashicBook(cx: number, cy: number, size: number, stroke: string): string {
  let out = `<g fill="none" stroke="${stroke}" stroke-width="${f(size / 100)}" stroke-linejoin="round">`;
  const w = size * 0.8;
  const h = size * 0.5;
  out += `<path d="M${cx} ${f(cy)} Q${f(cx - w * 0.5)} ${f(cy - h * 0.25)} ${f(cx - w)} ${f(cy - h * 0.05)} L${f(cx - w)} ${f(cy + h)} Q${f(cx - w * 0.5)} ${f(cy + h * 0.75)} ${cx} ${f(cy + h * 1.05)}Z"/>`;
  out += `<path d="M${cx} ${f(cy)} Q${f(cx + w * 0.5)} ${f(cy - h * 0.25)} ${f(cx + w)} ${f(cy - h * 0.05)} L${f(cx + w)} ${f(cy + h)} Q${f(cx + w * 0.5)} ${f(cy + h * 0.75)} ${cx} ${f(cy + h * 1.05)}Z"/>`;
  for (let i = 1; i <= 5; i += 1) {
    const y = cy + (h * i) / 6.5;
    out += `<path d="M${f(cx - w * 0.85)} ${f(y)} Q${f(cx - w * 0.45)} ${f(y - h * 0.18)} ${f(cx - w * 0.12)} ${f(y + h * 0.04)}" opacity="0.5"/>`;
    out += `<path d="M${f(cx + w * 0.12)} ${f(y + h * 0.04)} Q${f(cx + w * 0.45)} ${f(y - h * 0.18)} ${f(cx + w * 0.85)} ${f(y)}" opacity="0.5"/>`;
  }
  out += '</g>';
  // Light rising from the open pages.
  for (let i = -3; i <= 3; i += 1) {
    const [x, y] = polar(cx, cy - size * 0.05, size * 0.9, -Math.PI / 2 + i * 0.2);
    out += `<line x1="${cx}" y1="${f(cy - size * 0.05)}" x2="${x}" y2="${y}" stroke="${stroke}" stroke-width="${f(size / 220)}" opacity="${f(0.55 - Math.abs(i) * 0.12)}"/>`;
  }
  return out;
}

function motifSvg(motif: Motif, cx: number, cy: number, unit: number, p: Palette, rand: () => number): string {
  switch (motif) {
    case 'akashic':
      return (
        flowerOfLife(cx, cy - unit * 0.1, unit * 0.2, p.line, 0.3) +
        akashicBook(cx, cy + unit * 0.05, unit * 0.55, p.line)
      );
    case 'tarot':
      return tarotCards(cx, cy, unit * 0.78, p.line);
    case 'kali':
      return yantra(cx, cy, unit * 0.52, p.line);
    case 'pendulum':
      return pendulum(cx, cy, unit * 0.7, p.line) + flowerOfLife(cx, cy, unit * 0.2, p.line, 0.2);
    case 'pastLife':
      return spiral(cx, cy, unit * 0.55, p.line);
    case 'karmic':
      return infinity(cx, cy, unit * 0.55, p.line);
    case 'soulPurpose':
      return compass(cx, cy, unit * 0.62, p.line);
    case 'cleansing':
      return waves(cx, cy - unit * 0.1, unit * 0.8, p.line);
    case 'guidance':
      return (
        candle(cx, cy - unit * 0.12, unit * 0.7, p.line, p.glow) +
        flowerOfLife(cx, cy - unit * 0.3, unit * 0.22, p.line, 0.25)
      );
    case 'astrology':
      return wheel(cx, cy, unit * 0.6, p.line, rand);
    case 'lotus':
      return (
        lotus(cx, cy + unit * 0.2, unit * 0.55, p.line) + flowerOfLife(cx, cy - unit * 0.15, unit * 0.16, p.line, 0.35)
      );
  }
}

/** The picture as SVG text. */
export function artSvg(spec: ArtSpec): string {
  const { width, height, motif } = spec;
  const p: Palette = PALETTES[spec.palette];
  const rand = random(`${spec.seed}:${motif}:${width}x${height}`);
  const cx = f(width * (spec.focusX ?? 0.5));
  const cy = f(height * 0.5);
  // Motifs are sized from the short side, with a margin so nothing important touches an edge.
  const unit = Math.min(width, height) * 0.82;
  const [s0, s1, s2] = p.sky;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${s0}"/><stop offset="0.55" stop-color="${s1}"/><stop offset="1" stop-color="${s2}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="0.45" stop-color="${p.glow}" stop-opacity="0.16"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="ember" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${p.ember}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.ember}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.55" stop-color="#0f0c22" stop-opacity="0"/><stop offset="1" stop-color="#0f0c22" stop-opacity="0.6"/>
  </radialGradient>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${f(unit / 160)}"/></filter>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<ellipse cx="${f(width * (0.15 + rand() * 0.2))}" cy="${f(height * (0.75 + rand() * 0.2))}" rx="${f(unit * 0.7)}" ry="${f(unit * 0.5)}" fill="url(#ember)"/>
${starField(rand, width, height, Math.round((width * height) / 5200), p.glow)}
${flowerOfLife(f(width * (rand() < 0.5 ? 0.08 : 0.92)), f(height * (0.1 + rand() * 0.2)), f(unit * 0.2), p.line, 0.12)}
<circle cx="${cx}" cy="${cy}" r="${f(unit * 0.62)}" fill="url(#glow)"/>
<g filter="url(#soft)" opacity="0.55">${motifSvg(motif, cx, cy, unit, p, random(spec.seed))}</g>
${motifSvg(motif, cx, cy, unit, p, random(spec.seed))}
<rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

export interface RenderedArt {
  data: Uint8Array;
  contentType: 'image/webp';
  ext: 'webp';
}

const WEBP_OPTIONS = { quality: 82, effort: 4 } as const;

/**
 * Rendered pictures are kept here by a hash of everything that decides their bytes, so the e2e suite's many fresh
 * servers (and every `npm run seed -- --reset`) rasterise each picture once, not once per start.
 */
export const DEFAULT_ART_CACHE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/soul-guidance-art', import.meta.url),
);

/** Rasterises the artwork to WebP (what the Image CDN and every current browser take). */
export async function renderArt(spec: ArtSpec, cacheDir: string | null = DEFAULT_ART_CACHE_DIR): Promise<RenderedArt> {
  const svg = artSvg(spec);
  const cacheFile = cacheDir
    ? path.join(
        cacheDir,
        `${createHash('sha256')
          .update(`${svg}|${JSON.stringify(WEBP_OPTIONS)}|${sharp.versions.vips}`)
          .digest('hex')}.webp`,
      )
    : null;
  const cached = cacheFile ? await readFile(cacheFile).catch(() => null) : null;
  if (cached) return { data: new Uint8Array(cached), contentType: 'image/webp', ext: 'webp' };

  const buffer = await sharp(Buffer.from(svg)).webp(WEBP_OPTIONS).toBuffer();
  if (cacheDir && cacheFile) {
    // Write then rename: two servers seeding at once never read half a file.
    await mkdir(cacheDir, { recursive: true });
    const temp = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(temp, buffer);
    await rename(temp, cacheFile);
  }
  return { data: new Uint8Array(buffer), contentType: 'image/webp', ext: 'webp' };
}
