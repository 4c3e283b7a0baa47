import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { User } from '../../server/src/modules/users/user.entity.js';
import { createUser } from '../support/factories.js';
import { startS3Server } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// `npm run backup` / `npm run restore` as an operator runs them (server/dist, built by `npm run build`), against the
// real PostgreSQL (pg_dump/pg_restore on PATH) and the app's file store: local disk, and an S3 bucket.
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/infra needs TEST_DATABASE_URL (see .ci/run)');

function command(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [`server/dist/${script}.js`, ...args],
      { env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'error', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe.each(['disk', 's3'] as const)('backup and restore, files on %s', (storage) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let env: Record<string, string | undefined>;
  let backups: string;

  beforeAll(async () => {
    if (storage === 's3') s3 = await startS3Server();
    // No job worker in the app: the restore replaces the tables under it, as under instances an operator stopped.
    t = await createTestApp({ WORKER: 'off', ...s3?.env });
    env = { DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, ...s3?.env };
    backups = mkdtempSync(join(tmpdir(), 'mawarid-backups-'));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(backups, { recursive: true, force: true });
  });

  it('brings back the rows and files of the backup, and only those rows', async () => {
    const kept = await createUser(t.app);
    const { images, files } = t.app.deps.stores;
    // Where listing pictures live (server/src/modules/resources/uploads.ts), so /uploads serves it.
    const picture = `resources/${randomUUID()}.png`;
    const pictureBytes = randomBytes(4096);
    await images.put(picture, pictureBytes);
    const privateFile = `${randomUUID()}.pdf`;
    await files.put(privateFile, randomBytes(1500));
    expect((await fetch(`${t.url}/uploads/${picture}`)).status).toBe(200);

    const made = await command('backup', [backups], env);
    expect(made.status, made.stderr).toBe(0);
    const folder = /into (\S+)$/m.exec(made.stdout)![1];
    expect(made.stdout).toContain('1 picture(s), 1 private file(s)');
    // Only the finished folder is left (not its `.partial` working name).
    expect(readdirSync(backups)).toEqual([basename(folder)]);
    expect(readdirSync(folder).sort()).toEqual(['database.dump', 'files', 'manifest.json']);

    // What goes wrong afterwards: the account and both files are deleted, and someone registers.
    await t.app.orm.em.fork().nativeDelete(User, { email: kept.email });
    await images.remove(picture);
    await files.remove(privateFile);
    const later = await createUser(t.app);
    expect((await t.api('POST', '/api/auth/login', { email: kept.email, password: kept.password })).status).toBe(401);
    expect((await fetch(`${t.url}/uploads/${picture}`)).status).toBe(404);

    const restored = await command('restore', [folder], env);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('put back 1 picture(s) and 1 private file(s)');

    // The running app sees the database and the files as they were at the backup.
    expect((await t.api('POST', '/api/auth/login', { email: kept.email, password: kept.password })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/login', { email: later.email, password: later.password })).status).toBe(401);
    const served = await fetch(`${t.url}/uploads/${picture}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pictureBytes)).toBe(true);
    expect(await files.size(privateFile)).toBe(1500);

    // Restoring again changes nothing and copies no file twice.
    const again = await command('restore', [folder], env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('put back 0 picture(s) and 0 private file(s)');
    expect((await t.api('POST', '/api/auth/login', { email: kept.email, password: kept.password })).status).toBe(200);
  });
});

describe('backup refusals', () => {
  it('on the embedded database, says to stop the server and copy DATA_DIR, and writes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-embedded-'));
    const parent = join(dataDir, 'backups');
    try {
      for (const [script, args] of [
        ['backup', [parent]],
        ['restore', [parent]],
      ] as const) {
        const r = await command(script, [...args], { DATA_DIR: dataDir });
        expect(r.status, script).toBe(1);
        expect(r.stderr, script).toContain('stop the server (`npm start`) and copy the whole DATA_DIR');
      }
      expect(existsSync(parent)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to restore a folder that is not a finished backup', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mawarid-not-a-backup-'));
    try {
      mkdirSync(join(folder, 'files'));
      const r = await command('restore', [folder], { DATABASE_URL: process.env.TEST_DATABASE_URL, DATA_DIR: folder });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('is not a finished backup (no manifest.json)');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
