// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static output: every public page is HTML built from the stores at build time.
// BUILD_OUT_DIR lets the local publisher build into a fresh folder and swap it in atomically.
export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL || 'http://localhost:8888',
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
  devToolbar: { enabled: false },
  vite: {
    ssr: { external: ['mongodb'] },
    // Font files stay files (the rupee faces are under Vite's 4 KB inlining limit): a data: URL would add to every
    // page's inlined CSS and need `data:` in the CSP's font-src.
    build: { assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined) },
  },
});
