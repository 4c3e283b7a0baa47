import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startS3Server } from '../support/s3-server.js';

// Probes for load balancers and orchestrators: live (the process answers) and ready (what it depends on answers).
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close().catch(() => undefined);
});

/** The Dockerfile's HEALTHCHECK command, run as Docker runs it (exec form) with the container's PORT. */
function dockerHealthcheck(port: number): Promise<number> {
  const line = readFileSync('Dockerfile', 'utf8')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .find((l) => l.startsWith('HEALTHCHECK'));
  const cmd = JSON.parse(line!.slice(line!.indexOf('CMD') + 3).trim()) as string[];
  expect(cmd[0]).toBe('node');
  return new Promise((resolve) => {
    execFile(process.execPath, cmd.slice(1), { env: { PORT: String(port) }, timeout: 10_000 }, (err) =>
      resolve(err ? (typeof err.code === 'number' ? err.code : -1) : 0),
    );
  });
}

describe('health probes', () => {
  it('answers live and ready while the database and the bucket answer; /api/health keeps its answer', async () => {
    const live = await t.api('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.api('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    // No REDIS_URL here, so no Redis check.
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await t.api('GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('the Docker HEALTHCHECK passes against a running server and fails when nothing answers', async () => {
    expect(await dockerHealthcheck(Number(new URL(t.url).port))).toBe(0);
    const free = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    expect(await dockerHealthcheck(free)).toBe(1);
  });

  it('is not ready while the file store is away, names it, and is ready again when it is back; live stays 200', async () => {
    await s3.stop();
    const ready = await t.api('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } });
    expect((await t.api('GET', '/api/health/live')).status).toBe(200);
    expect((await t.api('GET', '/api/health')).status).toBe(200); // its contract: the database only
    await s3.start();
    await expect.poll(async () => (await t.api('GET', '/api/health/ready')).status, { timeout: 10_000 }).toBe(200);
  });
});
