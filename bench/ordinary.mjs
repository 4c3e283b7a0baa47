#!/usr/bin/env node
// The ordinary path against its ceiling: requests that no remembered answer serves — a search for a word nobody
// asked for yet, a listing's detail page (it counts a view), a logged-in user's marketplace over GraphQL, a
// customer's bookings — each as a share of a bare Node server sending the same bytes to the same requests, in the
// same run, at 50 connections (autocannon). The remembered public page is measured alongside for reference, and so
// is the floor of any uncached request: a bare node:http server that asks PostgreSQL one pooled `select 1` before
// sending the same bytes — no framework, no authentication, no query worth the name — the best share a request
// with one database round trip can reach on this machine.
// Goal (issue #19): each uncached request ≥ 0.2 of its ceiling with p99 < 50 ms.
//
// Needs BENCH_DATABASE_URL (a throw-away database is created beside it and dropped). The server and the ceiling
// each run in a process of their own; autocannon runs in this one. Knobs: ORDINARY_SECONDS (default 10),
// ORDINARY_RUNS (default 3; the table reports medians), ORDINARY_ONLY (comma-separated scenario keys),
// ORDINARY_PROFILE=dir (the server writes a V8 CPU profile there when it exits).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import autocannon from 'autocannon';
import { signAccessToken } from '../server/dist/modules/auth/tokens.js';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log(
    'bench/ordinary: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to measure the uncached requests against their ceiling',
  );
  process.exit(0);
}
const SECONDS = Number(process.env.ORDINARY_SECONDS ?? 10);
const RUNS = Number(process.env.ORDINARY_RUNS ?? 3);
const ONLY = process.env.ORDINARY_ONLY?.split(',').filter(Boolean);
const CONNECTIONS = 50;
const LISTINGS = 10_000;
const CUSTOMERS = 200;
const BOOKINGS_EACH = 20;
const MAIN = fileURLToPath(new URL('../server/dist/main.js', import.meta.url));

const name = `mawarid_ordinary_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const dbUrl = new URL(base);
dbUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-ordinary-'));

const children = new Set();
// A failed run must not leave its server and ceiling behind.
process.once('exit', () => {
  for (const p of children) p.kill('SIGKILL');
});
process.once('uncaughtException', (err) => {
  console.error(err);
  process.exit(1);
});

function child(args, env, ready) {
  // stderr is kept, not shown: requests still queued when a run ends fail noisily as the server shuts down.
  const proc = spawn(process.execPath, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  let err = '';
  proc.stderr.on('data', (d) => void (err = (err + d).slice(-4000)));
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = ready(out);
      if (m) resolve({ proc, value: m });
    });
    proc.once('exit', (code) => reject(new Error(`child exited ${code}: ${out}${err}`)));
  });
}

const PORT = 4000 + Math.floor(Math.random() * 900) + 1000;
const JWT_SECRET = randomBytes(32).toString('hex');
const profileArgs = process.env.ORDINARY_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.ORDINARY_PROFILE] : [];
const server = await child(
  [...profileArgs, MAIN],
  {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${PORT}`,
    JWT_SECRET,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
  },
  (out) => out.includes('serving on'),
);
const api = `http://127.0.0.1:${PORT}`;

// 10,000 active listings from 50 hosts; 200 customers with 20 past bookings each (each of a listing of its own).
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
await db.query(`insert into users (id, email, password_hash, full_name, role, email_verified)
  select gen_random_uuid(), 'host' || g || '@bench.sa', 'x', 'Host ' || g, 'host_seller', true from generate_series(1, 50) g`);
await db.query(
  `insert into users (id, email, password_hash, full_name, role, email_verified)
  select gen_random_uuid(), 'customer' || g || '@bench.sa', 'x', 'Customer ' || g, 'regular', true from generate_series(1, $1::int) g`,
  [CUSTOMERS],
);
await db.query(`create temp table hosts as select id, row_number() over (order by email) as n from users where role = 'host_seller'`);
await db.query(
  `insert into resources (id, owner_id, title, description, category, price, period, location, status, views_count, created_at)
   select gen_random_uuid(), h.id,
     'Meeting room ' || g, 'Listing number ' || g || ' — مكتب مجهز', (array['Office Space','Equipment','Human Resources','Vehicles'])[1 + g % 4],
     50 + g % 5000, (array['hour','day','week','month'])[1 + g % 4], 'Riyadh', 'active', g % 97, now() - (g || ' minutes')::interval
   from generate_series(1, $1::int) g join hosts h on h.n = 1 + g % 50`,
  [LISTINGS],
);
await db.query(`create temp table rs as select id, row_number() over (order by created_at) as n from resources`);
await db.query(`create temp table cs as select id, row_number() over (order by email) as n from users where role = 'regular'`);
await db.query(
  `insert into bookings (id, resource_id, user_id, start_date, end_date, periods, unit_price, total_amount, status, payment_status, created_at)
   select gen_random_uuid(), r.id, c.id,
     now() - ((k * 3 + 10) || ' days')::interval, now() - ((k * 3 + 9) || ' days')::interval, 1, 150, 150,
     case when k % 5 = 0 then 'cancelled' else 'completed' end, case when k % 5 = 0 then 'pending' else 'paid' end,
     now() - ((k * 3 + 12) || ' days')::interval
   from cs c cross join generate_series(1, $1::int) k
   join rs r on r.n = (c.n - 1) * $1::int + k`,
  [BOOKINGS_EACH],
);
const resourceIds = (await db.query('select id from resources')).rows.map((r) => r.id);
const customers = (await db.query(`select id, token_version from users where role = 'regular'`)).rows;
await db.query('analyze');
await db.end();
const tokens = customers.map((c) => `Bearer ${signAccessToken(c.id, c.token_version, JWT_SECRET, '1h')}`);

// The marketplace page's query as the client sends it (client/src/features/marketplace/operations.ts).
const GQL_BODY = JSON.stringify({
  query:
    'query Resources($filter: ResourceFilterInput) { resources(filter: $filter) { total totalCapped page pageSize items { ...ResourceCard_resource } } } fragment ResourceCard_resource on Resource { id title description category resourceType fileFormat price currency period location availability images rating reviewsCount viewsCount ownerId ownerName tags status rejectionReason createdAt }',
  variables: { filter: {} },
  operationName: 'Resources',
});
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
let searchN = 0;
let ipN = 0;
/** Scenarios: each gives autocannon options (the same for the server and its ceiling) and a path for a sample answer. */
const scenarios = [
  {
    key: 'cached',
    label: 'visitor, marketplace page 1 (remembered; reference)',
    sample: { path: '/api/resources' },
    opts: { requests: [{ method: 'GET', path: '/api/resources' }] },
  },
  {
    key: 'search',
    label: 'REST search, a new word each time',
    // "room 1234" matches room 1234 (and in a trigram scan every title sharing its trigrams is checked); each
    // request a different number, so the remembered pages (500 keys) never hold it.
    sample: { path: '/api/resources?search=room%204321' },
    opts: {
      requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/resources?search=room%20${1 + (searchN++ % LISTINGS)}` }) }],
    },
  },
  {
    key: 'detail',
    label: 'REST listing detail, counting a view',
    // A different client address each time (X-Forwarded-For from loopback is trusted by default): every request
    // is a first view of the hour and increments the count.
    sample: { path: `/api/resources/${resourceIds[0]}` },
    opts: {
      requests: [
        {
          method: 'GET',
          setupRequest: (r) => {
            const n = ipN++;
            return {
              ...r,
              path: `/api/resources/${pick(resourceIds)}`,
              headers: { ...r.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            };
          },
        },
      ],
    },
  },
  {
    key: 'graphql',
    label: 'GraphQL marketplace page 1, logged in',
    sample: { path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json', authorization: tokens[0] }, body: GQL_BODY },
    opts: {
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          body: GQL_BODY,
          setupRequest: (r) => ({ ...r, headers: { 'content-type': 'application/json', authorization: pick(tokens) } }),
        },
      ],
    },
  },
  {
    key: 'bookings',
    label: `REST GET /api/bookings/my (${BOOKINGS_EACH} bookings)`,
    sample: { path: '/api/bookings/my', headers: { authorization: tokens[0] } },
    opts: {
      requests: [{ method: 'GET', path: '/api/bookings/my', setupRequest: (r) => ({ ...r, headers: { authorization: pick(tokens) } }) }],
    },
  },
  {
    key: 'floor',
    label: 'floor: bare node:http + one pooled `select 1` (bookings bytes)',
    target: 'floor',
    sample: { path: '/api/bookings/my', headers: { authorization: tokens[0] } },
    opts: { requests: [{ method: 'GET', path: '/api/bookings/my' }] },
  },
].filter((s) => !ONLY || ONLY.includes(s.key));

// A sample answer per scenario: the bytes the ceiling sends.
for (const s of scenarios) {
  const res = await fetch(api + s.sample.path, { method: s.sample.method ?? 'GET', headers: s.sample.headers, body: s.sample.body });
  s.bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || (s.key === 'graphql' && JSON.parse(s.bytes).errors)) throw new Error(`${s.key}: ${res.status} ${s.bytes}`);
}

// The ceiling: a bare node:http server answering each request with its scenario's sample bytes (chosen by path).
const ceilingSrc = `
  const http = require('node:http');
  const bodies = JSON.parse(process.env.BODIES);
  for (const k in bodies) bodies[k] = Buffer.from(bodies[k], 'base64');
  http.createServer((req, res) => {
    const body = bodies[req.headers['x-scenario']];
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); });
  }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
const ceiling = await child(
  ['-e', ceilingSrc],
  { BODIES: JSON.stringify(Object.fromEntries(scenarios.map((s) => [s.key, s.bytes.toString('base64')]))) },
  (out) => out.match(/port (\d+)/)?.[1],
);
const ceilingUrl = `http://127.0.0.1:${ceiling.value}`;

// The floor: the ceiling's server plus one round trip to PostgreSQL per request (a pool of 10, as the app's).
const floorSrc = `
  const http = require('node:http');
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const bodies = JSON.parse(process.env.BODIES);
  for (const k in bodies) bodies[k] = Buffer.from(bodies[k], 'base64');
  http.createServer((req, res) => {
    const body = bodies.floor;
    req.resume();
    req.on('end', () => pool.query('select 1').then(() => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }));
  }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
const floor = scenarios.some((s) => s.target === 'floor')
  ? await child(
      ['-e', floorSrc],
      {
        DATABASE_URL: dbUrl.toString(),
        BODIES: JSON.stringify(Object.fromEntries(scenarios.map((s) => [s.key, s.bytes.toString('base64')]))),
      },
      (out) => out.match(/port (\d+)/)?.[1],
    )
  : undefined;

/** CPU seconds a process has used (Linux; elsewhere NaN): the server's CPU per request is steadier than req/s on a shared machine. */
function cpuSeconds(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in USER_HZ ticks
  } catch {
    return NaN;
  }
}

async function load(url, s, isCeiling) {
  // The same requests for both (same client-side cost); the ceiling learns the scenario from a header.
  const requests = s.opts.requests.map((q) => {
    if (!isCeiling) return q;
    const tag = (r) => ({ ...r, headers: { ...r.headers, 'x-scenario': s.key } });
    const tagged = { ...q, headers: { ...q.headers, 'x-scenario': s.key } };
    if (q.setupRequest) tagged.setupRequest = (r, c) => tag(q.setupRequest(r, c));
    return tagged;
  });
  const target = s.target === 'floor' ? floor : server;
  const pid = isCeiling ? ceiling.proc.pid : target.proc.pid;
  const cpu0 = cpuSeconds(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  const answered = Object.values(r.statusCodeStats ?? {}).reduce((a, x) => a + x.count, 0);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuMs: ((cpuSeconds(pid) - cpu0) * 1000) / answered,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const results = new Map(scenarios.map((s) => [s.key, []]));
for (let run = 1; run <= RUNS; run++) {
  for (const s of scenarios) {
    const c = await load(ceilingUrl, s, true);
    const t = await load(s.target === 'floor' ? `http://127.0.0.1:${floor.value}` : api, s, false);
    await new Promise((r) => setTimeout(r, 2000)); // the server finishes what the last run left queued
    results.get(s.key).push({ c, t, share: t.rps / c.rps });
    console.log(
      `run ${run} ${s.key}: ${Math.round(t.rps)} req/s vs ceiling ${Math.round(c.rps)} (${(t.rps / c.rps).toFixed(3)}), p50 ${t.p50} ms, p99 ${t.p99} ms, errors ${t.errors}, server CPU ${t.cpuMs.toFixed(2)} ms/req (ceiling ${c.cpuMs.toFixed(3)})`,
    );
  }
}

server.proc.removeAllListeners('exit');
ceiling.proc.removeAllListeners('exit');
floor?.proc.removeAllListeners('exit');
floor?.proc.kill('SIGTERM');
const exited = new Promise((r) => server.proc.once('exit', r));
server.proc.kill('SIGTERM');
ceiling.proc.kill('SIGTERM');
await exited;
const c2 = new pg.Client({ connectionString: base });
await c2.connect();
await c2.query(`drop database if exists ${name} with (force)`);
await c2.end();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nThe ordinary path vs. its ceiling — ${CONNECTIONS} connections × ${SECONDS} s, ${RUNS} run(s), medians; ${LISTINGS} listings; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}\n`,
);
console.log(
  '| request | bytes | req/s | ceiling req/s | share of its ceiling | p50 | p99 | errors | server CPU per request |\n|---|---|---|---|---|---|---|---|---|',
);
for (const s of scenarios) {
  const rs = results.get(s.key);
  const m = (f) => median(rs.map(f));
  console.log(
    `| ${s.label} | ${s.bytes.length} | ${Math.round(m((x) => x.t.rps))} | ${Math.round(m((x) => x.c.rps))} | ${m((x) => x.share).toFixed(2)} | ${m((x) => x.t.p50)} ms | ${m((x) => x.t.p99)} ms | ${rs.reduce((a, x) => a + x.t.errors, 0)} | ${m((x) => x.t.cpuMs).toFixed(2)} ms |`,
  );
}
process.exit(0);
