import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeLocaleFiles } from './locale-files';
import { STORAGE_KEYS } from '../config/env';

/** Every client/src/locales/{en,ar}/*.json file (one per feature), merged into one resource per language. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const en = mergeLocaleFiles(files, 'en');
const ar = mergeLocaleFiles(files, 'ar');

export type Language = 'en' | 'ar';
export const LANGUAGES: Language[] = ['en', 'ar'];

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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false, // i18next's console advert on every page load
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  applyDocumentLanguage(lng);
});

export default i18n;
