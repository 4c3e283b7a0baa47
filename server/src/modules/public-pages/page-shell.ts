import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import type { Deps } from '../../deps.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BusinessServiceService } from '../business-services/business-service.service.js';
import { fullTitle, metaLocale, pageMeta, SITE_NAME, type MetaLocale, type PageMetaText } from '../../shared/page-meta.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with the page's own title, description, Open Graph tags, language and direction. */
export function renderShell(html: string, opts: { meta: PageMetaText | undefined; locale: MetaLocale; url: string }): string {
  const { meta, locale, url } = opts;
  let out = html.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
  if (!meta) return out;
  const title = escapeHtml(fullTitle(meta.title, locale));
  const description = escapeHtml(meta.description);
  out = out.replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`);
  out = out.replace(/<meta\s+name="description"[^>]*>/, '');
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME[locale])}" />`,
    `<meta property="og:locale" content="${locale === 'ar' ? 'ar_SA' : 'en_US'}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join('\n    ');
  return out.replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * Serves the client's index.html for client-side routes, with per-page meta for crawlers and link previews
 * (they do not run JavaScript). Language: ?lang=ar or Accept-Language, else English. A business service
 * detail page gets its title and description from the database.
 */
export function pageShellHandler(deps: Deps, clientDist: string): RequestHandler {
  const file = join(clientDist, 'index.html');
  let cached: { mtime: number; html: string } | undefined;
  // Re-read when a new client build replaced the file (its hashed asset names change).
  const template = () => {
    const mtime = statSync(file).mtimeMs;
    if (!cached || cached.mtime !== mtime) cached = { mtime, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
  return async (req, res, next) => {
    try {
      const lang = typeof req.query.lang === 'string' ? req.query.lang : (req.acceptsLanguages('en', 'ar') || 'en');
      const locale = metaLocale(lang);
      let meta = pageMeta(req.path, locale);
      const service = /^\/services\/([a-z0-9-]{1,100})\/?$/.exec(req.path);
      if (!meta && service) {
        try {
          const s = await new BusinessServiceService(deps.orm.em.fork() as EntityManager, deps).get(service[1]!, locale);
          meta = { title: s.title, description: s.description };
        } catch {
          meta = undefined; // unknown service: the client shows 'Service not found'
        }
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Accept-Language');
      res.type('html').send(renderShell(template(), { meta, locale, url: `${deps.env.appUrl}${req.path}` }));
    } catch (err) {
      next(err);
    }
  };
}
