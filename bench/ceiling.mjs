#!/usr/bin/env node
// The API against its ceiling: a bare Node HTTP server that sends the very same JSON bytes is as fast as any
// server on this machine can answer; the marketplace list over REST and over GraphQL is reported as a share of
// it, at 50 concurrent connections (autocannon), with p99 latency. Goal: ≥ 0.5 of the ceiling, p99 < 50 ms.
// Needs BENCH_DATABASE_URL (a throw-away database is created beside it and dropped): production runs on
// PostgreSQL with a pool, not on the one-connection embedded PGlite. The server and the ceiling each run in a
// process of their own (as in production); autocannon runs in this one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import autocannon from 'autocannon';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log('bench/ceiling: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to compare the API with its ceiling');
  process.exit(0);
}
const SECONDS = Number(process.env.CEILING_SECONDS ?? 10);
const CONNECTIONS = 50;
const LISTINGS = 1000;
const MAIN = fileURLToPath(new URL('../server/dist/main.js', import.meta.url));

const name = `mawarid_ceiling_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const dbUrl = new URL(base);
dbUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-ceiling-'));

function child(args, env, ready) {
  const proc = spawn(process.execPath, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = ready(out);
      if (m) resolve({ proc, value: m });
    });
    proc.once('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
  });
}

const PORT = 4000 + Math.floor(Math.random() * 900) + 1000;
// CEILING_PROFILE=dir: the server writes a V8 CPU profile there when it exits (open it in Chrome's DevTools).
const profileArgs = process.env.CEILING_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.CEILING_PROFILE] : [];
const server = await child(
  [...profileArgs, MAIN],
  {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${PORT}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
  },
  (out) => out.includes('serving on'),
);
const api = `http://127.0.0.1:${PORT}`;

// 1,000 active listings from 50 hosts: the first page of the marketplace is what every visitor loads.
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
await db.query(`insert into users (id, email, password_hash, full_name, role, email_verified)
  select gen_random_uuid(), 'host' || g || '@bench.sa', 'x', 'Host ' || g, 'host_seller', true from generate_series(1, 50) g`);
await db.query(
  `insert into resources (id, owner_id, title, description, category, price, period, location, status, views_count, created_at)
   select gen_random_uuid(), (select id from users order by email offset (g % 50) limit 1),
     'Meeting room ' || g, 'Listing number ' || g || ' — مكتب مجهز', (array['Office Space','Equipment','Human Resources','Vehicles'])[1 + g % 4],
     50 + g, (array['hour','day','week','month'])[1 + g % 4], 'Riyadh', 'active', g % 97, now() - (g || ' minutes')::interval
   from generate_series(1, $1::int) g`,
  [LISTINGS],
);
await db.query('analyze');
await db.end();

// The same query the marketplace page sends (client/src/features/marketplace).
const GQL_BODY = JSON.stringify({
  query:
    'query Resources($f: ResourceFilterInput) { resources(filter: $f) { total totalCapped page pageSize items { id title description category resourceType fileFormat price currency period location availability images rating reviewsCount viewsCount ownerId ownerName tags status rejectionReason createdAt } } }',
  variables: { f: {} },
});
const restBytes = Buffer.from(await (await fetch(`${api}/api/resources`)).arrayBuffer());
const gqlRes = await fetch(`${api}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: GQL_BODY });
const gqlBytes = Buffer.from(await gqlRes.arrayBuffer());
if (gqlRes.status !== 200 || JSON.parse(gqlBytes).errors) throw new Error(`GraphQL query failed: ${gqlBytes}`);

// The ceiling: a bare node:http server answering every request with those bytes.
const ceilingSrc = `
  const http = require('node:http');
  const bodies = { '/rest': Buffer.from(process.env.REST_B64, 'base64'), '/graphql': Buffer.from(process.env.GQL_B64, 'base64') };
  http.createServer((req, res) => {
    const body = bodies[req.url] || bodies['/rest'];
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); });
  }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
const ceiling = await child(
  ['-e', ceilingSrc],
  { REST_B64: restBytes.toString('base64'), GQL_B64: gqlBytes.toString('base64') },
  (out) => out.match(/port (\d+)/)?.[1],
);
const ceilingUrl = `http://127.0.0.1:${ceiling.value}`;

async function load(label, opts) {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const errors = r.errors + r.timeouts + r.non2xx;
  return { label, rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors };
}
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: GQL_BODY };
const rows = [];
rows.push(await load('ceiling (REST bytes)', { url: `${ceilingUrl}/rest` }));
rows.push(await load('REST GET /api/resources', { url: `${api}/api/resources` }));
rows.push(await load('ceiling (GraphQL bytes)', { url: `${ceilingUrl}/graphql`, ...post }));
rows.push(await load('GraphQL resources query', { url: `${api}/graphql`, ...post }));

server.proc.kill('SIGTERM');
ceiling.proc.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
const c2 = new pg.Client({ connectionString: base });
await c2.connect();
await c2.query(`drop database if exists ${name} with (force)`);
await c2.end();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nAPI vs. ceiling — ${CONNECTIONS} connections × ${SECONDS} s each, page 1 of ${LISTINGS} listings (${restBytes.length} B REST, ${gqlBytes.length} B GraphQL), load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}\n`,
);
console.log('| target | req/s | share of its ceiling | p50 | p99 | errors |\n|---|---|---|---|---|---|');
const [cr, r, cg, g] = rows;
for (const [row, ceil] of [
  [cr, null],
  [r, cr],
  [cg, null],
  [g, cg],
]) {
  console.log(
    `| ${row.label} | ${Math.round(row.rps)} | ${ceil ? (row.rps / ceil.rps).toFixed(2) : '1.00'} | ${row.p50} ms | ${row.p99} ms | ${row.errors} |`,
  );
}
process.exit(0);
