import { MikroORM } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { parseEnv, EnvError } from './config/env.js';
import { startEmbeddedDb, type EmbeddedDb } from './db/embedded.js';
import { ormConfig } from './db/mikro-orm.config.js';
import { migrate } from './db/migrate.js';

/**
 * `npm run migrate`: applies the pending migrations and exits, for a deployment's pre-start step (then start the
 * instances with MIGRATE_ON_START=false). Takes the same advisory lock as a starting instance, so it is safe next
 * to instances that migrate themselves.
 */
async function main() {
  const env = parseEnv();
  let embedded: EmbeddedDb | undefined;
  let clientUrl = env.databaseUrl;
  if (!clientUrl) {
    embedded = await startEmbeddedDb(join(env.dataDir, 'pgdata'));
    clientUrl = embedded.url;
  }
  const orm = await MikroORM.init(ormConfig({ clientUrl, embedded: !!embedded }));
  try {
    const applied = await migrate(orm, !!embedded);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await orm.close(true);
    await embedded?.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
