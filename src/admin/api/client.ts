// The admin's fetch client (docs/product-rules.md: "States", "Calls"): base '/api', 10 s timeout, Bearer token, any 401
// ends the session.
import type { z } from 'zod';
import { API_TIMEOUT_MS } from '../../shared/constants';
import { hasSignInHost, requestSignIn } from './reauth';
import { clearToken, getToken, renewalSettled } from './session';

export const API_BASE = '/api';

/** A failed call. `status` is 0 when no reply arrived (network failure, timeout, cancel). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `message`, when the reply carried one. */
    readonly serverMessage: string | null,
    readonly errors: Record<string, string> = {},
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The spec's rule for most failures: the server's message, else a fixed fallback text. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export const isCancelled = (error: unknown): boolean => error instanceof ApiError && error.cancelled;

let unauthorizedHandler: (() => void) | null = null;

/** The router registers a navigation so a 401 leaves through React Router instead of a full reload. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

const LOGIN_PATH = '/admin/login';

/**
 * Any 401: the token is cleared. Inside the portal's frame a sign-in dialog opens over the page, which keeps any form
 * as it is (docs/admin.md, "Session end"); elsewhere the visitor goes to /admin/login, which returns them afterwards.
 */
function handleUnauthorized(sentToken: string | null): void {
  // A request sent with a token that has since been renewed (docs/auth.md, "Sliding sessions") proves nothing about
  // the session now in use.
  if (isStale(sentToken)) return;
  clearToken();
  const path = window.location.pathname;
  if (!path.startsWith('/admin') || path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return;
  if (hasSignInHost()) requestSignIn();
  else if (unauthorizedHandler) unauthorizedHandler();
  else window.location.assign(LOGIN_PATH);
}

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** True when another token has replaced the one a request carried. */
function isStale(sentToken: string | null): boolean {
  const current = getToken();
  return sentToken !== null && current !== null && current !== sentToken;
}

interface ReplyShape {
  message: string | null;
  errors: Record<string, string>;
  success: boolean | null;
}

function readReply(body: unknown): ReplyShape {
  if (typeof body !== 'object' || body === null) return { message: null, errors: {}, success: null };
  const record = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (typeof record.errors === 'object' && record.errors !== null) {
    for (const [key, value] of Object.entries(record.errors)) if (typeof value === 'string') errors[key] = value;
  }
  return {
    message: typeof record.message === 'string' && record.message !== '' ? record.message : null,
    errors,
    success: typeof record.success === 'boolean' ? record.success : null,
  };
}

/** Turns a status and parsed body into the value or an ApiError; the callers deal with a 401's meaning. */
function settle<S extends z.ZodType>(status: number, body: unknown, schema: S): z.output<S> {
  const reply = readReply(body);
  if (status < 200 || status >= 300 || reply.success === false) {
    throw new ApiError(status, reply.message ?? `Request failed (${status})`, reply.message, reply.errors);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(status, 'Unexpected reply from the server', null);
  return parsed.data;
}

/**
 * Fired on `window` once a change to services, banners or the site settings has succeeded, so the top bar's publishing status can change
 * the moment a save lands instead of at the next poll or navigation (docs/publishing.md, "In the portal").
 */
export const CONTENT_SAVED_EVENT = 'sg:content-saved';
const CONTENT_PATH = /^\/(admin\/services|admin\/site-settings|banners)(\/|$)/;

function announceContentSaved(method: string, path: string): void {
  if (method !== 'GET' && CONTENT_PATH.test(path)) window.dispatchEvent(new Event(CONTENT_SAVED_EVENT));
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** The renewal request itself: its own 401 must not wait for the renewal it is part of. */
  isRenewal?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * One API call, its reply validated by `schema`. Throws ApiError on any failure. A 401 for a token that was renewed
 * while the request was under way is tried once more with the new token.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const sentToken = getToken();
  try {
    return await requestOnce(path, schema, options, sentToken);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // A renewal may be replacing the token right now (the server retires the old one first): see which one stays.
    if (!options.isRenewal) await renewalSettled();
    if (!isStale(sentToken)) {
      handleUnauthorized(sentToken);
      throw error;
    }
    const retryToken = getToken();
    try {
      return await requestOnce(path, schema, options, retryToken);
    } catch (retryError) {
      if (retryError instanceof ApiError && retryError.status === 401) handleUnauthorized(retryToken);
      throw retryError;
    }
  }
}

async function requestOnce<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions,
  sentToken: string | null,
): Promise<z.output<S>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(sentToken) };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    const cancelled = !timedOut && (options.signal?.aborted ?? false);
    throw new ApiError(0, timedOut ? 'The request timed out' : 'Network error', null, {}, cancelled);
  } finally {
    window.clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
  const parsedBody: unknown = await response.json().catch(() => null);
  const value = settle(response.status, parsedBody, schema);
  announceContentSaved(options.method ?? 'GET', path);
  return value;
}

export interface SendOptions {
  method: 'POST' | 'PUT';
  body: FormData | Blob;
  /** Content type for a Blob body (FormData sets its own). */
  contentType?: string;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Aborts when no upload progress and no reply arrived for this long. */
  idleTimeoutMs?: number;
}

/**
 * A request with upload progress, which fetch cannot report. The 10 s limit applies to silence, not to the whole
 * transfer: a 4 MB chunk from a phone on a slow link can take longer than 10 s while still moving.
 */
export function apiSend<S extends z.ZodType>(path: string, schema: S, options: SendOptions): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const idleMs = options.idleTimeoutMs ?? API_TIMEOUT_MS;
    let idleTimer = 0;
    let timedOut = false;
    const armIdle = () => {
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idleMs);
    };
    const onAbort = () => xhr.abort();
    const cleanup = () => {
      window.clearTimeout(idleTimer);
      options.signal?.removeEventListener('abort', onAbort);
    };

    xhr.open(options.method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const sentToken = getToken();
    for (const [name, value] of Object.entries(authHeaders(sentToken))) xhr.setRequestHeader(name, value);
    if (!(options.body instanceof FormData)) {
      xhr.setRequestHeader('Content-Type', options.contentType ?? 'application/octet-stream');
    }
    xhr.upload.onprogress = (event) => {
      armIdle();
      options.onProgress?.(
        event.loaded,
        event.lengthComputable ? event.total : options.body instanceof Blob ? options.body.size : 0,
      );
    };
    xhr.onprogress = armIdle;
    xhr.onload = () => {
      cleanup();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      if (xhr.status === 401) void renewalSettled().then(() => handleUnauthorized(sentToken));
      try {
        const value = settle(xhr.status, body, schema);
        announceContentSaved(options.method, path);
        resolve(value);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => {
      cleanup();
      reject(new ApiError(0, 'Network error', null));
    };
    xhr.onabort = () => {
      cleanup();
      const cancelled = !timedOut;
      reject(new ApiError(0, timedOut ? 'The request timed out' : 'Cancelled', null, {}, cancelled));
    };

    if (options.signal?.aborted) {
      reject(new ApiError(0, 'Cancelled', null, {}, true));
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    armIdle();
    xhr.send(options.body);
  });
}
