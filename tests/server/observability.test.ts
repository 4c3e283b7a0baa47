import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { freePort } from '../support/server-process.js';
import { activeListing, cardBody, createUser, TEST_VISA, type MadeUser } from '../support/factories.js';

// What an operator reads: one JSON log line per request (id, route pattern, user, status, duration; no secrets)
// and Prometheus metrics at /metrics behind a token or on a port of their own.
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let metricsPort: number;
let user: MadeUser;
let host: MadeUser;
let admin: MadeUser;
let listing: string;

beforeAll(async () => {
  metricsPort = await freePort();
  // Debug: the SQL lines are in the log too, so the secrets checks below cover them.
  t = await createTestApp({ LOG_LEVEL: 'debug', METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  [user, host, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app, { role: 'host_seller' }),
    createUser(t.app, { role: 'admin' }),
  ]);
  listing = await activeListing(t, { owner: host, admin });
});
afterAll(async () => t?.close());

type Line = Record<string, any>;
const lines = (): Line[] => t.logs().map((l) => JSON.parse(l));
const requestLine = (id: string): Line | undefined => lines().find((l) => l.msg === 'request' && l.requestId === id);

/** The request's line is written when its response closes, just after the client has read the answer. */
async function lineOf(id: string): Promise<Line> {
  for (let i = 0; i < 100; i++) {
    const line = requestLine(id);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line for request ${id}`);
}

async function scrape(url = `${t.url}/metrics`, token: string | null = TOKEN) {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

describe('request log', () => {
  it('keeps the caller’s x-request-id, echoes it, and logs the route pattern, user, status and duration', async () => {
    const res = await t.api('GET', `/api/resources/${listing}`, undefined, user.token, { 'x-request-id': 'lb-7f3a.42' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const line = await lineOf('lb-7f3a.42');
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/resources/:id', status: 200, userId: user.user.id });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(typeof line.time).toBe('string');
    // The pattern, not the URL: no listing id in the line.
    expect(JSON.stringify(line)).not.toContain(listing);
  });

  it('makes an id when the request has none or one that is not a sane token', async () => {
    for (const given of [undefined, 'has spaces and "quotes"', 'x'.repeat(129)]) {
      const res = await t.api('GET', '/api/health/live', undefined, undefined, given ? { 'x-request-id': given } : {});
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await lineOf(id)).toMatchObject({ route: '/api/health/live', status: 200 });
      expect(requestLine(id)!.userId).toBeUndefined();
    }
  });

  it('names the GraphQL operation and the signed-in user, and gives a refused request its status', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-request-id': 'gql-1' },
      body: JSON.stringify({ query: 'query MyBookings { myBookings { id } }', operationName: 'MyBookings' }),
    });
    expect(res.status).toBe(200);
    expect(await lineOf('gql-1')).toMatchObject({ route: '/graphql', operation: 'MyBookings', userId: user.user.id, status: 200 });

    const refused = await t.api('GET', '/api/admin/users', undefined, user.token, { 'x-request-id': 'refused-1' });
    expect(refused.status).toBe(403);
    expect(await lineOf('refused-1')).toMatchObject({ route: '/api/admin/users', status: 403, userId: user.user.id });
    // (A GET would get the client's page shell when the client is built.)
    const missing = await t.api('POST', '/no/such/thing/here', {}, undefined, { 'x-request-id': 'missing-1' });
    expect(missing.status).toBe(404);
    expect((await lineOf('missing-1')).route).toBe('(unmatched)'); // a class, never the URL
  });

  it('logs the answers given before Express too: the remembered marketplace page and GraphQL replay', async () => {
    for (const id of ['list-1', 'list-2']) {
      const res = await t.api('GET', '/api/resources', undefined, undefined, { 'x-request-id': id });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(await lineOf(id)).toMatchObject({ route: '/api/resources', status: 200 });
    }
    const body = JSON.stringify({ query: 'query Market { resources { total } }', operationName: 'Market' });
    for (const id of ['replay-1', 'replay-2', 'replay-3']) {
      const res = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body,
      });
      expect(res.status).toBe(200);
      // A replayed answer carries this request's id, not the id of the request it was recorded from.
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(await lineOf(id)).toMatchObject({ route: '/graphql', operation: 'Market', status: 200 });
    }
  });

  it('never writes an Authorization header or card data, whatever the request carried', async () => {
    const booking = await t.api(
      'POST',
      '/api/bookings',
      { resource_id: listing, start_date: '2031-03-01T08:00:00.000Z', end_date: '2031-03-02T08:00:00.000Z' },
      user.token,
    );
    expect(booking.status).toBe(201);
    const before = t.logs().length;
    const charged = await t.api('POST', '/api/payment/direct-charge', cardBody(booking.body.id), user.token, { 'x-request-id': 'pay-1' });
    expect(charged.body).toMatchObject({ success: true });
    // A body the JSON parser refuses, and one whose booking does not exist.
    await t.api('POST', '/api/payment/direct-charge', `{"card_number":"${TEST_VISA}",`, user.token);
    await t.api('POST', '/api/payment/direct-charge', cardBody('00000000-0000-4000-8000-000000000000'), user.token);
    // Something logging a failed outgoing call with what it sent (as an HTTP client error carries it).
    const err = Object.assign(new Error('gateway said no'), {
      config: { headers: { Authorization: `Bearer ${user.token}`, Cookie: 'session=abc' }, data: { card: { number: TEST_VISA } } },
    });
    t.app.logger.warn({ err, body: cardBody(booking.body.id) }, 'charge failed');

    await lineOf('pay-1');
    const written = t.logs().slice(before);
    expect(written.length).toBeGreaterThan(5);
    const all = written.join('\n');
    for (const secret of [user.token, TEST_VISA, '"123"', 'session=abc', 'Sara Al-Otaibi']) expect(all).not.toContain(secret);
    const failed = JSON.parse(written.find((l) => l.includes('charge failed'))!);
    expect(failed.err.config.headers).toEqual({ Authorization: '[Redacted]', Cookie: '[Redacted]' });
    expect(failed.err.config.data.card).toBe('[Redacted]');
    expect(failed.body).toMatchObject({ card_number: '[Redacted]', cvv: '[Redacted]', booking_id: booking.body.id });
  });
});

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN on the app’s port', async () => {
    expect((await scrape(undefined, null)).status).toBe(401);
    expect((await scrape(undefined, 'not-the-token-at-all-0000')).status).toBe(401);
    expect((await scrape(undefined, user.token)).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain/);
    expect(ok.text).toContain('process_cpu_user_seconds_total');
  });

  it('has the latency histogram by route pattern, GraphQL operations, queue depth and pool use', async () => {
    await t.api('GET', `/api/resources/${listing}`, undefined, user.token);
    await t.gql('query MyBookings { myBookings { id } }', undefined, user.token);
    const { text } = await scrape();
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/resources\/:id",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/resources\/:id",status="200"\} [1-9]\d*$/m);
    expect(text).not.toContain(listing);
    expect(text).toMatch(/^graphql_operation_duration_seconds_count\{operation="MyBookings",type="query"\} [1-9]\d*$/m);
    for (const queue of ['mail', 'bookings.advance', 'payments.reconcile'])
      expect(text).toMatch(new RegExp(`^jobs_queue_depth\\{queue="${queue.replace('.', '\\.')}"\\} \\d+$`, 'm'));
    expect(text).toMatch(/^db_pool_connections\{state="used"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
  });

  it('counts GraphQL operations that failed', async () => {
    const res = await t.gql('query AdminOnly { adminStats { totalUsers } }', undefined, user.token);
    expect(res.errors?.length).toBeGreaterThan(0);
    const { text } = await scrape();
    expect(text).toMatch(/^graphql_operation_errors_total\{operation="AdminOnly",type="query"\} [1-9]\d*$/m);
  });

  it('counts open WebSockets and subscriptions', async () => {
    const client = t.ws(user.token);
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const stop = client.subscribe(
      { query: 'subscription { bookingUpdated { id } }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    await connected;
    let text = '';
    for (let i = 0; i < 50 && !/^graphql_subscriptions_active 1$/m.test(text); i++) {
      await new Promise((r) => setTimeout(r, 50));
      text = (await scrape()).text;
    }
    expect(text).toMatch(/^websocket_connections 1$/m);
    expect(text).toMatch(/^graphql_subscriptions_active 1$/m);
    stop();
    await client.dispose();
  });

  it('is served without a token on METRICS_PORT, and nothing else is', async () => {
    expect(t.app.metricsUrl).toBe(`http://127.0.0.1:${metricsPort}`);
    const res = await scrape(`${t.app.metricsUrl}/metrics`, null);
    expect(res.status).toBe(200);
    expect(res.text).toContain('http_request_duration_seconds_count');
    expect((await fetch(`${t.app.metricsUrl}/api/health`)).status).toBe(404);
  });
});

describe('/metrics when not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => plain?.close());

  it('is a 404 on the app’s port without METRICS_TOKEN, even with a bearer', async () => {
    for (const token of [null, TOKEN]) {
      const res = await scrape(`${plain.url}/metrics`, token);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toEqual({ detail: 'Not found' });
    }
    expect(plain.app.metricsUrl).toBeUndefined();
  });

  it('keeps requests out of the log below info (tests and LOG_LEVEL=error stay quiet)', async () => {
    await plain.api('GET', '/api/health/live');
    expect(plain.logs().filter((l) => l.includes('"msg":"request"'))).toEqual([]);
  });
});
