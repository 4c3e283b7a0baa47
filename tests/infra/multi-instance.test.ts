import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';

// Two server instances on one PostgreSQL database, events carried by Redis pub/sub.
const REDIS_URL = process.env.REDIS_URL;
if (!process.env.TEST_DATABASE_URL || !REDIS_URL) throw new Error('tests/infra needs TEST_DATABASE_URL and REDIS_URL (see .ci/run)');

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Instances of one deployment share their secrets.
  const shared = {
    REDIS_URL: REDIS_URL!,
    JWT_SECRET: 'multi-instance-test-secret-0123456789abcdef',
    ENCRYPTION_KEY: 'multi-instance-test-key-0123456789abcdef',
  };
  a = await createTestApp(shared);
  b = await createTestApp({ ...shared, DATABASE_URL: a.databaseUrl! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances behind a load balancer', () => {
  it('delivers an event triggered on one instance to a subscriber on the other, exactly once', async () => {
    const u = await createUser(a.app);
    const received: any[] = [];
    const client = a.ws(u.token);
    client.subscribe(
      { query: 'subscription { meUpdated { fullName } }' },
      { next: (v) => received.push(v.data), error: () => {}, complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 500));

    const res = await b.gql(`mutation { updateProfile(input: { fullName: "Via Instance B" }) { fullName } }`, {}, u.token);
    expect(res.errors).toBeUndefined();
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toEqual([{ meUpdated: { fullName: 'Via Instance B' } }]);
  });

  it('shares login rate limits across instances through Redis', async () => {
    const u = await createUser(a.app);
    const ip = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    // 10 failures split over both instances exhaust the per-account limit (LOGIN_MAX_ATTEMPTS default 10).
    for (let i = 0; i < 10; i++) {
      const inst = i % 2 ? a : b;
      expect((await inst.api('POST', '/api/auth/login', { email: u.email, password: `wrong-${i}` }, undefined, ip)).status).toBe(401);
    }
    expect((await a.api('POST', '/api/auth/login', { email: u.email, password: u.password }, undefined, ip)).status).toBe(429);
    expect((await b.api('POST', '/api/auth/login', { email: u.email, password: u.password }, undefined, ip)).status).toBe(429);
  });

  it('a listing approved on one instance appears in the public list the other instance remembered', async () => {
    const host = await createUser(a.app, { role: 'host_seller' });
    const admin = await createUser(a.app, { role: 'admin' });
    const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const created = await a.api(
      'POST',
      '/api/resources',
      {
        title: 'Two-instance room',
        description: 'A room listed on instance A.',
        category: 'Office Space',
        price: 90,
        period: 'day',
        location: 'Jeddah',
        images: [PNG],
      },
      host.token,
    );
    expect(created.status).toBe(201);
    const ids = async () => ((await b.api('GET', '/api/resources?page_size=50')).body.items as Array<{ id: string }>).map((r) => r.id);
    expect(await ids()).not.toContain(created.body.id); // instance B now remembers this page
    expect((await a.api('PUT', `/api/admin/resources/${created.body.id}/approve`, undefined, admin.token)).status).toBe(200);
    // Well within the 5 s the page could otherwise be remembered: the change travels through Redis.
    await expect.poll(ids, { timeout: 2000, interval: 50 }).toContain(created.body.id);
  });
});
