// The app the publisher tests drive (src/server/publish/*.test.ts): built around the publisher under test, with the
// admin signed in.
import { createApp } from '../../../src/server/app';
import type { AppDeps } from '../../../src/server/deps';
import type { Publisher } from '../../../src/server/publish/types';
import { createAdminSession } from './admin-session';

export async function appWithPublisher(deps: AppDeps, publisher: Publisher) {
  deps.publisher = publisher;
  const app = createApp(deps);
  const session = await createAdminSession(app);
  return { app, session };
}
