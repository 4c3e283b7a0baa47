#!/usr/bin/env node
// Marketplace at scale: 100,000 listings and 1,000,000 bookings in PostgreSQL, then list/search latency over
// REST and GraphQL. Needs BENCH_DATABASE_URL (a throw-away database is created beside it and dropped).
// Sizes can be lowered with BENCH_LISTINGS / BENCH_BOOKINGS. Loopback only, bounded loops.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseEnv } from '../server/dist/config/env.js';
import { createApp } from '../server/dist/app.js';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log('bench/marketplace: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the 100k/1M benchmark');
  process.exit(0);
}
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const name = `mawarid_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(base);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-bench-'));
const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'false', DATABASE_URL: url.toString() });
const app = await createApp(env);
const api = await app.listen(0, '127.0.0.1');
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();

const t0 = performance.now();
await db.query(`insert into users (id, email, password_hash, full_name, role, email_verified)
  select gen_random_uuid(), 'host' || g || '@bench.sa', 'x', 'Host ' || g, 'host_seller', true from generate_series(1, 1000) g`);
await db.query(`insert into users (id, email, password_hash, full_name, role, email_verified)
  select gen_random_uuid(), 'customer' || g || '@bench.sa', 'x', 'Customer ' || g, 'regular', true from generate_series(1, 5000) g`);
await db.query(`create temp table hosts as select id, row_number() over () as n from users where role = 'host_seller'`);
await db.query(`create temp table customers as select id, row_number() over () as n from users where role = 'regular'`);
await db.query(
  `insert into resources (id, owner_id, title, description, category, price, period, location, status, views_count, created_at)
   select gen_random_uuid(), h.id,
     (array['Meeting room','Forklift','Accountant','Delivery van','Warehouse','Excavator','Designer','Coach bus','Office','Printer'])[1 + g % 10] || ' ' || g,
     'Listing number ' || g || ' — ' || (array['مكتب مجهز','معدات ثقيلة','كفاءات مؤهلة','مركبات نقل'])[1 + g % 4],
     (array['Office Space','Equipment','Human Resources','Vehicles'])[1 + g % 4],
     50 + (g % 5000), (array['hour','day','week','month'])[1 + g % 4],
     (array['Riyadh','Jeddah','Dammam','Khobar','Makkah','Madinah'])[1 + g % 6],
     case when g % 20 = 0 then 'pending' else 'active' end, g % 997, now() - (g || ' minutes')::interval
   from generate_series(1, $1::int) g join hosts h on h.n = 1 + g % 1000`,
  [LISTINGS],
);
await db.query(`create temp table rs as select id, row_number() over (order by created_at) as n from resources`);
await db.query(
  `insert into bookings (id, resource_id, user_id, start_date, end_date, periods, unit_price, total_amount, status, payment_status, created_at)
   select gen_random_uuid(), r.id, c.id,
     timestamptz '2024-01-01' + ((g / $2::int) * 2 || ' days')::interval,
     timestamptz '2024-01-01' + ((g / $2::int) * 2 + 1 || ' days')::interval,
     1, 100, 100, case when g % 10 = 0 then 'cancelled' else 'completed' end, case when g % 10 = 0 then 'pending' else 'paid' end,
     timestamptz '2024-01-01' + ((g / $2::int) * 2 || ' days')::interval
   from generate_series(0, $1::int - 1) g
   join rs r on r.n = 1 + g % $2::int
   join customers c on c.n = 1 + g % 5000`,
  [BOOKINGS, LISTINGS],
);
await db.query('analyze');
const seedMs = performance.now() - t0;

async function measure(label, fn, n = 100) {
  for (let i = 0; i < 5; i++) await fn(i); // warm up
  const lat = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn(i);
    lat.push(performance.now() - s);
  }
  return { label, p50: pct(lat, 50), p95: pct(lat, 95) };
}
const rest = async (path) => {
  const r = await fetch(api + path);
  if (r.status !== 200) throw new Error(`${path} → ${r.status}`);
  await r.json();
};
const gql = async (filter) => {
  const r = await fetch(api + '/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'query($f: ResourceFilterInput) { resources(filter: $f) { total items { id title price period category location ownerName } } }',
      variables: { f: filter },
    }),
  });
  const j = await r.json();
  if (j.errors) throw new Error(JSON.stringify(j.errors));
};
const words = ['forklift', 'riyadh', 'meeting room', 'مكتب', 'van 77', 'accountant 12'];
const results = [
  await measure('REST list, newest, page 1', () => rest('/api/resources')),
  await measure('REST list, category + page 50', () => rest('/api/resources?category=Equipment&page=50')),
  await measure('REST list, price ascending', () => rest('/api/resources?sort=price_asc')),
  await measure('REST search (trigram)', (i) => rest('/api/resources?search=' + encodeURIComponent(words[i % words.length]))),
  await measure('GraphQL list, newest, page 1', () => gql({})),
  await measure('GraphQL search (trigram)', (i) => gql({ search: words[i % words.length] })),
];
await db.end();
await app.close();
const c2 = new pg.Client({ connectionString: base });
await c2.connect();
await c2.query(`drop database if exists ${name} with (force)`);
await c2.end();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nMarketplace at scale — ${LISTINGS.toLocaleString('en')} listings, ${BOOKINGS.toLocaleString('en')} bookings on PostgreSQL (seeded in ${(seedMs / 1000).toFixed(1)} s)\n`,
);
console.log('| request (100 sequential after 5 warm-up) | p50 | p95 |\n|---|---|---|');
for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
process.exit(0);
