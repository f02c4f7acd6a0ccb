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
