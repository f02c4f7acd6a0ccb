import type { AppDeps } from '../deps';
import type { ContentChange } from '../publish/types';
import { bumpContentVersion } from '../stores/content-version';

/**
 * Every successful create, update or delete of a service or banner goes through here: the stored content version
 * goes up by one, and the publisher is told, so the static site can follow.
 */
export async function recordContentChange(
  deps: Pick<AppDeps, 'stores' | 'publisher'>,
  change: Omit<ContentChange, 'version'>,
): Promise<number> {
  const version = await bumpContentVersion(deps.stores.meta);
  await deps.publisher.contentChanged({ ...change, version });
  return version;
}
