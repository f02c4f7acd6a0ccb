import { describe, expect, it, vi } from 'vitest';
import { createTestEnv } from '../../../tests/support/server/admin-session';
import { ConfigurationError } from '../env';
import { runBookingChoresNow } from './chores-run';

// The scheduled function's entry: missing configuration is reported and never kept; with configuration, the chores run
// over the configured store (here the embedded one in a fresh data folder).
describe('runBookingChoresNow', () => {
  it('reports missing configuration, then runs once the configuration is there', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    const missing = await runBookingChoresNow(() => {
      throw new ConfigurationError(['MONGODB_URI'], 'MONGODB_URI is not set for the function.');
    });
    expect(missing).toEqual({ action: 'not-configured' });
    // Names only, never values: the line an operator reads in the function log.
    expect(errors).toEqual(['[config] MONGODB_URI is not set for the function.']);

    const outcome = await runBookingChoresNow(() => createTestEnv());
    expect(outcome).toMatchObject({ holdsExpired: true, reminders: 0, busy: { action: 'fresh' }, errors: [] });
  });
});
