import { exitOnSignal } from './shutdown.js';
import { parseEnv, EnvError } from './config/env.js';
import { createApp } from './app.js';
import { PendingMigrationsError } from './db/migrate.js';

async function main() {
  const env = parseEnv();
  const app = await createApp(env);
  const url = await app.listen();
  console.log(`Mawarid is serving on ${env.appUrl} (listening on ${url.replace('127.0.0.1', env.host)})`);
  console.log(
    `  GraphQL: ${env.appUrl}/graphql   REST: ${env.appUrl}/api   DB: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.dataDir}`}`,
  );
  console.log(`  Background jobs: ${env.worker ? 'run in this process' : 'queued for `npm run worker` (WORKER=off)'}`);

  exitOnSignal(
    (signal) => console.log(`${signal}: finishing in-flight requests and shutting down…`),
    () => app.close(),
  );
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof PendingMigrationsError ? err.message : err);
  process.exit(1);
});
