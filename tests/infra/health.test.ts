import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

// Readiness on the real PostgreSQL and Redis, each reached through a proxy the test can cut.
const REDIS_URL = process.env.REDIS_URL;
if (!process.env.TEST_DATABASE_URL || !REDIS_URL) throw new Error('tests/infra needs TEST_DATABASE_URL and REDIS_URL (see .ci/run)');

let t: TestApp;
let redisProxy: Awaited<ReturnType<typeof startTcpProxy>>;
beforeAll(async () => {
  const redis = new URL(REDIS_URL!);
  redisProxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  redis.host = `127.0.0.1:${redisProxy.port}`;
  t = await createTestApp({ REDIS_URL: redis.toString() });
});
afterAll(async () => {
  await t?.close();
  await redisProxy?.close();
});

describe('/api/health/ready with Redis configured', () => {
  it('checks Redis too, and is not ready while Redis is away (live and /api/health still answer)', async () => {
    const ok = await t.api('GET', '/api/health/ready');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });

    await redisProxy.cut();
    const away = await t.api('GET', '/api/health/ready');
    expect(away.status).toBe(503);
    expect(away.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'unavailable', storage: 'ok' } });
    expect((await t.api('GET', '/api/health/live')).status).toBe(200);
    expect((await t.api('GET', '/api/health')).status).toBe(200);

    await redisProxy.restore();
    await expect.poll(async () => (await t.api('GET', '/api/health/ready')).status, { timeout: 15_000, interval: 250 }).toBe(200);
  });
});
