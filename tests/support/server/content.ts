// Test helpers for the content API (services, banners, uploads, media): file bytes with real magic numbers,
// complete form payloads, and a publisher that records what it was told.
import { createHash } from 'node:crypto';
import type { Publisher, PublishRequest } from '../../../src/server/publish/types';
import { concat } from '../bytes';
import { recorder } from './recorder';

let counter = 0;

/** Bytes that differ per call (so each file gets its own content key), `length` long after `head`. */
function withBody(head: readonly number[], length: number, tail: readonly number[] = []): Uint8Array<ArrayBuffer> {
  counter += 1;
  const bytes = new Uint8Array(Math.max(length, head.length + tail.length + 8));
  bytes.set(head, 0);
  const seed = createHash('sha256').update(`file-${counter}-${Date.now()}`).digest();
  for (let i = head.length; i < bytes.length - tail.length; i += 1) bytes[i] = seed[i % seed.length] ?? 0;
  bytes.set(tail, bytes.length - tail.length);
  return bytes;
}

const text = (value: string) => [...new TextEncoder().encode(value)];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

export const fileBytes = {
  jpeg: (length = 256) => withBody([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...text('JFIF'), 0], length, [0xff, 0xd9]),
  png: (length = 256) => withBody([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], length),
  gif: (length = 256) => withBody(text('GIF89a'), length),
  webp: (length = 256) => withBody([...text('RIFF'), ...u32(length), ...text('WEBPVP8 ')], length),
  avif: (length = 256) => withBody([...u32(24), ...text('ftypavif'), 0, 0, 0, 0, ...text('avifmif1')], length),
  heic: (length = 256) => withBody([...u32(24), ...text('ftypheic'), 0, 0, 0, 0, ...text('mif1heic')], length),
  mp4: (length = 256) => withBody([...u32(24), ...text('ftypisom'), 0, 0, 2, 0, ...text('isomavc1')], length),
  quicktime: (length = 256) => withBody([...u32(20), ...text('ftypqt  '), 0, 0, 2, 0, ...text('qt  ')], length),
  webm: (length = 256) =>
    withBody([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...text('webm')], length),
  matroska: (length = 256) => withBody([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...text('matroska')], length),
  html: () => new Uint8Array(new TextEncoder().encode('<!doctype html><script>alert(1)</script>')),
  svg: () =>
    new Uint8Array(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
};

/** A File as a browser's file input would give it. */
export function file(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): File {
  return new File([bytes], name, { type });
}

/** A form's fields, valid, as multipart text: `defaults` with the call's `overrides` laid over them. */
function formFields(defaults: Record<string, string>) {
  return (overrides: Record<string, string> = {}): Record<string, string> => ({ ...defaults, ...overrides });
}

/** Every service form field, valid, as multipart text (list fields as JSON text, product rules (docs/product-rules.md, "Calls")). */
export const serviceFields = formFields({
  name: 'Akashic Records Reading',
  category: 'Akashic Records Reading',
  shortDescription: 'A reading of your soul records.',
  description: 'A full reading of the Akashic Records, with guidance for your questions.',
  price: '2100',
  offerPrice: '1800',
  duration: '45 minutes',
  deliveryMethod: 'Video Call',
  availability: 'Check booking link for availability',
  bookingLink: 'https://example.org/book',
  note: 'Please be on time.',
  whatIsThis: 'An intuitive reading.',
  processDescription: 'We talk, then I read.',
  preparation: 'Write down your questions.',
  afterCare: 'Drink water and rest.',
  benefits: JSON.stringify(['Clarity', '  ', 'Peace']),
  prerequisites: JSON.stringify(['An open mind']),
  whatToExpected: JSON.stringify(['Insight']),
  whatCanBeAsked: JSON.stringify([
    { category: 'Career', questions: ['What is my path?', ''] },
    { category: '', questions: [] },
  ]),
  faq: JSON.stringify([
    { question: 'Is it online?', answer: 'Yes.' },
    { question: '', answer: '' },
  ]),
  tags: JSON.stringify(['akashic', 'reading']),
  isActive: 'true',
  isFeatured: 'false',
});

export const bannerFields = formFields({
  title: 'New moon circle',
  description: 'Join the monthly circle.',
  link: '/service',
  order: '1',
  mediaType: 'image',
  mediaUrl: '',
  isActive: 'true',
});

/** A multipart body built by FormData (the runtime writes the boundary). */
export function formData(fields: Record<string, string>, files: Record<string, File> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, value] of Object.entries(files)) form.set(name, value);
  return form;
}

/** A hand-written multipart body, for shapes FormData cannot produce (truncated, odd file names). */
export function rawMultipart(
  parts: { name: string; value: string | Uint8Array; filename?: string; type?: string }[],
  boundary = 'test-boundary-7MA4YWxkTrZu0gW',
): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(encoder.encode(head));
    chunks.push(typeof part.value === 'string' ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return { body: concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A publisher that keeps every change it is told about. */
export function createRecordingPublisher(): Publisher & { readonly changes: PublishRequest[] } {
  const { items, record } = recorder<PublishRequest>();
  return { changes: items, contentChanged: record };
}

/** Text shaped like an attack, which must be stored and returned exactly as typed. */
export const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)> ' " & javascript:alert(1)`;
