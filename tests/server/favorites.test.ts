import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createCrew, createUser, pendingListing, type MadeUser } from '../support/factories.js';

let t: TestApp;
let admin: MadeUser, host: MadeUser, user: MadeUser;

const put = (id: string, token?: string) => t.api('PUT', `/api/favorites/${id}`, undefined, token);
const del = (id: string, token?: string) => t.api('DELETE', `/api/favorites/${id}`, undefined, token);
const list = (token?: string, query = '') => t.api('GET', `/api/favorites${query}`, undefined, token);
const rows = async (userId: string) =>
  Number((await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from favorites where user_id = ?`, [userId]))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, host, user } = await createCrew(t.app));
}, 120_000);
afterAll(() => t.close());

describe('favourites over REST', () => {
  it('saves, lists newest first as listing cards, and removes; both idempotent', async () => {
    const u = await createUser(t.app);
    const a = await activeListing(t, { owner: host, admin }, { title: 'Favourite forklift A' });
    const b = await activeListing(t, { owner: host, admin }, { title: 'Favourite forklift B' });
    const first = await put(a, u.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ resource_id: a, favorited: true });
    expect((await put(b, u.token)).status).toBe(200);
    // Saving again changes nothing: one row, and A keeps its place (saved first).
    expect((await put(a, u.token)).body).toEqual({ resource_id: a, favorited: true });
    expect(await rows(u.user.id)).toBe(2);

    const page = await list(u.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, page: 1 });
    expect(page.body.items.map((x: { id: string }) => x.id)).toEqual([b, a]);
    expect(page.body.items[0]).toMatchObject({ id: b, title: 'Favourite forklift B', status: 'active', owner_id: host.user.id });
    expect(page.body.items[0].pending_changes).toBeUndefined(); // the public card, even for… anyone
    const paged = await list(u.token, '?page=2&page_size=1');
    expect(paged.body.items.map((x: { id: string }) => x.id)).toEqual([a]);
    expect(paged.body).toMatchObject({ total: 2, page: 2, page_size: 1 });

    expect((await del(b, u.token)).body).toEqual({ resource_id: b, favorited: false });
    const again = await del(b, u.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ resource_id: b, favorited: false });
    expect((await list(u.token)).body.items.map((x: { id: string }) => x.id)).toEqual([a]);
    // Another user's favourites are their own.
    expect((await list(user.token)).body.items.map((x: { id: string }) => x.id)).not.toContain(a);
  });

  it('requires a signed-in user (401)', async () => {
    const a = await activeListing(t, { owner: host, admin });
    expect((await put(a)).status).toBe(401);
    expect((await del(a)).status).toBe(401);
    expect((await list()).status).toBe(401);
  });

  it('refuses listings not on the marketplace (404), even for their owner, and unknown or malformed ids', async () => {
    const pending = await pendingListing(t, host);
    for (const token of [user.token, host.token, admin.token]) expect((await put(pending, token)).status).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', user.token)).status).toBe(404);
    const bad = await put('not-a-uuid', user.token);
    expect(bad.status).toBe(404);
    expect(JSON.stringify(bad.body)).toContain('Resource not found');
    expect((await del('not-a-uuid', user.token)).status).toBe(404);
    expect((await list(user.token, '?page_size=500')).status).toBe(400);
  });

  it('a saved listing that leaves the marketplace is not listed, and shows again when it comes back', async () => {
    const u = await createUser(t.app);
    const a = await activeListing(t, { owner: host, admin }, { title: 'Soon gone' });
    expect((await put(a, u.token)).status).toBe(200);
    const sql = (q: string, p: unknown[]) => t.app.orm.em.fork().getConnection().execute(q, p);
    await sql(`update resources set status = 'pending' where id = ?`, [a]);
    expect((await list(u.token)).body).toMatchObject({ total: 0, items: [] });
    expect((await t.gql(`{ myFavoriteIds }`, {}, u.token)).data?.myFavoriteIds).toEqual([]);
    await sql(`update resources set status = 'active' where id = ?`, [a]);
    expect((await list(u.token)).body.total).toBe(1);
    // Deleted by its owner: gone from the list (and can no longer be saved).
    expect((await t.api('DELETE', `/api/resources/${a}`, undefined, host.token)).status).toBe(200);
    expect((await list(u.token)).body).toMatchObject({ total: 0, items: [] });
    expect((await put(a, u.token)).status).toBe(404);
  });
});

describe('favourites over GraphQL', () => {
  it('addFavorite, myFavoriteIds, myFavorites, removeFavorite', async () => {
    const u = await createUser(t.app);
    const a = await activeListing(t, { owner: host, admin }, { title: 'GraphQL favourite' });
    const add = await t.gql(`mutation($id: ID!) { addFavorite(resourceId: $id) }`, { id: a }, u.token);
    expect(add.errors).toBeUndefined();
    expect(add.data?.addFavorite).toBe(true);
    expect((await t.gql(`mutation($id: ID!) { addFavorite(resourceId: $id) }`, { id: a }, u.token)).data?.addFavorite).toBe(true);
    expect((await t.gql(`{ myFavoriteIds }`, {}, u.token)).data?.myFavoriteIds).toEqual([a]);
    const mine = await t.gql(`{ myFavorites(pageSize: 5) { total page pageSize items { id title } } }`, {}, u.token);
    expect(mine.data?.myFavorites).toEqual({ total: 1, page: 1, pageSize: 5, items: [{ id: a, title: 'GraphQL favourite' }] });
    const rm = await t.gql(`mutation($id: ID!) { removeFavorite(resourceId: $id) }`, { id: a }, u.token);
    expect(rm.data?.removeFavorite).toBe(false);
    expect((await t.gql(`{ myFavoriteIds }`, {}, u.token)).data?.myFavoriteIds).toEqual([]);
  });

  it('refuses visitors and listings not on the marketplace', async () => {
    const pending = await pendingListing(t, host);
    expect((await t.gql(`{ myFavoriteIds }`)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(`{ myFavorites { total } }`)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const r = await t.gql(`mutation($id: ID!) { addFavorite(resourceId: $id) }`, { id: pending }, user.token);
    expect(r.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('favourites and the account', () => {
  it('the data export includes the favourites; deleting the account removes them', async () => {
    const u = await createUser(t.app);
    const a = await activeListing(t, { owner: host, admin }, { title: 'Exported favourite' });
    expect((await put(a, u.token)).status).toBe(200);
    const exp = await t.api('GET', '/api/account/export', undefined, u.token);
    expect(exp.status).toBe(200);
    expect(exp.body.favorites).toEqual([expect.objectContaining({ resource_id: a, resource_title: 'Exported favourite' })]);
    expect((await t.api('DELETE', '/api/account', { password: u.password }, u.token)).status).toBe(200);
    expect(await rows(u.user.id)).toBe(0);
  });

  it('the database removes a user’s favourites with the user row (cascade)', async () => {
    const u = await createUser(t.app);
    const a = await activeListing(t, { owner: host, admin });
    expect((await put(a, u.token)).status).toBe(200);
    const conn = t.app.orm.em.fork().getConnection();
    // Only the favourites' own cascade is under test: other rows referencing the user are not made here.
    await conn.execute(`delete from audit_log where user_id = ?`, [u.user.id]).catch(() => undefined);
    await conn.execute(`delete from users where id = ?`, [u.user.id]);
    expect(await rows(u.user.id)).toBe(0);
  });
});
