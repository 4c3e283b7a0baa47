import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { openApiJson, type Mounted } from './openapi.js';

/** swagger-ui-dist's folder (its files are served as they are: nothing of a CDN). Found by path, so knip.json names it. */
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

/** Inline scripts are refused by our CSP (script-src 'self'), so the page starts Swagger UI from this file. */
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // Tags open collapsed: with all 132 operations listed open, Swagger UI 5.35 stopped drawing after the third one
    // (any one path fewer drew them all), and a list of tags reads better at this size anyway.
    docExpansion: 'none',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mawarid REST API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/index.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 description) and GET /api/docs (Swagger UI reading it), both from our own
 * origin under the same Content-Security-Policy as every page: Swagger UI needs no inline script, no eval and no
 * other origin (its validator badge, which would fetch from swagger.io, is off).
 */
export function apiDocsRoutes(env: Mounted): Router {
  const r = Router();
  r.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('json').send(openApiJson(env));
  });
  r.get('/docs', (_req, res) => void res.type('html').send(PAGE));
  // Its files (a handler rather than routes: they are the page's parts, not API operations).
  r.use('/docs', (req, res, next) => {
    const file = req.path.slice(1);
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (file === 'init.js') return void res.type('js').send(INIT);
    if (!ASSETS.has(file)) return next();
    res.sendFile(join(SWAGGER_UI, file), { maxAge: '1d' });
  });
  return r;
}
