import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fullTitle, pageMeta, SITE_NAME, metaLocale } from '@shared/page-meta';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Each public page's own title, description and Open Graph tags. Applied after the providers' default
 * title (a parent effect runs after a child's), hence the zero timeout.
 */
export function usePageMeta(title: string | undefined, description?: string) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    if (!title) return;
    const id = window.setTimeout(() => {
      const brand = SITE_NAME[metaLocale(lang)];
      const full = fullTitle(title, lang);
      document.title = full;
      setMeta('property', 'og:title', full);
      setMeta('property', 'og:type', 'website');
      setMeta('property', 'og:site_name', brand);
      setMeta('property', 'og:locale', lang === 'ar' ? 'ar_SA' : 'en_US');
      setMeta('property', 'og:url', window.location.origin + window.location.pathname);
      if (description) {
        setMeta('name', 'description', description);
        setMeta('property', 'og:description', description);
      }
    }, 0);
    return () => window.clearTimeout(id);
  }, [title, description, lang]);
}

/** The meta of a public route from the shared table (server/src/shared/page-meta.ts), in the UI language. */
export function useRouteMeta(path: string) {
  const { i18n } = useTranslation();
  const meta = pageMeta(path, i18n.language);
  usePageMeta(meta?.title, meta?.description);
}
