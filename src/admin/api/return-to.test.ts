import { describe, expect, it } from 'vitest';
import { readReturnState } from './return-to';

describe('readReturnState', () => {
  it('accepts a path inside the portal, with the reason', () => {
    expect(readReturnState({ from: '/services/abc/edit?x=1', reason: 'expired' })).toEqual({
      from: '/services/abc/edit?x=1',
      reason: 'expired',
    });
    expect(readReturnState({ from: '/banners' })).toEqual({ from: '/banners' });
  });

  it('refuses other origins, the login page itself and anything malformed', () => {
    for (const state of [
      null,
      'x',
      { from: 'https://evil.example/' },
      { from: '//evil.example/' },
      { from: '/\\evil.example' },
      { from: '/login' },
      { from: '/dashboard', reason: 'other' },
    ]) {
      expect(readReturnState(state)).toBeNull();
    }
  });
});
