import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { freePort } from '../support/server-process.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

// Live subscriptions on two instances sharing one PostgreSQL database, events through the real Redis.
const REDIS_URL = process.env.REDIS_URL;
if (!process.env.TEST_DATABASE_URL || !REDIS_URL) throw new Error('tests/infra needs TEST_DATABASE_URL and REDIS_URL (see .ci/run)');

let a: TestApp;
let b: TestApp;
const shared = {
  REDIS_URL: REDIS_URL!,
  JWT_SECRET: 'live-multi-instance-secret-0123456789abcdef',
  ENCRYPTION_KEY: 'live-multi-instance-key-0123456789abcdef',
};
beforeAll(async () => {
  a = await createTestApp(shared);
  b = await createTestApp({ ...shared, DATABASE_URL: a.databaseUrl! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const DAY = 86_400_000;

/** A subscription on `app` that records every delivery (and any error). */
function listen(app: TestApp, token: string, query: string) {
  const got = { data: [] as any[], errors: [] as unknown[] };
  app
    .ws(token)
    .subscribe(
      { query },
      { next: (v) => (v.errors ? got.errors.push(v.errors) : got.data.push(v.data)), error: (e) => got.errors.push(e), complete: () => {} },
    );
  return got;
}

describe('live updates across instances', () => {
  it('subscribers on BOTH instances get each event exactly once, whichever instance it happened on (inquiryCreated, bookingUpdated)', async () => {
    const admin = await createUser(a.app, { role: 'admin' });
    const host = await createUser(b.app, { role: 'host_seller' });
    const user = await createUser(a.app, { role: 'regular' });
    const inquiriesOn = {
      a: listen(a, admin.token, 'subscription { inquiryCreated { fullName } }'),
      b: listen(b, admin.token, 'subscription { inquiryCreated { fullName } }'),
    };
    const B = 'subscription { bookingUpdated { id status } }';
    const bookingsOn = {
      userA: listen(a, user.token, B),
      userB: listen(b, user.token, B),
      hostA: listen(a, host.token, B),
      hostB: listen(b, host.token, B),
      adminA: listen(a, admin.token, B),
      adminB: listen(b, admin.token, B),
    };
    await sleep(700);

    // One inquiry sent to each instance.
    const body = { service_type: 'resource-sharing', email: 'both@example.sa', message: 'We have two idle forklifts in Buraydah.' };
    expect((await a.api('POST', '/api/inquiries', { ...body, full_name: 'Sent to A' })).status).toBe(201);
    expect((await b.api('POST', '/api/inquiries', { ...body, full_name: 'Sent to B' })).status).toBe(201);

    // A booking made on A and cancelled on B, of a listing created on B and approved on A.
    const r = await b.api(
      'POST',
      '/api/resources',
      {
        title: 'Two-instance room',
        description: 'A bright room for 10 people with a screen.',
        category: 'Office Space',
        price: 100,
        period: 'day',
        location: 'Riyadh',
        images: [PNG],
      },
      host.token,
    );
    expect(r.status).toBe(201);
    expect((await a.api('PUT', `/api/admin/resources/${r.body.id}/approve`, undefined, admin.token)).status).toBe(200);
    const start = new Date(Date.now() + 40 * DAY);
    start.setUTCHours(0, 0, 0, 0);
    const booked = await a.api(
      'POST',
      '/api/bookings',
      { resource_id: r.body.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + DAY).toISOString() },
      user.token,
    );
    expect(booked.status).toBe(201);
    expect((await b.api('DELETE', `/api/bookings/${booked.body.id}`, undefined, user.token)).status).toBe(200);

    const all = [...Object.values(inquiriesOn), ...Object.values(bookingsOn)];
    await expect.poll(() => all.every((s) => s.data.length >= 2), { timeout: 8000 }).toBe(true);
    await sleep(1000); // a duplicate would arrive by now

    for (const s of Object.values(inquiriesOn)) {
      expect(s.errors).toEqual([]);
      expect(s.data.map((d) => d.inquiryCreated.fullName).sort()).toEqual(['Sent to A', 'Sent to B']);
    }
    for (const s of Object.values(bookingsOn)) {
      expect(s.errors).toEqual([]);
      expect(s.data).toEqual([
        { bookingUpdated: { id: booked.body.id, status: 'pending' } },
        { bookingUpdated: { id: booked.body.id, status: 'cancelled' } },
      ]);
    }
  });

  it('an admin subscribed on one instance gets an inquiry sent to the other exactly once; a demotion on either stops it', async () => {
    const admin = await createUser(a.app, { role: 'admin' });
    const other = await createUser(b.app, { role: 'admin' });
    const received: any[] = [];
    a.ws(admin.token).subscribe(
      { query: 'subscription { inquiryCreated { fullName } }' },
      { next: (v) => received.push(v.data), error: () => {}, complete: () => {} },
    );
    await sleep(500);

    const body = {
      service_type: 'resource-sharing',
      full_name: 'Via Instance B',
      email: 'b@example.sa',
      message: 'We have two idle forklifts in Buraydah.',
    };
    expect((await b.api('POST', '/api/inquiries', body)).status).toBe(201);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    await sleep(500);
    expect(received).toEqual([{ inquiryCreated: { fullName: 'Via Instance B' } }]);

    // Demoted by an admin on instance B: instance A forgets the cached role (USER_CHANGED through Redis).
    expect((await b.api('PUT', `/api/admin/users/${admin.user.id}`, { role: 'regular' }, other.token)).status).toBe(200);
    await sleep(500);
    expect((await b.api('POST', '/api/inquiries', { ...body, full_name: 'After demotion' })).status).toBe(201);
    await sleep(1000);
    expect(received.length).toBe(1);
  });
});

describe('a server restart', () => {
  it('a client with retries reconnects by itself to the restarted server on the same address, resubscribes and gets new events', async () => {
    // One instance (no Redis: an event can only reach the client through the server it is connected to), on a fixed
    // port and on the database the test apps share, so the restarted server knows the same users.
    const port = await freePort();
    const env = { JWT_SECRET: shared.JWT_SECRET, ENCRYPTION_KEY: shared.ENCRYPTION_KEY, DATABASE_URL: a.databaseUrl!, PORT: String(port) };
    let server: TestApp | undefined = await createTestApp(env);
    const admin = await createUser(server.app, { role: 'admin' });
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 100,
      shouldRetry: () => true,
      retryWait: () => sleep(150),
      connectionParams: async () => ({ authorization: `Bearer ${admin.token}` }),
    });
    let connected = 0;
    let closed = 0;
    client.on('connected', () => void connected++);
    client.on('closed', () => void closed++);
    try {
      const got: string[] = [];
      const errors: unknown[] = [];
      client.subscribe<{ inquiryCreated: { fullName: string } }>(
        { query: 'subscription { inquiryCreated { fullName } }' },
        {
          next: (v) => (v.errors ? errors.push(v.errors) : got.push(v.data!.inquiryCreated.fullName)),
          error: (e) => errors.push(e),
          complete: () => {},
        },
      );
      await expect.poll(() => connected, { timeout: 5000 }).toBe(1);
      await sleep(400);
      const body = { service_type: 'resource-sharing', email: 'restart@example.sa', message: 'We have two idle forklifts in Buraydah.' };
      expect((await server.api('POST', '/api/inquiries', { ...body, full_name: 'Before the restart' })).status).toBe(201);
      await expect.poll(() => got, { timeout: 5000 }).toEqual(['Before the restart']);

      // The server goes away (its sockets close as on a shutdown), then a new one starts on the same port and database.
      await server.close();
      server = undefined;
      await expect.poll(() => closed, { timeout: 5000 }).toBeGreaterThan(0);
      await sleep(600); // the client keeps trying while nothing listens
      expect(connected).toBe(1);
      server = await createTestApp(env);

      // Reconnected and resubscribed on its own: the application never called subscribe again.
      await expect.poll(() => connected, { timeout: 10_000 }).toBe(2);
      await sleep(400);
      expect((await server.api('POST', '/api/inquiries', { ...body, full_name: 'After the restart' })).status).toBe(201);
      await expect.poll(() => got, { timeout: 5000 }).toEqual(['Before the restart', 'After the restart']);
      await sleep(500);
      expect(got).toEqual(['Before the restart', 'After the restart']);
      expect(errors).toEqual([]);
    } finally {
      await client.dispose();
      await server?.close();
    }
  });
});
