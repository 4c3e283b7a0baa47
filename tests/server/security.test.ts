import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inspect } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { parseEnv } from '../../server/src/config/env.js';
import { createUser, type MadeUser } from '../support/factories.js';

/** HTTP hardening: CORS, body limits, how uploads and downloads are served, security headers, production errors. */

const PARTNER = 'https://partner.example';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const listing = (extra: Record<string, unknown> = {}) => ({
  title: 'Secure room',
  description: 'A room with a lock',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [] as string[],
  ...extra,
});

let t: TestApp;
let clientDist: string;
let host: MadeUser;
beforeAll(async () => {
  clientDist = mkdtempSync(join(tmpdir(), 'mawarid-client-'));
  writeFileSync(
    join(clientDist, 'index.html'),
    '<!doctype html><html><head><title>Mawarid</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  t = await createTestApp({ CORS_ORIGINS: `${PARTNER}, https://other-partner.example`, CLIENT_DIST: clientDist });
  host = await createUser(t.app, { role: 'host_seller' });
  await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDist, { recursive: true, force: true });
});

describe('CORS', () => {
  it('allows only the configured origins, never with credentials', async () => {
    const evil = await t.api('GET', '/api/resources', undefined, undefined, { origin: 'https://evil.example' });
    expect(evil.status).toBe(200); // the request is answered, but the browser will not hand it to the other site
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('vary')).toMatch(/Origin/);

    const ok = await t.api('GET', '/api/resources', undefined, undefined, { origin: PARTNER });
    expect(ok.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    expect(ok.headers.get('vary')).toMatch(/Origin/);
  });

  it('answers preflights for allowed origins only', async () => {
    const preflight = (origin: string) =>
      fetch(t.url + '/graphql', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
    const ok = await preflight('https://other-partner.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://other-partner.example');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const evil = await preflight('https://partner.example.evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-methods')).toBeNull();
  });

  // Without CORS_ORIGINS no other origin is allowed at all: see the production app below.
});

describe('request size limits', () => {
  it('refuses a REST body over 1 MB with 413 and a JSON message', async () => {
    const res = await t.api('POST', '/api/inquiries', { full_name: 'A', email: 'a@b.sa', message: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Request body is too large' });
  });

  it('bounds the larger listing bodies too (45 MB)', async () => {
    const res = await t.api('POST', '/api/resources', listing({ description: 'x'.repeat(46 * 1024 * 1024) }), host.token);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Request body is too large' });
  });

  it('refuses a GraphQL body over 1 MB with 413 in GraphQL’s error shape, and bad JSON with 400', async () => {
    const big = await fetch(t.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ publicStats { activeResources } }', variables: { pad: 'x'.repeat(1024 * 1024 + 10) } }),
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toMatch(/application\/json/);
    expect(await big.json()).toEqual({ errors: [{ message: 'Request body is too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });

    const bad = await fetch(t.url + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(JSON.parse(text)).toEqual({ errors: [{ message: 'Request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
    expect(text).not.toMatch(/at .*node_modules|SyntaxError/);
  });

  it('closes a WebSocket that sends a message over 1 MB', async () => {
    const ws = new WebSocket(t.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(1024 * 1024 + 10) } }));
    expect(await closed).toBe(1009); // Message Too Big
  });

  it('answers unknown paths and methods with JSON, not an HTML error page', async () => {
    const res = await fetch(t.url + '/uploads/resources/not-ours.html');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found' });
    const post = await fetch(t.url + '/some/page', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('cross-site requests', () => {
  it('refuses GraphQL requests a cross-site form or link could send, and mutations over GET', async () => {
    const form = await fetch(t.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(form.status).toBe(400);
    const link = await fetch(t.url + '/graphql?query=%7B__typename%7D');
    expect(link.status).toBe(400);
    const mutation = encodeURIComponent('mutation { subscribeNewsletter(email: "csrf@example.sa") { message } }');
    const getMutation = await fetch(`${t.url}/graphql?query=${mutation}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(getMutation.status).toBe(405);
  });
});

describe('uploaded files', () => {
  it('serves listing images re-encoded as WebP, with nosniff and a sandbox', async () => {
    const created = await t.api('POST', '/api/resources', listing({ images: [PNG] }), host.token);
    expect(created.status).toBe(201);
    const url: string = created.body.images[0];
    expect(url).toMatch(/^\/uploads\/resources\/[a-z0-9-]+\.webp$/);
    const img = await fetch(t.url + url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('refuses HTML or SVG posing as an image', async () => {
    const html = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64')}`;
    for (const image of [html, svg]) {
      const res = await t.api('POST', '/api/resources', listing({ images: [image] }), host.token);
      expect(res.status).toBe(400);
    }
  });

  it('serves a digital file as an attachment with its format’s type, so HTML inside cannot run on our origin', async () => {
    const page = '<!doctype html><script>fetch("/api/auth/me")</script>';
    const created = await t.api(
      'POST',
      '/api/resources',
      listing({
        resource_type: 'digital',
        file: `data:text/html;base64,${Buffer.from(page).toString('base64')}`,
        file_format: 'txt',
        file_name: 'notes.html',
        period: 'month',
      }),
      host.token,
    );
    expect(created.status).toBe(201);
    const link = await t.api('POST', `/api/resources/${created.body.id}/download-link`, undefined, host.token);
    expect(link.status).toBe(200);
    const file = await fetch(t.url + link.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    // Saved under the declared format's extension, not the uploader's: it opens as the text it was served as.
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="download.txt"; filename*=UTF-8''notes.txt`);
    expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(await file.text()).toBe(page);
  });
});

describe('security headers', () => {
  const CHECKED = ['/api/health', '/graphql?query=%7B__typename%7D', '/resources'];

  it('sends CSP without inline scripts, frame-ancestors, nosniff, frame and referrer policies on pages and API', async () => {
    for (const path of CHECKED) {
      const res = await fetch(t.url + path, { headers: { 'apollo-require-preflight': 'true' } });
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
      // Our own scripts, and MyFatoorah's embedded card form (test and Saudi live origins) for the checkout.
      expect(scriptSrc, path).toBe("'self' https://demo.myfatoorah.com https://sa.myfatoorah.com");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
    const page = await fetch(t.url + '/resources');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it("lets pages connect to our own origin and MyFatoorah's card form only (connect-src), on the router's answers and the public list's fast path", async () => {
    await t.api('GET', '/api/resources'); // the second request is answered from the remembered first page
    for (const path of [...CHECKED, '/api/resources']) {
      const res = await fetch(t.url + path, { headers: { 'apollo-require-preflight': 'true' } });
      const connectSrc = /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      // APP_URL is http://app.test: its WebSocket URL is spelled out for browsers whose 'self' does not cover ws:.
      expect(connectSrc, path).toBe("'self' ws://app.test https://demo.myfatoorah.com https://sa.myfatoorah.com");
    }
    const tls = await createTestApp({ APP_URL: 'https://mawarid.example', CSP_CONNECT_ORIGINS: 'https://api2.mawarid.example' });
    try {
      const res = await fetch(tls.url + '/api/health');
      expect(/connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]).toBe(
        "'self' wss://mawarid.example https://api2.mawarid.example wss://api2.mawarid.example https://demo.myfatoorah.com https://sa.myfatoorah.com",
      );
    } finally {
      await tls.close();
    }
    expect(() => parseEnv({ DATA_DIR: t.dataDir, CSP_CONNECT_ORIGINS: 'wss:' })).toThrow(/CSP_CONNECT_ORIGINS/);
  });

  it('sends HSTS only behind TLS (a proxy on this host saying https), never over plain HTTP', async () => {
    const plain = await fetch(t.url + '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const tls = await fetch(t.url + '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}; includeSubDomains/);
  });
});

describe('error logs', () => {
  it("carry no values a failed statement was given: not in the SQL, not in PostgreSQL's detail or message", async () => {
    const SECRET = 'Salary 48,000 SAR, IBAN SA0380000000608010167519';
    const sql = (q: string, params: unknown[] = []) => t.app.orm.em.fork().getConnection().execute(q, params);
    // A genuine failure on a customer's text: a constraint (as a later migration might add) refuses the row.
    await sql(`alter table inquiries add constraint log_probe check (message not like '%IBAN%')`);
    const before = t.logs().length;
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation(
        (...args: unknown[]) => void logged.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 5 }))).join(' ')),
      );
    try {
      const rest = await t.api('POST', '/api/inquiries', {
        full_name: 'Noura Al-Otaibi',
        email: 'noura.secret@example.sa',
        message: SECRET,
      });
      expect(rest.status).toBe(500);
      const gql = await t.gql('mutation($i: InquiryInput!) { submitInquiry(input: $i) { id } }', {
        i: { fullName: 'Noura Al-Otaibi', email: 'noura.secret@example.sa', message: SECRET },
      });
      expect(gql.errors?.[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
      // PostgreSQL quotes a value it cannot read in its own message.
      const thrown = await sql('select ?::uuid', [SECRET]).catch((err: unknown) => err);
      console.error('[probe]', thrown);
    } finally {
      spy.mockRestore();
      await sql('alter table inquiries drop constraint log_probe');
    }
    // The app's JSON lines as written, and their error read back (so the SQL shows with its quotes unescaped).
    const lines = t.logs().slice(before);
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.msg.includes('unexpected error'));
    expect(errors).toHaveLength(2);
    const all = [...lines, ...errors.map((l) => inspect(l.err, { depth: 5 })), ...logged].join('\n');
    // Still useful: the statement's shape and what went wrong.
    expect(all).toMatch(/insert into "inquiries" \("id", .*\) values \(\?, \?, \?/);
    expect(all).toMatch(/violates check constraint "log_probe"/);
    expect(all).toMatch(/invalid input syntax for type uuid/);
    for (const value of ['48,000', 'SA0380000000608010167519', 'noura.secret@example.sa', 'Noura Al-Otaibi', 'Failing row'])
      expect(all).not.toContain(value);
  });
});

describe('errors in production', () => {
  let prod: TestApp;
  let prodAdmin: MadeUser;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48), ENCRYPTION_KEY: 'e'.repeat(48), LOG_LEVEL: 'silent' });
    prodAdmin = await createUser(prod.app, { role: 'admin' });
  });
  afterAll(async () => prod?.close());

  it('allows no other origin at all when CORS_ORIGINS is not set', async () => {
    const res = await prod.api('GET', '/api/health', undefined, undefined, { origin: PARTNER });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  const leaks = /inquiries_missing|relation|select |stack|\.ts:|node_modules|at [A-Za-z.]+ \(/i;

  it('masks an internal failure over GraphQL, REST and WebSocket: no SQL, no stack, an id for the log', async () => {
    const sql = (q: string) => prod.app.orm.em.fork().getConnection().execute(q);
    // A genuine internal failure: the table behind the inquiry figures is gone.
    await sql('alter table inquiries rename to inquiries_missing');
    try {
      const g = await prod.gql('{ inquiryStats { total } }', {}, prodAdmin.token);
      expect(g.errors).toHaveLength(1);
      expect(g.errors![0]).toEqual({
        message: 'Internal server error',
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) },
      });
      expect(JSON.stringify(g)).not.toMatch(leaks);

      const r = await prod.api('GET', '/api/inquiries/stats', undefined, prodAdmin.token);
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ detail: 'Internal server error', request_id: expect.any(String) });

      // A subscription whose resolver fails: the admin's dashboard figures read the missing table.
      const got: any[] = [];
      const client = prod.ws(prodAdmin.token);
      client.subscribe(
        { query: 'subscription { statsUpdated { totalUsers } }' },
        { next: (v) => got.push(v), error: (e) => got.push({ error: String(e) }), complete: () => {} },
      );
      for (let i = 0; i < 100 && !got.length; i++) {
        // A new name each time: saving an unchanged profile announces nothing.
        await prod.gql(`mutation { updateProfile(input: { fullName: "Prod Admin ${i}" }) { id } }`, {}, prodAdmin.token);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(got[0]?.errors?.[0]).toEqual({
        message: 'Internal server error',
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) },
      });
      expect(JSON.stringify(got)).not.toMatch(leaks);
    } finally {
      await sql('alter table inquiries_missing rename to inquiries');
    }
  });

  it('turns introspection and field suggestions off, over HTTP and WebSocket', async () => {
    const intro = await prod.gql('{ __schema { queryType { name } } }');
    expect(intro.data).toBeUndefined();
    expect(intro.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(intro.errors?.[0].message).toMatch(/introspection/i);

    const typo = await prod.gql('{ publicStat { activeResources } }');
    expect(typo.errors?.[0].message).toBe('Cannot query field "publicStat" on type "Query".');
    // Outside production the hint is there, which is what the production setting removes.
    expect((await t.gql('{ publicStat { activeResources } }')).errors?.[0].message).toMatch(/Did you mean "publicStats"\?/);

    const viaWs = (query: string) =>
      new Promise<any>((resolve) => {
        const out: any[] = [];
        prod.ws().subscribe({ query }, { next: (v) => out.push(v), error: (e) => resolve({ errors: e }), complete: () => resolve(out[0]) });
      });
    const wsIntro = await viaWs('{ __schema { queryType { name } } }');
    expect(JSON.stringify(wsIntro)).toMatch(/introspection/i);
    expect(JSON.stringify(wsIntro)).not.toContain('"Query"');
    const wsTypo = await viaWs('{ publicStat { activeResources } }');
    expect(JSON.stringify(wsTypo)).toContain('Cannot query field \\"publicStat\\"');
    expect(JSON.stringify(wsTypo)).not.toContain('Did you mean');
  });
});
