import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import {
  PASSKEY_MESSAGES,
  type AuthenticationResponseSchema,
  type Passkey,
  type PasskeyRegisterInput,
  type RegistrationResponseSchema,
} from '../../shared/schemas/passkey';
import type { PendingChallenge } from './passkey-challenge';
import type { AppDeps } from '../deps';
import type { Env } from '../env';
import { Refusal } from '../refusal';
import { DuplicateKeyError, type AdminRecord, type PasskeyRecord } from '../stores/types';
import { startSession, type SignedIn } from './admin-account';
import { AUTH_SETTINGS } from './settings';

// Passkeys (docs/auth.md, "Passkeys"): the WebAuthn ceremonies around @simplewebauthn/server, and the rules for the
// admin's list. Routes in routes/admin-passkeys.ts hold the challenge cookie and shape the replies.

/** The relying party: the site's own host name and origin, from SITE_URL (env.ts). */
export interface RelyingParty {
  rpID: string;
  rpName: string;
  origins: string[];
}

export function relyingParty(env: Env): RelyingParty {
  const site = new URL(env.SITE_URL);
  const origins = [site.origin];
  // `npm start` on another PORT without SITE_URL: the page is served from localhost on that port.
  if (env.runtime === 'local' && site.hostname === 'localhost') origins.push(`http://localhost:${env.PORT}`);
  return { rpID: site.hostname, rpName: 'Soul Guidance & Healing', origins: [...new Set(origins)] };
}

/** WebAuthn's user handle for the admin: the id's 12 bytes, so no name or address goes to the authenticator's list. */
const userHandle = (adminId: string) => new Uint8Array(Buffer.from(adminId, 'hex'));

export function publicPasskey(record: PasskeyRecord): Passkey {
  return { id: record._id, name: record.name, createdAt: record.createdAt, lastUsedAt: record.lastUsedAt };
}

/** Only the fields that are there: zod's optional output carries `undefined`, WebAuthn's JSON types do not. */
function defined<T extends Record<string, unknown>>(value: T) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

/** A browser's answer as the library takes it: what the browser left out is absent, never `undefined`. */
function libraryJson(input: z.output<typeof RegistrationResponseSchema>): RegistrationResponseJSON;
function libraryJson(input: z.output<typeof AuthenticationResponseSchema>): AuthenticationResponseJSON;
function libraryJson(
  input: z.output<typeof RegistrationResponseSchema> | z.output<typeof AuthenticationResponseSchema>,
): RegistrationResponseJSON | AuthenticationResponseJSON {
  const { response, authenticatorAttachment, ...rest } = input;
  return {
    ...rest,
    response: defined(response),
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
  } as RegistrationResponseJSON | AuthenticationResponseJSON;
}

/** The browser gives up when the challenge would expire anyway. */
const timeoutMs = AUTH_SETTINGS.passkeyChallengeLifetimeMs;

export async function registrationOptions(
  deps: AppDeps,
  admin: AdminRecord,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingParty(deps.env);
  const existing = await deps.stores.passkeys.listByAdmin(admin._id);
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: admin.username,
    userDisplayName: admin.username,
    userID: userHandle(admin._id),
    timeout: timeoutMs,
    attestationType: 'none',
    // The same authenticator twice would only clutter the list; the browser says it is already registered.
    excludeCredentials: existing.map((record) => ({ id: record.credentialId, transports: record.transports })),
    // Discoverable, so signing in needs no username: the browser offers the passkeys it holds for this site.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** Single use: of any number of answers to one challenge, on any instance, only the first goes on. */
async function claimChallenge(deps: AppDeps, pending: PendingChallenge): Promise<boolean> {
  return deps.stores.tokens.claimOnce(`webauthn:${pending.challenge}`, pending.expiresAt);
}

/** The library's reason, by error name only (its messages can quote the client's data). */
function logRefusal(what: string, error: unknown) {
  console.warn(`[passkeys] ${what} refused: ${error instanceof Error ? error.name : 'not verified'}`);
}

/** What every answer is checked against: this challenge, and this site's origins and id. */
function expectations(deps: AppDeps, pending: PendingChallenge) {
  const { rpID, origins } = relyingParty(deps.env);
  return {
    expectedChallenge: pending.challenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    requireUserVerification: false,
  };
}

/** R once verified: the registration result narrows on `verified`; the authentication result has one shape. */
type Verified<R> = [Extract<R, { verified: true }>] extends [never] ? R : Extract<R, { verified: true }>;

/** The library's check, verified or refused with `failed` (a throw and an unverified answer alike, logged by name). */
async function verifiedOr<R extends { verified: boolean }>(
  what: string,
  failed: Refusal,
  check: () => Promise<R>,
): Promise<Verified<R>> {
  try {
    const result = await check();
    if (!result.verified) throw new Error('not verified');
    return result as Verified<R>;
  } catch (error) {
    logRefusal(what, error);
    throw failed;
  }
}

export async function finishRegistration(
  deps: AppDeps,
  admin: AdminRecord,
  pending: PendingChallenge | null,
  input: PasskeyRegisterInput,
): Promise<Passkey> {
  const failed = new Refusal('invalid', PASSKEY_MESSAGES.registrationFailed);
  if (!pending || pending.adminId !== admin._id || !(await claimChallenge(deps, pending))) throw failed;
  const verification = await verifiedOr('registration', failed, () =>
    verifyRegistrationResponse({ response: libraryJson(input.response), ...expectations(deps, pending) }),
  );
  const { credential } = verification.registrationInfo;
  try {
    const record = await deps.stores.passkeys.create({
      adminId: admin._id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? input.response.response.transports ?? [],
      name: input.name,
    });
    return publicPasskey(record);
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw new Refusal('conflict', PASSKEY_MESSAGES.alreadyRegistered);
    throw error;
  }
}

export async function signInOptions(deps: AppDeps): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(deps.env);
  // No allowCredentials: the browser lists every passkey it holds for this site, and nothing about the account leaks.
  return generateAuthenticationOptions({ rpID, timeout: timeoutMs, userVerification: 'preferred' });
}

/**
 * A passkey sign-in. No password throttle applies: there is nothing to guess (each answer is a signature over a
 * fresh, single-use challenge), and a limit strangers could fill would be a way to keep the owner out again.
 */
export async function finishSignIn(
  deps: AppDeps,
  pending: PendingChallenge | null,
  response: z.output<typeof AuthenticationResponseSchema>,
): Promise<SignedIn> {
  const failed = new Refusal('unauthenticated', PASSKEY_MESSAGES.signInFailed);
  if (!pending || !(await claimChallenge(deps, pending))) throw failed;
  const record = await deps.stores.passkeys.findByCredentialId(response.id);
  const admin = record ? await deps.stores.admins.get(record.adminId) : null;
  if (!record || !admin) {
    logRefusal('sign-in', new Error('unknown credential'));
    throw failed;
  }
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandle(admin._id)).toString('base64url')) throw failed;
  const verification = await verifiedOr('sign-in', failed, () =>
    verifyAuthenticationResponse({
      response: libraryJson(response),
      ...expectations(deps, pending),
      credential: {
        id: record.credentialId,
        publicKey: new Uint8Array(Buffer.from(record.publicKey, 'base64url')),
        counter: record.counter,
        transports: record.transports,
      },
    }),
  );
  const { newCounter } = verification.authenticationInfo;
  await deps.stores.passkeys.markUsed(record._id, newCounter, new Date().toISOString());
  return { issued: await startSession(deps, admin), adminId: admin._id };
}

export async function listPasskeys(deps: AppDeps, admin: AdminRecord): Promise<Passkey[]> {
  return (await deps.stores.passkeys.listByAdmin(admin._id)).map(publicPasskey);
}

export async function renamePasskey(deps: AppDeps, admin: AdminRecord, id: string, name: string): Promise<Passkey> {
  const record = await deps.stores.passkeys.rename(admin._id, id, name);
  if (!record) throw new Refusal('not-found', PASSKEY_MESSAGES.notFound);
  return publicPasskey(record);
}

export async function removePasskey(deps: AppDeps, admin: AdminRecord, id: string): Promise<void> {
  if (!(await deps.stores.passkeys.delete(admin._id, id))) throw new Refusal('not-found', PASSKEY_MESSAGES.notFound);
}
