/**
 * Product rules (docs/product-rules.md, "Calls"): a media path beginning with '/' becomes absolute on the API host, without the /api suffix;
 * absolute http(s) URLs are kept unchanged. Anything else (empty, javascript:, //host) gives ''.
 *
 * @param apiBase the API base, e.g. 'https://example.org/api' or '/api' (same origin); '' means same origin.
 */
export function resolveMediaUrl(path: string | null | undefined, apiBase = ''): string {
  if (!path) return '';
  const value = path.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '';
  const origin = apiOrigin(apiBase);
  return `${origin}${value}`;
}

/** 'https://host/api/' → 'https://host'; '/api' or '' → '' (same origin). */
export function apiOrigin(apiBase: string): string {
  const base = apiBase.trim().replace(/\/+$/, '');
  const withoutApi = base.replace(/\/api$/i, '');
  if (/^https?:\/\//i.test(withoutApi)) return withoutApi;
  return '';
}

/**
 * A `blob:` address this page's own origin made (a file picked in the admin and not uploaded yet, docs/admin.md,
 * "Draft preview"), else ''. Only the admin's preview of the unsaved form asks for it: stored content is never a
 * blob: address, and the public pages keep refusing anything but site paths and http(s).
 */
export function localBlobUrl(value: string | null | undefined, origin: string): string {
  const url = value?.trim() ?? '';
  return origin !== '' && origin !== 'null' && url.startsWith(`blob:${origin}/`) ? url : '';
}
