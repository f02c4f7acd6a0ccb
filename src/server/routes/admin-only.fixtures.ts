// For the admin route tests: every admin route refuses a caller without a session (docs/auth.md).
import { expect, it } from 'vitest';
import { createApp } from '../app';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';

/**
 * One test a route: called without a session it answers 401 with the failure reply. With `adminExists`, an admin
 * account is set up first, so the refusal is about the missing session and not about a site without an admin.
 */
export function itAnswers401WithoutSession(
  routes: readonly (readonly [method: string, path: string])[],
  options: { adminExists?: boolean } = {},
): void {
  it.each(routes)('%s %s answers 401 without a session', async (method, path) => {
    const app = createApp(createTestDeps());
    if (options.adminExists) await createAdminSession(app);
    const response = await app.request(path, { method });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false });
  });
}
