import type { AppDeps } from '../deps';
import { readContentVersion } from '../stores/content-version';

export const MANUAL_PUBLISH_TITLE = 'Publish now (admin portal)';

/** 'Publish now' and 'Retry': build the current content, with no change behind it. */
export async function publishNow(deps: Pick<AppDeps, 'stores' | 'publisher'>): Promise<void> {
  const version = await readContentVersion(deps.stores.meta);
  await deps.publisher.contentChanged({ kind: 'manual', title: MANUAL_PUBLISH_TITLE, version });
}
