// For the service and banner route tests: a new record's form posted, a save's reply, and files the media rules refuse,
// posted one at a time.
import { expect } from 'vitest';
import { file, formData } from '../../../tests/support/server/content';

/** The content test app's call to its resource (tests/support/server/content-app.ts). */
type Send = (method: string, path: string, body?: FormData | BodyInit) => Response | Promise<Response>;

/** POSTs a new record's form to the resource: its text fields and its files. */
export function postForm(send: Send, fields: Record<string, string>, files: Record<string, File> = {}) {
  return send('POST', '', formData(fields, files));
}

/** A file to post: its bytes, the name and the declared type it comes with. */
export type FileCase = [bytes: Uint8Array<ArrayBuffer>, name: string, type: string];

/** Posts each file with `post` and expects 415 with `message`; a failure names the file. */
export async function expectEachRefused(
  cases: readonly FileCase[],
  post: (upload: File) => Response | Promise<Response>,
  message: string,
): Promise<void> {
  for (const [bytes, name, type] of cases) {
    const response = await post(file(bytes, name, type));
    expect(response.status, name).toBe(415);
    expect(((await response.json()) as { message?: string }).message).toBe(message);
  }
}

/** Expects a successful save answered with `status` and `message`, and gives the saved record. */
export async function expectSaved<T>(response: Response, status: number, message: string): Promise<T> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { success: boolean; message?: string; data: T };
  expect(body).toMatchObject({ success: true, message });
  return body.data;
}
