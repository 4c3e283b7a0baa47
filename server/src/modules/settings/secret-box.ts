import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (API keys in settings): AES-256-GCM with a 32-byte key derived from ENCRYPTION_KEY by
 * HKDF-SHA256, a random 96-bit IV per value, and the place the secret belongs to (e.g. "ai_chat.api_key")
 * as additional authenticated data, so a ciphertext copied to another field does not decrypt.
 * Stored form: "v1.<iv>.<tag>.<ciphertext>" (base64url).
 */
const VERSION = 'v1';

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from('mawarid/settings-secrets/v1'), 32));
}

export function encryptSecret(plain: string, secret: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The plain secret, or null when the value was not made with this key (e.g. ENCRYPTION_KEY changed). */
export function decryptSecret(stored: string, secret: string, aad: string): string | null {
  const [version, iv, tag, ct] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
