#!/usr/bin/env node
// `npm run bench`: measures the built server on loopback (embedded PGlite, and real PostgreSQL when
// BENCH_DATABASE_URL is set, e.g. postgres://postgres@127.0.0.1:5432/test). Bounded in count and time.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseEnv } from '../server/dist/config/env.js';
import { createApp } from '../server/dist/app.js';

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function sequential(n, fn) {
  const lat = [];
  for (let i = 0; i < n; i++) lat.push(await timed(fn));
  return { p50: pct(lat, 50), p99: pct(lat, 99) };
}

async function concurrent(workers, seconds, fn) {
  const deadline = performance.now() + seconds * 1000;
  const lat = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await fn();
        } catch {
          errors++;
        }
        lat.push(performance.now() - t0);
      }
    }),
  );
  return { rps: lat.length / seconds, p50: pct(lat, 50), p99: pct(lat, 99), errors };
}

async function benchOne(label, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-bench-'));
  let dropDb = async () => {};
  let dbUrl;
  if (databaseUrl) {
    const name = `mawarid_bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    dropDb = async () => {
      const c2 = new pg.Client({ connectionString: databaseUrl });
      await c2.connect();
      await c2.query(`drop database if exists ${name} with (force)`);
      await c2.end();
    };
  }
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    LOGIN_MAX_ATTEMPTS: '100000',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  });
  let app;
  const startMs = await timed(async () => {
    app = await createApp(env, { inMemoryDb: true });
  });
  const base = await app.listen(0, '127.0.0.1');
  const json = (path, body, token) =>
    fetch(base + path, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => {
      if (r.status >= 400) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });

  const reg = await json('/api/auth/register', { email: 'bench@example.sa', password: 'bench-password-1', full_name: 'Bench' });
  const token = reg.access_token;
  const results = {
    label,
    startMs,
    meSeq: await sequential(500, () => json('/api/auth/me', null, token)),
    meLoad: await concurrent(20, 5, () => json('/api/auth/me', null, token)),
    gqlLoad: await concurrent(20, 5, () => json('/graphql', { query: '{ me { id email role } }' }, token)),
    login: await sequential(20, () => json('/api/auth/login', { email: 'bench@example.sa', password: 'bench-password-1' })),
    health: await concurrent(20, 3, () => json('/api/health')),
  };
  await app.close();
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}

const runs = [await benchOne('embedded PGlite', undefined)];
if (process.env.BENCH_DATABASE_URL) runs.push(await benchOne('PostgreSQL 15', process.env.BENCH_DATABASE_URL));

console.log(
  `\nMawarid benchmark — ${new Date().toISOString()} — node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`,
);
console.log('| measure | ' + runs.map((r) => r.label).join(' | ') + ' |');
console.log('|---|' + runs.map(() => '---').join('|') + '|');
const row = (name, f) => console.log(`| ${name} | ${runs.map(f).join(' | ')} |`);
row('start (migrate + seed, in-memory DB)', (r) => ms(r.startMs));
row('GET /api/auth/me sequential ×500, p50 / p99', (r) => `${ms(r.meSeq.p50)} / ${ms(r.meSeq.p99)}`);
row(
  'GET /api/auth/me, 20 concurrent for 5 s: req/s (p99)',
  (r) => `${r.meLoad.rps.toFixed(0)} (${ms(r.meLoad.p99)}), errors ${r.meLoad.errors}`,
);
row(
  'GraphQL { me }, 20 concurrent for 5 s: req/s (p99)',
  (r) => `${r.gqlLoad.rps.toFixed(0)} (${ms(r.gqlLoad.p99)}), errors ${r.gqlLoad.errors}`,
);
row('POST /api/auth/login (argon2id) sequential ×20, p50', (r) => ms(r.login.p50));
row('GET /api/health, 20 concurrent for 3 s: req/s', (r) => `${r.health.rps.toFixed(0)}`);
process.exit(0);
