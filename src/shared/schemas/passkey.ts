import { z } from 'zod';
import { IdSchema, requiredText, singleLine } from './common';

// Passkeys (WebAuthn) of the admin account (docs/auth.md, "Passkeys"). One schema per shape, shared by the Account
// Settings form and the API; the WebAuthn replies are checked here for shape and size only, and verified on the server
// by @simplewebauthn/server.

export const PASSKEY_MESSAGES = {
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  notFound: 'That passkey no longer exists',
  /** Every failed passkey sign-in gets the same answer: which check failed is nobody's business but the server's. */
  signInFailed: 'That passkey could not sign you in. Please try again or use your password.',
  registrationFailed: 'The passkey could not be added. Please try again.',
  alreadyRegistered: 'This passkey is already registered',
} as const;

export const PASSKEY_NAME_MAX = 60;

export const PasskeyNameSchema = singleLine(
  requiredText(
    'Please give the passkey a name',
    PASSKEY_NAME_MAX,
    `Name must be at most ${PASSKEY_NAME_MAX} characters`,
  ),
);

export const PasskeyRenameSchema = z.strictObject({ name: PasskeyNameSchema });
export type PasskeyRenameInput = z.output<typeof PasskeyRenameSchema>;

/** base64url text as WebAuthn's JSON encodes every binary field; capped so no reply can carry megabytes. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid encoding' });

const TransportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** What the browser's navigator.credentials.create() returns, in its JSON form. */
export const RegistrationResponseSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(4_000).optional(),
    transports: z.array(TransportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}),
});

/** What navigator.credentials.get() returns, in its JSON form. */
export const AuthenticationResponseSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}),
});

export const PasskeyRegisterSchema = z.strictObject({ name: PasskeyNameSchema, response: RegistrationResponseSchema });
export type PasskeyRegisterInput = z.output<typeof PasskeyRegisterSchema>;

export const PasskeySignInSchema = z.strictObject({ response: AuthenticationResponseSchema });

/** A passkey as Account Settings lists it: never the key material. */
export const PasskeySchema = z.object({
  id: IdSchema,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.output<typeof PasskeySchema>;
