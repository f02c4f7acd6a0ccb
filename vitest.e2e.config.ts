import { defineConfig } from 'vitest/config';

// Playwright tests in Debian's Chromium against the real local server (built site + API).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    globalSetup: ['./tests/setup/mongo-standin.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
