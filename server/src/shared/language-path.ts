/**
 * Language URLs: each public page has an English address (`/resources`) and an Arabic one (`/ar/resources`), so that
 * search engines index both and a shared link opens in the language it was shared in. An address without the prefix
 * keeps the visitor's own choice (stored, cookie, Accept-Language) and is the `x-default`. One rule for the server
 * (page shell, drawing, sitemap) and the client (router basename, language switch).
 */
import type { Locale } from './locale.js';

export const ARABIC_BASE = '/ar';

/** The language an address names (null: none, the visitor's own) and the app's path inside it. */
export function splitLanguagePath(pathname: string): { language: 'ar' | null; path: string } {
  if (pathname === ARABIC_BASE || pathname.startsWith(`${ARABIC_BASE}/`))
    return { language: 'ar', path: pathname.slice(ARABIC_BASE.length) || '/' };
  return { language: null, path: pathname };
}

/** The address of the app's `path` in a language: `/ar/…` for Arabic, the path itself for English. */
export function languagePath(language: Locale, path: string): string {
  if (language === 'en') return path;
  return path === '/' ? ARABIC_BASE : `${ARABIC_BASE}${path}`;
}
