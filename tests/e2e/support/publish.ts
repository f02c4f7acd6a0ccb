import { PublishStatusSchema } from '../../../src/shared/schemas/publish';

/**
 * Waits until the live site carries every content change so far (publish status 'up-to-date'), as the portal's top
 * bar would say. The local server publishes each change at once (PUBLISH_QUIET_SECONDS=0 in tests).
 */
export async function waitUntilPublished(base: string, token: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/api/admin/publish/status`, { headers: { Authorization: `Bearer ${token}` } });
    const status = PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
    if (status.state === 'up-to-date') return;
    if (status.state === 'failed') throw new Error('The publish failed');
    if (Date.now() > deadline) throw new Error(`Still ${status.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Waits until the live build was made from the store's current content version (stricter than 'up-to-date' alone:
 * a change saved since the last build counts). `output` is the server's log, for the error.
 */
export async function waitForLiveBuild(
  base: string,
  headers: Record<string, string>,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/api/admin/publish/status`, { headers });
    const { data } = (await response.json()) as {
      data: { state: string; contentVersion: number; builtVersion: number | null };
    };
    if (data.state === 'up-to-date' && data.builtVersion === data.contentVersion) return;
    if (data.state === 'failed') throw new Error(`Publishing failed:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`Publishing did not finish:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
