import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { createAdminSession, createTestDeps, DEFAULT_ADMIN } from '../../../tests/support/server/admin-session';

// Issue 11 items 2 and 6: on Netlify the client address is the function context's `ip`, and the reset mail is
// handed to `context.waitUntil`. The app is called exactly as netlify/functions/api.mts calls it.

function netlifyCall(app: ReturnType<typeof createApp>, path: string, body: unknown, context: object, header = '') {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (header) headers[CLIENT_IP_HEADER] = header;
  const request = new Request(`https://site.example${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return app.fetch(request, { context });
}

describe('Netlify function context', () => {
  it('keys the address limit on context.ip, not on the header', async () => {
    const app = createApp(createTestDeps());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const body = { username: `nobody-${i}`, password: 'guess' };
      // The header changes every time; context.ip does not.
      statuses.push(
        (await netlifyCall(app, '/api/admin/auth/login', body, { ip: '203.0.113.5' }, `10.0.0.${i}`)).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const other = await netlifyCall(
      app,
      '/api/admin/auth/login',
      { username: 'x', password: 'y' },
      { ip: '203.0.113.6' },
      '10.0.0.1',
    );
    expect(other.status).toBe(401);
  });

  it('hands the reset mail to context.waitUntil, which the reply does not wait for', async () => {
    const deps = createTestDeps();
    const app = createApp(deps);
    await createAdminSession(app);
    const waited: Promise<unknown>[] = [];
    const context = { ip: '203.0.113.7', waitUntil: (promise: Promise<unknown>) => waited.push(promise) };
    const response = await netlifyCall(app, '/api/admin/auth/forgot-password', { email: DEFAULT_ADMIN.email }, context);
    expect(response.status).toBe(200);
    expect(waited).toHaveLength(1);
    await Promise.all(waited);
    expect(deps.sentMail.at(-1)?.to).toBe(DEFAULT_ADMIN.email);
  });
});
