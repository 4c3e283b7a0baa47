import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { scrubDatabaseError } from './error-values.js';

interface PgClient {
  query(query: { text: string; values: unknown[]; name?: string }): Promise<{ rows: unknown[] }>;
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
 * `prepared`: the statement is named, so each connection has PostgreSQL parse and plan it once and then only binds
 * values (≈ 3× less PostgreSQL CPU for the session's user and a booking list, docs/performance.md). Only for a fixed
 * text (each text stays prepared on every connection of the pool for its lifetime) whose best plan does not depend on
 * the values: PostgreSQL may settle on one generic plan after five executions, which would, for example, lose the
 * trigram index of a search whose pattern is a parameter.
 *
 * Not for writes, and not inside a transaction: it takes a connection of its own, outside the entity manager's
 * transaction, so it refuses to run in one rather than read around it.
 */
export async function readRows<T>(
  em: EntityManager,
  sql: string,
  params: unknown[] = [],
  { prepared = false }: { prepared?: boolean } = {},
): Promise<T[]> {
  if (em.getTransactionContext()) throw new Error('readRows: not inside a transaction (use em.getConnection().execute)');
  const logger = em.config.getLogger();
  if (logger.isEnabled('query')) logger.logQuery({ query: sql, params, level: 'info' }); // LOG_LEVEL=debug, as MikroORM's own
  const client = em.getConnection().getKnex().client as unknown as KnexClient;
  const connection = await client.acquireConnection();
  try {
    return (await connection.query({ text: sql, values: params, name: prepared ? statementName(sql) : undefined })).rows as T[];
  } catch (err) {
    scrubDatabaseError(err, sql);
    throw err;
  } finally {
    void client.releaseConnection(connection);
  }
}

const statementNames = new Map<string, string>();
/** A name per text: the same text is the same statement on every connection, and two texts never share a name. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `read_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
  return name;
}
