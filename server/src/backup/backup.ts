import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Env } from '../config/env.js';
import { DiskFileStore, type FileStore } from '../storage/file-store.js';
import { STORE_FOLDERS, type Stores } from '../storage/stores.js';

/** A refusal or failure with a message for the operator (no stack trace). */
export class BackupError extends Error {}

/** What to do instead when the database is the embedded PGlite one, which lives inside the server's process. */
const EMBEDDED_DATABASE_ADVICE = [
  'DATABASE_URL is not set: the database is the embedded one in DATA_DIR/pgdata, which pg_dump cannot reach and',
  'only the running server may open. To back it up, stop the server (`npm start`) and copy the whole DATA_DIR',
  'folder (database, files, generated secrets); to restore, stop the server and put that copy back.',
].join('\n');

/** Written last: a folder without it is an unfinished backup, and restore refuses it. */
interface Manifest {
  format: 1;
  createdAt: string;
  database: string;
  files: Record<string, number>;
}

/**
 * libpq connection arguments with the password moved out of the URL into PGPASSWORD, so it does not show in the
 * process list while pg_dump runs.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'ENOENT'
          ? new BackupError(`${command} not found: install the PostgreSQL client tools (the server's major version or newer)`)
          : err,
      ),
    );
    child.on('close', (code) => (code === 0 ? done() : fail(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

/** Copies every object of one store into another under the same key, skipping those already there with that size. */
async function copyStore(from: FileStore, to: FileStore): Promise<number> {
  let copied = 0;
  for await (const key of from.keys()) {
    const file = await from.open(key);
    if (!file) continue; // deleted since it was listed
    const data = Buffer.concat(await file.stream.toArray());
    const present = await to.size(key);
    if (present === data.length) continue;
    if (present !== null) await to.remove(key);
    await to.put(key, data);
    copied++;
  }
  return copied;
}

/**
 * Drops every partitioned table (with its partitions) first: pg_restore --clean drops a partition's primary key
 * before its table, which PostgreSQL refuses ("cannot drop inherited constraint"), and pg-boss keeps one
 * partition per queue. The clean-up then finds those tables gone (IF EXISTS) and recreates them.
 */
const DROP_PARTITIONED_TABLES = `DO $$ DECLARE t text; BEGIN
  FOR t IN SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'p' AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  LOOP EXECUTE 'DROP TABLE IF EXISTS ' || t || ' CASCADE'; END LOOP;
END $$`;

/**
 * Replaces the database's contents with the dump's, all or nothing: pg_restore --clean --if-exists writes the SQL
 * (checked complete before anything runs), and psql runs it after DROP_PARTITIONED_TABLES in one transaction that
 * stops at the first error. The objects belong to whoever restores (the app's role), not to the dump's owners.
 */
async function restoreDatabase(databaseUrl: string, dump: string) {
  const db = connection(databaseUrl);
  const work = await mkdtemp(join(tmpdir(), 'mawarid-restore-'));
  try {
    const script = join(work, 'restore.sql');
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', `--file=${script}`, dump], db.env);
    await run(
      'psql',
      ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-c', DROP_PARTITIONED_TABLES, '-f', script, `--dbname=${db.dbname}`],
      // The clean-up's "does not exist, skipping" notices are expected: only warnings and errors are shown.
      { ...db.env, PGOPTIONS: '-c client_min_messages=warning' },
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const filesFolder = (backup: string, kind: keyof typeof STORE_FOLDERS) => join(backup, 'files', STORE_FOLDERS[kind]);

/**
 * `npm run backup [parent folder]`: the database (pg_dump, custom format) and every stored picture and private file
 * into `<parent>/mawarid-<UTC time>/`. The database is dumped first, so every file a dumped row names is copied
 * (keys are never reused, so a file uploaded meanwhile is only an extra). Files land in the same layout whatever
 * STORAGE is, so a backup taken on disk restores into a bucket and back.
 */
export async function backup(env: Env, stores: Stores, parent: string): Promise<{ folder: string; files: Record<string, number> }> {
  if (!env.databaseUrl) throw new BackupError(EMBEDDED_DATABASE_ADVICE);
  const createdAt = new Date().toISOString();
  const folder = resolve(parent, `mawarid-${createdAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}`);
  if (existsSync(folder)) throw new BackupError(`${folder} already exists`);
  // Built under another name and renamed when complete, so an interrupted run never looks like a backup.
  const partial = `${folder}.partial`;
  await mkdir(partial, { recursive: true });
  const db = connection(env.databaseUrl);
  await run('pg_dump', ['--format=custom', `--file=${join(partial, 'database.dump')}`, `--dbname=${db.dbname}`], db.env);
  const files: Record<string, number> = {};
  for (const kind of ['images', 'files'] as const)
    files[STORE_FOLDERS[kind]] = await copyStore(stores[kind], new DiskFileStore(filesFolder(partial, kind)));
  const manifest: Manifest = { format: 1, createdAt, database: 'database.dump', files };
  await writeFile(join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  await rename(partial, folder);
  return { folder, files };
}

/**
 * `npm run restore <folder>`: replaces the database's contents with the backup's (restoreDatabase: in one
 * transaction, so a failure leaves the database as it was) and puts back every file the backup holds.
 * Files stored since the backup stay (nothing refers to them any more). Stop the web instances and workers first.
 */
export async function restore(env: Env, stores: Stores, folder: string): Promise<{ files: Record<string, number> }> {
  if (!env.databaseUrl) throw new BackupError(EMBEDDED_DATABASE_ADVICE);
  const manifestPath = join(folder, 'manifest.json');
  if (!existsSync(manifestPath)) throw new BackupError(`${resolve(folder)} is not a finished backup (no manifest.json)`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  await restoreDatabase(env.databaseUrl, join(folder, manifest.database));
  const files: Record<string, number> = {};
  for (const kind of ['images', 'files'] as const)
    files[STORE_FOLDERS[kind]] = await copyStore(new DiskFileStore(filesFolder(folder, kind)), stores[kind]);
  return { files };
}
