import { describe, expect, it } from 'vitest';
import { browserStep, chooseChromium, CHROMIUM_PATH, resolveChromium } from './browser';

describe('browserStep', () => {
  it('runs the tests when Chromium is there, whoever runs them', () => {
    expect(browserStep({ found: true, root: false, ci: false })).toBe('ready');
    expect(browserStep({ found: true, root: true, ci: true })).toBe('ready');
  });

  it('installs Chromium only in an unattended CI run as root', () => {
    expect(browserStep({ found: false, root: true, ci: true })).toBe('install');
  });

  it('otherwise uses the packaged Chromium instead of asking for a password', () => {
    expect(browserStep({ found: false, root: false, ci: false })).toBe('packaged');
    expect(browserStep({ found: false, root: false, ci: true })).toBe('packaged');
    expect(browserStep({ found: false, root: true, ci: false })).toBe('packaged');
  });
});

describe('chooseChromium', () => {
  const only = (present: string) => (file: string) => file === present;

  it("prefers Debian's Chromium when it is there", () => {
    expect(chooseChromium({}, only(CHROMIUM_PATH))).toEqual({ source: 'system', path: CHROMIUM_PATH });
  });

  it('honours CHROMIUM_PATH when that binary exists', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome' }, only('/opt/chrome'))).toEqual({
      source: 'system',
      path: '/opt/chrome',
    });
  });

  it('falls back to the packaged Chromium when no system binary is there', () => {
    expect(chooseChromium({}, () => false)).toEqual({ source: 'packaged' });
    expect(chooseChromium({ CHROMIUM_PATH: '/nonexistent' }, only(CHROMIUM_PATH))).toEqual({ source: 'packaged' });
  });

  it('unpacks the packaged Chromium to an executable file when the system one is hidden', async () => {
    const resolved = await resolveChromium({ CHROMIUM_PATH: '/nonexistent' });
    expect(resolved.path).not.toBe(CHROMIUM_PATH);
    expect(resolved.line).toContain('packaged Chromium');
  }, 60_000);
});
