import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseEnv } from '../../server/src/config/env.js';
import { createApp, type App } from '../../server/src/app.js';
import { startEmbeddedDb } from '../../server/src/db/embedded.js';
import { viewCounter } from '../../server/src/modules/resources/view-counter.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createUser, listingBody, type MadeUser } from '../support/factories.js';

/**
 * A listing's views are counted once per viewer and hour, kept in memory and written together about once a second
 * (docs/performance.md, issue #19): what the detail page shows, what is stored and what a host's analytics count
 * must all follow the same rule, and a clean shutdown must write what is still waiting.
 */
let t: TestApp;
let host: MadeUser;
let admin: MadeUser;
let user: MadeUser;

const stored = async (id: string) => {
  const conn = t.app.orm.em.fork().getConnection();
  const [r] = await conn.execute(`select views_count from resources where id = ?`, [id]);
  const [d] = await conn.execute(`select coalesce(sum(views), 0)::int as n from resource_daily_views where resource_id = ?`, [id]);
  return { total: Number(r.views_count), daily: Number(d.n) };
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app);
});
afterAll(async () => t?.close());

describe('views written in batches', () => {
  it('counts each viewer once an hour (never the owner), shows the count at once, and stores the same count', async () => {
    const id = await activeListing(t, { owner: host, admin }, listingBody({ title: 'Batched views room' }));
    const shown: number[] = [];
    const view = async (ip: string, token?: string) => {
      const res = await t.api('GET', `/api/resources/${id}`, undefined, token, from(ip));
      expect(res.status).toBe(200);
      shown.push(res.body.views_count);
    };
    await view('203.0.113.1'); // counted
    await view('203.0.113.1'); // the same address within the hour: not counted
    await view('203.0.113.2'); // counted
    await view('203.0.113.3', user.token); // counted, by account
    await view('203.0.113.4', user.token); // the same account from elsewhere: not counted
    await view('203.0.113.5', host.token); // the owner: never counted
    expect(shown).toEqual([1, 1, 2, 3, 3, 3]);

    // Written within about a second, the same three views in the running total and in today's analytics bucket.
    await expect.poll(() => stored(id), { timeout: 5_000, interval: 100 }).toEqual({ total: 3, daily: 3 });
    // Once written, they are not counted twice in what is shown; GraphQL shows the same count.
    expect((await t.api('GET', `/api/resources/${id}`, undefined, undefined, from('203.0.113.1'))).body.views_count).toBe(3);
    const gql = await t.gql(`query ($id: ID!) { resource(id: $id) { viewsCount } }`, { id }, host.token);
    expect(gql.data.resource.viewsCount).toBe(3);
  });

  it('counts many viewers of many listings at once exactly, whatever batches they fall into', async () => {
    const ids = [
      await activeListing(t, { owner: host, admin }, listingBody({ title: 'Busy room A' })),
      await activeListing(t, { owner: host, admin }, listingBody({ title: 'Busy room B' })),
    ];
    // 60 first views (30 addresses × 2 listings) and 60 repeats, in waves across several writes.
    for (let wave = 0; wave < 3; wave++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => `198.51.100.${wave * 10 + i}`).flatMap((ip) =>
          ids.flatMap((id) => [
            t.api('GET', `/api/resources/${id}`, undefined, undefined, from(ip)),
            t.api('GET', `/api/resources/${id}`, undefined, undefined, from(ip)),
          ]),
        ),
      );
      await new Promise((r) => setTimeout(r, 600));
    }
    await viewCounter(t.app.deps).flush();
    for (const id of ids) expect(await stored(id)).toEqual({ total: 30, daily: 30 });
  });
});

describe('views at shutdown', () => {
  it('a clean shutdown writes the views still waiting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-views-'));
    const base = process.env.TEST_DATABASE_URL;
    const dbName = `mawarid_t_views_${randomBytes(4).toString('hex')}`;
    const dbUrl = base ? Object.assign(new URL(base), { pathname: `/${dbName}` }).toString() : undefined;
    const onServer = async (url: string, sql: string, params: unknown[] = []) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows;
      } finally {
        await c.end();
      }
    };
    if (base) await onServer(base, `create database ${dbName}`);
    let app: App | undefined;
    try {
      app = await createApp(
        parseEnv({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          APP_URL: 'http://app.test',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'error',
          ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
        }),
        { inMemoryDb: false },
      );
      const url = await app.listen(0, '127.0.0.1');
      const call = async (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
        const res = await fetch(url + path, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const h = await createUser(app, { role: 'host_seller' });
      const a = await createUser(app, { role: 'admin' });
      const created = await call('POST', '/api/resources', listingBody({ title: 'Viewed just before a stop' }), h.token);
      expect((await call('PUT', `/api/admin/resources/${created.body.id}/approve`, undefined, a.token)).status).toBe(200);
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.1', '192.0.2.3'])
        expect((await call('GET', `/api/resources/${created.body.id}`, undefined, undefined, from(ip))).status).toBe(200);
      // Stopped at once, before the timed write: the three views must still reach the database.
      await app.close();
      app = undefined;

      const sql = `select r.views_count, (select coalesce(sum(views), 0)::int from resource_daily_views d where d.resource_id = r.id) as daily
                     from resources r where r.id = $1`;
      let rows: Array<{ views_count: number; daily: number }>;
      if (dbUrl) rows = await onServer(dbUrl, sql, [created.body.id]);
      else {
        const db = await startEmbeddedDb(join(dataDir, 'pgdata'));
        try {
          rows = await onServer(db.url, sql, [created.body.id]);
        } finally {
          await db.close();
        }
      }
      expect(rows).toEqual([{ views_count: 3, daily: 3 }]);
    } finally {
      await app?.close();
      if (base) await onServer(base, `drop database if exists ${dbName} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
