import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import type { TestProject } from 'vitest/node';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { startEmbeddedDb } from '../../server/src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding PGlite's dump of a migrated database (embedded runs). */
    dbTemplateFile?: string;
    /** A migrated database beside TEST_DATABASE_URL that fresh test databases are copied from (real PostgreSQL). */
    dbTemplateName?: string;
  }
}

async function migrated(clientUrl: string, embedded: boolean) {
  const orm = await MikroORM.init(ormConfig({ clientUrl, embedded }));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
}

/**
 * Vitest's global setup for the server and infra suites: migrate one database once, and let every test app start
 * from a copy of it (tests/support/test-app.ts) instead of applying all the migrations again — about 3 s of each
 * app's start on the embedded database. The migrations themselves are still run from empty by the apps that pass
 * their own DATABASE_URL (tests/infra/migrations.test.ts) and by `npm start`.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'mawarid-template-'));
    const embedded = await startEmbeddedDb();
    try {
      await migrated(embedded.url, true);
      const dump = await embedded.db.dumpDataDir('none');
      writeFileSync(join(dir, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await embedded.close();
    }
    project.provide('dbTemplateFile', join(dir, 'pgdata.tar'));
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `mawarid_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  await migrated(url.toString(), false);
  project.provide('dbTemplateName', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
