// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

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
  integrations: [react()],
  devToolbar: { enabled: false },
  vite: {
    ssr: { external: ['mongodb'] },
  },
});
