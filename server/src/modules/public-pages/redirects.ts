import type { RequestHandler } from 'express';

/** The footer's short legal links (spec section 2) and the pages they stand for. */
const LEGAL_ALIASES: Readonly<Record<string, string>> = {
  '/legal/corporate': '/legal/corporate-law',
  '/legal/contracts': '/legal/contract-review',
  '/legal/consultation': '/legal/legal-consultation',
};

/**
 * Permanent (301) redirects for the legal aliases, answered by the server so crawlers and shared links land on
 * the real page (the client router redirects too, for in-app navigation). The query string is kept.
 */
export function legalAliasRedirects(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = LEGAL_ALIASES[req.path.replace(/\/+$/, '')];
    if (!target) return next();
    const q = req.originalUrl.indexOf('?');
    res.redirect(301, q >= 0 ? target + req.originalUrl.slice(q) : target);
  };
}
