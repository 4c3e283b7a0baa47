import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box.js';

const KEY = 'a'.repeat(64);

describe('secret box (AES-256-GCM, HKDF-derived key)', () => {
  it('round-trips, with a fresh IV every time', () => {
    const a = encryptSecret('sk-live-1234', KEY, 'ai_chat.api_key');
    const b = encryptSecret('sk-live-1234', KEY, 'ai_chat.api_key');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-live');
    expect(decryptSecret(a, KEY, 'ai_chat.api_key')).toBe('sk-live-1234');
    expect(decryptSecret(b, KEY, 'ai_chat.api_key')).toBe('sk-live-1234');
  });

  it('refuses another key, another place, or a tampered value', () => {
    const box = encryptSecret('mf-secret', KEY, 'myfatoorah.api_key');
    expect(decryptSecret(box, 'b'.repeat(64), 'myfatoorah.api_key')).toBeNull();
    expect(decryptSecret(box, KEY, 'ai_chat.api_key')).toBeNull();
    const [v, iv, tag, ct] = box.split('.');
    const flipped = ct[0] === 'A' ? 'B' + ct.slice(1) : 'A' + ct.slice(1);
    expect(decryptSecret([v, iv, tag, flipped].join('.'), KEY, 'myfatoorah.api_key')).toBeNull();
    expect(decryptSecret('not-a-box', KEY, 'myfatoorah.api_key')).toBeNull();
  });
});
