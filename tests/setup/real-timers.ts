import { afterAll, vi } from 'vitest';

// Unit test files share a worker process (vitest.config.ts, `isolate: false`), and fake timers live on the process's
// globals: a file that fails before it switches back must not hand its frozen clock to the next file.
afterAll(() => {
  vi.useRealTimers();
});
