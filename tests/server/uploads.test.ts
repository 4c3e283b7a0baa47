import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, listingBody, type MadeUser } from '../support/factories.js';
import { ResourceService } from '../../server/src/modules/resources/resource.service.js';

// Listing pictures uploaded on their own (the form's progress bar), then named by URL in the listing's images; and
// the card-sized copy kept beside every stored picture.
let t: TestApp;
let host: MadeUser;
let host2: MadeUser;
let admin: MadeUser;
let user: MadeUser;

const photo = (width = 2000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();

async function upload(body: Buffer, token?: string, type = 'image/jpeg') {
  const res = await fetch(`${t.url}/api/uploads/images`, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { url?: string; detail?: string; field?: string } };
}

const served = async (url: string) => {
  const res = await fetch(`${t.url}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};
const staged = async () =>
  (await t.app.orm.em.fork().getConnection().execute<Array<{ n: number }>>(`select count(*)::int as n from image_uploads`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t.app, { role: 'host_seller' });
  host2 = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app, { role: 'regular' });
});
afterAll(async () => t?.close());

describe('uploading a listing picture', () => {
  it('stores a web copy and a 400 px card copy, and answers its URL', async () => {
    const res = await upload(await photo(), host.token);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/resources\/[0-9a-f-]{36}\.webp$/);
    const web = await served(res.body.url!);
    expect(web.status).toBe(200);
    expect(web.type).toBe('image/webp');
    expect((await sharp(web.bytes).metadata()).width).toBe(1600);
    const card = await served(res.body.url!.replace('.webp', '-w400.webp'));
    expect(card.status).toBe(200);
    expect((await sharp(card.bytes).metadata()).width).toBe(400);
  });

  it('refuses visitors, customers, files that are not pictures and pictures over 5 MB, storing nothing', async () => {
    const before = await staged();
    expect((await upload(await photo(), undefined)).status).toBe(401);
    expect((await upload(await photo(), user.token)).status).toBe(403);
    const fake = await upload(Buffer.from('%PDF-1.7 not a picture'), host.token, 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ field: 'images' });
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), host.token);
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ detail: 'Image is too large. Max size is 5MB', field: 'images' });
    expect(await staged()).toBe(before);
  });
});

describe('a listing made of uploaded pictures', () => {
  it('takes its uploader’s pictures in the order given, once; nobody else can take them', async () => {
    const a = (await upload(await photo(), host.token)).body.url!;
    const b = (await upload(await photo(800, 600), host.token)).body.url!;
    // Another host cannot put host's upload on their listing.
    const stolen = await t.api('POST', '/api/resources', listingBody({ images: [a] }), host2.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ detail: 'Image 1 is not a supported image (JPEG, PNG, WebP or GIF)', field: 'images' });

    const made = await t.api('POST', '/api/resources', listingBody({ images: [b, a] }), host.token);
    expect(made.status).toBe(201);
    expect(made.body.images.map((u: string) => new URL(u, t.url).pathname)).toEqual([b, a]);
    // Taken: a second listing cannot have it too.
    const again = await t.api('POST', '/api/resources', listingBody({ images: [a] }), host.token);
    expect(again.status).toBe(400);

    // An edit mixes kept pictures and a new upload, in the order given.
    const id = made.body.id;
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const c = (await upload(await photo(640, 480), host.token)).body.url!;
    const edited = await t.api('PUT', `/api/resources/${id}`, { ...listingBody(), images: [a, c] }, admin.token);
    expect(edited.status, JSON.stringify(edited.body)).toBe(400); // the admin did not upload c
    const own = await t.api('PUT', `/api/resources/${id}`, { ...listingBody(), images: [c, a] }, host.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const pending = (await t.api('GET', `/api/resources/${id}`, undefined, host.token)).body.pending_changes;
    expect(pending.images.map((u: string) => new URL(u, t.url).pathname)).toEqual([c, a]);
  });

  it('removes uploads no listing took within a day, with their files', async () => {
    const url = (await upload(await photo(), host.token)).body.url!;
    const service = new ResourceService(t.app.orm.em.fork() as never, t.app.deps);
    expect(await service.removeStaleUploads(new Date())).toBe(0);
    expect(await service.removeStaleUploads(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await served(url)).status).toBe(404);
    expect((await served(url.replace('.webp', '-w400.webp'))).status).toBe(404);
    expect((await t.api('POST', '/api/resources', listingBody({ images: [url] }), host.token)).status).toBe(400);
  });
});

describe('a digital listing’s file uploaded on its own', () => {
  const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024, 0x41)]);
  async function uploadFile(body: Buffer, format: string, token?: string) {
    const res = await fetch(`${t.url}/api/uploads/files?format=${format}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as { file?: string; detail?: string; field?: string } };
  }
  const stagedFiles = async () =>
    (await t.app.orm.em.fork().getConnection().execute<Array<{ n: number }>>(`select count(*)::int as n from file_uploads`))[0]!.n;
  const digital = (file: string, format = 'pdf') =>
    listingBody({ title: 'Lease template', resource_type: 'digital', period: 'month', file, file_format: format, file_name: 'lease.pdf' });

  it('becomes the listing’s file: its owner downloads the very bytes; nobody else and no second listing can take it', async () => {
    const up = await uploadFile(PDF, 'pdf', host.token);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.file).toMatch(/^upload:[0-9a-f-]{36}\.pdf$/);
    const stolen = await t.api('POST', '/api/resources', digital(up.body.file!), host2.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ detail: 'The file does not match its format', field: 'file' });
    // Declared as another format than it was checked as: refused, and still the uploader's.
    expect((await t.api('POST', '/api/resources', digital(up.body.file!, 'zip'), host.token)).status).toBe(400);
    const made = await t.api('POST', '/api/resources', digital(up.body.file!), host.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await t.api('POST', '/api/resources', digital(up.body.file!), host.token)).status).toBe(400);
    const link = await t.api('POST', `/api/resources/${made.body.id}/download-link`, undefined, host.token);
    expect(link.status).toBe(200);
    const got = await fetch(t.url + link.body.url);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('refuses visitors, customers, an unknown format, bytes that are not the format and files over 10 MB, staging nothing', async () => {
    const before = await stagedFiles();
    expect((await uploadFile(PDF, 'pdf')).status).toBe(401);
    expect((await uploadFile(PDF, 'pdf', user.token)).status).toBe(403);
    expect((await uploadFile(PDF, 'exe', host.token)).body).toMatchObject({ field: 'file_format' });
    expect((await uploadFile(Buffer.from('PK not a pdf'), 'pdf', host.token)).body).toMatchObject({
      detail: 'The file does not match its format',
      field: 'file',
    });
    const big = await uploadFile(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'txt', host.token);
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ detail: 'The file is too large. Max size is 10MB', field: 'file' });
    expect(await stagedFiles()).toBe(before);
  });

  it('is removed with its file when no listing took it within a day', async () => {
    const file = (await uploadFile(PDF, 'pdf', host.token)).body.file!;
    const key = file.slice('upload:'.length);
    expect(await t.app.deps.stores.files.size(key)).toBeGreaterThan(0);
    const service = new ResourceService(t.app.orm.em.fork() as never, t.app.deps);
    expect(await service.removeStaleUploads(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await t.app.deps.stores.files.size(key)).toBeNull();
    expect((await t.api('POST', '/api/resources', digital(file), host.token)).status).toBe(400);
  });
});

describe('card copies of pictures stored before them', () => {
  it('are made from the web copy on their first request', async () => {
    const url = (await upload(await photo(), host.token)).body.url!;
    const key = url.replace('/uploads/', '').replace('.webp', '-w400.webp');
    await t.app.deps.stores.images.remove(key);
    const card = await served(`/uploads/${key}`);
    expect(card.status).toBe(200);
    expect((await sharp(card.bytes).metadata()).width).toBe(400);
    expect(await t.app.deps.stores.images.size(key)).toBeGreaterThan(0);
  });
});
