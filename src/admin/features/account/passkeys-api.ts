// The passkey calls (docs/auth.md, "Passkeys"), each reply checked by a schema. Kept beside Account Settings rather
// than in endpoints.ts so passkeys stay one folder; the login page's passkey button uses it too.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';
import { apiSuccess as okWith, OkReplySchema as Ok } from '../../../shared/schemas/replies';
import { PasskeySchema } from '../../../shared/schemas/passkey';
import { apiRequest } from '../../api/client';

const BASE = '/admin/auth/passkeys';
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The server builds the options with @simplewebauthn/server; here only their challenge is checked for shape. */
const hasChallenge = (value: unknown) =>
  typeof value === 'object' && value !== null && 'challenge' in value && typeof value.challenge === 'string';
const CreationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>(hasChallenge);
const RequestOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>(hasChallenge);

export const passkeysApi = {
  list: (signal?: AbortSignal) => apiRequest(BASE, okWith(z.array(PasskeySchema)), signal ? { signal } : {}),
  registrationOptions: () => apiRequest(`${BASE}/register/options`, okWith(CreationOptions), { method: 'POST' }),
  register: (name: string, response: RegistrationResponseJSON) =>
    apiRequest(`${BASE}/register`, okWith(PasskeySchema), { method: 'POST', json: { name, response } }),
  rename: (id: string, name: string) =>
    apiRequest(path(id), okWith(PasskeySchema), { method: 'PATCH', json: { name } }),
  remove: (id: string) => apiRequest(path(id), Ok, { method: 'DELETE' }),
  signInOptions: () => apiRequest(`${BASE}/sign-in/options`, okWith(RequestOptions), { method: 'POST' }),
  /** The spec's login reply: `{ success, token, message }`. */
  signIn: (response: AuthenticationResponseJSON) =>
    apiRequest(`${BASE}/sign-in`, Ok.extend({ token: z.string().min(1) }), { method: 'POST', json: { response } }),
};

/** What to say when the browser's passkey prompt ends without a passkey (cancelled, timed out, not allowed). */
export function passkeyPromptProblem(error: unknown, action: 'sign-in' | 'add'): string | null {
  if (!(error instanceof Error)) return null;
  if (
    error.name === 'InvalidStateError' ||
    ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
  ) {
    return 'This device already holds one of your passkeys for this site.';
  }
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
    return action === 'add'
      ? 'Adding the passkey was cancelled or timed out. Nothing was changed.'
      : 'Signing in with a passkey was cancelled or timed out. You can try again or use your password.';
  }
  if (error.name === 'SecurityError') {
    return 'Passkeys only work on the site’s own address. Open the admin from the site’s usual address and try again.';
  }
  return null;
}
