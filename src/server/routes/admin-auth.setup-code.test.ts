import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { isStrongSetupCode } from '../auth/setup-code-strength';
import { AUTH_SETTINGS } from '../auth/settings';
import { ConfigurationError, parseEnv } from '../env';
import { getDefaultApp } from '../runtime';
import { createTestDeps, deployedTestVars } from '../../../tests/support/server/admin-session';

// ADMIN_SETUP_CODE: at least 128 bits or no start-up; guesses throttled per address (docs/auth.md, "The first admin").

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const deployedEnv = deployedTestVars;

const WEAK = [
  ['sixteen of one letter (the issue)', 'aaaaaaaaaaaaaaaa'],
  ['sixteen lower-case letters', 'qwertzuiopasdfgh'],
  ['21 base64url characters (126 bits)', randomBytes(16).toString('base64url').slice(0, 21)],
  ['31 hex digits (124 bits)', randomBytes(16).toString('hex').slice(0, 31)],
  ['a repeated block', 'Xk3_9fQz'.repeat(5)],
  ['few distinct characters', 'abcabcabcabd'.repeat(4)],
  ['one character dominating', `${'7'.repeat(20)}Zq8-Lm2_Rt5x`],
  ['a long run of one digit', '0'.repeat(64)],
] as const;

describe('ADMIN_SETUP_CODE strength (start-up)', () => {
  it.each(WEAK)('refuses %s, naming the variable and how to make one, never the value', (_label, code) => {
    let error: unknown;
    try {
      parseEnv(deployedEnv({ ADMIN_SETUP_CODE: code }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const { message, variables } = error as ConfigurationError;
    expect(variables).toEqual(['ADMIN_SETUP_CODE']);
    expect(message).toContain('ADMIN_SETUP_CODE is too weak');
    expect(message).toContain('128 bits');
    expect(message).toContain('openssl rand -base64 24');
    expect(message).not.toContain(code);
  });

  it('is checked under npm start too (a weak code is refused wherever it is set)', () => {
    const { SITE_ID: _site, URL: _url, ...local } = deployedEnv({ ADMIN_SETUP_CODE: 'aaaaaaaaaaaaaaaa' });
    expect(() => parseEnv(local)).toThrow(/ADMIN_SETUP_CODE is too weak/);
  });

  it('accepts what the README tells people to generate, every time (500 tries of each)', () => {
    for (let i = 0; i < 500; i += 1) {
      const codes = [
        randomBytes(24).toString('base64'), // openssl rand -base64 24
        randomBytes(24).toString('base64url'),
        randomBytes(16).toString('base64url'), // exactly 128 bits, 22 characters
        randomBytes(16).toString('hex'), // 32 hex digits
        randomBytes(16).toString('hex').toUpperCase(),
      ];
      for (const code of codes) expect(isStrongSetupCode(code), code).toBe(true);
    }
    // Real draws of `randomBytes(16).toString('hex')` that a third-of-the-code rule refused (about 1 in 36,000).
    for (const code of ['7df3f81faff9b1af570f1fff5af1dd75', '3FBB0C5FCCC6CEBC6CCC3CC33FA4007A']) {
      expect(isStrongSetupCode(code), code).toBe(true);
    }
    expect(
      parseEnv(deployedEnv({ ADMIN_SETUP_CODE: randomBytes(24).toString('base64') })).ADMIN_SETUP_CODE,
    ).toBeTruthy();
  });

  it('a deployed function with a weak code answers 503 naming it (and logs names only)', async () => {
    const code = 'aaaaaaaaaaaaaaaa';
    const logged: string[] = [];
    const original = console.error;
    console.error = (line: unknown) => void logged.push(String(line));
    try {
      const app = await getDefaultApp(() => parseEnv(deployedEnv({ ADMIN_SETUP_CODE: code })));
      const response = await app.request('/api/admin/auth/status');
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).toContain('ADMIN_SETUP_CODE is too weak');
      expect(text).not.toContain(code);
    } finally {
      console.error = original;
    }
    expect(logged.join('\n')).toContain('ADMIN_SETUP_CODE is too weak');
    expect(logged.join('\n')).not.toContain('aaaaaaaaaaaaaaaa');
  });

  it('npm start stops with the message, not a stack trace', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/serve.ts', '--no-build'],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sg-test-')),
          PORT: '1',
          ADMIN_SETUP_CODE: 'aaaaaaaaaaaaaaaa',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[config] Invalid configuration: ADMIN_SETUP_CODE: ADMIN_SETUP_CODE is too weak');
    expect(result.stderr).not.toContain('aaaaaaaaaaaaaaaa');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe('POST /init setup-code guesses are throttled per address', () => {
  const CODE = randomBytes(24).toString('base64url');
  const valid = { username: 'Priya', email: 'priya@example.com', password: 'sacred-lotus-7' };

  function setup() {
    const deps = createTestDeps({ env: parseEnv(deployedEnv({ ADMIN_SETUP_CODE: CODE })) });
    const app = createApp(deps);
    const init = (setupCode: string, ip: string) =>
      app.request('/api/admin/auth/init', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip },
        body: JSON.stringify({ ...valid, setupCode }),
      });
    return { deps, init };
  }

  it('answers 429 with Retry-After once an address has used its tries, even for the right code', async () => {
    const { init, deps } = setup();
    const { max } = AUTH_SETTINGS.limits.setupCodePerIp;
    for (let i = 0; i < max; i += 1) {
      expect((await init(`wrong-${i}-${CODE}`, '203.0.113.7')).status).toBe(403);
    }
    const blocked = await init(CODE, '203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Too many attempts/);
    expect(await deps.stores.admins.count()).toBe(0);
    // Another address is not held up by it.
    expect((await init(CODE, '198.51.100.4')).status).toBe(201);
  });

  it('a burst of concurrent guesses from one address gets no more than the limit compared', async () => {
    const { init } = setup();
    const { max } = AUTH_SETTINGS.limits.setupCodePerIp;
    const replies = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => await init(`wrong-guess-${i}-${CODE}`, '203.0.113.9')),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(max);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40 - max);
  });
});
