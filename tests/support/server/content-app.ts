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

async function setupContentApp<T>(options: ContentAppOptions) {
  const media = createMemoryMediaStore();
  const publisher = createRecordingPublisher();
  const deps = createTestDeps({ media, publisher, ...(options.stores ? { stores: options.stores } : {}) });
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
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
