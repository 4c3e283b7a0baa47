import type { IncomingMessage, ServerResponse } from 'node:http';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

const FIXED = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Chakra (emotion) injects style tags, so styles need 'unsafe-inline'; scripts never do.
  'Content-Security-Policy': CSP,
};
const FIXED_TLS = { ...FIXED, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };

/** The security headers that do not depend on the request's origin (HSTS only over TLS). */
export function fixedSecurityHeaders(secure: boolean): Record<string, string> {
  return secure ? FIXED_TLS : FIXED;
}

/**
 * The headers every response carries (security and CORS). Returns true when it answered the request itself (a CORS
 * preflight from an allowed origin).
 */
export function securityHeaders(req: IncomingMessage, res: ServerResponse, corsOrigins: string[], secure: boolean): boolean {
  for (const [name, value] of Object.entries(fixedSecurityHeaders(secure))) res.setHeader(name, value);
  // CORS: only the origins listed in CORS_ORIGINS (none by default: the client is served from our own origin).
  // Tokens travel in the Authorization header, never in cookies, so no credentials mode is offered.
  const origin = req.headers.origin;
  if (corsOrigins.length) res.setHeader('Vary', 'Origin');
  if (origin && corsOrigins.includes(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Apollo-Require-Preflight');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return true;
    }
  }
  return false;
}

/** Express's `req.fresh` for a response with this ETag (the `fresh` package's rules, without Last-Modified). */
export function fresh(headers: IncomingMessage['headers'], etag: string): boolean {
  const match = headers['if-none-match'];
  if (!match || /(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(headers['cache-control'] ?? '')) return false;
  if (match.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return match.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
