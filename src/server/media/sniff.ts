import type { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '../../shared/constants';

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export type VideoMimeType = (typeof VIDEO_MIME_TYPES)[number];

export interface SniffedType {
  contentType: ImageMimeType | VideoMimeType;
  kind: 'image' | 'video';
  /** File extension used in the storage key. */
  ext: string;
}

/** How many leading bytes `sniffMediaType` needs at most. */
export const SNIFF_BYTES = 4_096;

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((value, i) => bytes[offset + i] === value);

/** Brands an MP4 file (ISO base media, not QuickTime or HEIF) declares in its `ftyp` box. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'mmp4',
  'MSNV',
]);

/** The major and compatible brands of an ISO-BMFF `ftyp` box at the start of the file, or null. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = view.getUint32(0);
  if (boxSize < 16 || boxSize > Math.min(bytes.length, SNIFF_BYTES)) return null;
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

/** WebM is Matroska with DocType "webm" in the EBML header; plain Matroska (.mkv) is not accepted. */
function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  const head = bytes.subarray(0, Math.min(bytes.length, 64));
  for (let i = 4; i + 2 < head.length; i++) {
    // DocType element id 0x4282, then a one-byte size (0x80 | length), then the text.
    if (head[i] === 0x42 && head[i + 1] === 0x82) {
      const sizeByte = head[i + 2] ?? 0;
      const length = sizeByte & 0x7f;
      return (sizeByte & 0x80) !== 0 && ascii(head, i + 3, length) === 'webm';
    }
  }
  return false;
}

/**
 * The media type decided by the file's first bytes, never by its name or declared type. Only the formats browsers
 * show everywhere are recognised (JPEG, PNG, WebP, AVIF, GIF, MP4, WebM); anything else, SVG and HTML included,
 * gives null so the caller can answer 415.
 */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', kind: 'image', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', kind: 'image', ext: 'png' };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return { contentType: 'image/gif', kind: 'image', ext: 'gif' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return { contentType: 'image/webp', kind: 'image', ext: 'webp' };
  const brands = ftypBrands(bytes);
  if (brands) {
    if (brands.includes('avif') || brands.includes('avis'))
      return { contentType: 'image/avif', kind: 'image', ext: 'avif' };
    // QuickTime ('qt  ') and HEIF stills ('heic', 'mif1') share the box format but are not what browsers play.
    if (brands[0] !== 'qt  ' && brands.some((brand) => MP4_BRANDS.has(brand)))
      return { contentType: 'video/mp4', kind: 'video', ext: 'mp4' };
    return null;
  }
  if (isWebm(bytes)) return { contentType: 'video/webm', kind: 'video', ext: 'webm' };
  return null;
}
