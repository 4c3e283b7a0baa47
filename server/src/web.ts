import { stopTracing } from './observability/tracing.js';
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests and shutting down…`);
    const timer = setTimeout(() => process.exit(1), 15000).unref();
    try {
      await app.close();
      await stopTracing();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof PendingMigrationsError ? err.message : err);
  process.exit(1);
});
