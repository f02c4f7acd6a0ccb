import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseEnv, type Env } from './env';
import { SECURITY_HEADERS } from './http/security-headers';
import { getDefaultApp } from './runtime';

const FUNCTION_ENV = { SITE_ID: '1a2b3c', SITE_NAME: 'soul-guidance', URL: 'https://soul-guidance.example' };
const SECRET = 'a-long-function-secret-value-0123456789-abcdef';

describe('getDefaultApp (the Netlify function)', () => {
  it('answers 503 naming the missing variables, logs it, and serves once the configuration is complete', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    let source: Record<string, string> = { ...FUNCTION_ENV, JWT_SECRET: SECRET };
    const load = (): Env => parseEnv(source);

    const first = await (await getDefaultApp(load)).request('/api/services');
    expect(first.status).toBe(503);
    const body = (await first.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/MONGODB_URI, SMTP_URL are not set/);
    expect(body.message).not.toContain(SECRET);
    expect(first.headers.get('X-Content-Type-Options')).toBe(SECURITY_HEADERS['X-Content-Type-Options']);
    expect(errors).toEqual([expect.stringMatching(/^\[config\] MONGODB_URI, SMTP_URL are not set for the function/)]);

    // Not cached: the next request reads the configuration again. (Here the stores are the embedded ones in a temp
    // folder, as MONGODB_URI points nowhere real; the point is that the 503 does not stick.)
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-runtime-'));
    source = { JWT_SECRET: SECRET, SMTP_URL: 'smtp://127.0.0.1:9', DATA_DIR: dataDir };
    const second = await (await getDefaultApp(load)).request('/api/services');
    expect(second.status).toBe(200);
    expect(errors).toHaveLength(1);
  });
});
