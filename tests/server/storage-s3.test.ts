import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv, EnvError } from '../../server/src/config/env.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { startS3Server } from '../support/s3-server.js';

// Files on an S3-protocol server (s3rver, in this process): what STORAGE=s3 gives several instances to share.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let host: MadeUser;
let admin: MadeUser;
let buyer: MadeUser;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n% stored in the bucket\n%%EOF\n');
const listing = (over: Record<string, unknown> = {}) => ({
  title: 'Room with its picture in a bucket',
  description: 'A bright room for 10 people with a screen.',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [`data:image/png;base64,${PNG.toString('base64')}`],
  ...over,
});

async function activeResource(over: Record<string, unknown> = {}) {
  const created = await t.api('POST', '/api/resources', listing(over), host.token);
  expect(created.status).toBe(201);
  expect((await t.api('PUT', `/api/admin/resources/${created.body.id}/approve`, undefined, admin.token)).status).toBe(200);
  return created.body as { id: string; images: string[] };
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  buyer = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('STORAGE=s3', () => {
  it('keeps an uploaded picture in the bucket and serves it at its usual URL with the usual caching', async () => {
    const r = await activeResource();
    const url = r.images[0];
    // Pictures are stored as a web copy (WebP) under a key of ours.
    expect(url).toMatch(/^\/uploads\/resources\/[a-z0-9-]+\.webp$/);
    const key = url.slice('/uploads/'.length);
    expect(await s3.keys()).toContain(`uploads/${key}`);
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false); // nothing on this instance's disk

    const res = await fetch(t.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await s3.get(`uploads/${key}`))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.length));

    expect((await fetch(`${t.url}/uploads/resources/00000000-0000-0000-0000-000000000000.webp`)).status).toBe(404);
  });

  it('keeps a digital file private: refused without the right to it, streamed to a buyer who paid', async () => {
    const r = await activeResource({
      resource_type: 'digital',
      file: `data:application/pdf;base64,${PDF.toString('base64')}`,
      file_format: 'pdf',
      file_name: 'lease.pdf',
      period: 'month',
      price: 49,
    });
    const fileKeys = (await s3.keys()).filter((k) => k.startsWith('private-files/'));
    expect(fileKeys).toHaveLength(1);
    // Not under the public pictures' prefix, and no picture URL reaches it.
    expect((await fetch(`${t.url}/uploads/${fileKeys[0].slice('private-files/'.length)}`)).status).toBe(404);

    expect((await t.api('POST', `/api/resources/${r.id}/download-link`)).status).toBe(401);
    const unpaid = await t.api('POST', `/api/resources/${r.id}/download-link`, undefined, buyer.token);
    expect(unpaid.status).toBe(403);
    expect(
      (await fetch(`${t.url}/api/resources/${r.id}/download?token=${encodeURIComponent(`${buyer.user.id}.0.9999999999.forged`)}`)).status,
    ).toBe(403);

    const booking = await t.api('POST', '/api/bookings', { resource_id: r.id }, buyer.token);
    expect(booking.status).toBe(201);
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`update bookings set status = 'confirmed', payment_status = 'paid' where id = ?`, [booking.body.id]);
    const link = await t.api('POST', `/api/resources/${r.id}/download-link`, undefined, buyer.token);
    expect(link.status).toBe(200);
    const file = await fetch(t.url + link.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("removes a deleted listing's picture from the bucket", async () => {
    const r = await activeResource({ title: 'Listing to delete' });
    const key = `uploads/${r.images[0].slice('/uploads/'.length)}`;
    expect(await s3.keys()).toContain(key);
    expect((await t.api('DELETE', `/api/resources/${r.id}`, undefined, host.token)).status).toBeLessThan(300);
    await expect.poll(() => s3.keys(), { timeout: 5000 }).not.toContain(key);
  });
});

/** The command an operator runs (built by `npm run build`); asynchronous, as the S3 server runs in this process. */
function migrateCommand(env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['server/dist/storage-migrate.js'],
      { env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env }, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run storage:migrate', () => {
  it('copies the pictures and files of DATA_DIR into the bucket, once, and the app then serves them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-disk-'));
    try {
      mkdirSync(join(dataDir, 'uploads', 'resources', 'seed'), { recursive: true });
      mkdirSync(join(dataDir, 'private-files'), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', 'resources', 'aaaaaaaa-1111-2222-3333-444444444444.png'), PNG);
      writeFileSync(join(dataDir, 'uploads', 'resources', 'seed', 'old-office.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      writeFileSync(join(dataDir, 'private-files', 'bbbbbbbb-1111-2222-3333-444444444444.pdf'), PDF);
      writeFileSync(join(dataDir, 'private-files', 'Notes From Ops.TXT'), 'not a key of ours');

      const run = () => migrateCommand({ DATA_DIR: dataDir, ...s3.env });
      const first = await run();
      expect(first.stderr.replace(/\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*/, '')).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('Copied 3, already there 0, skipped 1');
      expect(first.stdout).toContain('Notes From Ops.TXT');
      const keys = await s3.keys();
      expect(keys).toEqual(
        expect.arrayContaining([
          'uploads/resources/aaaaaaaa-1111-2222-3333-444444444444.png',
          'uploads/resources/seed/old-office.svg',
          'private-files/bbbbbbbb-1111-2222-3333-444444444444.pdf',
        ]),
      );
      expect(keys.some((k) => k.includes('Notes'))).toBe(false);
      expect((await s3.get('private-files/bbbbbbbb-1111-2222-3333-444444444444.pdf')).equals(PDF)).toBe(true);

      const again = await run();
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('Copied 0, already there 3, skipped 1');

      const pic = await fetch(`${t.url}/uploads/resources/aaaaaaaa-1111-2222-3333-444444444444.png`);
      expect(pic.status).toBe(200);
      expect(Buffer.from(await pic.arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to run without STORAGE=s3, saying what to set', async () => {
    const out = await migrateCommand({ DATA_DIR: tmpdir() });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('set STORAGE=s3 and the S3_* variables');
  });
});

describe('storage configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'y'.repeat(32) };
  const error = (env: Record<string, string>) => {
    try {
      parseEnv({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('defaults to the disk under DATA_DIR', () => {
    expect(parseEnv(base).storage).toEqual({ kind: 'disk' });
  });

  it('reads an S3-compatible endpoint (region optional there) and AWS S3 (region required)', () => {
    expect(
      parseEnv({
        ...base,
        STORAGE: 's3',
        S3_BUCKET: 'mawarid-files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'mawarid-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    // No keys: the SDK's credential chain (an instance or pod role).
    expect(parseEnv({ ...base, STORAGE: 's3', S3_BUCKET: 'mawarid-files', S3_REGION: 'me-central-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'mawarid-files',
      region: 'me-central-1',
    });
  });

  it('stops start-up with every problem of a half-configured bucket named', () => {
    const msg = error({ STORAGE: 's3', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'k' });
    expect(msg).toContain('S3_BUCKET: required when STORAGE=s3');
    expect(msg).toContain('S3_ENDPOINT: not an http(s) URL: minio:9000');
    expect(msg).toContain('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(error({ STORAGE: 's3', S3_BUCKET: 'mawarid-files' })).toContain('S3_REGION: required when STORAGE=s3');
    expect(error({ STORAGE: 's3', S3_BUCKET: 'Mawarid_Files', S3_REGION: 'me-central-1' })).toContain('S3_BUCKET: not a valid bucket name');
    expect(error({ STORAGE: 'S3' })).toContain('STORAGE');
    // S3 settings without STORAGE=s3 would quietly keep files on one instance's disk.
    expect(error({ S3_BUCKET: 'mawarid-files' })).toContain('S3_BUCKET is set but STORAGE is disk');
  });
});
