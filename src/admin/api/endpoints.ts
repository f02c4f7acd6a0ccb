// Every API call the admin makes (docs/product-rules.md, "Calls" plus the inbox and uploads), each reply checked by a schema.
import { z } from 'zod';
import type { ContactMessage, MessageFolder } from '../../shared/schemas/contact';
import { DeviceListReplySchema } from '../../shared/schemas/device-approval';
import type { Category } from '../../shared/schemas/category';
import {
  apiSuccess,
  OkReplySchema as Ok,
  ResetTokenReplySchema,
  TokenReplySchema,
  AdminProfileReplySchema,
  AdminStatusReplySchema,
  BannerListReplySchema,
  CategoryListReplySchema,
  CommittedMediaReplySchema,
  ServiceListReplySchema,
  StoredServiceReplySchema,
  UploadChunkReplySchema,
  UploadSessionReplySchema,
} from '../../shared/schemas/replies';
import type { SiteSettingsInput } from '../../shared/schemas/site-settings';
import type { UPLOAD_PURPOSES } from '../../shared/schemas/upload';
import { ApiError, apiRequest, apiSend } from './client';

export type { CommittedMedia } from '../../shared/schemas/upload';

// Reply schemas are shared with the routes' tests (src/shared/schemas/replies.ts); none is written here.

/**
 * The site-settings and contact schemas carry the phone rule (libphonenumber-js and its metadata, about 50 KB gzip,
 * docs/phone-numbers.md), which the portal's first screens do not need: they load with the first call whose reply
 * they check, not with the portal.
 */
const settingsSchemas = () => import('../../shared/schemas/site-settings');
const contactSchemas = () => import('../../shared/schemas/contact');

// ---- Authentication ---------------------------------------------------------------------------------------------

/**
 * A known browser gets a token. A new one gets 202 with `success: false` and `verificationRequired`
 * (ApprovalRequiredReplySchema, docs/auth.md "New devices"), which apiRequest throws as an ApiError of that status:
 * see `approvalRequiredMessage`.
 */
export const APPROVAL_REQUIRED_STATUS = 202;

/** The server's "check your e-mail" message when a login error is the new-device step, else null. */
export function approvalRequiredMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === APPROVAL_REQUIRED_STATUS ? error.message : null;
}

export const auth = {
  login: (username: string, password: string) =>
    apiRequest('/admin/auth/login', TokenReplySchema, { method: 'POST', json: { username, password } }),
  /** Completes this browser's pending sign-in with the e-mailed code. */
  approveDevice: (code: string) =>
    apiRequest('/admin/auth/approve-device', TokenReplySchema, { method: 'POST', json: { code } }),
  resendApproval: () => apiRequest('/admin/auth/resend-approval', Ok, { method: 'POST', json: {} }),
  devices: (signal?: AbortSignal) => apiRequest('/admin/auth/devices', DeviceListReplySchema, signal ? { signal } : {}),
  signOutEverywhere: () => apiRequest('/admin/auth/sign-out-everywhere', Ok, { method: 'POST', json: {} }),
  /** Public: whether an admin exists yet, and whether creating the first one needs the setup code. */
  status: (signal?: AbortSignal) => apiRequest('/admin/auth/status', AdminStatusReplySchema, signal ? { signal } : {}),
  init: (username: string, email: string, password: string, setupCode?: string) =>
    apiRequest('/admin/auth/init', TokenReplySchema, {
      method: 'POST',
      json: { username, email, password, ...(setupCode ? { setupCode } : {}) },
    }),
  forgotPassword: (email: string) => apiRequest('/admin/auth/forgot-password', Ok, { method: 'POST', json: { email } }),
  verifyResetOtp: (email: string, otp: string) =>
    apiRequest('/admin/auth/verify-reset-otp', ResetTokenReplySchema, {
      method: 'POST',
      json: { email, otp },
    }),
  resetPassword: (resetToken: string, newPassword: string) =>
    apiRequest('/admin/auth/reset-password', Ok, { method: 'POST', json: { resetToken, newPassword } }),
  verify: (signal?: AbortSignal) => apiRequest('/admin/auth/verify', Ok, signal ? { signal } : {}),
  profile: (signal?: AbortSignal) =>
    apiRequest('/admin/auth/profile', AdminProfileReplySchema, signal ? { signal } : {}),
  changeEmail: (newEmail: string, currentPassword: string) =>
    apiRequest('/admin/auth/change-email', AdminProfileReplySchema, {
      method: 'PUT',
      json: { newEmail, currentPassword },
    }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiRequest('/admin/auth/change-password', TokenReplySchema, {
      method: 'PUT',
      json: { currentPassword, newPassword },
    }),
  logout: () => apiRequest('/admin/auth/logout', z.unknown(), { method: 'POST' }),
};

// ---- Services -----------------------------------------------------------------------------------------------------

// The edit form reads a stored service leniently (src/shared/schemas/service.ts, StoredServiceSchema).
export { StoredServiceSchema, type StoredService } from '../../shared/schemas/service';

export const services = {
  list: (signal?: AbortSignal) => apiRequest('/admin/services', ServiceListReplySchema, signal ? { signal } : {}),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest(`/admin/services/${encodeURIComponent(id)}`, StoredServiceReplySchema, signal ? { signal } : {}),
  /** The image is uploaded first (useMediaUpload), so the body is small text fields and the image's URL. */
  save: (id: string | null, form: FormData) =>
    apiRequest(id ? `/admin/services/${encodeURIComponent(id)}` : '/admin/services', Ok, {
      method: id ? 'PUT' : 'POST',
      form,
    }),
  remove: (id: string) => apiRequest(`/admin/services/${encodeURIComponent(id)}`, Ok, { method: 'DELETE' }),
  /** Every service id in the new site order (docs/content-api.md, "Order"). */
  reorder: (ids: readonly string[]) => apiRequest('/admin/services/order', Ok, { method: 'PUT', json: { ids } }),
};

// ---- Banners ------------------------------------------------------------------------------------------------------

export const banners = {
  /** With the admin token the public list answers every banner, active or not. */
  list: (signal?: AbortSignal) => apiRequest('/banners', BannerListReplySchema, signal ? { signal } : {}),
  save: (id: string | null, form: FormData) =>
    apiRequest(id ? `/banners/${encodeURIComponent(id)}` : '/banners', Ok, { method: id ? 'PUT' : 'POST', form }),
  remove: (id: string) => apiRequest(`/banners/${encodeURIComponent(id)}`, Ok, { method: 'DELETE' }),
  reorder: (ids: readonly string[]) => apiRequest('/admin/banners/order', Ok, { method: 'PUT', json: { ids } }),
};

// ---- Site settings (docs/site-settings.md) -------------------------------------------------------------------------

export const siteSettings = {
  get: async (signal?: AbortSignal) =>
    apiRequest(
      '/admin/site-settings',
      apiSuccess((await settingsSchemas()).SiteSettingsSchema),
      signal ? { signal } : {},
    ),
  /** `updatedAt` is the version the form loaded: a save over a newer one answers 409. */
  save: async (input: SiteSettingsInput, updatedAt: string | null) =>
    apiRequest('/admin/site-settings', apiSuccess((await settingsSchemas()).SiteSettingsSchema), {
      method: 'PUT',
      json: { ...input, updatedAt },
    }),
};

// ---- Categories (docs/categories.md) ------------------------------------------------------------------------------

export const categories = {
  list: (signal?: AbortSignal) => apiRequest('/admin/categories', CategoryListReplySchema, signal ? { signal } : {}),
  /** The whole ordered list: adds, reorders, hides and deletes are all one save. */
  save: (list: readonly Category[]) =>
    apiRequest('/admin/categories', CategoryListReplySchema, { method: 'PUT', json: { categories: list } }),
  /** Renames one category; the server moves its services along. */
  rename: (from: string, to: string) =>
    apiRequest('/admin/categories/rename', CategoryListReplySchema, { method: 'POST', json: { from, to } }),
};

// ---- Chunked uploads ----------------------------------------------------------------------------------------------

const COMMIT_TIMEOUT_MS = 60_000;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploads = {
  start: (size: number, contentType: string, purpose: UploadPurpose, signal?: AbortSignal) =>
    apiRequest('/admin/uploads', UploadSessionReplySchema, {
      method: 'POST',
      json: { size, contentType, purpose },
      ...(signal ? { signal } : {}),
    }),
  chunk: (uploadId: string, index: number, bytes: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal) =>
    apiSend(`/admin/uploads/${encodeURIComponent(uploadId)}/chunks/${index}`, UploadChunkReplySchema, {
      method: 'PUT',
      body: bytes,
      contentType: 'application/octet-stream',
      onProgress: (loaded) => onProgress(loaded),
      ...(signal ? { signal } : {}),
    }),
  commit: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(`/admin/uploads/${encodeURIComponent(uploadId)}/commit`, CommittedMediaReplySchema, {
      method: 'POST',
      // The server joins and checks up to 50 MB here (measured: about 4 s for 30 MB locally), so the usual 10 s
      // would cut off a slow but healthy commit; a function may run 60 s, so that is the limit.
      timeoutMs: COMMIT_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    }),
  abort: (uploadId: string) =>
    apiRequest(`/admin/uploads/${encodeURIComponent(uploadId)}`, z.unknown(), { method: 'DELETE' }),
};

// ---- Messages inbox -----------------------------------------------------------------------------------------------

export interface MessageListOptions {
  folder?: MessageFolder;
  limit?: number;
  /** The previous reply's nextCursor. */
  cursor?: string | null;
}

export const messages = {
  /** One page of a folder, bodies left out (docs/admin.md, "Messages"). */
  list: async (options: MessageListOptions = {}, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (options.folder) query.set('folder', options.folder);
    if (options.limit) query.set('limit', String(options.limit));
    if (options.cursor) query.set('cursor', options.cursor);
    const text = query.toString();
    const search = text ? `?${text}` : '';
    const { MessageListReplySchema } = await contactSchemas();
    return apiRequest(`/admin/messages${search}`, MessageListReplySchema, signal ? { signal } : {});
  },
  /** One message, whole. */
  get: async (id: string, signal?: AbortSignal) =>
    apiRequest(
      `/admin/messages/${encodeURIComponent(id)}`,
      apiSuccess((await contactSchemas()).ContactMessageSchema),
      signal ? { signal } : {},
    ),
  setStatus: async (id: string, status: ContactMessage['status']) =>
    apiRequest(`/admin/messages/${encodeURIComponent(id)}`, apiSuccess((await contactSchemas()).ContactMessageSchema), {
      method: 'PATCH',
      json: { status },
    }),
  remove: (id: string) => apiRequest(`/admin/messages/${encodeURIComponent(id)}`, Ok, { method: 'DELETE' }),
};
