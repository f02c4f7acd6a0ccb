import { describe, expect, it } from 'vitest';
import { describeError } from './log';

describe('describeError', () => {
  it('gives the error and its causes, with credentials in connection strings masked', () => {
    const driver = new Error('connect to mongodb+srv://site-user:s3cret-pass@cluster0.example.net/ failed');
    driver.name = 'MongoServerSelectionError';
    const error = new Error('The database is not reachable right now', { cause: driver });
    error.name = 'StoreUnavailableError';
    const line = describeError(error);
    expect(line).toBe(
      'StoreUnavailableError: The database is not reachable right now <- MongoServerSelectionError: connect to ' +
        'mongodb+srv://***@cluster0.example.net/ failed',
    );
    expect(line).not.toContain('s3cret');
  });
});
