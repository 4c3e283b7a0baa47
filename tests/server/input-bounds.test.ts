import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createCrew, type MadeUser } from '../support/factories.js';
import { startOfRiyadhDay } from '../../server/src/shared/marketplace.rules.js';

/**
 * Input at the edges of what the server can hold: prices whose booking total would overflow the amount columns,
 * dates JavaScript reads but nothing else should (year 275760), numbers written as hex, and text-direction
 * controls in names. Each gets a 400 / BAD_USER_INPUT with its message and writes nothing.
 */
let t: TestApp;
let host: MadeUser;
let user: MadeUser;
let admin: MadeUser;

const DAY = 86_400_000;
const day = (n: number) => new Date(startOfRiyadhDay().getTime() + n * DAY).toISOString();
const listing = (over: Record<string, unknown> = {}) => ({
  title: 'Crane for a day',
  description: 'A 50-ton mobile crane with its operator.',
  category: 'Equipment',
  price: 100,
  period: 'day',
  location: 'Jubail',
  images: [],
  ...over,
});
const BIDI = 'Names and titles cannot contain text-direction control characters';
const count = async (table: string) =>
  Number((await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from ${table}`))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  ({ host, user, admin } = await createCrew(t.app));
});
afterAll(async () => t?.close());

describe('prices', () => {
  it('refuses a price whose largest booking would not fit, and "0x10" or "1e3" as numbers', async () => {
    const before = await count('resources');
    for (const [price, message] of [
      [9_999_999_999.99, 'Price can be at most 900,000 SAR per period'],
      ['9999999999.99', 'Price can be at most 900,000 SAR per period'],
      [900_000.01, 'Price can be at most 900,000 SAR per period'],
      ['0x10', 'Price must be a number, such as 150 or 99.50'],
      ['1e3', 'Price must be a number, such as 150 or 99.50'],
      ['Infinity', 'Price must be a number, such as 150 or 99.50'],
    ] as const) {
      const res = await t.api('POST', '/api/resources', listing({ price }), host.token);
      expect(res.status, String(price)).toBe(400);
      expect(res.body.detail, String(price)).toBe(message);
    }
    const gql = await t.gql(
      'mutation($i: ResourceInput!) { createResource(input: $i) { id } }',
      { i: { ...listing({ price: 9_999_999_999.99 }) } },
      host.token,
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Price can be at most 900,000 SAR per period',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await count('resources')).toBe(before);
  });

  it('books the most expensive listing for the longest time without overflow, VAT included', async () => {
    const id = await activeListing(t, { owner: host, admin }, listing({ price: 900_000, period: 'hour' }));
    const res = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(1), end_date: day(367) }, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.total_amount).toBe(900_000 * 366 * 24);
    const row = (
      await t.app.orm.em.fork().getConnection().execute(`select total_amount::text as total from bookings where id = ?`, [res.body.id])
    )[0];
    expect(row.total).toBe('7905600000.00');
  });

  it('refuses (not 500) booking a listing priced before the bound when its total with VAT would overflow', async () => {
    const id = await activeListing(t, { owner: host, admin }, listing({ price: 100 }));
    await t.app.orm.em.fork().getConnection().execute(`update resources set price = 9999999999.99 where id = ?`, [id]);
    const before = await count('bookings');
    const res = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(1), end_date: day(3) }, user.token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("This booking's total is too high. Please choose fewer dates.");
    expect(await count('bookings')).toBe(before);
  });
});

describe('dates', () => {
  it('refuses year 275760 and other years outside 2000–2100 over REST and GraphQL, writing nothing', async () => {
    const id = await activeListing(t, { owner: host, admin }, listing());
    const before = await count('bookings');
    for (const [start, end] of [
      [day(1), '+275760-09-13T00:00:00.000Z'],
      [day(1), '275760-09-13'],
      ['+275760-09-12T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'],
      [day(1), '2101-01-01T00:00:00+03:00'],
    ]) {
      const res = await t.api('POST', '/api/bookings', { resource_id: id, start_date: start, end_date: end }, user.token);
      expect(res.status, `${start} → ${end}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.detail).toBe('Dates must be between the years 2000 and 2100');
      const gql = await t.gql(
        'mutation($v: CreateBookingInput!) { createBooking(input: $v) { id } }',
        { v: { resourceId: id, startDate: start, endDate: end } },
        user.token,
      );
      expect(gql.errors?.[0]).toMatchObject({
        message: 'Dates must be between the years 2000 and 2100',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect(await count('bookings')).toBe(before);

    const inquiry = await t.api('POST', '/api/inquiries', {
      service_type: 'legal-consultancy',
      full_name: 'Sara',
      email: 'sara@example.sa',
      message: 'Contract review',
      preferred_date: '9999-12-31',
    });
    expect(inquiry.status).toBe(400);
    expect(inquiry.body.detail).toBe('Please choose a date before the year 2101');
  });
});

describe('text-direction controls (U+202A–U+202E, U+2066–U+2069)', () => {
  const spoof = 'Report\u202Egnp.exe';

  it('are refused in names and titles with a message, over REST and GraphQL, writing nothing', async () => {
    const before = { users: await count('users'), resources: await count('resources'), inquiries: await count('inquiries') };
    const refusals = [
      await t.api('POST', '/api/auth/register', { full_name: spoof, email: 'bidi@example.sa', password: 'riyadh-2026' }),
      await t.api('POST', '/api/auth/register', {
        full_name: 'Ali',
        company_name: 'Acme\u2067Co',
        email: 'bidi2@example.sa',
        password: 'riyadh-2026',
      }),
      await t.api('PUT', '/api/auth/me', { full_name: `Ali${'\u202D'}` }, user.token),
      await t.api('POST', '/api/resources', listing({ title: spoof }), host.token),
      await t.api(
        'POST',
        '/api/resources',
        listing({ resource_type: 'digital', file: 'data:application/pdf;base64,JVBERi0xLjQK', file_format: 'pdf', file_name: spoof }),
        host.token,
      ),
      await t.api('POST', '/api/inquiries', { full_name: spoof, email: 'k@example.sa', message: 'Hello' }),
    ];
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.detail).toBe(BIDI);
    }
    const gql = await t.gql('mutation($v: RegisterInput!) { register(input: $v) { accessToken } }', {
      v: { fullName: spoof, email: 'bidi3@example.sa', password: 'riyadh-2026' },
    });
    expect(gql.errors?.[0]).toMatchObject({ message: BIDI, extensions: { code: 'BAD_USER_INPUT' } });
    expect({ users: await count('users'), resources: await count('resources'), inquiries: await count('inquiries') }).toEqual(before);
    expect((await t.api('GET', '/api/auth/me', undefined, user.token)).body.full_name).toBe(user.user.fullName);
  });

  it('leave Arabic and mixed-language names alone', async () => {
    const res = await t.api('PUT', '/api/auth/me', { full_name: 'خالد Al-Mutairi', company_name: 'شركة موارد Ltd' }, user.token);
    expect(res.status).toBe(200);
    expect(res.body.full_name).toBe('خالد Al-Mutairi');
  });
});
