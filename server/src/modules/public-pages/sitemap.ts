import type { RequestHandler } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { BusinessServiceService } from '../business-services/business-service.service.js';
import { PAGE_META } from '../../shared/page-meta.js';
import { languagePath } from '../../shared/language-path.js';
import { escapeHtml } from '../../shared/escape.js';

/** Listings per sitemap: the protocol's limit is 50,000 addresses per file, and each listing has two. */
const MAX_LISTINGS = 20_000;

/** One page in both languages: an entry per address, each naming the other (and the English one as x-default). */
function entries(appUrl: string, path: string, lastmod?: string): string {
  const en = escapeHtml(`${appUrl}${languagePath('en', path)}`);
  const ar = escapeHtml(`${appUrl}${languagePath('ar', path)}`);
  const links =
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<url><loc>${en}</loc>${mod}${links}</url>\n<url><loc>${ar}</loc>${mod}${links}</url>\n`;
}

/**
 * `/sitemap.xml`: every public page, business service and active listing, in English and Arabic with their hreflang
 * alternates (the same addresses the pages name as canonical and alternates).
 */
export function sitemapHandler(deps: Deps): RequestHandler {
  return async (_req, res, next) => {
    try {
      const appUrl = deps.env.appUrl.replace(/\/$/, '');
      const em = deps.orm.em.fork() as EntityManager;
      const services = await new BusinessServiceService(em, deps).list('en');
      const listings = await em.getConnection().execute<Array<{ id: string; at: Date | string }>>(
        `select id, coalesce(reviewed_at, created_at) as at from resources
           where status = 'active' and deleted_at is null order by created_at desc limit ?`,
        [MAX_LISTINGS],
      );
      let body = '<?xml version="1.0" encoding="UTF-8"?>\n';
      body += '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
      for (const path of Object.keys(PAGE_META)) body += entries(appUrl, path);
      for (const s of services) body += entries(appUrl, `/services/${encodeURIComponent(s.id)}`);
      for (const l of listings) body += entries(appUrl, `/resources/${l.id}`, new Date(l.at).toISOString().slice(0, 10));
      body += '</urlset>\n';
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('application/xml').send(body);
    } catch (err) {
      next(err);
    }
  };
}

/** `/robots.txt`: the private screens kept out in both languages, and where the sitemap is (an absolute URL). */
export function robotsHandler(appUrl: string): RequestHandler {
  const privateScreens = ['/admin', '/api/', '/dashboard', '/payment/', '/verify-email'];
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...privateScreens.flatMap((p) => (p === '/api/' ? [p] : [p, languagePath('ar', p)])).map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ];
  const body = lines.join('\n');
  return (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(body);
  };
}
