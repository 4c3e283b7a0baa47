import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The advisory lock every Mawarid process takes to migrate (and seed): one 64-bit key agreed on by all instances
 * of any version; "Mawarid!" in ASCII, so it does not collide with another application's lock by chance.
 */
const MIGRATION_LOCK_KEY = '5575869074076427297';

/** pg's client as knex hands it out: enough of it to hold one session. */
interface PgSession {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Runs `work` while holding PostgreSQL's session advisory lock MIGRATION_LOCK_KEY, so instances started together
 * on one database migrate one after the other: the first applies the migrations, the others wait for it, then
 * find nothing pending. The lock is held on a connection of its own, taken from the pool for the duration, while
 * the migrator uses others; if this process dies the server drops the session and the lock with it.
 *
 * Embedded PGlite: no lock. Only one process can open its data folder (PGlite is a single-user PostgreSQL in this
 * process), so there is nobody to race with; and its pool has a single connection, which the lock would keep from
 * the migrator.
 */
export async function underMigrationLock<T>(orm: MikroORM, embedded: boolean, work: () => Promise<T>): Promise<T> {
  if (embedded) return work();
  const knex = orm.em.getConnection().getKnex();
  const session = (await knex.client.acquireConnection()) as PgSession;
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await knex.client.releaseConnection(session);
  }
}

/** Applies the pending migrations under the lock; returns the names applied (none when another process did). */
export async function migrate(orm: MikroORM, embedded: boolean): Promise<string[]> {
  return underMigrationLock(orm, embedded, async () => (await orm.getMigrator().up()).map((m) => m.name));
}

/** MIGRATE_ON_START=false and the database is behind: the deployment's migration step has not run (yet). */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database has ${pending.length} pending migration(s) (${pending.join(', ')}) and MIGRATE_ON_START is false: run \`npm run migrate\` first`,
    );
  }
}
