import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256' as const;

/** What an access token says: whose it is and the session version it was issued under. */
export interface TokenClaims {
  sub: string;
  ver: number;
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

export function signAccessToken(userId: string, version: number, secret: string, expiresIn: string): string {
  return jwt.sign({ ver: version }, hmacKey(secret), {
    algorithm: ALGORITHM,
    subject: userId,
    expiresIn: expiresIn as jwt.SignOptions['expiresIn'],
  });
}

/**
 * The claims of a valid, unexpired HS256 token signed with our secret, else null. A token without `ver` (issued
 * before session versions existed) counts as version 0, so it lives until its account's first sign-out everywhere.
 */
export function verifyAccessToken(token: string, secret: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, hmacKey(secret), { algorithms: [ALGORITHM] });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string') return null;
    const ver = claims.ver ?? 0;
    return Number.isSafeInteger(ver) ? { sub: claims.sub, ver } : null;
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
