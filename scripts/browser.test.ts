import { describe, expect, it } from 'vitest';
import { browserStep } from './browser';

describe('browserStep', () => {
  it('runs the tests when Chromium is there, whoever runs them', () => {
    expect(browserStep({ found: true, root: false, ci: false })).toBe('ready');
    expect(browserStep({ found: true, root: true, ci: true })).toBe('ready');
  });

  it('installs Chromium only in an unattended CI run as root', () => {
    expect(browserStep({ found: false, root: true, ci: true })).toBe('install');
  });

  it('otherwise says what to run instead of asking for a password', () => {
    expect(browserStep({ found: false, root: false, ci: false })).toBe('advise');
    expect(browserStep({ found: false, root: false, ci: true })).toBe('advise');
    expect(browserStep({ found: false, root: true, ci: false })).toBe('advise');
  });
});
