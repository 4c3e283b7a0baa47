import { parseEnv, EnvError } from './config/env.js';
import { restore, BackupError } from './backup/backup.js';
import { createStores } from './storage/stores.js';

/** `npm run restore <backup folder>`: the database and files of a `npm run backup` folder, into DATABASE_URL and STORAGE. */
async function main() {
  const folder = process.argv[2];
  if (!folder) throw new BackupError('Usage: npm run restore <backup folder> (one made by npm run backup)');
  const env = parseEnv();
  const stores = createStores(env);
  try {
    console.log(`Restoring ${folder}: the database's contents are replaced by the backup's.`);
    const { files } = await restore(env, stores, folder);
    console.log(
      `Restored the database; put back ${files.uploads} picture(s) and ${files['private-files']} private file(s) (the others were there).`,
    );
  } finally {
    stores.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof BackupError ? err.message : err);
  process.exit(1);
});
