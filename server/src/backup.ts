import { parseEnv, EnvError } from './config/env.js';
import { backup, BackupError } from './backup/backup.js';
import { createStores } from './storage/stores.js';

/** `npm run backup [parent folder, default ./backups]` (after `npm run build:server`, or in the image). */
async function main() {
  const env = parseEnv();
  const stores = createStores(env);
  try {
    const { folder, files } = await backup(env, stores, process.argv[2] ?? 'backups');
    console.log(`Backed up the database and ${files.uploads} picture(s), ${files['private-files']} private file(s) into ${folder}`);
  } finally {
    stores.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof BackupError ? err.message : err);
  process.exit(1);
});
