#!/usr/bin/env node
// `npm run bench:analytics`: seeds 1,000,000 bookings (≈700,000 paid payments, 2,000 listings, 1,000 customers,
// 50,000 inquiries) into a fresh database on the real PostgreSQL at BENCH_DATABASE_URL with generate_series, then
// times GET /api/admin/stats and GET /api/admin/analytics?period=… through the built server, and prints the plans.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseEnv } from '../server/dist/config/env.js';
import { createApp } from '../server/dist/app.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.log(
    'bench/analytics: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the 1M-booking analytics benchmark',
  );
  process.exit(0);
}
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;
const timed = async (fn) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

const name = `analytics_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
admin.on('error', (e) => console.error('admin connection:', e.message));
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(url);
u.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-bench-analytics-'));
let app;
try {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'false', DATABASE_URL: u.toString() });
  app = await createApp(env);
  const base = await app.listen(0, '127.0.0.1');
  const json = async (path, body, token) => {
    const r = await fetch(base + path, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (r.status >= 400) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
    return r.json();
  };
  const reg = await json('/api/auth/register', { email: 'bench-admin@example.sa', password: 'bench-password-1', full_name: 'Bench Admin' });
  const token = reg.access_token;

  const db = new pg.Client({ connectionString: u.toString() });
  db.on('error', (e) => console.error('bench connection:', e.message));
  await db.connect();
  await db.query(`update users set role = 'admin' where email = 'bench-admin@example.sa'`);
  const seedMs = await timed(async () => {
    await db.query(`insert into users (id, email, password_hash, full_name, role, email_verified)
      select gen_random_uuid(), 'c' || i || '@bench.sa', '!', 'Customer ' || i, case when i <= 50 then 'host_seller' else 'regular' end, true
        from generate_series(1, 1000) i`);
    await db.query(
      `create temp table hosts as select id, row_number() over (order by email) - 1 as k from users where role = 'host_seller'`,
    );
    await db.query(
      `create temp table custs as select id, row_number() over (order by email) - 1 as k from users where role = 'regular' and email like '%@bench.sa'`,
    );
    await db.query(`insert into resources (id, owner_id, title, description, category, price, period, location, status, created_at)
      select gen_random_uuid(), h.id, 'Listing ' || i, 'Bench listing', (array['Office Space','Equipment','Human Resources','Vehicles'])[1 + i % 4],
             50 + i % 400, 'hour', 'Riyadh', case when i % 10 = 0 then 'pending' else 'active' end, now() - interval '800 days'
        from generate_series(0, 1999) i join hosts h on h.k = i % 50`);
    await db.query(`create temp table res as select id, row_number() over (order by title) - 1 as k from resources`);
    // Booking i sits on listing i % 2000; bookings of one listing are 2000 × 63 s = 35 h apart and last ≤ 24 h,
    // so live ones never overlap (the exclusion constraint holds). Created over the last ≈ 2 years.
    await db.query(`insert into bookings (id, resource_id, user_id, start_date, end_date, periods, unit_price, total_amount, status, payment_status, created_at, updated_at)
      select gen_random_uuid(), r.id, c.id,
             now() - i * interval '63 seconds' + interval '1 day',
             now() - i * interval '63 seconds' + interval '1 day' + (1 + i % 24) * interval '1 hour',
             1 + i % 24, 100, 100 * (1 + i % 24),
             case when i % 20 = 0 then 'confirmed' when i % 20 = 1 then 'active' when i % 10 in (2, 3) then 'cancelled' when i % 10 = 4 then 'pending' else 'completed' end,
             case when i % 20 in (0, 1) or i % 10 >= 5 then 'paid' else 'pending' end,
             now() - i * interval '63 seconds', now() - i * interval '63 seconds'
        from generate_series(0, ${BOOKINGS - 1}) i
        join res r on r.k = i % 2000
        join custs c on c.k = (i::bigint * 7919) % 950`);
    await db.query(`insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, paid_at, created_at, updated_at)
      select gen_random_uuid(), b.id, b.user_id, 'card', 'sandbox', 'paid', b.total_amount, round(b.total_amount * 0.15, 2), round(b.total_amount * 1.15, 2),
             b.created_at + interval '10 minutes', b.created_at, b.created_at
        from bookings b where b.payment_status = 'paid'`);
    await db.query(`insert into inquiries (id, full_name, email, message, status, created_at, updated_at, first_response_at)
      select gen_random_uuid(), 'Visitor', 'v' || i || '@bench.sa', 'Hello', case when i % 5 = 0 then 'new' else 'resolved' end,
             now() - i * interval '20 minutes', now() - i * interval '20 minutes',
             case when i % 5 = 0 then null else now() - i * interval '20 minutes' + (1 + i % 48) * interval '1 hour' end
        from generate_series(1, 50000) i`);
    // Autovacuum would get there after a bulk load; do it now so the covering indexes serve index-only scans.
    await db.query('vacuum analyze');
  });
  const counts = (
    await db.query(
      `select (select count(*) from bookings)::int b, (select count(*) from payments)::int p, (select count(*) from resources)::int r`,
    )
  ).rows[0];

  const runs = [];
  const measure = async (label, path, n) => {
    await json(path, null, token); // warm
    const lat = [];
    for (let i = 0; i < n; i++) lat.push(await timed(() => json(path, null, token)));
    runs.push({ label, p50: pct(lat, 50), max: Math.max(...lat), n });
  };
  await measure('GET /api/admin/stats', '/api/admin/stats', 10);
  for (const p of ['week', 'month', 'quarter', 'year'])
    await measure(`GET /api/admin/analytics?period=${p}`, `/api/admin/analytics?period=${p}`, 5);

  const plan = async (sql, params) =>
    (await db.query(`explain (analyze, costs off, timing on) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  const yearAgo = new Date(Date.now() - 365 * 86400000).toISOString();
  const twoYearsAgo = new Date(Date.now() - 730 * 86400000).toISOString();
  const monthAgo = new Date(Date.now() - 30 * 86400000).toISOString();
  const weekAgo = new Date(Date.now() - 7 * 86400000).toISOString();
  const util = (await import('../server/dist/modules/analytics/analytics.service.js')).UTILIZATION_SQL.replace(
    '?::timestamptz',
    '$1::timestamptz',
  ).replace('?::timestamptz', '$2::timestamptz');
  const plans = {
    utilization_week: await plan(util, [weekAgo, new Date().toISOString()]),
    categories_year: await plan(
      `select r.category, sum(b.n)::int as n from (select resource_id, count(*) as n from bookings where created_at >= $1 and created_at < now() group by resource_id) b join resources r on r.id = b.resource_id group by r.category`,
      [yearAgo],
    ),
    revenue_year: await plan(
      `select coalesce(sum(subtotal) filter (where paid_at >= $1), 0), count(*) filter (where paid_at >= $1) from payments where status = 'paid' and paid_at >= $2 and paid_at < now()`,
      [yearAgo, twoYearsAgo],
    ),
    bookings_created_month: await plan(
      `select count(*), count(*) filter (where payment_status = 'paid') from bookings where created_at >= $1 and created_at < now()`,
      [monthAgo],
    ),
  };
  await db.end();

  console.log(
    `\nAnalytics benchmark — ${new Date().toISOString()} — node ${process.version}, ${cpus().length} cores, PostgreSQL at BENCH_DATABASE_URL`,
  );
  console.log(
    `data: ${counts.b} bookings, ${counts.p} paid payments, ${counts.r} listings, 1,000 users, 50,000 inquiries; seeded in ${(seedMs / 1000).toFixed(0)} s\n`,
  );
  console.log('| request | runs | p50 | max |');
  console.log('|---|---|---|---|');
  for (const r of runs) console.log(`| ${r.label} | ${r.n} | ${ms(r.p50)} | ${ms(r.max)} |`);
  for (const [k, v] of Object.entries(plans)) console.log(`\nplan ${k}:\n${v}`);
} finally {
  await app?.close().catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
