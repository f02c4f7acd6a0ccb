import { defineConfig } from 'vitest/config';

// Playwright tests in Debian's Chromium (or the packaged one, tests/setup/browser.ts) against the real local server (built site + API).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    globalSetup: ['./tests/setup/mongo-standin.ts', './tests/setup/browser.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
