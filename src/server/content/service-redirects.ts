// The permanent redirects of old service addresses (docs/content-api.md, "Addresses"): a service's id address and
// its earlier slugs lead to /service/<slug>. The build writes them as the publish folder's `_redirects` file, which
// Netlify reads before netlify.toml's rules (so they come before the /service/* fallback rewrite), and the local
// server applies the same file (src/server/local/service-redirects.ts).
import { servicePath } from '../../shared/schemas/slug';

export interface ServiceRedirect {
  from: string;
  to: string;
}

/** The file's name in the publish folder: Netlify's own name for redirect rules shipped with a deploy. */
export const REDIRECTS_FILE = '_redirects';

interface Addressed {
  _id: string;
  slug?: string | undefined;
  previousSlugs?: string[] | undefined;
}

/**
 * One redirect per old address of the built (active) services. A current address never redirects (its page is
 * built), and an old address two services share (only possible by a race) goes to the first in the site order.
 */
export function serviceRedirects(services: readonly Addressed[]): ServiceRedirect[] {
  const live = new Set(services.map((service) => servicePath(service)));
  const seen = new Set<string>();
  const redirects: ServiceRedirect[] = [];
  for (const service of services) {
    const to = servicePath(service);
    const old = [service._id, ...(service.previousSlugs ?? [])].map((key) => `/service/${key}`);
    for (const from of old) {
      if (from === to || live.has(from) || seen.has(from)) continue;
      seen.add(from);
      redirects.push({ from, to });
    }
  }
  return redirects;
}

/**
 * Netlify's `_redirects` format: one rule a line, `from to status`. Netlify matches a rule with or without a trailing
 * slash; slugs and ids contain no spaces or special characters (src/shared/schemas/slug.ts), so nothing is escaped.
 */
export function redirectsFileText(redirects: readonly ServiceRedirect[]): string {
  const header = '# Old service addresses → current ones (written by the build; docs/content-api.md, "Addresses").\n';
  return header + redirects.map(({ from, to }) => `${from} ${to} 301\n`).join('');
}

/** Reads back the rules redirectsFileText wrote (other lines are ignored), for the local server. */
export function parseRedirectsFile(text: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (from?.startsWith('/service/') && to?.startsWith('/service/') && status === '301' && !rules.has(from)) {
      rules.set(from, to);
    }
  }
  return rules;
}
