// The /api/admin/services test app: the real app over an embedded store in memory, signed in as the admin.
import { expect } from 'vitest';
import type { Service } from '../../../src/shared/schemas/service';
import { createApp } from '../../../src/server/app';
import { createMemoryMediaStore } from '../../../src/server/media/memory';
import type { Stores } from '../../../src/server/stores/types';
import { createAdminSession, createTestDeps } from './admin-session';
import { createRecordingPublisher, file, fileBytes, formData, serviceFields } from './content';

export type Reply = { success: boolean; message?: string; errors?: Record<string, string>; data?: unknown };

export async function setupServicesApp(options: { stores?: Stores } = {}) {
  const media = createMemoryMediaStore();
  const publisher = createRecordingPublisher();
  const deps = createTestDeps({ media, publisher, ...(options.stores ? { stores: options.stores } : {}) });
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const send = (method: string, path: string, body?: FormData | BodyInit, headers: Record<string, string> = {}) =>
    app.request(`/api/admin/services${path}`, {
      method,
      headers: { ...authHeader, ...headers },
      ...(body !== undefined ? { body } : {}),
    });
  const create = async (
    fields = serviceFields(),
    image: File | null = file(fileBytes.jpeg(), 'photo.jpg', 'image/jpeg'),
  ) => {
    const response = await send('POST', '', formData(fields, image ? { image } : {}));
    const body = (await response.json()) as Reply & { data: Service };
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body.data;
  };
  const mediaKeys = () => [...media.items.keys()];
  return { deps, app, media, publisher, send, create, mediaKeys, authHeader };
}

/** The media store's key of a /media/… URL. */
export const keyOf = (url: string) => url.replace(/^\/media\//, '');
