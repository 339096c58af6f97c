import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  cid: string;
  sv: number;
  /** The sign-in's refresh-token family: logout revokes it, and file links issued to it stop working. */
  fam: string;
}

export class TokenService {
  /** Imported once: importing the raw secret on every request costs more than the signature check itself. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ cid: claims.cid, sv: claims.sv, fam: claims.fam })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * Tokens whose signature was already checked, with their expiry: a client sends the same token with every request
   * for its lifetime, and the check (WebCrypto HMAC, claims) costs more than the rest of a small request's
   * authentication. Only valid tokens are kept, so a forged one is checked every time.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  private static readonly MAX_VERIFIED = 10_000;

  /** Returns the claims, 'expired', or 'invalid'. */
  async verifyAccess(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sv !== 'number' || typeof payload.fam !== 'string') return 'invalid';
      const claims = { sub: payload.sub, cid: payload.cid, sv: payload.sv, fam: payload.fam };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= TokenService.MAX_VERIFIED) this.verified.clear();
        this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return claims;
    } catch (err) {
      return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
