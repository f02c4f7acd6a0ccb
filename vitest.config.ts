import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/setup/**/*.test.ts'];

/**
 * Files that need a fresh module graph of their own: they replace globals or environment variables (vi.stubGlobal,
 * vi.stubEnv), or they test (or reach) module-level state that would otherwise carry over from an earlier file in
 * the same worker: the process-wide app and deploy context (runtime.ts, deploy-context.ts), the build's cached
 * snapshots (content/booking-page.ts), the admin's session, re-auth and toast singletons.
 */
const ISOLATED = [
  'src/admin/api/session.test.ts',
  'src/admin/forms/save-failure.test.ts',
  'src/admin/components/PublishStatus.test.ts',
  'src/admin/components/Toasts.test.ts',
  'src/server/publish/copy-media-plugin.test.ts',
  'src/server/deploy-context.test.ts',
  'src/server/runtime.test.ts',
  'src/server/content/booking-page.test.ts',
  'src/server/bookings/chores-run.test.ts',
  'src/server/routes/admin-auth.setup-code.test.ts',
  // Names the server bundle in process.env for startServer (tests/e2e/support/server.ts).
  'tests/setup/local-server-bundle.test.ts',
];

// Unit and route tests sit beside the code; browser tests live in tests/e2e (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    setupFiles: [
      './tests/setup/fail-on-console-error.ts',
      './tests/setup/real-timers.ts',
      './tests/setup/temp-dirs.ts',
    ],
    globalSetup: ['./tests/setup/mongo-standin.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one file at a time on a 2-core machine (CPUs - 1); the files share no state (each opens its
    // own stores, servers and ports), so run two.
    maxWorkers: 2,
    // Projects queue by name: the few isolated files (one of them starts `npm start`) first, so none is left alone
    // at the end while the other worker idles.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      {
        extends: true,
        test: {
          name: 'unit',
          include: INCLUDE,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // A worker runs file after file in one process, with the modules it already loaded: a new process and a
          // fresh import of the app per file cost more than many files' tests. Safe because these files share no
          // module state: the app, its stores, mailers and clocks are built per test from createTestDeps, the
          // module-level maps left are caches keyed by their own stores or URIs, no file writes process.env, and
          // vitest restores spies between files. A file that breaks any of that goes into ISOLATED.
          isolate: false,
        },
      },
    ],
  },
});
