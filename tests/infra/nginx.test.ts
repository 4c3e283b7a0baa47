import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { freePort } from '../support/server-process.js';
import { startS3Server } from '../support/s3-server.js';

// Three instances behind a real nginx (Debian's package, started here with a generated configuration): one
// PostgreSQL database, events and rate limits through Redis, files in one S3 bucket (s3rver).
const REDIS_URL = process.env.REDIS_URL;
if (!process.env.TEST_DATABASE_URL || !REDIS_URL) throw new Error('tests/infra needs TEST_DATABASE_URL and REDIS_URL (see .ci/run)');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!existsSync(NGINX)) throw new Error(`tests/infra needs nginx at ${NGINX} (apt-get install nginx-light; .ci/run does)`);

let s3: Awaited<ReturnType<typeof startS3Server>>;
const apps: TestApp[] = [];
const closed = new Set<TestApp>();
let nginx: ChildProcess;
let nginxOut = '';
let dir: string;
let proxy: string;

/** Round robin over the instances; a failed connection (an instance stopped) is tried on the next one. */
function nginxConfig(port: number, upstreams: string[]) {
  const temp = (name: string) => join(dir, name);
  return `daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstream '$upstream_addr $status "$request"';
  access_log ${temp('access.log')} upstream;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream mawarid {
${upstreams.map((u) => `    server ${u.replace('http://', '')} max_fails=0;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    location / {
      proxy_pass http://mawarid;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_connect_timeout 2s;
      proxy_read_timeout 3600s;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

beforeAll(async () => {
  s3 = await startS3Server();
  const shared = {
    ...s3.env,
    REDIS_URL: REDIS_URL!,
    TRUST_PROXY: 'loopback',
    REGISTER_MAX_PER_HOUR: '3',
    JWT_SECRET: 'nginx-three-instances-secret-0123456789abcdef',
    ENCRYPTION_KEY: 'nginx-three-instances-key-0123456789abcdef',
  };
  apps.push(await createTestApp(shared));
  for (let i = 0; i < 2; i++) apps.push(await createTestApp({ ...shared, DATABASE_URL: apps[0].databaseUrl! }));

  dir = mkdtempSync(join(tmpdir(), 'mawarid-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  const port = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    nginxConfig(
      port,
      apps.map((a) => a.url),
    ),
  );
  // -e: the error log before the configuration is read (the default /var/log/nginx needs root).
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout!.on('data', (d) => (nginxOut += d));
  nginx.stderr!.on('data', (d) => (nginxOut += d));
  proxy = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOut}`);
    if ((await fetch(`${proxy}/api/health/live`).catch(() => undefined))?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxOut}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);
afterAll(async () => {
  nginx?.kill('SIGQUIT');
  for (const a of apps.slice().reverse()) if (!closed.has(a)) await a.close();
  await s3?.close().catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(proxy + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json };
}

/** The instances nginx passed requests to so far (its access log names each request's upstream). */
const upstreamsSeen = () =>
  new Set(
    readFileSync(join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((l) => l.split(' ')[0].split(', ')),
  );

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
// Addresses of this run only: the limits' counters live in the shared Redis for an hour.
const address = () => `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
const email = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;

describe('three instances behind nginx', () => {
  it('rate-limits two client addresses in X-Forwarded-For separately, whichever instance answers', async () => {
    const [first, second] = [address(), address()];
    const register = (ip: string) =>
      call(
        'POST',
        '/api/auth/register',
        { full_name: 'Behind Nginx', email: email('nginx'), password: 'Str0ng#Passw0rd' },
        { 'x-forwarded-for': ip },
      );
    // REGISTER_MAX_PER_HOUR=3: round robin spreads the three over the three instances; the count is shared.
    for (let i = 0; i < 3; i++) expect((await register(first)).status).toBe(201);
    expect((await register(first)).status).toBe(429);
    expect((await register(first)).status).toBe(429);
    // The other client is counted on its own.
    for (let i = 0; i < 3; i++) expect((await register(second)).status).toBe(201);
    expect((await register(second)).status).toBe(429);
    expect(upstreamsSeen()).toEqual(new Set(apps.map((a) => a.url.replace('http://', ''))));
  });

  it('serves a picture uploaded through one instance from every instance', async () => {
    const host = await createUser(apps[0].app, { role: 'host_seller' });
    const created = await call(
      'POST',
      '/api/resources',
      {
        title: 'Room behind nginx',
        description: 'A room listed through the proxy.',
        category: 'Office Space',
        price: 80,
        period: 'day',
        location: 'Riyadh',
        images: [PNG],
      },
      { authorization: `Bearer ${host.token}` },
    );
    expect(created.status).toBe(201);
    const picture = created.body.images[0] as string;
    expect(picture).toMatch(/\/uploads\/resources\/[a-z0-9-]+\.(webp|png|jpg)$/);
    const path = new URL(picture, 'http://x').pathname;
    // The same bytes from each instance directly and through nginx (round robin: once per instance).
    const bodies: string[] = [];
    for (const base of [...apps.map((a) => a.url), proxy, proxy, proxy]) {
      const res = await fetch(base + path);
      expect(res.status, base).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      bodies.push(Buffer.from(await res.arrayBuffer()).toString('base64'));
    }
    expect(bodies[0].length).toBeGreaterThan(20);
    expect(new Set(bodies).size).toBe(1);
    // Stored once, in the bucket every instance reads.
    expect((await s3.keys()).filter((k) => k.endsWith(path.split('/').pop()!))).toHaveLength(1);
  });

  it('a subscription through nginx (WebSocket) receives a change made on each instance, once each', async () => {
    const user: MadeUser = await createUser(apps[0].app);
    const received: string[] = [];
    const errors: unknown[] = [];
    const client = createClient({
      url: `${proxy.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${user.token}` },
      retryAttempts: 0,
    });
    try {
      client.subscribe(
        { query: 'subscription { meUpdated { fullName } }' },
        { next: (v: any) => received.push(v.data.meUpdated.fullName), error: (e) => errors.push(e), complete: () => {} },
      );
      await new Promise((r) => setTimeout(r, 800));
      // The change made directly on each instance: at least two of them are not the one holding the socket.
      for (const [i, app] of apps.entries()) {
        const res = await app.gql(`mutation { updateProfile(input: { fullName: "Changed on ${i}" }) { fullName } }`, {}, user.token);
        expect(res.errors).toBeUndefined();
      }
      await expect.poll(() => received.length, { timeout: 8000 }).toBe(3);
      await new Promise((r) => setTimeout(r, 500));
      expect(errors).toEqual([]);
      expect(received).toEqual(['Changed on 0', 'Changed on 1', 'Changed on 2']);
    } finally {
      await client.dispose();
    }
  });

  it('stopping one instance under load loses no request: reads are retried on the others, every 2xx write is stored', async () => {
    const admin = await createUser(apps[0].app, { role: 'admin' });
    const stopping = apps[2];
    const reads: number[] = [];
    const writes: { status: number; id?: string; email: string }[] = [];
    let running = true;
    const reader = async () => {
      while (running) reads.push((await call('GET', '/api/settings/general')).status);
    };
    const writer = async (n: number) => {
      for (let i = 0; running; i++) {
        const mail = email(`load${n}-${i}`);
        const res = await call(
          'POST',
          '/api/inquiries',
          { service_type: 'resource-sharing', full_name: 'Under load', email: mail, message: 'Sent while an instance stops.' },
          { 'x-forwarded-for': address() },
        );
        writes.push({ status: res.status, id: res.body?.id, email: mail });
      }
    };
    const load = [reader(), reader(), reader(), reader(), writer(1), writer(2)];
    await new Promise((r) => setTimeout(r, 1500));
    const before = reads.length + writes.length;
    await stopping.close(); // drains what it is answering, then refuses connections
    closed.add(stopping);
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await Promise.all(load);

    expect(before).toBeGreaterThan(10);
    expect(reads.length + writes.length).toBeGreaterThan(before + 10); // load went on after the stop
    // nginx did meet the stopped instance, and passed those requests to the next one: no failed read.
    expect(readFileSync(join(dir, 'error.log'), 'utf8')).toMatch(/Connection refused\) while connecting to upstream/);
    const stoppedAt = stopping.url.replace('http://', '');
    expect([...upstreamsSeen()].some((u) => u === stoppedAt)).toBe(true);
    expect(reads.filter((s) => s !== 200)).toEqual([]);
    // Writes: each answered 201 is stored (counted on an instance still running).
    const stored = await apps[0].api('GET', '/api/inquiries?search=Under%20load', undefined, admin.token);
    expect(stored.status).toBe(200);
    const ids = new Set((stored.body as { id: string }[]).map((x) => x.id));
    const ok = writes.filter((w) => w.status === 201);
    expect(ok.length).toBeGreaterThan(5);
    expect(ok.filter((w) => !ids.has(w.id!))).toEqual([]);
    // A refused connection means nothing was sent, so nginx retries even a POST. One race remains: a connection the
    // kernel accepted for the instance in the instant its listener closed is reset after nginx sent the request on
    // it, and nginx never passes a non-idempotent request on twice: that write answers 502. It never reached the
    // application, so it is not stored: the client is told, and nothing is half done (a retry is safe).
    const failed = writes.filter((w) => w.status !== 201);
    expect(failed.map((w) => w.status).filter((status) => status !== 502)).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(2);
    const storedEmails = new Set((stored.body as { email: string }[]).map((x) => x.email));
    expect(failed.filter((w) => storedEmails.has(w.email))).toEqual([]);
  }, 60_000);
});
