import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/support/server/content-app';
import { Refusal } from '../refusal';
import { refusalToHttp, STATUS_OF_REFUSAL } from './errors';

describe('a rule’s refusal becomes a reply', () => {
  it('maps every reason to its status, and keeps message, field errors and the retry time', () => {
    const reply = refusalToHttp(new Refusal('too-many', 'Please wait.', { email: 'Please wait.' }, 90));
    expect(reply.status).toBe(429);
    expect(reply.message).toBe('Please wait.');
    expect(reply.errors).toEqual({ email: 'Please wait.' });
    expect(reply.headers).toEqual({ 'Retry-After': '90' });
    expect(refusalToHttp(new Refusal('not-found', 'Gone')).headers).toBeUndefined();
    expect(Object.values(STATUS_OF_REFUSAL)).toEqual([400, 401, 403, 404, 409, 413, 415, 429, 503]);
  });

  it('answers through the real app’s error handler with the JSON error shape', async () => {
    // A route of the real app whose rule refuses: deleting a service that does not exist is a 'not-found'.
    const { app, authHeader } = await signedInApp();
    const res = await app.request('/api/admin/services/507f1f77bcf86cd799439011', {
      method: 'DELETE',
      headers: authHeader,
    });
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body['success']).toBe(false);
    expect(Object.keys(body)).toEqual(['success', 'message']);
  });
});
