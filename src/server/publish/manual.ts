import type { AppDeps } from '../deps';
import { CONTENT_VERSION_KEY } from '../services/content-changes';

export const MANUAL_PUBLISH_TITLE = 'Publish now (admin portal)';

/** 'Publish now' and 'Retry': build the current content, with no change behind it. */
export async function publishNow(deps: Pick<AppDeps, 'stores' | 'publisher'>): Promise<void> {
  const version = (await deps.stores.meta.get<number>(CONTENT_VERSION_KEY)) ?? 0;
  await deps.publisher.contentChanged({ kind: 'manual', title: MANUAL_PUBLISH_TITLE, version });
}
