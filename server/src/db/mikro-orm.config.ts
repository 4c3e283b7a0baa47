import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

/**
 * `debug` turns on the ORM's query and migrator log (LOG_LEVEL=debug only); `logger` receives those lines. Without
 * one MikroORM writes to the console.log it bound when it was imported, past anything that captures the console.
 */
export function ormConfig(opts: { clientUrl: string; embedded: boolean; debug?: boolean; logger?: (message: string) => void }): Options {
  return defineConfig({
    clientUrl: opts.clientUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, tableName: 'mikro_orm_migrations', transactional: true, allOrNothing: true },
    // PGlite is one session: a second pooled connection would interleave transactions.
    // A request waits at most 10 s for a connection (then 503) instead of knex's 60 s while the database is away.
    pool: opts.embedded ? { min: 1, max: 1, acquireTimeoutMillis: 10_000 } : { min: 0, max: 10, acquireTimeoutMillis: 10_000 },
    forceUtcTimezone: true,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    debug: opts.debug ?? false,
    ...(opts.logger ? { logger: opts.logger } : {}),
    allowGlobalContext: false,
    // A failed query's message shows knex's bindings as $1, $2 …, not their values (see db/error-values.ts).
    driverOptions: { compileSqlOnError: false },
  });
}
