import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { Env } from '../config/env.js';
import { filesUnder, isSafeKey, type DiskFileStore, type FileStore } from './file-store.js';
import { createStores, diskStores, type Stores } from './stores.js';

export interface StorageMigrationReport {
  /** Files written to the bucket (missing there, or there with another size). */
  copied: number;
  /** Files already in the bucket with the same size: left alone, so a second run copies nothing. */
  present: number;
  /** Files under DATA_DIR whose names are not our keys (the app never reads them): not copied. */
  skipped: string[];
}

/** How many objects are written at once: enough to hide the round trips, few enough for a small bucket. */
const PARALLEL = 8;

async function copyAll(from: DiskFileStore, to: FileStore, report: StorageMigrationReport) {
  const running = new Set<Promise<void>>();
  for await (const path of filesUnder(from.root)) {
    const key = relative(from.root, path).split(sep).join('/');
    if (!isSafeKey(key)) {
      report.skipped.push(path);
      continue;
    }
    const job = (async () => {
      const data = await readFile(path);
      if ((await to.size(key)) === data.length) report.present++;
      else {
        await to.put(key, data);
        report.copied++;
      }
    })();
    running.add(job);
    void job.finally(() => running.delete(job)).catch(() => undefined);
    if (running.size >= PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
}

/**
 * `npm run storage:migrate`: copies the pictures and private files of DATA_DIR into the S3 bucket STORAGE=s3
 * names, under the same keys, so the listings keep pointing at them. Safe to run again (and while the app runs):
 * what is already there is left alone. The disk copies are not deleted.
 */
export async function migrateStorageToS3(env: Env, target: Stores = createStores(env)): Promise<StorageMigrationReport> {
  if (env.storage.kind !== 's3') throw new Error('storage:migrate copies DATA_DIR into the bucket: set STORAGE=s3 and the S3_* variables');
  const source = diskStores(env.dataDir);
  const report: StorageMigrationReport = { copied: 0, present: 0, skipped: [] };
  await copyAll(source.images as DiskFileStore, target.images, report);
  await copyAll(source.files as DiskFileStore, target.files, report);
  return report;
}
