import { defineConfig } from 'vitest/config';

// Playwright tests in Chromium (Debian's, else the packaged one: tests/setup/browser.ts) against the real local
// server (built site + API). See tests/e2e/README.md.
const shared = {
  setupFiles: ['./tests/setup/fail-on-console-error.ts'],
  testTimeout: 120_000,
  hookTimeout: 300_000,
  pool: 'forks' as const,
  // Waiting for a condition (a smooth scroll at rest, a reply on screen) may take longer than vitest's 1 s default
  // while two files share the machine; a poll still fails the test when its condition never comes.
  expect: { poll: { timeout: 10_000 } },
};

// The files that time the owner's sign-in while a stranger floods the password login (each attempt a bcrypt check)
// need the machine to themselves: they run one at a time, after the rest.
const ALONE = [
  'tests/e2e/security-lockout.test.ts',
  'tests/e2e/security-new-device.test.ts',
  'tests/e2e/admin-passkeys.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: [
      './tests/setup/mongo-standin.ts',
      './tests/setup/browser.ts',
      './tests/setup/local-server-bundle.ts',
      './tests/setup/shared-sites.ts',
    ],
    // Four files at a time: each has its own server, port, data folder and build folder (support/server.ts,
    // src/server/local/build-site.ts), so they share no state. Measured on this 2-core machine, four keep both cores
    // busy and finish sooner than three (tests/e2e/README.md, "Pace"); `--maxWorkers=1` runs them one by one again.
    maxWorkers: 4,
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ALONE,
          fileParallelism: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-alone',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
