import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { startFakeAi } from '../support/fake-ai.js';

// The assistant's and the inquiry form's limits live in Redis when REDIS_URL is set: two instances share them.
const REDIS_URL = process.env.REDIS_URL;
if (!process.env.TEST_DATABASE_URL || !REDIS_URL) throw new Error('tests/infra needs TEST_DATABASE_URL and REDIS_URL (see .ci/run)');

let a: TestApp;
let b: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAi>>;
let redis: Redis;
beforeAll(async () => {
  fake = await startFakeAi();
  const shared = {
    ...fake.env,
    REDIS_URL: REDIS_URL!,
    AI_CHAT_LIMIT_PER_HOUR: '2',
    JWT_SECRET: 'public-limits-test-secret-0123456789abcdef',
    ENCRYPTION_KEY: 'public-limits-test-key-0123456789abcdef',
  };
  a = await createTestApp(shared);
  b = await createTestApp({ ...shared, DATABASE_URL: a.databaseUrl! });
  redis = new Redis(REDIS_URL!);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await fake?.close();
  redis?.disconnect();
});

// A fresh client address per test run, so keys left in the shared Redis by an earlier run never interfere.
const freshIp = () => `2001:db8:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;

describe('rate limits shared through Redis', () => {
  it('the assistant allowance of a visitor is counted across instances, in Redis', async () => {
    const admin = await createUser(a.app, { role: 'admin' });
    expect(
      (
        await a.api(
          'PUT',
          '/api/admin/settings/ai_chat',
          { enabled: true, api_key: fake.validKey, provider: 'openai', model: 'gpt-4o-mini' },
          admin.token,
        )
      ).status,
    ).toBe(200);
    const ip = freshIp();
    const chat = async (inst: TestApp) => {
      const res = await fetch(`${inst.url}/api/assistant/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      });
      await res.text();
      return res.status;
    };
    expect(await chat(a)).toBe(200);
    expect(await chat(b)).toBe(200);
    expect(await chat(a)).toBe(429); // the limit is 2 per hour, whichever instance answered
    expect(await chat(b)).toBe(429);
    expect(Number(await redis.get(`assistant:ip:${ip}`))).toBeGreaterThanOrEqual(2);
  });

  it('the inquiry form’s per-IP limit is counted across instances, in Redis', async () => {
    const ip = freshIp();
    const send = (inst: TestApp, i: number) =>
      inst.api('POST', '/api/inquiries', { full_name: 'Limit Test', email: `limit-${i}@example.sa`, message: 'Hello' }, undefined, {
        'x-forwarded-for': ip,
      });
    for (let i = 0; i < 30; i++) expect((await send(i % 2 ? a : b, i)).status).toBe(201);
    const over = await send(a, 30);
    expect(over.status).toBe(429);
    expect((await send(b, 31)).status).toBe(429);
    expect(Number(await redis.get(`inquiry_ip:${ip}`))).toBeGreaterThanOrEqual(30);
  });
});
