import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The page may connect to its own origin only: 'self', plus its WebSocket URL spelled out (browsers before CSP 3,
 * such as Safari before 15.4, do not let 'self' match ws:/wss:). Other backends the client fails over to
 * (VITE_API_BASE_URLS) are listed in CSP_CONNECT_ORIGINS.
 */
export function connectSources(appUrl: string, extraOrigins: string[] = []): string {
  const sources = ["'self'"];
  for (const origin of [appUrl, ...extraOrigins]) {
    const url = new URL(origin);
    sources.push(...(origin === appUrl ? [] : [url.origin]), `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return [...new Set(sources)].join(' ');
}

/**
 * MyFatoorah's Embedded Payment: its card form script (the session's script_url, payment.session.ts) runs on our
 * checkout, draws its fields in frames from the same origin and talks to it. Exactly those two origins (test and
 * Saudi live) are allowed for scripts, frames and connections; nothing else outside our origin.
 */
const MYFATOORAH_EMBED_ORIGINS = ['https://demo.myfatoorah.com', 'https://sa.myfatoorah.com'];
const mf = MYFATOORAH_EMBED_ORIGINS.join(' ');

const csp = (connectSrc: string) =>
  `default-src 'self'; script-src 'self' ${mf}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src ${connectSrc} ${mf}; frame-src 'self' ${mf}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`;

const byConnectSrc = new Map<string, { plain: Record<string, string>; tls: Record<string, string> }>();

/** The security headers that do not depend on the request's origin (HSTS only over TLS). */
export function fixedSecurityHeaders(secure: boolean, connectSrc: string): Record<string, string> {
  let headers = byConnectSrc.get(connectSrc);
  if (!headers) {
    const plain = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      // Chakra (emotion) injects style tags, so styles need 'unsafe-inline'; scripts never do.
      'Content-Security-Policy': csp(connectSrc),
    };
    byConnectSrc.set(
      connectSrc,
      (headers = { plain, tls: { ...plain, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } }),
    );
  }
  return secure ? headers.tls : headers.plain;
}

/**
 * The headers every response carries (security and CORS). Returns true when it answered the request itself (a CORS
 * preflight from an allowed origin).
 */
export function securityHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  corsOrigins: string[],
  secure: boolean,
  connectSrc: string,
): boolean {
  for (const [name, value] of Object.entries(fixedSecurityHeaders(secure, connectSrc))) res.setHeader(name, value);
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
