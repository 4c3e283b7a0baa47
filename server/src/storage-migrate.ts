import { parseEnv, EnvError } from './config/env.js';
import { migrateStorageToS3 } from './storage/migrate.js';
import { createStores } from './storage/stores.js';

/** `npm run storage:migrate` (after `npm run build:server`, or in the image): DATA_DIR's files into the bucket. */
async function main() {
  const env = parseEnv();
  if (env.storage.kind !== 's3')
    throw new EnvError(
      'storage:migrate copies the files of DATA_DIR into the bucket: set STORAGE=s3 and the S3_* variables (README, "Files")',
    );
  const stores = createStores(env);
  try {
    console.log(`Copying ${env.dataDir} into ${stores.images.where} and ${stores.files.where} …`);
    const report = await migrateStorageToS3(env, stores);
    console.log(`Copied ${report.copied}, already there ${report.present}, skipped ${report.skipped.length} (not a file the app stores).`);
    for (const path of report.skipped) console.log(`  skipped: ${path}`);
  } finally {
    stores.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
