import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { mergeLocaleFiles } from '../lib/locale-files';
import { LOCALES, type Locale } from '@shared/locale';

const dir = new URL('.', import.meta.url).pathname;
const files: Record<string, { default: Record<string, unknown> }> = {};
for (const lang of LOCALES)
  for (const f of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')))
    files[`../locales/${lang}/${f}`] = { default: JSON.parse(readFileSync(join(dir, lang, f), 'utf8')) };
// The English of the server's messages is the server's catalogue, as lib/bundles/en.ts adds it.
files['../locales/en/server-messages.json'] = {
  default: JSON.parse(readFileSync(join(dir, '../../../server/src/shared/server-messages.json'), 'utf8')),
};

const en = mergeLocaleFiles(files, 'en');
const ar = mergeLocaleFiles(files, 'ar');

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
const get = (obj: any, path: string) => path.split('.').reduce((o, k) => o?.[k], obj);

// i18next's plural keys (`key_one`, `key_other`, …): the forms each language's plural rules use. Arabic has six.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const FORMS = { en: ['one', 'other'], ar: ['zero', 'one', 'two', 'few', 'many', 'other'] };
/** The keys with plural suffixes folded into their base key, and each base key's forms. */
function byBase(tree: Record<string, unknown>) {
  const bases = new Map<string, string[]>();
  for (const k of keys(tree)) {
    const form = PLURAL.exec(k)?.[1];
    const base = form ? k.slice(0, -form.length - 1) : k;
    bases.set(base, [...(bases.get(base) ?? []), ...(form ? [form] : [])]);
  }
  return bases;
}
const enBases = byBase(en);
const arBases = byBase(ar);

describe('translations', () => {
  it('Arabic has every English key and no extra ones (plural keys counted once)', () => {
    expect([...arBases.keys()].sort()).toEqual([...enBases.keys()].sort());
  });
  it('a plural key has every form of each language (English two, Arabic six) and a plain key none', () => {
    for (const [base, forms] of enBases) {
      const arForms = arBases.get(base) ?? [];
      if (!forms.length && !arForms.length) continue;
      expect(forms.sort(), `en ${base}`).toEqual([...FORMS.en].sort());
      expect(arForms.sort(), `ar ${base}`).toEqual([...FORMS.ar].sort());
    }
  });
  it('every Arabic string is filled, keeps the same {{placeholders}}, and is not left in English', () => {
    for (const [base, forms] of enBases) {
      if (!forms.length) {
        const a = get(ar, base) as string;
        expect(a.trim(), base).not.toBe('');
        expect(placeholders(a), base).toEqual(placeholders(get(en, base)));
        continue;
      }
      // A plural form may spell its number out ("مورد واحد", "موردان"): it uses no placeholder English lacks, and
      // the general form ("other") keeps them all.
      const enAll = new Set(forms.flatMap((f) => placeholders(get(en, `${base}_${f}`))));
      for (const f of FORMS.ar) {
        const a = get(ar, `${base}_${f}`) as string;
        expect(a.trim(), `${base}_${f}`).not.toBe('');
        for (const ph of placeholders(a)) expect(enAll.has(ph), `${base}_${f} ${ph}`).toBe(true);
      }
      expect(placeholders(get(ar, `${base}_other`)), base).toEqual(placeholders(get(en, `${base}_other`)));
    }
    const untranslated = keys(en).filter((k) => /[a-z]{4,}/.test(get(en, k)) && get(ar, k) === get(en, k));
    // The same in both: an address, the other language's own name, and a configuration line to type as it is.
    expect(untranslated.filter((k) => !['footer.email', 'nav.switchTo', 'admin.zatca.offExample'].includes(k))).toEqual([]);
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

describe('plural forms', () => {
  const t = async (lng: Locale) => {
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: lng === 'en' ? en : ar } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    return i18n.t.bind(i18n);
  };
  it('English says "1 view" and "2 views"', async () => {
    const en = await t('en');
    expect(en('market.views', { count: 1 })).toBe('1 view');
    expect(en('market.views', { count: 2 })).toBe('2 views');
    expect(en('market.list.count', { count: 1 })).toBe('1 resource');
    expect(en('reviews.summary', { rating: '4.5', count: 1 })).toBe('4.5 out of 5 (1 review)');
  });
  it('Arabic uses its six forms: none, one, two, 3–10, 11–99, 100 and more', async () => {
    const ar = await t('ar');
    const views = [0, 1, 2, 3, 11, 100].map((count) => ar('market.views', { count }));
    expect(views).toEqual(['لا مشاهدات', 'مشاهدة واحدة', 'مشاهدتان', '3 مشاهدات', '11 مشاهدة', '100 مشاهدة']);
    const resources = [0, 1, 2, 5, 24, 102].map((count) => ar('market.list.count', { count }));
    expect(resources).toEqual(['لا توجد موارد', 'مورد واحد', 'موردان', '5 موارد', '24 مورداً', '102 مورد']);
  });
});
