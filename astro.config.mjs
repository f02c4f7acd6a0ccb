// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static output: every public page is HTML built from the stores at build time.
// BUILD_OUT_DIR lets the local publisher build into a fresh folder and swap it in atomically.
export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL || 'http://localhost:8888',
  outDir: process.env.BUILD_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  devToolbar: { enabled: false },
  vite: {
    ssr: { external: ['mongodb'] },
  },
});
