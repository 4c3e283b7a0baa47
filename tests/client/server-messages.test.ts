import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import './browser-globals';
import i18n from '../../client/src/lib/i18n';
import { translateServerMessage } from '../../client/src/lib/errors';

const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../client/src/locales/${lang}/server-messages.json`, import.meta.url), 'utf8'))
    .serverMessages as Record<string, string>;

describe('server messages shown in the UI', () => {
  it('are translated from the locale files in Arabic and left as the server wrote them in English', async () => {
    await i18n.changeLanguage('ar');
    expect(translateServerMessage('Invalid email or password')).toBe(load('ar').invalidCredentials);
    expect(translateServerMessage('Invalid email or password')).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(translateServerMessage('Something only the server knows')).toBe('Something only the server knows');
    await i18n.changeLanguage('en');
    expect(translateServerMessage('Invalid email or password')).toBe('Invalid email or password');
  });

  it('every English entry is an exact server message (the lookup key), every Arabic one is different', () => {
    const en = load('en');
    const ar = load('ar');
    for (const [key, english] of Object.entries(en)) {
      expect(english, key).toMatch(/^[A-Z]/);
      expect(ar[key], key).not.toBe(english);
    }
  });
});
