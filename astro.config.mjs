// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fontFacesPlugin } from './src/styles/font-faces.ts';

// Static output: every public page is HTML built from the stores at build time.
// BUILD_OUT_DIR lets the local publisher build into a fresh folder and swap it in atomically.
export default defineConfig({
  output: 'static',
  // On Netlify, URL is the site's main address: canonical links and the sitemap never point at localhost there.
  site: process.env.SITE_URL || process.env.URL || 'http://localhost:8888',
  outDir: process.env.BUILD_OUT_DIR || './dist',
  // Separate caches let two local servers (e.g. tests) build at the same time.
  ...(process.env.BUILD_CACHE_DIR ? { cacheDir: process.env.BUILD_CACHE_DIR } : {}),
  trailingSlash: 'ignore',
  // Stylesheets inline: each public page's CSS is small (under 10 KB gzip), and on a slow mobile connection a
  // separate render-blocking request costs a full round trip before the first paint.
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    react(),
    {
      // `client:interaction`: islands that hydrate when the visitor turns to them (docs/public-site.md).
      name: 'hydrate-on-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/components/hydrate-on-interaction.ts' });
        },
      },
    },
  ],
  // A strict Content-Security-Policy in a <meta> tag of every page and the admin (docs/decisions/007-lockout-and-csp.md).
  // Astro hashes every script and stylesheet it emits, so no 'unsafe-inline' for scripts. Style attributes that React
  // sets (style={{…}}) are allowed through style-src-attr only. frame-ancestors cannot be set by a meta tag: the
  // header in netlify.toml carries it.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        // blob: previews of a picked file in the admin before upload; data: small inline images.
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'none'",
        "manifest-src 'self'",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    ssr: { external: ['mongodb'] },
    // fonts.css's `@font-faces` lines become the @font-face rules of src/styles/font-faces.ts (docs/public-site.md).
    css: { postcss: { plugins: [fontFacesPlugin()] } },
    // Font files stay files (the rupee faces are under Vite's 4 KB inlining limit): a data: URL would add to every
    // page's inlined CSS and need `data:` in the CSP's font-src. The star-field motif goes the other way (5 KB, 1.3 KB
    // gzip): it paints the night heroes, which are the largest paint of most pages, so as a file it was a request
    // between the first paint and the LCP (docs/public-site.md, "Budgets").
    build: {
      assetsInlineLimit: (file) =>
        file.endsWith('.woff2') ? false : file.endsWith('/motifs/star-field.svg') ? true : undefined,
    },
  },
});
