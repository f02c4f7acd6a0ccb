// The content test apps (/api/admin/services, /api/banners): the real app over an embedded store in memory and a
// memory media store, signed in as the admin, with `send` for any call and `create` for a valid multipart save.
import { expect } from 'vitest';
import type { Banner } from '../../../src/shared/schemas/banner';
import type { Service } from '../../../src/shared/schemas/service';
import { createApp } from '../../../src/server/app';
import { createMemoryMediaStore } from '../../../src/server/media/memory';
import type { Stores } from '../../../src/server/stores/types';
import { createAdminSession, createTestDeps } from './admin-session';
import { bannerFields, createRecordingPublisher, file, fileBytes, formData, serviceFields } from './content';

export type Reply = { success: boolean; message?: string; errors?: Record<string, string>; data?: unknown };

interface ContentAppOptions {
  /** Where the resource's routes are mounted. */
  basePath: string;
  /** The multipart part that carries the file. */
  fileField: string;
  /** Valid form fields, as multipart text. */
  fields: () => Record<string, string>;
  stores?: Stores;
}

/** The real app signed in as the admin, over a memory media store and a publisher that records its calls. */
export async function signedInApp(options: { stores?: Stores } = {}) {
  const media = createMemoryMediaStore();
  const publisher = createRecordingPublisher();
  const deps = createTestDeps({ media, publisher, ...(options.stores ? { stores: options.stores } : {}) });
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  return { deps, app, media, publisher, authHeader };
}

type App = Awaited<ReturnType<typeof signedInApp>>['app'];

/** Saves a valid service (with a JPEG image) through POST /api/admin/services and returns it; fails the test otherwise. */
export async function postService(app: App, authHeader: Record<string, string>, fields: Record<string, string> = {}) {
  const response = await app.request('/api/admin/services', {
    method: 'POST',
    headers: authHeader,
    body: formData(serviceFields(fields), { image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg') }),
  });
  const body = (await response.json()) as Reply & { data: Service };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data;
}

async function setupContentApp<T>(options: ContentAppOptions) {
  const { deps, app, media, publisher, authHeader } = await signedInApp(options);
  const send = (method: string, path: string, body?: FormData | BodyInit, headers: Record<string, string> = {}) =>
    app.request(`${options.basePath}${path}`, {
      method,
      headers: { ...authHeader, ...headers },
      ...(body !== undefined ? { body } : {}),
    });
  const create = async (
    fields = options.fields(),
    upload: File | null = file(fileBytes.jpeg(), 'photo.jpg', 'image/jpeg'),
  ) => {
    const response = await send('POST', '', formData(fields, upload ? { [options.fileField]: upload } : {}));
    const body = (await response.json()) as Reply & { data: T };
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body.data;
  };
  const mediaKeys = () => [...media.items.keys()];
  return { deps, app, media, publisher, send, create, mediaKeys, authHeader };
}

export const setupServicesApp = (options: { stores?: Stores } = {}) =>
  setupContentApp<Service>({ basePath: '/api/admin/services', fileField: 'image', fields: serviceFields, ...options });

export const setupBannersApp = () =>
  setupContentApp<Banner>({ basePath: '/api/banners', fileField: 'media', fields: bannerFields });

/** The media store's key of a /media/… URL. */
export const keyOf = (url: string) => url.replace(/^\/media\//, '');
