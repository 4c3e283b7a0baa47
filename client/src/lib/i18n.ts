import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/env';
import { splitLanguagePath } from '@shared/language-path';
import { isLocale, type Locale } from '@shared/locale';

/**
 * Each language's strings (client/src/locales/<lang>/*.json, merged into one resource) are a chunk of their own,
 * so a visit downloads only the language in use; the other is fetched when the visitor switches to it (or a page
 * asks for it, e.g. the bilingual invoice title). i18next waits for it before it changes language.
 */
const BUNDLES: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./bundles/en'),
  ar: () => import('./bundles/ar'),
};

const bundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = BUNDLES[language as Locale];
    if (!load) return callback(new Error(`No strings for language "${language}"`), false);
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

/** False while a public page is rendered on the server (entry-server.tsx), which uses an instance of its own per request. */
const inBrowser = typeof document !== 'undefined';

/** The cookie that tells the server which language to render a page in (the same choice as the stored one). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The visitor's choice if stored; else the language the server rendered the page in (it read ?lang, the cookie or
 * Accept-Language), so the page the browser takes over is in the language it was drawn in; else the browser's.
 */
function initialLanguage(): Locale {
  if (splitLanguagePath(location.pathname).language) return 'ar'; // an Arabic address is Arabic, whatever was chosen before
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  if (isLocale(stored)) return stored;
  const served = document.documentElement.lang;
  if (isLocale(served)) return served;
  return navigator.language?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export const dirOf = (lng: string) => (lng === 'ar' ? 'rtl' : 'ltr');

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
  document.documentElement.dir = dirOf(lng);
}

/** The visitor's own choice (stored), told to the server too; without one the server goes by Accept-Language. */
function rememberLanguage(lng: string) {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

const lng = inBrowser ? initialLanguage() : 'en';
// Synchronous start (initAsync: false): the language is set at once and its strings are requested now; the
// promise settles when they have arrived. Arabic does not fall back to English (the locale tests keep both
// complete), so an Arabic visit never downloads the English strings.
const init = inBrowser
  ? i18n
      .use(bundles)
      .use(initReactI18next)
      .init({
        lng,
        fallbackLng: { ar: [], default: ['en'] },
        initAsync: false,
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false, // i18next's console advert on every page load
      })
  : Promise.resolve();
if (inBrowser) {
  applyDocumentLanguage(lng);
  if (localStorage.getItem(STORAGE_KEYS.language) === lng) rememberLanguage(lng); // a choice made before the cookie existed
}

/** Settles once the first language's strings are in: render after it, so no untranslated key ever shows. */
export const i18nReady: Promise<void> = init.then(() => {
  i18n.on('languageChanged', (l) => {
    rememberLanguage(l);
    applyDocumentLanguage(l);
  });
});

/**
 * Switches the UI language once its strings have been downloaded (the page stays in the current language
 * meanwhile). Resolves false, without switching, when they could not be loaded.
 */
export async function switchLanguage(to: Locale): Promise<boolean> {
  // On an Arabic address, English is the same page at its English address (the app's base changes: a page load).
  const { language, path } = splitLanguagePath(location.pathname);
  if (language && to === 'en') {
    rememberLanguage('en');
    location.assign(path + location.search + location.hash);
    return true;
  }
  await i18n.loadLanguages(to);
  if (!i18n.hasResourceBundle(to, 'translation')) return false;
  await i18n.changeLanguage(to);
  return true;
}

export default i18n;
