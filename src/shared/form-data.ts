// One encoder for the multipart bodies the admin API takes (docs/content-api.md, "Multipart forms"): a value of the
// shared input schemas becomes one part per field, so no form lists its fields a second time to send them.

/** A field value as the API reads it back: text as is, numbers and booleans as text, lists and objects as JSON. */
function partValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * `values` as multipart form data, one part per key in key order. A File or Blob becomes a file part; an absent
 * optional value becomes an empty part, which the schemas read as "not given".
 */
export function toFormData(values: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof Blob) form.set(name, value, value instanceof File ? value.name : 'blob');
    else form.set(name, partValue(value));
  }
  return form;
}
