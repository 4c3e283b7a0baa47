import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import type { Deps } from '../../deps.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BusinessServiceService } from '../business-services/business-service.service.js';
import { imageUrl } from '../resources/resource.entity.js';
import { withVat } from '../../shared/money.js';
import { insertRendered, scriptSafeJson, type RenderedPage, type ServerRenderer } from './server-render.js';
import { fullTitle, metaLocale, pageMeta, SITE_NAME, type PageMetaText } from '../../shared/page-meta.js';
import { languagePath, splitLanguagePath } from '../../shared/language-path.js';
import { escapeHtml } from '../../shared/escape.js';
import { LOCALES, type Locale } from '../../shared/locale.js';

/** The default link-preview image (client/public/images/og-default.png, 1200×630), served by us. */
export const OG_IMAGE_PATH = '/images/og-default.png';
const OG_IMAGE_ALT: Record<Locale, string> = { en: 'Mawarid logo', ar: 'شعار موارد' };

/** The Open Graph image tags; `image` is an absolute URL. */
function imageTags(image: string, locale: Locale, isDefault: boolean): string[] {
  return [
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    ...(isDefault
      ? [
          `<meta property="og:image:type" content="image/png" />`,
          `<meta property="og:image:width" content="1200" />`,
          `<meta property="og:image:height" content="630" />`,
        ]
      : []),
    `<meta property="og:image:alt" content="${escapeHtml(OG_IMAGE_ALT[locale])}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
}

/**
 * index.html with the page's own title, description, Open Graph tags, language and direction. `appUrl` makes
 * the preview image absolute; `image` (a path or absolute URL) replaces the default image.
 */
export function renderShell(
  html: string,
  opts: {
    meta: PageMetaText | undefined;
    locale: Locale;
    url: string;
    appUrl?: string;
    image?: string | null;
    /** schema.org descriptions of the page (JSON-LD), for search engines' rich results. */
    structured?: object[];
  },
): string {
  const { meta, locale } = opts;
  // Replacements are functions: a replacement string would read `$&`, `$\`` or `$'` in a listing's title or text
  // as "insert the match / the text before it / after it" and duplicate the page's HTML.
  let out = html.replace(/<html[^>]*>/, () => `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
  const appUrl = (opts.appUrl ?? new URL(opts.url).origin).replace(/\/$/, '');
  // The page's address in each language; the canonical is the one in the language it was served in.
  const path = splitLanguagePath(new URL(opts.url).pathname).path;
  const en = `${appUrl}${languagePath('en', path)}`;
  const ar = `${appUrl}${languagePath('ar', path)}`;
  const url = locale === 'ar' ? ar : en;
  const absolute = (u: string) => (/^https?:\/\//.test(u) ? u : `${appUrl}${u.startsWith('/') ? '' : '/'}${u}`);
  const image = absolute(opts.image || OG_IMAGE_PATH);
  const images = imageTags(image, locale, !opts.image);
  // Pages without their own meta (the app's private screens) still get the preview image.
  if (!meta) return out.replace('</head>', () => `    ${images.join('\n    ')}\n  </head>`);
  const title = escapeHtml(fullTitle(meta.title, locale));
  const description = escapeHtml(meta.description);
  out = out.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  out = out.replace(/<meta\s+name="description"[^>]*>/, '');
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME[locale])}" />`,
    `<meta property="og:locale" content="${locale === 'ar' ? 'ar_SA' : 'en_US'}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...images,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(en)}" />`,
    `<link rel="alternate" hreflang="ar" href="${escapeHtml(ar)}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(en)}" />`,
    // A data block, not a script: the CSP's script-src does not apply and nothing runs.
    ...(opts.structured ?? []).map((data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`),
  ].join('\n    ');
  return out.replace('</head>', () => `    ${tags}\n  </head>`);
}

type Encoding = 'br' | 'gzip' | 'identity';
const preferredEncoding = (accepts: string): Encoding => (/\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity');
const encode = (html: string, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    : encoding === 'gzip'
      ? gzipSync(html, { level: 6 })
      : Buffer.from(html);

/**
 * A drawn page's HTML (≈ 130 KB, most of it the styles in its head) is put together and compressed once per drawn page and
 * shell (the shell holds the page's meta), and kept beside the drawn page while it lives.
 */
const drawnBodies = new WeakMap<RenderedPage, { shell: string; html: string; encoded: Map<Encoding, Buffer> }>();
function drawnBody(shell: string, drawn: RenderedPage, locale: string, encoding: Encoding): Buffer {
  let memo = drawnBodies.get(drawn);
  if (memo?.shell !== shell) drawnBodies.set(drawn, (memo = { shell, html: insertRendered(shell, drawn, locale), encoded: new Map() }));
  let body = memo.encoded.get(encoding);
  if (!body) memo.encoded.set(encoding, (body = encode(memo.html, encoding)));
  return body;
}

const UUID = /^\/resources\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const DESCRIPTION_MAX = 200;

/** Shortens text to about `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?،؛]+$/, '')}…`;
}

/** UN/CEFACT unit codes of the listing periods, as schema.org's unitCode expects. */
const UNIT_CODES: Record<string, string> = { hour: 'HUR', day: 'DAY', week: 'WEE', month: 'MON' };

interface ListingRow {
  title: string;
  description: string;
  images: string[] | null;
  category: string;
  price: string | number;
  period: string;
  rating: string | number | null;
  reviews_count: number;
}

/** A listing as a schema.org Product with its Offer in SAR (VAT included, per period) and, once rated, its rating. */
function productData(r: ListingRow, url: string, image: string | null): object {
  const price = withVat(Number(r.price)).total.toFixed(2);
  const unitCode = UNIT_CODES[r.period];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: r.title,
    description: clip(r.description, 5000),
    category: r.category,
    url,
    ...(image ? { image: [image] } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'SAR',
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'SAR',
        valueAddedTaxIncluded: true,
        ...(unitCode ? { unitCode } : {}),
      },
    },
    ...(r.reviews_count > 0 && r.rating != null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(r.rating),
            reviewCount: r.reviews_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The platform itself, on the home page. */
const organizationData = (appUrl: string, locale: Locale): object => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: SITE_NAME[locale],
  alternateName: SITE_NAME[locale === 'ar' ? 'en' : 'ar'],
  url: `${appUrl}${languagePath(locale, '/')}`,
  logo: `${appUrl}/icons/icon-512.png`,
});

/**
 * A listing's preview: title, description and first image, for ACTIVE listings only (not deleted). A pending,
 * rejected or draft listing gets nothing (the generic tags), so a link does not leak what is not public yet.
 */
async function resourceMeta(
  deps: Deps,
  id: string,
  url: string,
): Promise<{ meta: PageMetaText; image: string | null; structured: object } | undefined> {
  const em = deps.orm.em.fork() as EntityManager;
  const rows = await em.getConnection().execute<ListingRow[]>(
    `select title, description, images, category, price, period, rating, reviews_count from resources
       where id = ? and status = 'active' and deleted_at is null`,
    [id],
  );
  const r = rows[0];
  if (!r) return undefined;
  const first = Array.isArray(r.images) ? r.images.find((k) => typeof k === 'string' && k) : undefined;
  const image = first ? imageUrl(first) : null;
  const absolute = image && !/^https?:/.test(image) ? `${deps.env.appUrl.replace(/\/$/, '')}${image}` : image;
  return { meta: { title: clip(r.title, 100), description: clip(r.description) }, image, structured: productData(r, url, absolute) };
}

const LANG_COOKIE = new RegExp(`(?:^|;\\s*)lang=(${LOCALES.join('|')})(?:;|$)`);

/** The page's language: ?lang=, else the `lang` cookie the client keeps with the visitor's choice, else Accept-Language. */
function pageLanguage(req: Parameters<RequestHandler>[0]): string {
  if (typeof req.query.lang === 'string') return req.query.lang;
  const cookie = LANG_COOKIE.exec(req.headers.cookie ?? '');
  return cookie?.[1] ?? (req.acceptsLanguages(...LOCALES) || 'en');
}

/**
 * Serves the client's index.html for client-side routes, with per-page meta for crawlers and link previews
 * (they do not run JavaScript). Language: ?lang=ar, the `lang` cookie or Accept-Language, else English. A business
 * service detail page and an active listing's page get their title and description from the database. Public pages
 * arrive drawn by `renderer` (server rendering) when it can; any other page, or a failed render, is sent undrawn.
 */
export function pageShellHandler(deps: Deps, clientDist: string, renderer?: ServerRenderer): RequestHandler {
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
      const { language, path } = splitLanguagePath(req.path);
      const locale = language ?? metaLocale(pageLanguage(req));
      let meta = pageMeta(path, locale);
      let image: string | null = null;
      const appUrl = deps.env.appUrl.replace(/\/$/, '');
      const structured: object[] = path === '/' ? [organizationData(appUrl, locale)] : [];
      const service = /^\/services\/([a-z0-9-]{1,100})\/?$/.exec(path);
      if (!meta && service) {
        try {
          const s = await new BusinessServiceService(deps.orm.em.fork() as EntityManager, deps).get(service[1]!, locale);
          meta = { title: s.title, description: s.description };
        } catch {
          meta = undefined; // unknown service: the client shows 'Service not found'
        }
      }
      const resource = UUID.exec(path);
      if (!meta && resource) {
        const found = await resourceMeta(deps, resource[1]!.toLowerCase(), `${appUrl}${languagePath(locale, path)}`);
        if (found) {
          ({ meta, image } = found);
          structured.push(found.structured);
        }
      }
      const drawn = await renderer?.render(req, locale);
      const shell = renderShell(template(), { meta, locale, url: `${appUrl}${req.path}`, appUrl, image, structured });
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Accept-Language');
      res.vary('Cookie');
      res.vary('Accept-Encoding');
      const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''));
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
      res.type('html').send(drawn ? drawnBody(shell, drawn, locale, encoding) : encode(shell, encoding));
    } catch (err) {
      next(err);
    }
  };
}
