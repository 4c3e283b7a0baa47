/**
 * The mail strings (server/src/integrations/mail/locales): both languages have the same keys, every string is
 * filled, and each keeps the other's {{placeholders}}, so no mail goes out half-translated or with a hole.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../server/src/integrations/mail/locales/${lang}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const en = load('en');
const ar = load('ar');

function leaves(obj: Record<string, unknown>, prefix = ''): Array<[string, unknown]> {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}
const placeholders = (s: string) => [...new Set(s.match(/{{\s*\w+\s*}}/g)?.map((p) => p.replace(/\s/g, '')) ?? [])].sort();
const enStrings = new Map(leaves(en));
const arStrings = new Map(leaves(ar));

describe('mail strings', () => {
  it('Arabic and English have the same keys', () => {
    expect([...arStrings.keys()].sort()).toEqual([...enStrings.keys()].sort());
    expect(enStrings.size).toBeGreaterThan(100);
  });

  it('every string is a filled string in both languages', () => {
    for (const [key, value] of [...enStrings, ...arStrings]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('each language uses the same placeholders as the other', () => {
    for (const [key, value] of enStrings) expect(placeholders(String(arStrings.get(key) ?? '')), key).toEqual(placeholders(String(value)));
  });

  it('an Arabic string is written in Arabic, not left in English', () => {
    // Labels such as "PDF" or "VAT 15%" sit inside Arabic sentences; a string with no Arabic letter is untranslated.
    for (const [key, value] of arStrings) expect(String(value).replace(/{{\w+}}/g, ''), key).toMatch(/[\u0600-\u06FF]/);
  });
});
