import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDb {
  db: PGlite;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts PGlite (Postgres compiled to WASM) and exposes it over the Postgres wire protocol on a
 * loopback port, so that MikroORM's ordinary `pg` driver talks to it exactly as to a real server.
 * PGlite is one session: the socket server runs one statement at a time, and while one connection is inside a
 * transaction it holds the others' statements back until that transaction ends. So connections do not see each
 * other's half-done work, but one must never wait on another while in a transaction. The ORM pool is sized to one
 * (see mikro-orm.config.ts); the job queue has one more (jobs/queue.ts), and a third is left for a reconnect or a
 * maintenance script.
 * `dataDir` undefined means in memory (tests). `template`: start from this copy of a database (PGlite's
 * `dumpDataDir`) instead of an empty one; the test suites start every app from one migrated copy.
 */
export async function startEmbeddedDb(dataDir?: string, template?: Blob): Promise<EmbeddedDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir,
    extensions: { btree_gist, pg_trgm, pgcrypto, citext },
    ...(template ? { loadDataDir: template } : {}),
  });
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 3 });
  await server.start();
  return {
    db,
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
