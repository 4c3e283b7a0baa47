import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeLocaleFiles } from '../lib/locale-files';

const dir = new URL('.', import.meta.url).pathname;
const files: Record<string, { default: Record<string, unknown> }> = {};
for (const lang of ['en', 'ar'])
  for (const f of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')))
    files[`../locales/${lang}/${f}`] = { default: JSON.parse(readFileSync(join(dir, lang, f), 'utf8')) };

const en = mergeLocaleFiles(files, 'en');
const ar = mergeLocaleFiles(files, 'ar');

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
const get = (obj: any, path: string) => path.split('.').reduce((o, k) => o?.[k], obj);

describe('translations', () => {
  it('Arabic has every English key and no extra ones', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });
  it('every Arabic string is filled, keeps the same {{placeholders}}, and is not left in English', () => {
    for (const k of keys(en)) {
      const a = get(ar, k) as string;
      expect(a.trim(), k).not.toBe('');
      expect(placeholders(a), k).toEqual(placeholders(get(en, k)));
    }
    const untranslated = keys(en).filter((k) => /[a-z]{4,}/.test(get(en, k)) && get(ar, k) === get(en, k));
    expect(untranslated.filter((k) => !['footer.email', 'nav.switchTo'].includes(k))).toEqual([]);
  });
  it('merging refuses a key defined in two files', () => {
    expect(() =>
      mergeLocaleFiles(
        { 'a/locales/en/x.json': { default: { a: { b: '1' } } }, 'a/locales/en/y.json': { default: { a: { b: '2' } } } },
        'en',
      ),
    ).toThrow(/Duplicate/);
  });
});
