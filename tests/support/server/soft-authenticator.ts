// A software passkey for API tests: an ES256 key pair that answers WebAuthn ceremonies the way a browser and an
// authenticator would (attestation "none", CBOR by @simplewebauthn/server's own helpers), so the server's real
// verification runs without a browser. The browser tests use Chromium's virtual authenticator instead.
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

export interface SoftPasskeyOptions {
  /** The page's origin the browser would report, e.g. http://localhost:8888. */
  origin: string;
  /** The relying party id; by default the origin's host name. */
  rpId?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  /** The user handle the server gave at registration (sent back on sign-in, as a discoverable credential does). */
  userHandle: string | undefined;

  constructor(private readonly options: SoftPasskeyOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private rpIdHash(): Buffer {
    const rpId = this.options.rpId ?? new URL(this.options.origin).hostname;
    return createHash('sha256').update(rpId).digest();
  }

  private clientData(type: string, challenge: string, origin = this.options.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (only `challenge` and `user.id` are read). */
  register(options: { challenge: string; user: { id: string } }, overrides: { origin?: string } = {}) {
    this.userHandle = options.user.id;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const noStatement = new Map<string, string>();
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', noStatement],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, overrides.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to sign-in options (only `challenge` is read); each answer counts up, as authenticators do. */
  signIn(options: { challenge: string }, overrides: { origin?: string; counter?: number } = {}) {
    this.counter = overrides.counter ?? this.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([0x05]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signer.sign(this.privateKey)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
