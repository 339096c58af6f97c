/**
 * A software passkey for tests: an EC P-256 key made with node:crypto, answering WebAuthn registration (attestation
 * 'none') and authentication exactly as a browser's authenticator would, so the API's verification runs unchanged.
 * The counter can be set (a cloned authenticator sends an old one).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** The little CBOR the attestation needs: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3); b[0] = (major << 5) | 25; b.writeUInt16BE(n, 1); return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error('cbor: unsupported value');
}

export interface SoftPasskey {
  credentialId: string;
  counter: number;
  userHandle: string | null;
}

export class SoftAuthenticator {
  readonly credentialId = b64u(randomBytes(16));
  counter = 0;
  userHandle: string | null = null;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(readonly origin: string, readonly rpId: string, opts: { userVerified?: boolean } = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.userVerified = opts.userVerified ?? true;
  }

  userVerified: boolean;

  private authData(withCredential: boolean): Buffer {
    const flags = 0x01 | (this.userVerified ? 0x04 : 0) | (withCredential ? 0x40 : 0);
    const count = Buffer.alloc(4); count.writeUInt32BE(this.counter);
    const parts: Buffer[] = [sha256(this.rpId), Buffer.from([flags]), count];
    if (withCredential) {
      const jwk = this.publicKey.export({ format: 'jwk' });
      const cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
      const id = Buffer.from(this.credentialId, 'base64url');
      const len = Buffer.alloc(2); len.writeUInt16BE(id.length);
      parts.push(Buffer.alloc(16), len, id, cose);
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options. */
  register(options: Record<string, unknown>, over: { origin?: string } = {}): Record<string, unknown> {
    const user = options.user as { id?: string } | undefined;
    this.userHandle = user?.id ?? null;
    const attestation = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(true)]]));
    return {
      id: this.credentialId, rawId: this.credentialId, type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', String(options.challenge), over.origin)), attestationObject: b64u(attestation),
        transports: ['internal'],
      },
    };
  }

  /** The browser's answer to authentication options (the counter goes up by one unless `counter` is given). */
  authenticate(options: Record<string, unknown>, over: { counter?: number; origin?: string } = {}): Record<string, unknown> {
    this.counter = over.counter ?? this.counter + 1;
    const authData = this.authData(false);
    const clientData = this.clientData('webauthn.get', String(options.challenge), over.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.credentialId, rawId: this.credentialId, type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64u(clientData), authenticatorData: b64u(authData), signature: b64u(signature), ...(this.userHandle && { userHandle: this.userHandle }) },
    };
  }
}
