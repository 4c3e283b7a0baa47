import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows } from '../../server/src/db/read.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';

/**
 * The hot reads (the session's user, a booking list, a listing's detail) are prepared statements: planned once per
 * connection. What a caller relies on is that a prepared read answers exactly as a plain one, every time: the values of
 * this call, the rows as they are now (a plan is kept, never an answer), and two texts never taken for one another.
 */
let t: TestApp;
let em: EntityManager;

beforeAll(async () => {
  t = await createTestApp();
  em = t.app.orm.em.fork() as EntityManager;
});
afterAll(() => t.close());

const nameOf = (id: string) => readRows<{ full_name: string }>(em, 'select full_name from users where id = $1', [id], { prepared: true });

describe('prepared reads', () => {
  it('answer with the rows as they are now, past the point where PostgreSQL keeps a generic plan', async () => {
    const a = await createUser(t.app, { fullName: 'Amal Before' });
    const b = await createUser(t.app, { fullName: 'Badr Other' });
    for (let i = 0; i < 8; i++) {
      expect(await nameOf(a.user.id)).toEqual([{ full_name: 'Amal Before' }]);
      expect(await nameOf(b.user.id)).toEqual([{ full_name: 'Badr Other' }]);
    }
    await em.getConnection().execute('update users set full_name = ? where id = ?', ['Amal After', a.user.id]);
    expect(await nameOf(a.user.id)).toEqual([{ full_name: 'Amal After' }]);
    expect(await nameOf('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('keep two texts apart, and answer as the plain read does', async () => {
    const a = await createUser(t.app, { fullName: 'Camila Texts' });
    const email = await readRows<{ email: string }>(em, 'select email from users where id = $1', [a.user.id], { prepared: true });
    expect(email).toEqual([{ email: a.email }]);
    expect(await nameOf(a.user.id)).toEqual([{ full_name: 'Camila Texts' }]);
    expect(await readRows(em, 'select full_name from users where id = $1', [a.user.id])).toEqual(await nameOf(a.user.id));
  });

  it('refuse a bad value as the plain read does, and the next read still answers', async () => {
    await expect(nameOf('not-a-uuid')).rejects.toThrow();
    const a = await createUser(t.app, { fullName: 'Dana After Error' });
    expect(await nameOf(a.user.id)).toEqual([{ full_name: 'Dana After Error' }]);
  });
});
