import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Router } from 'express';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createCrew, type MadeUser } from '../support/factories.js';
import { apiRouter } from '../../server/src/rest/router.js';
import { openApiPath } from '../../server/src/rest/openapi.js';

// GET /api/openapi.json describes every route the REST adapter mounts, from the zod rules the services parse with.
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, any>>;
  components: { schemas?: Record<string, object>; securitySchemes?: Record<string, object> };
};

let t: TestApp;
let doc: Doc;
let crew: { admin: MadeUser; host: MadeUser; user: MadeUser };
beforeAll(async () => {
  t = await createTestApp();
  crew = await createCrew(t.app);
  const res = await t.api('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await t?.close();
});

/** Every `METHOD /api/path` an Express router answers, walking the routers mounted in it. */
function mountedRoutes(router: Router): string[] {
  const out: string[] = [];
  const walk = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path;
        expect(typeof path, `a route mounted with a pattern that is not a path: ${String(path)}`).toBe('string');
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all'))
          out.push(`${method.toUpperCase()} ${openApiPath(path)}`);
      } else if (Array.isArray(layer.handle?.stack)) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: unknown[] }).stack);
  return out;
}

const documented = (d: Doc) =>
  Object.entries(d.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((k) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(k))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );

let ajv: Ajv2020 | undefined;
function validator(schema: object) {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
  }
  // Component references (#/components/schemas/…) resolve inside the document.
  const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
  return ajv.compile(resolved);
}

const bodySchema = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;

describe('OpenAPI description', () => {
  it('documents every mounted /api route and nothing that is not mounted, in development and production', async () => {
    const dev = mountedRoutes(apiRouter(t.app.deps, () => {}));
    expect(dev.length).toBeGreaterThan(80);
    expect(new Set(dev).size).toBe(dev.length);
    expect(documented(doc).sort()).toEqual([...dev].sort());

    // Production mounts no development helpers (dev outbox, test gateway), and its document leaves them out.
    const prodEnv = { ...t.app.deps.env, isProduction: true, smtpUrl: 'smtp://mail.test:25' };
    const prod = mountedRoutes(apiRouter({ ...t.app.deps, env: prodEnv }, () => {}));
    expect(prod.length).toBeLessThan(dev.length);
    const { openApiJson } = await import('../../server/src/rest/openapi.js');
    expect(documented(JSON.parse(openApiJson(prodEnv))).sort()).toEqual([...prod].sort());
    // Development without SMTP_URL adds the outbox.
    const outboxEnv = { ...t.app.deps.env, smtpUrl: undefined };
    const outbox = mountedRoutes(apiRouter({ ...t.app.deps, env: outboxEnv }, () => {}));
    expect(outbox).toContain('GET /api/dev/outbox');
    expect(documented(JSON.parse(openApiJson(outboxEnv))).sort()).toEqual([...outbox].sort());
  });

  it('is a structurally valid OpenAPI 3.1 document whose schemas compile as JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ids = new Set<string>();
    let bodies = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^\w+$/);
        expect(ids.has(op.operationId), `operationId ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId);
        const inPath = (op.parameters ?? []).filter((p: any) => p.in === 'path');
        expect(inPath.map((p: any) => p.name).sort(), `${method} ${path}`).toEqual(templated);
        for (const p of op.parameters ?? []) {
          expect(['path', 'query', 'header', 'cookie']).toContain(p.in);
          if (p.in === 'path') expect(p.required).toBe(true);
          validator(p.schema);
        }
        const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
        expect(success.length, `${method} ${path} has a success answer`).toBe(1);
        for (const r of Object.values<any>(op.responses)) {
          expect(typeof r.description).toBe('string');
          for (const media of Object.values<any>(r.content ?? {})) validator(media.schema);
        }
        if (op.requestBody) {
          bodies++;
          expect(['post', 'put', 'delete']).toContain(method);
          // JSON, or a file sent as it is (a picture upload).
          for (const media of Object.values<any>(op.requestBody.content)) validator(media.schema);
        }
        for (const s of op.security ?? []) for (const name of Object.keys(s)) expect(doc.components.securitySchemes).toHaveProperty(name);
      }
    }
    expect(bodies).toBeGreaterThan(35);
    // Bodies come from the shared rules: their fields, limits and enums.
    const booking = bodySchema('/api/bookings', 'post');
    expect(booking.required).toEqual(['resource_id']);
    expect(booking.properties.resource_id).toMatchObject({ type: 'string', format: 'uuid' });
    const register = bodySchema('/api/auth/register', 'post');
    expect(register.required).toEqual(expect.arrayContaining(['full_name', 'email', 'password']));
    expect(register.properties.account_type.enum).toEqual(['regular', 'host_seller', null]);
    const list = doc.paths['/api/resources'].get.parameters.map((p: any) => p.name);
    expect(list).toEqual(expect.arrayContaining(['category', 'search', 'sort', 'page', 'page_size']));
  });

  it('POST /api/bookings: a body the document accepts the server accepts, and one it refuses the server refuses', async () => {
    const listing = await activeListing(t, { owner: crew.host, admin: crew.admin });
    const valid = validator(bodySchema('/api/bookings', 'post'));
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    const good = [
      { resource_id: listing, start_date: day(2), end_date: day(3) },
      { resource_id: listing, start_date: day(5), end_date: day(6), extra: 'ignored' },
    ];
    for (const body of good) {
      expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
      expect((await t.api('POST', '/api/bookings', body, crew.user.token)).status).toBe(201);
    }
    const bad = [{}, { resource_id: 'not-a-uuid' }, { resource_id: 42 }, { resource_id: listing, start_date: 7 }, []];
    for (const body of bad) {
      expect(valid(body), JSON.stringify(body)).toBe(false);
      const res = await t.api('POST', '/api/bookings', body, crew.user.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('POST /api/auth/register and POST /api/inquiries agree with the server on the same bodies', async () => {
    const register = validator(bodySchema('/api/auth/register', 'post'));
    const ok = { full_name: 'Open Api', email: 'openapi@example.com', password: 'Str0ng#Passw0rd', account_type: 'host_seller' };
    expect(register(ok)).toBe(true);
    expect((await t.api('POST', '/api/auth/register', ok)).status).toBe(201);
    for (const body of [
      { ...ok, email: 'second@example.com', account_type: 'boss' },
      { ...ok, email: 'third@example.com', full_name: 'x'.repeat(500) },
      { ...ok, email: 42 },
      { email: 'fourth@example.com', password: 'Str0ng#Passw0rd' },
    ]) {
      expect(register(body), JSON.stringify(body)).toBe(false);
      expect((await t.api('POST', '/api/auth/register', body)).status, JSON.stringify(body)).toBe(400);
    }

    const inquiry = validator(bodySchema('/api/inquiries', 'post'));
    const sent = { service_type: 'legal-consultancy', full_name: 'Open Api', email: 'asker@example.com', message: 'Hello there' };
    expect(inquiry(sent), JSON.stringify(inquiry.errors)).toBe(true);
    expect((await t.api('POST', '/api/inquiries', sent)).status).toBe(201);
    for (const body of [
      { ...sent, service_type: 'astrology' },
      { ...sent, message: 'x'.repeat(20_000) },
      { ...sent, email: ['a'] },
    ]) {
      expect(inquiry(body), JSON.stringify(body).slice(0, 80)).toBe(false);
      expect((await t.api('POST', '/api/inquiries', body)).status).toBe(400);
    }
  });

  it('serves a readable docs page from our own origin, under the same CSP, with Swagger UI’s files', async () => {
    const page = await fetch(`${t.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    // Our own scripts, plus exactly MyFatoorah's embedded card form (test and Saudi live), nothing else.
    expect(csp).toContain("script-src 'self' https://demo.myfatoorah.com https://sa.myfatoorah.com;");
    const html = await page.text();
    // No inline script and nothing from another origin.
    expect(html).not.toMatch(/<script>(?!<\/script>)|<script[^>]*>[^<]+<\/script>/);
    expect(html).not.toMatch(/https?:\/\//);
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const res = await fetch(`${t.url}${src[1]}`);
      expect(res.status, src[1]).toBe(200);
      expect((await res.arrayBuffer()).byteLength, src[1]).toBeGreaterThan(100);
    }
    expect(await fetch(`${t.url}/api/docs/init.js`).then((r) => r.text())).toContain("url: '/api/openapi.json'");
    expect((await fetch(`${t.url}/api/docs/index.html`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/docs/../package.json`)).status).toBe(404);
  });
});

describe('GraphQL explorer', () => {
  // A built explorer beside a client build, as `npm run build` leaves them (client/dist, client/dist-explorer).
  const root = mkdtempSync(join(tmpdir(), 'mawarid-explorer-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-explorer', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist-explorer', 'index.html'), '<!doctype html><title>Mawarid GraphQL explorer</title>');
  writeFileSync(join(root, 'dist-explorer', 'assets', 'index-abc.js'), 'export {};');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers a browser’s GET /graphql with the explorer outside production, and leaves queries to Apollo', async () => {
    const dev = await createTestApp({ CLIENT_DIST: join(root, 'dist') });
    try {
      const page = await fetch(`${dev.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Mawarid GraphQL explorer');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const asset = await fetch(`${dev.url}/graphql/explorer/assets/index-abc.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      // A GET query and a POST are GraphQL, as before.
      const get = await fetch(`${dev.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
        headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
      });
      expect(await get.json()).toEqual({ data: { __typename: 'Query' } });
      const post = await dev.api('POST', '/graphql', { query: '{ __typename }' });
      expect(post.body).toEqual({ data: { __typename: 'Query' } });
    } finally {
      await dev.close();
    }
  });

  it('is not served in production', async () => {
    const prod = await createTestApp({
      CLIENT_DIST: join(root, 'dist'),
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(48),
      ENCRYPTION_KEY: 'e'.repeat(48),
      LOG_LEVEL: 'silent',
    });
    try {
      const page = await fetch(`${prod.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toContain('Mawarid GraphQL explorer');
      const asset = await fetch(`${prod.url}/graphql/explorer/assets/index-abc.js`);
      expect(asset.status).toBe(400); // Apollo's answer to a GET without a query
      expect(await asset.text()).not.toContain('export {}');
    } finally {
      await prod.close();
    }
  });
});
