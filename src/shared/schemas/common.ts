import { z } from 'zod';

// Under the site's strict CSP (no 'unsafe-eval', docs/decisions/007-lockout-and-csp.md) zod's probe for
// `new Function` is reported as a violation even though zod catches it. jitless skips the probe and the compiled
// fast path; every schema module imports this one first, so the setting is in place before any parse.
z.config({ jitless: true });

/** Ids are 24 lowercase hex characters on both stores (ObjectId-shaped), so URLs look the same everywhere. */
export const IdSchema = z.string().regex(/^[a-f0-9]{24}$/, { error: 'Invalid id' });
export type Id = z.output<typeof IdSchema>;

/**
 * Every character Unicode treats as ending a line (UAX #14 mandatory breaks: LF, VT, FF, CR, NEL, LS, PS) plus the
 * C0 file, group and record separators, which some line readers also split on. Any one of them could start a new
 * header line in a mail or a fake entry in a log.
 */
// eslint-disable-next-line no-control-regex -- matching those control characters is the point
const LINE_BREAK = /[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/;
/** NUL ends strings in C code downstream (mail headers, SQLite tools, file names): no text field may hold one. */
const NUL = /\0/;
export const NUL_MESSAGE = 'Must not contain NUL characters';

/** True when a text holds a NUL character. */
export const hasNul = (value: string) => NUL.test(value);

/** A plain decimal ('12', '12.5', '-1'); Number() alone would also take '0x10', '1e3', 'Infinity' and ' '. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const toNumber = (text: string) => (DECIMAL.test(text.trim()) ? Number(text) : Number.NaN);

/** A required single-line or multi-line text, trimmed, with a length cap. */
export function requiredText(message: string, max = 5_000, maxMessage?: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: maxMessage ?? `Must be at most ${max} characters` })
    .refine((value) => !NUL.test(value), { error: NUL_MESSAGE });
}

/** An optional text: missing, null and blank all become ''. */
export function optionalText(max = 5_000, maxMessage?: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string()
      .trim()
      .max(max, { error: maxMessage ?? `Must be at most ${max} characters` })
      .refine((value) => !NUL.test(value), { error: NUL_MESSAGE }),
  );
}

/** Text that must stay on one line: it may end up in a mail header or a log line. */
export function singleLine<T extends z.ZodType<string>>(schema: T) {
  return schema.refine((value) => !LINE_BREAK.test(value), { error: 'Must not contain line breaks' });
}

/**
 * Multipart forms send list fields as JSON text (docs/product-rules.md, "Calls"). Accept both the JSON text and a real array, so one
 * schema serves the admin form (arrays) and the API (strings).
 */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** A list of texts; entries blank after trimming are dropped (docs/product-rules.md, "Validation"). */
export function textList(maxItems = 50, maxLength = 1_000) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? [] : parseJsonText(value)),
    z
      .array(
        z
          .string({ error: 'List entries must be text' })
          .trim()
          .max(maxLength)
          .refine((value) => !NUL.test(value), { error: NUL_MESSAGE }),
      )
      .max(maxItems, { error: `At most ${maxItems} entries` })
      .transform((items) => items.filter((item) => item !== '')),
  );
}

/** Booleans arrive as 'true'/'false' from multipart forms and as booleans from JSON. */
export function formBoolean(defaultValue: boolean) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return defaultValue;
      if (value === 'true' || value === 'on' || value === '1') return true;
      if (value === 'false' || value === 'off' || value === '0') return false;
      return value;
    },
    z.boolean({ error: 'Must be true or false' }),
  );
}

/** Numbers arrive as text from multipart forms; '' means "not given". */
export function formNumber(requiredMessage: string) {
  return z.preprocess(
    (value) => {
      if (typeof value === 'string') return value.trim() === '' ? undefined : toNumber(value);
      return value;
    },
    // Missing ('' included) is "required"; text that is not a number (NaN) says so instead.
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : 'Must be a number') })
      .refine(Number.isFinite, { error: 'Must be a number' }),
  );
}

export function optionalFormNumber() {
  return z.preprocess(
    (value) => {
      if (value === null || value === '' || value === undefined) return undefined;
      if (typeof value === 'string') return value.trim() === '' ? undefined : toNumber(value);
      return value;
    },
    z.number({ error: 'Must be a number' }).refine(Number.isFinite, { error: 'Must be a number' }).optional(),
  );
}

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True for a path on this site: one leading '/', not '//host' or '/\host' (both leave the site in browsers). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s<>"']/.test(value);
}

export const HttpUrlSchema = z
  .string({ error: 'Must be a URL' })
  .trim()
  .max(2_000)
  .refine((value) => !NUL.test(value), { error: NUL_MESSAGE })
  .refine(isHttpUrl, { error: 'Must be a valid http(s) URL' });

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email is too long' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** Creation and update timestamps travel as ISO-8601 strings. */
export const IsoDateSchema = z.iso.datetime({ offset: true });
