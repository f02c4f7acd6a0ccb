import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * On Netlify, a rewrite with `status = 404` serves its target with status 404 when no file matches the path (how a
 * site gives a section its own not-found page). @netlify/dev serves the target with 200 instead, so the local
 * server restores the 404 itself. This reads those rules from netlify.toml.
 */
export interface NotFoundRewrites {
  /** True when `pathname` has no built file of its own and falls under a `status = 404` rewrite. */
  appliesTo(pathname: string, distDir: string): boolean;
}

interface RedirectRule {
  from?: unknown;
  status?: unknown;
  force?: unknown;
}

function patternFor(from: string): RegExp {
  const escaped = from
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** The same candidates @netlify/dev's static handler tries for a path. */
function hasOwnFile(pathname: string, distDir: string): boolean {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '');
  const candidates = [clean, `${clean}.html`, `${clean}/index.html`].map((p) => path.join(distDir, p));
  return candidates.some((file) => file.startsWith(distDir) && existsSync(file) && !file.endsWith('/'));
}

export function readNotFoundRewrites(netlifyToml: string): NotFoundRewrites {
  const config = parse(readFileSync(netlifyToml, 'utf8')) as { redirects?: RedirectRule[] };
  const patterns = (config.redirects ?? [])
    .filter((rule) => rule.status === 404 && rule.force !== true && typeof rule.from === 'string')
    .map((rule) => patternFor(rule.from as string));
  return {
    appliesTo(pathname, distDir) {
      if (!patterns.some((pattern) => pattern.test(pathname))) return false;
      const root = path.resolve(distDir);
      return !hasOwnFile(pathname, root) || !existsSync(root);
    },
  };
}
