import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  cid: string;
  sv: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ cid: claims.cid, sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, 'expired', or 'invalid'. */
  async verifyAccess(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sv !== 'number') return 'invalid';
      return { sub: payload.sub, cid: payload.cid, sv: payload.sv };
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
