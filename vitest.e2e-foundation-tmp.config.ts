import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    root: '/work/main',
    include: ['tests/e2e/**/*.test.ts'],
    setupFiles: ['/work/main/tests/setup/fail-on-console-error.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
