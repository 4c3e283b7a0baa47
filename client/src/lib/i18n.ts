import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/env';

export type Language = 'en' | 'ar';
export const LANGUAGES: Language[] = ['en', 'ar'];

/**
 * Each language's strings (client/src/locales/<lang>/*.json, merged into one resource) are a chunk of their own,
 * so a visit downloads only the language in use; the other is fetched when the visitor switches to it (or a page
 * asks for it, e.g. the bilingual invoice title). i18next waits for it before it changes language.
 */
const BUNDLES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./bundles/en'),
  ar: () => import('./bundles/ar'),
};

const bundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = BUNDLES[language as Language];
    if (!load) return callback(new Error(`No strings for language "${language}"`), false);
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  if (stored === 'en' || stored === 'ar') return stored;
  return navigator.language?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export const dirOf = (lng: string) => (lng === 'ar' ? 'rtl' : 'ltr');

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
  document.documentElement.dir = dirOf(lng);
}

const lng = initialLanguage();
// Synchronous start (initAsync: false): the language is set at once and its strings are requested now; the
// promise settles when they have arrived. Arabic does not fall back to English (the locale tests keep both
// complete), so an Arabic visit never downloads the English strings.
const init = i18n
  .use(bundles)
  .use(initReactI18next)
  .init({
    lng,
    fallbackLng: { ar: [], default: ['en'] },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false, // i18next's console advert on every page load
  });
applyDocumentLanguage(lng);

/** Settles once the first language's strings are in: render after it, so no untranslated key ever shows. */
export const i18nReady: Promise<void> = init.then(() => {
  i18n.on('languageChanged', (l) => {
    localStorage.setItem(STORAGE_KEYS.language, l);
    applyDocumentLanguage(l);
  });
});

/**
 * Switches the UI language once its strings have been downloaded (the page stays in the current language
 * meanwhile). Resolves false, without switching, when they could not be loaded.
 */
export async function switchLanguage(to: Language): Promise<boolean> {
  await i18n.loadLanguages(to);
  if (!i18n.hasResourceBundle(to, 'translation')) return false;
  await i18n.changeLanguage(to);
  return true;
}

export default i18n;
