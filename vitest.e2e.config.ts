import { defineConfig } from 'vitest/config';

// Playwright tests in Debian's Chromium (or the packaged one, tests/setup/browser.ts) against the real local server (built site + API).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    globalSetup: ['./tests/setup/mongo-standin.ts', './tests/setup/browser.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Two files at a time: each has its own server, port, data folder and build folder (support/server.ts,
    // src/server/local/build-site.ts), so files share no state; the two cores of the CI machine are both used.
    // `npm run test:e2e -- --maxWorkers=1` runs them one by one again.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
