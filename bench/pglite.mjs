#!/usr/bin/env node
// `node bench/pglite.mjs`: the two ways of handing embedded PGlite to node-postgres (issue 3 asked to measure both).
//  A. socket: PGlite behind @electric-sql/pglite-socket on a loopback port, pg.Pool of one (what the server does);
//  B. in-process: createPgConfig from @electric-sql/pglite/node-postgres, pg.Pool of one, no socket at all.
// Each on a fresh in-memory database with the same small table: 500 sequential primary-key reads, then 20
// concurrent workers reading for 3 s (they queue on the single connection). Bounded in count and time.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { readFileSync } from 'node:fs';

const SEQUENTIAL = Number(process.env.PGLITE_BENCH_SEQUENTIAL ?? 500);
const WORKERS = Number(process.env.PGLITE_BENCH_WORKERS ?? 20);
const SECONDS = Number(process.env.PGLITE_BENCH_SECONDS ?? 3);
const ROWS = 1000;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function seed(pool) {
  await pool.query(`create table items (id int primary key, title text not null, price numeric(12,2) not null)`);
  await pool.query(`insert into items select g, 'item ' || g, g * 1.5 from generate_series(1, ${ROWS}) g`);
}

const read = (pool, i) => pool.query('select id, title, price from items where id = $1', [(i % ROWS) + 1]);

async function measure(pool) {
  for (let i = 0; i < 50; i++) await read(pool, i); // warm-up
  const seqLat = [];
  const t0 = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const s = performance.now();
    await read(pool, i);
    seqLat.push(performance.now() - s);
  }
  const seqTotal = performance.now() - t0;

  const deadline = performance.now() + SECONDS * 1000;
  const conLat = [];
  let n = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (performance.now() < deadline) {
        const s = performance.now();
        try {
          await read(pool, n++);
          conLat.push(performance.now() - s);
        } catch {
          errors++;
        }
      }
    }),
  );
  return {
    sequential: { total_ms: +seqTotal.toFixed(0), p50_ms: +pct(seqLat, 50).toFixed(3), p95_ms: +pct(seqLat, 95).toFixed(3) },
    concurrent: {
      queries_per_s: Math.round(conLat.length / SECONDS),
      p50_ms: +pct(conLat, 50).toFixed(2),
      p95_ms: +pct(conLat, 95).toFixed(2),
      errors,
    },
  };
}

async function viaSocket() {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' });
  await server.start();
  const pool = new pg.Pool({ connectionString: `postgres://postgres@${server.getServerConn()}/postgres`, max: 1 });
  try {
    await seed(pool);
    return await measure(pool);
  } finally {
    await pool.end();
    await server.stop();
    await db.close();
  }
}

async function inProcess() {
  let createPgConfig;
  try {
    ({ createPgConfig } = await import('@electric-sql/pglite/node-postgres'));
  } catch {
    return null;
  }
  const db = await PGlite.create();
  const pool = new pg.Pool({ ...createPgConfig(db), max: 1 });
  try {
    await seed(pool);
    return await measure(pool);
  } finally {
    await pool.end();
    await db.close();
  }
}

const version = JSON.parse(readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version;
console.log(
  `PGlite ${version}, node ${process.version}: ${SEQUENTIAL} sequential reads, then ${WORKERS} concurrent workers for ${SECONDS} s`,
);
// The machine may be shared: several rounds, the two modes alternating, and the median of each figure reported.
const ROUNDS = Number(process.env.PGLITE_BENCH_ROUNDS ?? 3);
const runs = { socket: [], in_process: [] };
let hasInProcess = true;
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? ['in_process', 'socket'] : ['socket', 'in_process'];
  for (const mode of order) {
    if (mode === 'socket') runs.socket.push(await viaSocket());
    else if (hasInProcess) {
      const r = await inProcess();
      if (r) runs.in_process.push(r);
      else hasInProcess = false;
    }
  }
}
const median = (xs) => pct(xs, 50);
const summarize = (rs) => ({
  sequential: Object.fromEntries(Object.keys(rs[0].sequential).map((k) => [k, median(rs.map((r) => r.sequential[k]))])),
  concurrent: Object.fromEntries(Object.keys(rs[0].concurrent).map((k) => [k, median(rs.map((r) => r.concurrent[k]))])),
});
const results = { socket: summarize(runs.socket) };
if (hasInProcess) results.in_process = summarize(runs.in_process);
else console.log('@electric-sql/pglite/node-postgres (createPgConfig) is not in this PGlite version: in-process run skipped');
console.log(`median of ${ROUNDS} rounds:`);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(10)} sequential: ${r.sequential.total_ms} ms total (p50 ${r.sequential.p50_ms} ms, p95 ${r.sequential.p95_ms} ms) | ` +
      `${WORKERS} concurrent: ${r.concurrent.queries_per_s} q/s (p50 ${r.concurrent.p50_ms} ms, p95 ${r.concurrent.p95_ms} ms, ${r.concurrent.errors} errors)`,
  );
}
console.log(JSON.stringify(results));
