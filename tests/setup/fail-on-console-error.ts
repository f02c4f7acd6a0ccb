import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// As in the Epic Stack: an unexpected console.error fails the test. A test that expects one stubs it itself.
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  spy?.mockRestore();
});
