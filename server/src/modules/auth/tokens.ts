import { createHash, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256' as const;

export interface TokenClaims {
  sub: string;
}

export function signAccessToken(userId: string, secret: string, expiresIn: string): string {
  return jwt.sign({}, secret, { algorithm: ALGORITHM, subject: userId, expiresIn: expiresIn as jwt.SignOptions['expiresIn'] });
}

/** Returns the user id, or null for anything but a valid, unexpired HS256 token signed with our secret. */
export function verifyAccessToken(token: string, secret: string): string | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    return typeof claims === 'object' && typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
