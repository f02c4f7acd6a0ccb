import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NETLIFY_FUNCTION_ENV } from '../../tests/support/netlify-env';
import { ConfigurationError, detectRuntime, getStoreConfig, parseEnv } from './env';

const SECRET = 'a-long-function-secret-value-0123456789-abcdef';
const FUNCTION_ENV = NETLIFY_FUNCTION_ENV;

/** A data folder that does not exist yet: nothing in a deployed function may create it. */
function absentDataDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'sg-env-')), '.data');
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return null;
}

describe('detectRuntime', () => {
  it.each([
    [{}, 'local'],
    [{ NETLIFY: 'true', CONTEXT: 'production' }, 'netlify-build'],
    [{ CONTEXT: 'deploy-preview' }, 'netlify-build'],
    [{ SITE_ID: 'x' }, 'netlify-function'],
    [{ SITE_NAME: 'x' }, 'netlify-function'],
    [{ URL: 'https://x.example' }, 'netlify-function'],
    [{ DEPLOY_ID: 'x' }, 'netlify-function'],
    [{ ...FUNCTION_ENV, NETLIFY_DEV: 'true' }, 'local'],
    [{ SITE_ID: '' }, 'local'],
  ])('%o is %s', (source, expected) => {
    expect(detectRuntime(source)).toBe(expected);
  });
});

describe('parseEnv in a deployed function', () => {
  it('names every missing required variable, never a value, and creates no data folder', () => {
    const dataDir = absentDataDir();
    const error = thrown(() => parseEnv({ ...FUNCTION_ENV, JWT_SECRET: SECRET, DATA_DIR: dataDir }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).variables).toEqual(['MONGODB_URI', 'SMTP_URL']);
    expect((error as Error).message).toMatch(/^MONGODB_URI, SMTP_URL are not set for the function\./);
    expect((error as Error).message).not.toContain(SECRET);
    expect(existsSync(dataDir)).toBe(false);

    const all = thrown(() => parseEnv({ ...FUNCTION_ENV, DATA_DIR: dataDir }));
    expect((all as ConfigurationError).variables).toEqual(['MONGODB_URI', 'JWT_SECRET', 'SMTP_URL']);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('names an invalid variable without its value', () => {
    const error = thrown(() =>
      parseEnv({ ...FUNCTION_ENV, MONGODB_URI: 'mongodb://db', SMTP_URL: 'smtp://m', JWT_SECRET: 'short-secret' }),
    );
    expect((error as ConfigurationError).variables).toEqual(['JWT_SECRET']);
    expect((error as Error).message).not.toContain('short-secret');
  });

  it('is production, takes SITE_URL from Netlify URL, and touches no disk when complete', () => {
    const dataDir = absentDataDir();
    const env = parseEnv({
      ...FUNCTION_ENV,
      MONGODB_URI: 'mongodb://db.example/',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtp://mail.example:587',
      DATA_DIR: dataDir,
    });
    expect(env.runtime).toBe('netlify-function');
    expect(env.isProduction).toBe(true);
    expect(env.SITE_URL).toBe('https://soul-guidance.example');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('SITE_URL', () => {
  it('is SITE_URL when set, else Netlify URL on Netlify, else the local server', () => {
    const base = { JWT_SECRET: SECRET, DATA_DIR: absentDataDir() };
    expect(
      parseEnv({ ...base, SITE_URL: 'https://own.example', NETLIFY: 'true', URL: 'https://x.example' }).SITE_URL,
    ).toBe('https://own.example');
    expect(parseEnv({ ...base, NETLIFY: 'true', CONTEXT: 'production', URL: 'https://x.example' }).SITE_URL).toBe(
      'https://x.example',
    );
    expect(parseEnv(base).SITE_URL).toBe('http://localhost:8888');
  });
});

describe('getStoreConfig (the build and db:migrate)', () => {
  it('refuses a Netlify build without MONGODB_URI, naming it', () => {
    const error = thrown(() => getStoreConfig({ NETLIFY: 'true', CONTEXT: 'production' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/^MONGODB_URI is not set for this Netlify build\./);
    expect((error as Error).message).toContain('the live site stays as it is');
  });

  it('allows the embedded store locally, and MongoDB on Netlify', () => {
    expect(getStoreConfig({}).MONGODB_URI).toBeUndefined();
    expect(getStoreConfig({ NETLIFY: 'true', MONGODB_URI: 'mongodb+srv://c.example/' }).MONGODB_URI).toBe(
      'mongodb+srv://c.example/',
    );
  });
});
