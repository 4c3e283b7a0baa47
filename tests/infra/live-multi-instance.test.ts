import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';

// Live subscriptions on two instances sharing one PostgreSQL database, events through the real Redis.
const REDIS_URL = process.env.REDIS_URL;
if (!process.env.TEST_DATABASE_URL || !REDIS_URL) throw new Error('tests/infra needs TEST_DATABASE_URL and REDIS_URL (see .ci/run)');

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const shared = { REDIS_URL: REDIS_URL!, JWT_SECRET: 'live-multi-instance-secret-0123456789abcdef', ENCRYPTION_KEY: 'live-multi-instance-key-0123456789abcdef' };
  a = await createTestApp(shared);
  b = await createTestApp({ ...shared, DATABASE_URL: a.databaseUrl! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live updates across instances', () => {
  it('an admin subscribed on one instance gets an inquiry sent to the other exactly once; a demotion on either stops it', async () => {
    const admin = await createUser(a.app, { role: 'admin' });
    const other = await createUser(b.app, { role: 'admin' });
    const received: any[] = [];
    a.ws(admin.token).subscribe({ query: 'subscription { inquiryCreated { fullName } }' }, { next: (v) => received.push(v.data), error: () => {}, complete: () => {} });
    await sleep(500);

    const body = { service_type: 'resource-sharing', full_name: 'Via Instance B', email: 'b@example.sa', message: 'We have two idle forklifts in Buraydah.' };
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
