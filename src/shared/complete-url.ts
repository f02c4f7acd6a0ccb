// Links typed the way people say them ("calendly.com/priya") are completed to https:// before they are checked.

/** Schemes that stay as typed: they are either real URLs already or something a URL check must refuse. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?:\/\/|(?![0-9]))/i;
/** A host name with at least one dot, an optional port, then an optional path, query or fragment; no spaces. */
const BARE_HOST = /^(?:[a-z0-9-]+\.)+[a-z0-9-]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * `calendly.com/x` and `www.example.com` become `https://…`; `//host/x` becomes `https://host/x`. Anything with a
 * scheme, a site path (`/service`), blank text or text that does not look like a host is only trimmed, so the URL
 * check that follows still refuses what it should.
 */
export function completeUrl(value: string): string {
  const text = value.trim();
  if (text === '' || HAS_SCHEME.test(text)) return text;
  if (text.startsWith('//')) return BARE_HOST.test(text.slice(2)) ? `https:${text}` : text;
  if (text.startsWith('/')) return text;
  return BARE_HOST.test(text) ? `https://${text}` : text;
}
