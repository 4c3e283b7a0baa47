import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { migrations } from '../../server/src/db/migrations/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Instances started at once on an empty PostgreSQL database: each migrates at boot, under one advisory lock.
const BASE = process.env.TEST_DATABASE_URL;
if (!BASE) throw new Error('tests/infra needs TEST_DATABASE_URL (see .ci/run)');

const created: string[] = [];
/** A new, empty database beside TEST_DATABASE_URL's (dropped after the run). */
async function emptyDatabase(): Promise<string> {
  const name = `mig_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(BASE!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

/** `npm run migrate` as a deployment runs it (server/dist, built by `npm run build`). */
function migrateCommand(databaseUrl: string, dataDir: string): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['server/dist/migrate.js'],
      { env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mawarid-mig-'));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('migrations that do not race', () => {
  it('two migrators on an empty database: both finish, every migration is applied once', async () => {
    const url = await emptyDatabase();
    const orms = await Promise.all([0, 1].map(() => MikroORM.init(ormConfig({ clientUrl: url, embedded: false }))));
    try {
      const applied = await Promise.all(orms.map((orm) => migrate(orm, false)));
      // One of them applied everything; the other waited for the lock and found nothing left to do.
      expect(applied.map((a) => a.length).sort((a, b) => a - b)).toEqual([0, migrations.length]);
      const rows = await query<{ name: string; n: string }>(url, 'select name, count(*) as n from mikro_orm_migrations group by name');
      expect(rows).toHaveLength(migrations.length);
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      // The lock is given back: nobody holds it afterwards.
      expect(await query(url, `select 1 from pg_locks where locktype = 'advisory'`)).toEqual([]);
    } finally {
      await Promise.all(orms.map((orm) => orm.close(true)));
    }
  });

  it('two instances started at once on an empty database both come up, with the seed written once', async () => {
    const url = await emptyDatabase();
    const shared = {
      DATABASE_URL: url,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'ops-admin@example.sa',
      ADMIN_PASSWORD: 'Ops#Admin2026',
      JWT_SECRET: 'migration-race-test-secret-0123456789abcdef',
      ENCRYPTION_KEY: 'migration-race-test-key-0123456789abcdef',
    };
    const started = await Promise.allSettled([createTestApp(shared), createTestApp(shared)]);
    const apps = started.filter((s): s is PromiseFulfilledResult<TestApp> => s.status === 'fulfilled').map((s) => s.value);
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up']);
      for (const app of apps) expect((await app.api('GET', '/api/health')).status).toBe(200);
      const users = await query<{ email: string }>(
        url,
        `select email from users where email in ('ops-admin@example.sa', 'host@mawarid.sa', 'user@mawarid.sa') order by email`,
      );
      expect(users.map((u) => u.email)).toEqual(['host@mawarid.sa', 'ops-admin@example.sa', 'user@mawarid.sa']);
      // The demo listings were seeded by one instance only.
      const [{ n }] = await query<{ n: string }>(
        url,
        `select count(*) as n from resources r join users u on u.id = r.owner_id where u.email = 'host@mawarid.sa'`,
      );
      expect(Number(n)).toBe(8);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });

  it('`npm run migrate` applies the migrations alone; instances with MIGRATE_ON_START=false then start without migrating', async () => {
    const url = await emptyDatabase();
    // Not migrated yet: an instance that must not migrate refuses to start, saying what to run.
    await expect(createTestApp({ DATABASE_URL: url, MIGRATE_ON_START: 'false' })).rejects.toThrow(
      `The database has ${migrations.length} pending migration(s)`,
    );

    const first = await migrateCommand(url, dataDir);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Applied ${migrations.length} migration(s)`);
    const again = await migrateCommand(url, dataDir);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('The database is up to date.');

    const app = await createTestApp({ DATABASE_URL: url, MIGRATE_ON_START: 'false' });
    try {
      expect((await app.api('GET', '/api/health')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
