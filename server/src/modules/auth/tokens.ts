import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256' as const;

export interface TokenClaims {
  sub: string;
}

/**
 * The HMAC key as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to parse it as a PEM
 * public/private key and only falls back to a secret key when that throws: ≈ 1 ms of CPU on every sign and verify.
 */
const keys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

export function signAccessToken(userId: string, secret: string, expiresIn: string): string {
  return jwt.sign({}, hmacKey(secret), { algorithm: ALGORITHM, subject: userId, expiresIn: expiresIn as jwt.SignOptions['expiresIn'] });
}

/** Returns the user id, or null for anything but a valid, unexpired HS256 token signed with our secret. */
export function verifyAccessToken(token: string, secret: string): string | null {
  try {
    const claims = jwt.verify(token, hmacKey(secret), { algorithms: [ALGORITHM] });
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
