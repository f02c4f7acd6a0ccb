import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseRedirectsFile, REDIRECTS_FILE } from '../content/service-redirects';

/**
 * The build's `_redirects` file (old service addresses → current ones; docs/content-api.md, "Addresses"), applied by
 * the local server the way Netlify applies it: before netlify.toml's /service/* fallback rewrite. @netlify/dev reads
 * the publish folder's rules once, when it starts; the local publisher swaps in a new build after every change, so
 * the file is read again whenever the live build's copy changes.
 */
export interface LocalRedirects {
  /** The address `pathname` redirects to (301), or null. */
  target(pathname: string): string | null;
}

export function localServiceRedirects(distDir: string): LocalRedirects {
  let seen = '';
  let rules = new Map<string, string>();
  const current = (): Map<string, string> => {
    const file = path.join(distDir, REDIRECTS_FILE);
    let stamp: string;
    try {
      const stat = statSync(file);
      stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      return new Map();
    }
    if (stamp !== seen) {
      rules = parseRedirectsFile(readFileSync(file, 'utf8'));
      seen = stamp;
    }
    return rules;
  };
  return {
    target(pathname) {
      if (!pathname.startsWith('/service/')) return null;
      // Netlify matches a rule with or without the trailing slash.
      return current().get(pathname.replace(/\/+$/, '')) ?? null;
    },
  };
}
