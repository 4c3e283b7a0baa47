#!/usr/bin/env node
// `npm run bench:fanout` (part of `npm run bench`): live-update fan-out. 1,000 authenticated admins hold a
// GraphQL-over-WebSocket subscription (`inquiryCreated`); the server publishes an event every 10 ms for 10 s
// through its event bus (the same call the services make after a commit); each event reaches every subscriber
// through the real filter (subscriber's current role) and resolver (inquiry loaded once per event).
// Reports delivery latency (publish → message parsed by the client) p50/p99/max and lost or duplicated events.
// Subscribers run in a worker thread so that parsing 100,000 messages per second does not share the server's
// event loop. Runs once on one instance (in-process bus, embedded PGlite), and — when BENCH_DATABASE_URL and
// REDIS_URL are set — on two instances sharing one PostgreSQL database, subscribers split between them,
// events published on the first and carried by Redis pub/sub. Loopback only; every loop is bounded.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const SUBSCRIBERS = Number(process.env.FANOUT_SUBSCRIBERS ?? 1000);
const INTERVAL_MS = 10;
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 10);
const DRAIN_S = Number(process.env.FANOUT_DRAIN_S ?? 180);
const EVENTS = Math.round((SECONDS * 1000) / INTERVAL_MS);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!isMainThread) {
  // ---- the subscribers (worker thread) ----
  const { default: WebSocket } = await import('ws');
  const { subscribers, events } = workerData; // subscribers: [{ url, token }], events: number of events
  const index = new Map(); // inquiry id → event number (sent by the main thread before publishing)
  const recv = subscribers.map(() => new Float64Array(events)); // 0: not received
  let dupes = 0;
  let errors = 0;
  let total = 0;
  let ready = 0;
  const clients = [];
  parentPort.on('message', async (msg) => {
    if (msg.type === 'ids') msg.ids.forEach((id, i) => index.set(id, i));
    if (msg.type === 'count') parentPort.postMessage({ type: 'count', total });
    if (msg.type === 'elu') parentPort.postMessage({ type: 'elu', elu: performance.eventLoopUtilization() });
    if (msg.type === 'finish') {
      for (const c of clients) c.close(1000);
      const got = recv.map((a) => Array.from(a));
      parentPort.postMessage({ type: 'result', got, dupes, errors });
    }
  });
  // Connect in batches of 50: a thousand sockets opened at once on a loaded machine miss the server's
  // 3-second connection_init deadline (graphql-ws 4408).
  let batchDone = Promise.resolve();
  let inBatch = [];
  const openNext = async (s) => {
    if (s >= subscribers.length) return;
    if (s % 50 === 0) {
      await Promise.all(inBatch);
      inBatch = [];
    }
    inBatch.push(new Promise((resolve) => open(s, resolve)));
    await openNext(s + 1);
  };
  // Each subscriber speaks the graphql-transport-ws protocol (the one graphql-ws implements) over a bare `ws` socket:
  // connection_init with the token, one subscribe, then `next` messages. A full graphql-ws client per subscriber
  // costs ≈ 2× the CPU per message, and a thousand of them on one thread measured the clients, not the server.
  const open = (s, connected) => {
    const { url, token } = subscribers[s];
    const ws = new WebSocket(url, 'graphql-transport-ws');
    clients.push(ws);
    let acked = false;
    const send = (m) => ws.send(JSON.stringify(m));
    ws.on('open', () => send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    ws.on('message', (data) => {
      const t = now();
      const m = JSON.parse(data);
      if (m.type === 'next') {
        const i = index.get(m.payload?.data?.inquiryCreated?.id);
        if (i === undefined) return void errors++;
        if (recv[s][i]) dupes++;
        else {
          recv[s][i] = t;
          total++;
        }
      } else if (m.type === 'connection_ack' && !acked) {
        acked = true;
        send({ id: '1', type: 'subscribe', payload: { query: 'subscription { inquiryCreated { id } }' } });
        ready++;
        connected();
        if (ready === subscribers.length) parentPort.postMessage({ type: 'ready' });
      } else if (m.type === 'ping') send({ type: 'pong' });
      else if (m.type === 'error') errors++;
    });
    ws.on('error', () => {});
    ws.on('close', (code, reason) => {
      if (!acked) parentPort.postMessage({ type: 'refused', code, reason: String(reason) });
    });
  };
  void batchDone.then(() => openNext(0));
} else {
  // ---- the servers (main thread) ----
  const { parseEnv } = await import('../server/dist/config/env.js');
  const { createApp } = await import('../server/dist/app.js');
  const { User } = await import('../server/dist/modules/users/user.entity.js');
  const { Inquiry } = await import('../server/dist/modules/inquiries/inquiry.entity.js');
  const { signAccessToken } = await import('../server/dist/modules/auth/tokens.js');

  const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

  async function scratchDatabase(url) {
    const name = `mawarid_fanout_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const drop = async () => {
      const c2 = new pg.Client({ connectionString: url });
      await c2.connect();
      await c2.query(`drop database if exists ${name} with (force)`);
      await c2.end();
    };
    return { url: u.toString(), drop };
  }

  async function run(label, { databaseUrl, redisUrl, instances }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-fanout-'));
    const db = databaseUrl ? await scratchDatabase(databaseUrl) : null;
    const shared = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(24).toString('hex'),
      ENCRYPTION_KEY: randomBytes(24).toString('hex'),
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    const apps = [];
    const bases = [];
    for (let i = 0; i < instances; i++) {
      const app = await createApp(parseEnv(shared), { inMemoryDb: !db });
      apps.push(app);
      bases.push((await app.listen(0, '127.0.0.1')).replace('http', 'ws') + '/graphql');
    }
    const [a] = apps;
    // Admins straight in the database (one hash for all: argon2 a thousand times would be the benchmark).
    const em = a.orm.em.fork();
    const run = randomBytes(3).toString('hex');
    const users = Array.from({ length: SUBSCRIBERS }, (_, i) =>
      em.create(User, {
        email: `fanout-${run}-${i}@example.sa`,
        passwordHash: 'x',
        fullName: `Admin ${i}`,
        role: 'admin',
        status: 'active',
        emailVerified: true,
      }),
    );
    const inquiries = Array.from({ length: EVENTS }, (_, i) =>
      em.create(Inquiry, {
        serviceType: 'resource-sharing',
        fullName: `Guest ${i}`,
        email: `guest${i}@example.sa`,
        message: 'Benchmark inquiry',
      }),
    );
    await em.flush();
    const subscribers = users.map((u, i) => ({
      url: bases[i % bases.length],
      token: signAccessToken(u.id, u.tokenVersion, a.deps.env.jwtSecret, '1h'),
    }));

    const worker = new Worker(new URL(import.meta.url), { workerData: { subscribers, events: EVENTS } });
    let workerError = null;
    worker.once('error', (e) => (workerError = e));
    const fromWorker = (type) =>
      new Promise((resolve, reject) => {
        if (workerError) return reject(workerError);
        if (type === 'ready')
          worker.on('message', (m) => m.type === 'refused' && reject(new Error(`a subscriber could not connect: ${m.code} ${m.reason}`)));
        const on = (m) => m.type === type && (worker.off('message', on), resolve(m));
        worker.on('message', on);
      });
    const readyAt = performance.now();
    await Promise.race([
      fromWorker('ready'),
      sleep(240_000).then(() => {
        throw new Error('subscribers did not connect within 4 minutes');
      }),
    ]);
    const connectMs = performance.now() - readyAt;
    console.error(`[fanout] ${label}: ${SUBSCRIBERS} subscribers connected in ${(connectMs / 1000).toFixed(1)} s; publishing…`);
    worker.postMessage({ type: 'ids', ids: inquiries.map((q) => q.id) });
    await sleep(1500); // subscriptions registered on the server after connection_ack

    // An event every 10 ms for SECONDS, on a fixed schedule (a late tick does not shift the next ones).
    const sent = new Float64Array(EVENTS);
    // FANOUT_PROFILE=file.cpuprofile: a CPU profile of the server's thread while the events are published.
    const profiler = process.env.FANOUT_PROFILE ? new (await import('node:inspector')).Session() : null;
    const post = (m, p) => new Promise((res, rej) => profiler.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
    if (profiler) {
      profiler.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
    }
    // Event-loop utilisation of the server's thread and of the clients' thread while publishing: which side saturates.
    worker.postMessage({ type: 'elu' });
    const clientElu0 = (await fromWorker('elu')).elu;
    const serverElu0 = performance.eventLoopUtilization();
    const start = performance.now();
    for (let i = 0; i < EVENTS; i++) {
      const due = start + i * INTERVAL_MS;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      else await new Promise((r) => setImmediate(r)); // behind schedule: still let the server do its I/O, as request handlers would
      sent[i] = now();
      a.deps.bus.publish('INQUIRY_CREATED', { inquiryId: inquiries[i].id, serviceType: 'resource-sharing' });
    }
    const publishSpanMs = performance.now() - start;
    const serverElu = performance.eventLoopUtilization(serverElu0).utilization;
    worker.postMessage({ type: 'elu' });
    const clientElu = performance.eventLoopUtilization((await fromWorker('elu')).elu, clientElu0).utilization;
    if (profiler) {
      (await import('node:fs')).writeFileSync(process.env.FANOUT_PROFILE, JSON.stringify((await post('Profiler.stop')).profile));
      profiler.disconnect();
    }
    // Drain: wait while deliveries still arrive (a loaded machine falls behind), at most DRAIN_S seconds;
    // whatever has not arrived by then counts as lost.
    const expected = EVENTS * SUBSCRIBERS;
    // Stop early once everything arrived, or when nothing more has arrived for 5 s in a row.
    let last = -1;
    let stalled = 0;
    for (let waited = 0; waited < DRAIN_S; waited++) {
      await sleep(1000);
      worker.postMessage({ type: 'count' });
      const { total } = await fromWorker('count');
      if (waited % 10 === 9) console.error(`[fanout] ${label}: ${total} / ${expected} delivered…`);
      if (total >= expected) break;
      stalled = total === last ? stalled + 1 : 0;
      if (stalled >= 5) break;
      last = total;
    }
    worker.postMessage({ type: 'finish' });
    const { got, dupes, errors } = await fromWorker('result');
    await worker.terminate();

    const lat = [];
    let lost = 0;
    for (const row of got) row.forEach((t, i) => (t ? lat.push(t - sent[i]) : lost++));
    lat.sort((x, y) => x - y);
    for (const app of apps) await app.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    const r = {
      label,
      connectMs,
      publishSpanMs,
      expected: EVENTS * SUBSCRIBERS,
      delivered: lat.length,
      lost,
      dupes,
      errors,
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      max: lat.at(-1),
      serverElu,
      clientElu,
    };
    console.error(`[fanout] ${JSON.stringify(r)}`);
    return r;
  }

  const runs = process.env.FANOUT_ONLY === 'redis' ? [] : [await run(`1 instance, in-process bus (PGlite)`, { instances: 1 })];
  if (process.env.BENCH_DATABASE_URL && process.env.REDIS_URL)
    runs.push(
      await run(`2 instances, Redis pub/sub (PostgreSQL)`, {
        instances: 2,
        databaseUrl: process.env.BENCH_DATABASE_URL,
        redisUrl: process.env.REDIS_URL,
      }),
    );
  else console.log('(two-instance run skipped: set BENCH_DATABASE_URL and REDIS_URL)');

  const f = (x) => (x === undefined ? '—' : `${x.toFixed(1)} ms`);
  console.log(
    `\nMawarid fan-out benchmark — ${new Date().toISOString()} — node ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${SUBSCRIBERS} subscribers, an event every ${INTERVAL_MS} ms for ${SECONDS} s (${EVENTS} events)\n`);
  console.log(
    '| setup | deliveries | lost | duplicated | latency p50 | p99 | max | all connected in | publishing took | server loop busy | clients loop busy |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of runs)
    console.log(
      `| ${r.label} | ${r.delivered} / ${r.expected} | ${r.lost} | ${r.dupes} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${(r.connectMs / 1000).toFixed(1)} s | ${(r.publishSpanMs / 1000).toFixed(1)} s | ${Math.round(r.serverElu * 100)} % | ${Math.round(r.clientElu * 100)} % |`,
    );
  process.exit(0);
}
