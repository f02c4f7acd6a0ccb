import { defineConfig } from 'vitest/config';

// Unit and route tests sit beside the code; browser tests live in tests/e2e (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/setup/**/*.test.ts'],
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    globalSetup: ['./tests/setup/mongo-standin.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one file at a time on a 2-core machine (CPUs - 1); the files share no state (each opens its
    // own stores, servers and ports), so run two.
    maxWorkers: 2,
  },
});
