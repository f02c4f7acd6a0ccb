import { describe, expect, it } from 'vitest';
import { fileBytes } from '../../../tests/support/server/content';
import { sniffMediaType } from './sniff';

describe('sniffMediaType', () => {
  it('recognises the accepted image and video formats by their bytes', () => {
    const cases: [Uint8Array, string, string, string][] = [
      [fileBytes.jpeg(), 'image/jpeg', 'image', 'jpg'],
      [fileBytes.png(), 'image/png', 'image', 'png'],
      [fileBytes.gif(), 'image/gif', 'image', 'gif'],
      [fileBytes.webp(), 'image/webp', 'image', 'webp'],
      [fileBytes.avif(), 'image/avif', 'image', 'avif'],
      [fileBytes.mp4(), 'video/mp4', 'video', 'mp4'],
      [fileBytes.webm(), 'video/webm', 'video', 'webm'],
    ];
    for (const [bytes, contentType, kind, ext] of cases) {
      expect(sniffMediaType(bytes), contentType).toEqual({ contentType, kind, ext });
    }
  });

  it('refuses everything else: HTML, SVG, QuickTime, HEIC, Matroska, text, truncated signatures', () => {
    const encoder = new TextEncoder();
    const refused: Uint8Array[] = [
      fileBytes.html(),
      fileBytes.svg(),
      fileBytes.quicktime(),
      fileBytes.heic(),
      fileBytes.matroska(),
      encoder.encode('<?xml version="1.0"?><svg/>'),
      encoder.encode('GIF8'),
      new Uint8Array([0xff, 0xd8]),
      new Uint8Array([0, 0, 0, 8, ...encoder.encode('ftyp')]),
      new Uint8Array([0, 0, 0xff, 0xff, ...encoder.encode('ftypisom'), 0, 0, 0, 0]),
      new Uint8Array(),
    ];
    for (const bytes of refused) expect(sniffMediaType(bytes)).toBeNull();
  });
});
