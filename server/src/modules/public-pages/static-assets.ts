import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * The built client: each text asset is sent as its Brotli or gzip copy (made at build time by
 * scripts/compress-assets.mjs) when the browser accepts it, and hashed files under /assets are cached for a year
 * (their name changes with their content). Everything else is express.static as before.
 */
export function staticAssets(clientDist: string): RequestHandler[] {
  const root = normalize(clientDist + sep);
  const precompressed: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = normalize(join(root, decodeURIComponent(req.path)));
    } catch {
      return next(); // a malformed escape: express.static answers it
    }
    if (!path.startsWith(root) || !/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(path)) return next();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      /\bbr\b/.test(accepts) && existsSync(`${path}.br`) ? 'br' : /\bgzip\b/.test(accepts) && existsSync(`${path}.gz`) ? 'gzip' : null;
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding);
    res.type(extname(path));
    res.setHeader('Cache-Control', req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    res.sendFile(
      `${path}.${encoding === 'br' ? 'br' : 'gz'}`,
      { dotfiles: 'deny', lastModified: true, etag: true, cacheControl: false },
      (err) => {
        if (err) next(err);
      },
    );
  };
  const plain = express.static(clientDist, {
    index: false,
    setHeaders: (res, path) =>
      res.setHeader('Cache-Control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
  });
  return [precompressed, plain];
}
