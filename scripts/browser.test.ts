import { describe, expect, it } from 'vitest';
import { browserStep, chooseChromium, CHROMIUM_PATH, HEADLESS_SHELL_PATH, resolveChromium } from './browser';

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

  it("prefers Debian's headless shell, then Debian's Chromium", () => {
    const both = (file: string) => file === CHROMIUM_PATH || file === HEADLESS_SHELL_PATH;
    expect(chooseChromium({}, both)).toEqual({ source: 'system', path: HEADLESS_SHELL_PATH });
    expect(chooseChromium({}, only(CHROMIUM_PATH))).toEqual({ source: 'system', path: CHROMIUM_PATH });
    expect(chooseChromium({}, only(HEADLESS_SHELL_PATH))).toEqual({ source: 'system', path: HEADLESS_SHELL_PATH });
  });

  it("honours CHROMIUM_PATH when that binary exists, before either of Debian's", () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome' }, only('/opt/chrome'))).toEqual({
      source: 'system',
      path: '/opt/chrome',
    });
    expect(chooseChromium({ CHROMIUM_PATH: CHROMIUM_PATH }, () => true)).toEqual({
      source: 'system',
      path: CHROMIUM_PATH,
    });
  });

  it('falls back to the packaged Chromium when no system binary is there', () => {
    expect(chooseChromium({}, () => false)).toEqual({ source: 'packaged' });
    expect(chooseChromium({ CHROMIUM_PATH: '/nonexistent' }, only(CHROMIUM_PATH))).toEqual({ source: 'packaged' });
    expect(chooseChromium({ CHROMIUM_PATH: '/nonexistent' }, only(HEADLESS_SHELL_PATH))).toEqual({
      source: 'packaged',
    });
  });

  it('unpacks the packaged Chromium to an executable file when the system one is hidden', async () => {
    const resolved = await resolveChromium({ CHROMIUM_PATH: '/nonexistent' });
    expect(resolved.path).not.toBe(CHROMIUM_PATH);
    expect(resolved.path).not.toBe(HEADLESS_SHELL_PATH);
    expect(resolved.line).toContain('packaged Chromium');
  }, 60_000);
});
