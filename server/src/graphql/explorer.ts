import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';

/**
 * The GraphQL explorer (GraphiQL, built by `npm run build` into client/dist-explorer): `GET /graphql` from a browser
 * (it asks for HTML and sends no query) answers its page, and its files are under /graphql/explorer/. Everything else
 * on /graphql, GET queries included, is Apollo's as before. Mounted outside production only, and only once built.
 */
export function graphqlExplorer(dir: string): Router | undefined {
  const page = join(dir, 'index.html');
  if (!existsSync(page)) return undefined;
  const r = Router();
  r.get('/graphql', (req, res, next) => {
    if (req.query.query !== undefined || req.accepts(['application/json', 'text/html']) !== 'text/html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(page);
  });
  r.use(
    '/graphql/explorer',
    express.static(dir, {
      index: false,
      setHeaders: (res, path) =>
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    }),
  );
  return r;
}
