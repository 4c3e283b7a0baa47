import { useEffect, type RefObject } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fullTitle } from '@shared/page-meta';

/**
 * The tab title of a page without meta of its own (signed-in pages: dashboard, host and admin pages, checkout) is its
 * main heading, "Earnings | Mawarid", so that several open tabs and a screen reader's page list tell them apart
 * (WCAG 2.4.2). Public pages set their own title and description (page-meta.ts) and are left alone. The heading is
 * watched rather than read once: most of these pages draw it after their data or code arrives.
 */
export function useTitleFromHeading(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ownMeta = Boolean((matches.at(-1)?.handle as { ssr?: boolean } | undefined)?.ssr);
  useEffect(() => {
    const root = main.current;
    if (ownMeta || !root) return;
    const apply = () => {
      const text = root.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      // Until the heading is drawn (or on a page without one), the site's own title rather than the last page's.
      const title = text ? fullTitle(text, lang) : t('common.defaultPageTitle');
      if (document.title !== title) document.title = title;
    };
    // After the providers' default title, which a parent's effect sets after this one (as page-meta.ts does).
    const first = window.setTimeout(apply, 0);
    const watcher = new MutationObserver(apply);
    watcher.observe(root, { subtree: true, childList: true, characterData: true });
    return () => {
      window.clearTimeout(first);
      watcher.disconnect();
    };
  }, [main, pathname, lang, ownMeta, t]);
}
