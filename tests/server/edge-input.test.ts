import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createCrew, type MadeUser } from '../support/factories.js';
import { isClientDataError, isDatabaseUnavailable } from '../../server/src/db/unavailable.js';

/**
 * Text no field can hold (a NUL, a lone surrogate) and dates that do not exist or lie outside 2000–2100 are refused
 * at the door with the field named, whatever the route; nothing is written and nothing answers 5xx (issue #36).
 */
let t: TestApp;
let admin: MadeUser, host: MadeUser, user: MadeUser;
const BROKEN = 'Text cannot contain NUL characters or broken Unicode (unpaired surrogates)';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, host, user } = await createCrew(t.app));
});
afterAll(async () => t?.close());

const nameOf = async (token: string) => (await t.api('GET', '/api/auth/me', undefined, token)).body.full_name;

describe('REST: NUL and lone surrogates', () => {
  it('a query string: 400 naming the parameter', async () => {
    const res = await t.api('GET', '/api/resources?search=%00');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: BROKEN, field: 'search', message_key: 'brokenText' });
    const pay = await t.api('GET', '/api/admin/payments?q=a%00b', undefined, admin.token);
    expect(pay.status).toBe(400);
    expect(pay.body).toMatchObject({ detail: BROKEN, field: 'q' });
  });

  it('a JSON body, at any depth: 400 naming the field, and nothing is changed', async () => {
    const before = await nameOf(user.token);
    for (const full_name of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const res = await t.api('PUT', '/api/auth/me', { full_name }, user.token);
      expect(res.status, JSON.stringify(full_name)).toBe(400);
      expect(res.body).toMatchObject({ detail: BROKEN, field: 'full_name' });
    }
    expect(await nameOf(user.token)).toBe(before);
    const login = await t.api('POST', '/api/auth/login', { email: 'a\u0000@example.sa', password: 'whatever-1' });
    expect(login.status).toBe(400);
    expect(login.body.field).toBe('email');
    const id = await activeListing(t, { owner: host, admin });
    const day = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const blocks = await t.api(
      'PUT',
      `/api/resources/${id}/availability`,
      { blocked: [{ start_date: day, end_date: day, note: 'x\u0000' }] },
      host.token,
    );
    expect(blocks.status).toBe(400);
    expect(blocks.body).toMatchObject({ detail: BROKEN, field: 'blocked.0.note' });
    expect((await t.api('GET', `/api/resources/${id}/availability`, undefined, host.token)).body.blocked ?? []).toEqual([]);
  });

  it('a path parameter: 400, as is one that does not decode', async () => {
    for (const path of ['/api/services/a%00b', '/api/conversations/%00', '/api/resources/%ED%A0%80']) {
      const res = await t.api('GET', path, undefined, user.token);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ detail: BROKEN, field: 'path' });
    }
  });

  it('well-formed text, with Arabic, emoji (surrogate pairs) and bidi marks, still passes', async () => {
    const res = await t.api('PUT', '/api/auth/me', { full_name: 'هدى 🌴 Huda\u200F' }, user.token);
    expect(res.status).toBe(200);
    expect(res.body.full_name).toBe('هدى 🌴 Huda\u200F');
  });
});

describe('GraphQL: NUL and lone surrogates', () => {
  const update = 'mutation($v: ProfileInput!) { updateProfile(input: $v) { fullName } }';

  it('in a variable: BAD_USER_INPUT naming the field, nothing changed', async () => {
    const before = await nameOf(user.token);
    for (const fullName of ['a\u0000b', 'a\ud800b']) {
      const res = await t.gql(update, { v: { fullName } }, user.token);
      expect(res.status).toBe(400);
      expect(res.errors?.[0]).toMatchObject({ message: BROKEN, extensions: { code: 'BAD_USER_INPUT', field: 'v.fullName' } });
    }
    expect(await nameOf(user.token)).toBe(before);
  });

  it('in an inline string literal (an escape): BAD_USER_INPUT naming the argument', async () => {
    const res = await t.gql('mutation { updateProfile(input: { fullName: "a\\u0000b" }) { fullName } }', {}, user.token);
    expect(res.errors?.[0]).toMatchObject({ message: BROKEN, extensions: { code: 'BAD_USER_INPUT', field: 'input.fullName' } });
    const search = await t.gql('{ resources(filter: { search: "\\u0000" }) { total } }');
    expect(search.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'filter.search' } });
  });
});

describe('GraphQL over WebSocket: NUL and lone surrogates', () => {
  it('a subscribe message with broken text in a variable is refused with the field named', async () => {
    const client = t.ws(user.token);
    const errors = await new Promise<any[]>((resolve) => {
      client.subscribe(
        { query: 'subscription($b: String) { paymentUpdated(bookingId: $b) { id } }', variables: { b: 'a\u0000b' } },
        { next: () => resolve([]), error: (e) => resolve(e as any[]), complete: () => resolve([]) },
      );
    });
    await client.dispose();
    expect(errors[0]).toMatchObject({ message: BROKEN, extensions: { code: 'BAD_USER_INPUT', field: 'b' } });
  });
});

describe('dates', () => {
  it('earnings, admin payments and exports refuse days that do not exist or lie outside 2000–2100', async () => {
    for (const from of ['0001-01-01', '2026-02-30', '1999-12-31', '2101-01-01']) {
      const earnings = await t.api('GET', `/api/host/earnings?from=${from}`, undefined, host.token);
      expect(earnings.status, `earnings ${from}`).toBe(400);
      expect(earnings.body.field).toBe('from');
      const payments = await t.api('GET', `/api/admin/payments?from=${from}`, undefined, admin.token);
      expect(payments.status, `payments ${from}`).toBe(400);
      expect(payments.body.field).toBe('from');
      const csv = await t.api('GET', `/api/admin/exports/payments.csv?to=${from}`, undefined, admin.token);
      expect(csv.status, `export ${from}`).toBe(400);
      expect(csv.body.field).toBe('to');
    }
    expect((await t.api('GET', '/api/host/earnings?from=2028-02-29', undefined, host.token)).status).toBe(200);
  });

  it('a booking for 30 February is refused, not rolled over into March', async () => {
    const id = await activeListing(t, { owner: host, admin });
    const year = new Date().getUTCFullYear() + 1;
    const res = await t.api(
      'POST',
      '/api/bookings',
      { resource_id: id, start_date: `${year}-02-30`, end_date: `${year}-03-04` },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'start_date', detail: 'Please enter a valid date' });
    // Other ways of writing the same impossible day are not read by the engine's lenient parser either.
    for (const start of [`${year}/02/30`, `${year}-2-30`, `Feb 30 ${year}`]) {
      const other = await t.api('POST', '/api/bookings', { resource_id: id, start_date: start, end_date: `${year}-03-04` }, user.token);
      expect(other.status, start).toBe(400);
      expect(other.body, start).toMatchObject({ field: 'start_date', detail: 'Please enter a valid date' });
    }
  });
});

describe('what PostgreSQL refuses of a value is the client’s fault, never "the database is down"', () => {
  it('08P01 (a NUL in the message) and class 22 are not unavailability; connection loss still is', () => {
    for (const code of ['08P01', '22021', '22008', '22003', '22P02']) {
      expect(isDatabaseUnavailable({ code }), code).toBe(false);
      expect(isClientDataError({ code }), code).toBe(true);
      expect(isClientDataError({ name: 'DriverException', previous: { code } }), code).toBe(true);
    }
    for (const code of ['08006', '57P01', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
      expect(isClientDataError({ code }), code).toBe(false);
    }
  });
});
