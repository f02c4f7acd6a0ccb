// Bytes for the test fixtures that write binary formats by hand (media-files.ts, server/content.ts).

/** Bytes as a typed array or as a plain list of byte values. */
export type Bytes = Uint8Array | number[];

/** The parts one after another, in one new array. */
export function concat(parts: Bytes[]): Uint8Array<ArrayBuffer> {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
