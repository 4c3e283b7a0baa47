import type { EntityManager } from '@mikro-orm/postgresql';
import { scrubDatabaseError } from './error-values.js';

interface PgClient {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<void>;
}

/**
 * A read-only statement of a hot path, sent with its values as server-side parameters (`$1`, `$2` …) on a connection
 * of the ORM's own pool; the rows come back as the driver parses them (MikroORM's setup: timestamptz and numeric as
 * text). `em.getConnection().execute` writes the values into the SQL text and goes through knex's raw-query builder
 * and MikroORM's logger: on a one-row read that cost more CPU than the round trip itself (docs/performance.md,
 * issue #19). Errors are scrubbed of values like every other statement's (db/error-values.ts), and a lost database
 * is still recognised by `isDatabaseUnavailable` (the driver's and the pool's own errors).
 *
 * Not for writes, and not inside a transaction: it takes a connection of its own, outside the entity manager's
 * transaction, so it refuses to run in one rather than read around it.
 */
export async function readRows<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  if (em.getTransactionContext()) throw new Error('readRows: not inside a transaction (use em.getConnection().execute)');
  const logger = em.config.getLogger();
  if (logger.isEnabled('query')) logger.logQuery({ query: sql, params, level: 'info' }); // LOG_LEVEL=debug, as MikroORM's own
  const client = em.getConnection().getKnex().client as unknown as KnexClient;
  const connection = await client.acquireConnection();
  try {
    return (await connection.query(sql, params)).rows as T[];
  } catch (err) {
    scrubDatabaseError(err, sql);
    throw err;
  } finally {
    void client.releaseConnection(connection);
  }
}
