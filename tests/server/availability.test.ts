import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createBooking, createUser, createCrew, paidBooking, pendingListing, type MadeUser } from '../support/factories.js';
import { AVAILABILITY_MESSAGES as AM } from '../../server/src/shared/availability.rules.js';

let t: TestApp;
let admin: MadeUser, host: MadeUser, user: MadeUser, otherHost: MadeUser;

const DAY = 86_400_000;
/** The Riyadh calendar day `n` days from today, YYYY-MM-DD. */
const day = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10);
/** Midnight (Riyadh) starting that day. */
const at = (ymd: string, hour = 0) => new Date(`${ymd}T${String(hour).padStart(2, '0')}:00:00+03:00`);
/** Riyadh weekday (0 Sunday) of a day. */
const weekday = (ymd: string) => new Date(`${ymd}T12:00:00Z`).getUTCDay();

const getA = (id: string, token?: string) => t.api('GET', `/api/resources/${id}/availability`, undefined, token);
const putA = (id: string, body: unknown, token?: string) => t.api('PUT', `/api/resources/${id}/availability`, body, token);
const rows = async (table: string, id: string) =>
  Number((await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from ${table} where resource_id = ?`, [id]))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, host, user } = await createCrew(t.app));
  otherHost = await createUser(t.app, { role: 'host_seller' });
}, 120_000);
afterAll(() => t.close());

describe('GET|PUT /api/resources/{id}/availability', () => {
  it('lets the owner block days with a note and read them back, with a private feed address', async () => {
    const id = await activeListing(t, { owner: host, admin });
    const empty = await getA(id, host.token);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toMatchObject({ resource_id: id, hourly: false, blocked: [], opening_hours: [] });
    expect(empty.body.ics_url).toMatch(new RegExp(`/api/resources/${id}/calendar\\.ics\\?token=[A-Za-z0-9_-]{43}$`));

    const put = await putA(id, { blocked: [{ start_date: day(20), end_date: day(22), note: '  Maintenance  ' }] }, host.token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.blocked).toEqual([{ id: expect.any(String), start_date: day(20), end_date: day(22), note: 'Maintenance' }]);
    expect(put.body.ics_url).toBe(empty.body.ics_url); // the address stays until rotated
    expect((await getA(id, host.token)).body.blocked).toHaveLength(1);
    // An admin reads and changes any listing's calendar; PUT replaces the whole list.
    expect((await getA(id, admin.token)).status).toBe(200);
    const cleared = await putA(id, { blocked: [] }, admin.token);
    expect(cleared.status).toBe(200);
    expect(cleared.body.blocked).toEqual([]);
  });

  it('answers 401 to visitors, 403 to others who can see the listing, 404 to those who cannot', async () => {
    const active = await activeListing(t, { owner: host, admin });
    const pending = await pendingListing(t, host);
    const body = { blocked: [{ start_date: day(30), end_date: day(30) }] };
    expect((await getA(active)).status).toBe(401);
    expect((await putA(active, body)).status).toBe(401);
    expect((await getA(active, user.token)).status).toBe(403);
    expect((await putA(active, body, otherHost.token)).status).toBe(403);
    expect((await getA(pending, user.token)).status).toBe(404);
    expect((await putA(pending, body, otherHost.token)).status).toBe(404);
    expect((await getA('00000000-0000-4000-8000-000000000000', host.token)).status).toBe(404);
    expect((await getA('not-an-id', host.token)).status).toBe(404);
    // The owner of a listing still pending review manages its calendar too.
    expect((await putA(pending, body, host.token)).status).toBe(200);
    expect(await rows('resource_blocks', active)).toBe(0);
  });

  it('refuses bad input with 400 and its message, writing nothing', async () => {
    const id = await activeListing(t, { owner: host, admin });
    expect((await putA(id, { blocked: [{ start_date: day(40), end_date: day(41), note: 'kept' }] }, host.token)).status).toBe(200);
    const cases: Array<[unknown, string]> = [
      [{ blocked: [{ start_date: day(45), end_date: day(44) }] }, AM.endBeforeStart],
      [{ blocked: [{ start_date: '2027-02-30', end_date: '2027-03-01' }] }, AM.invalidDay],
      [{ blocked: [{ start_date: '2027/03/01', end_date: '2027-03-01' }] }, AM.invalidDay],
      [{ blocked: [{ start_date: 5, end_date: day(44) }] }, AM.invalidDay],
      [{ blocked: [{ start_date: '1999-01-01', end_date: '1999-01-02' }] }, AM.dayOutOfRange],
      [
        {
          blocked: [
            { start_date: day(40), end_date: day(41) + '' },
            { start_date: day(41), end_date: day(42) },
          ],
        },
        AM.overlappingBlocks,
      ],
      [{ blocked: [{ start_date: day(50), end_date: day(50), note: 'x'.repeat(201) }] }, AM.noteTooLong],
      [{ blocked: [{ start_date: day(50), end_date: day(50 + 400) }] }, AM.rangeTooLong],
      [{ blocked: 'soon' }, AM.invalidDay],
      [{ blocked: [], opening_hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }] }, AM.hoursNotHourly],
    ];
    for (const [body, message] of cases) {
      const res = await putA(id, body, host.token);
      expect(res.status, JSON.stringify([body, res.body])).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    // The refused field as the body named it, nested names too.
    expect((await putA(id, cases[0]![0], host.token)).body.field).toBe('blocked.0.end_date');
    expect((await putA(id, cases.at(-1)![0], host.token)).body.field).toBe('opening_hours');
    const after = await getA(id, host.token);
    expect(after.body.blocked).toEqual([{ id: expect.any(String), start_date: day(40), end_date: day(41), note: 'kept' }]);
    expect(await rows('resource_opening_hours', id)).toBe(0);
  });
});

describe('bookings and blocked days', () => {
  it('refuses a booking that touches a blocked day (409) and shows blocked days as busy', async () => {
    const id = await activeListing(t, { owner: host, admin });
    expect((await putA(id, { blocked: [{ start_date: day(60), end_date: day(61), note: 'Eid' }] }, host.token)).status).toBe(200);
    const into = await t.api('POST', '/api/bookings', { resource_id: id, start_date: at(day(59)), end_date: at(day(61)) }, user.token);
    expect(into.status, JSON.stringify(into.body)).toBe(409);
    expect(into.body.detail).toBe(AM.datesBlocked);
    // The days on either side stay bookable (ranges are half-open at midnight).
    await createBooking(t, await createUser(t.app), id, at(day(58)), at(day(60)));
    await createBooking(t, await createUser(t.app), id, at(day(62)), at(day(63)));
    const busy = await t.api('GET', `/api/resources/${id}/booked-ranges`);
    expect(busy.body).toContainEqual({ start_date: at(day(60)).toISOString(), end_date: at(day(62)).toISOString() });
    expect(JSON.stringify(busy.body)).not.toContain('Eid'); // the note is the host's
  });

  it('refuses to block days a paid booking holds (409 naming its dates), writing nothing', async () => {
    const b = await paidBooking(t, { owner: host, admin, who: await createUser(t.app) }, { start: at(day(70)), end: at(day(72)) });
    const res = await putA(b.resourceId, { blocked: [{ start_date: day(71), end_date: day(75) }] }, host.token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(AM.blockedBookingConflict(day(70), day(71)));
    expect(await rows('resource_blocks', b.resourceId)).toBe(0);
  });

  it('lets a block and a booking arriving at once not both win', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await activeListing(t, { owner: host, admin });
      const [block, booking] = await Promise.all([
        putA(id, { blocked: [{ start_date: day(80), end_date: day(81) }] }, host.token),
        t.api('POST', '/api/bookings', { resource_id: id, start_date: at(day(80)), end_date: at(day(81)) }, user.token),
      ]);
      expect([block.status, booking.status].sort()).toEqual(block.status === 200 ? [200, 409] : [201, 409]);
      if (booking.status === 201) await t.api('DELETE', `/api/bookings/${booking.body.id}`, undefined, user.token);
    }
  });

  it('refuses an hourly booking outside the weekly opening hours (409)', async () => {
    const id = await activeListing(t, { owner: host, admin }, { title: 'Meeting room', period: 'hour', price: 50 });
    const open = day(90);
    const closed = day(91);
    const put = await putA(id, { opening_hours: [{ weekday: weekday(open), opens: '08:00', closes: '17:30' }] }, host.token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ hourly: true, opening_hours: [{ weekday: weekday(open), opens: '08:00', closes: '17:30' }] });
    const book = (s: Date, e: Date) => t.api('POST', '/api/bookings', { resource_id: id, start_date: s, end_date: e }, user.token);
    for (const [s, e] of [
      [at(open, 7), at(open, 9)],
      [at(open, 17), at(open, 18)],
      [at(closed, 9), at(closed, 10)],
      [at(open, 16), at(closed, 9)],
    ]) {
      const res = await book(s, e);
      expect(res.status, JSON.stringify([s, res.body])).toBe(409);
      expect(res.body.detail).toBe(AM.outsideOpeningHours);
    }
    expect((await book(at(open, 8), at(open, 10))).status).toBe(201);
    // Customers and visitors read the opening hours with the listing (REST and GraphQL), never the blocks' notes.
    const hours = [{ weekday: weekday(open), opens: '08:00', closes: '17:30' }];
    for (const token of [undefined, user.token]) {
      const detail = await t.api('GET', `/api/resources/${id}`, undefined, token);
      expect(detail.body.opening_hours).toEqual(hours);
      const gql = await t.gql(`query ($id: ID!) { resource(id: $id) { openingHours { weekday opens closes } } }`, { id }, token);
      expect(gql.data.resource.openingHours).toEqual(hours);
    }
    // A day-priced listing has none.
    const daily = await activeListing(t, { owner: host, admin });
    expect((await t.api('GET', `/api/resources/${daily}`)).body.opening_hours).toEqual([]);
    // Bad hours are refused and change nothing.
    const bad = await putA(id, { opening_hours: [{ weekday: 1, opens: '18:00', closes: '09:00' }] }, host.token);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(AM.closesBeforeOpens);
    expect(await rows('resource_opening_hours', id)).toBe(1);
  });
});

describe('the marketplace date filter', () => {
  it('lists only listings free for the whole range, on REST and GraphQL, never from a stale cache', async () => {
    const word = `Sunbird${Date.now()}`;
    const free = await activeListing(t, { owner: host, admin }, { title: `${word} free` });
    const blocked = await activeListing(t, { owner: host, admin }, { title: `${word} blocked` });
    const booked = await activeListing(t, { owner: host, admin }, { title: `${word} booked` });
    expect((await putA(blocked, { blocked: [{ start_date: day(101), end_date: day(101) }] }, host.token)).status).toBe(200);
    await createBooking(t, await createUser(t.app), booked, at(day(102)), at(day(104)));
    const q = (from: string, to: string) => `/api/resources?search=${word}&available_from=${from}&available_to=${to}`;
    const ids = async (path: string) => ((await t.api('GET', path)).body.items as Array<{ id: string }>).map((x) => x.id).sort();

    expect(await ids(q(day(100), day(105)))).toEqual([free]);
    expect(await ids(q(day(101), day(101)))).toEqual([booked, free].sort());
    expect(await ids(q(day(103), day(103)))).toEqual([blocked, free].sort());
    expect(await ids(`/api/resources?search=${word}`)).toHaveLength(3);

    // A booking made after a dated answer shows at once (dated answers are never remembered).
    expect(await ids(q(day(106), day(107)))).toHaveLength(3);
    await createBooking(t, await createUser(t.app), free, at(day(106)), at(day(107)));
    expect(await ids(q(day(106), day(107)))).toEqual([blocked, booked].sort());

    const gql = async () =>
      (
        await t.gql(`query ($f: ResourceFilterInput) { resources(filter: $f) { items { id } } }`, {
          f: { search: word, availableFrom: day(100), availableTo: day(101) },
        })
      ).data.resources.items
        .map((x: { id: string }) => x.id)
        .sort();
    expect(await gql()).toEqual([booked, free].sort());
    expect((await putA(free, { blocked: [{ start_date: day(100), end_date: day(100) }] }, host.token)).status).toBe(200);
    expect(await gql()).toEqual([booked]);

    for (const [path, message, field] of [
      [`/api/resources?available_from=${day(100)}`, AM.bothDates, 'available_to'],
      [q(day(105), day(100)), AM.endBeforeStart, 'available_to'],
      [q('2027-13-01', day(100)), AM.invalidDay, 'available_from'],
      [q(day(1), day(500)), AM.rangeTooLong, 'available_to'],
    ]) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.detail).toBe(message);
      expect(res.body.field).toBe(field);
    }
  });
});

describe('the private calendar feed', () => {
  it('answers the right token with the bookings as iCalendar, and nothing to a wrong or rotated one', async () => {
    const b = await paidBooking(t, { owner: host, admin, who: await createUser(t.app) }, { start: at(day(120)), end: at(day(122)) });
    expect(
      (await putA(b.resourceId, { blocked: [{ start_date: day(125), end_date: day(126), note: 'Servicing' }] }, host.token)).status,
    ).toBe(200);
    const url = new URL((await getA(b.resourceId, host.token)).body.ics_url);
    const feed = await t.api('GET', url.pathname + url.search);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    const text = String(feed.body);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain(`UID:booking-${b.id}@`);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(text).toContain(`DTSTART:${utc(at(day(120)))}\r\nDTEND:${utc(at(day(122)))}`); // midnight Riyadh is 21:00Z
    expect(text).toContain('DESCRIPTION:Servicing');

    const wrong = `${url.pathname}?token=${'A'.repeat(43)}`;
    expect((await t.api('GET', wrong)).status).toBe(404);
    expect((await t.api('GET', url.pathname)).status).toBe(404);
    expect((await t.api('GET', url.pathname, undefined, host.token)).status).toBe(404); // a login is no key

    expect((await t.api('POST', `/api/resources/${b.resourceId}/availability/ics-token`, undefined, user.token)).status).toBe(403);
    const rotated = await t.api('POST', `/api/resources/${b.resourceId}/availability/ics-token`, undefined, host.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.ics_url).not.toBe(url.toString());
    expect((await t.api('GET', url.pathname + url.search)).status).toBe(404);
    const fresh = new URL(rotated.body.ics_url);
    expect((await t.api('GET', fresh.pathname + fresh.search)).status).toBe(200);
  });
});

describe('the calendar feed as text (RFC 5545)', () => {
  /** The feed's content lines: physical lines split at CRLF only, then unfolded (§3.1). */
  const contentLines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

  it("escapes a customer's name so it cannot end the event or start another, and folds long lines at 75 octets", async () => {
    const cases = [
      'x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:crlf',
      'y\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:cr',
      'z\nEND:VEVENT\nBEGIN:VEVENT',
    ];
    const long = `${'عبدالرحمن بن '.repeat(6)}Co, Ltd; A\\B`;
    for (const [i, name] of [...cases, long].entries()) {
      const who = await createUser(t.app);
      // Set in the database: what reaches the feed is what is stored, whichever way it got there.
      await t.app.orm.em.fork().getConnection().execute(`update users set full_name = ? where id = ?`, [name, who.user.id]);
      const b = await paidBooking(t, { owner: host, admin, who }, { start: at(day(200 + 5 * i)), end: at(day(201 + 5 * i)) });
      const url = new URL((await getA(b.resourceId, host.token)).body.ics_url);
      const text = String((await t.api('GET', url.pathname + url.search)).body);

      // No line break but CRLF survives, so no reader sees more lines than the feed has.
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = contentLines(text);
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('SUMMARY:'))).toHaveLength(1);
      const escaped = name
        .replace(/\\/g, '\\\\')
        .replace(/;/g, '\\;')
        .replace(/,/g, '\\,')
        .replace(/\r\n|\r|\n/g, '\\n');
      expect(lines.find((l) => l.startsWith('SUMMARY:'))?.endsWith(`: ${escaped}`)).toBe(true);
      // Folded: no physical line over 75 octets, and each one whole UTF-8 on its own (no character cut in two).
      const strict = new TextDecoder('utf-8', { fatal: true });
      const bytes = Buffer.from(text, 'utf8');
      let from = 0;
      for (let at = bytes.indexOf('\r\n'); at >= 0; from = at + 2, at = bytes.indexOf('\r\n', from)) {
        expect(at - from).toBeLessThanOrEqual(75);
        expect(() => strict.decode(bytes.subarray(from, at))).not.toThrow();
      }
      if (name === long) expect(text).toMatch(/\r\n /);
    }
  });
});

describe('GraphQL', () => {
  it('offers the same operations with the same permissions', async () => {
    const id = await activeListing(t, { owner: host, admin });
    const set = await t.gql(
      `mutation ($id: ID!, $input: AvailabilityInput!) { setResourceAvailability(resourceId: $id, input: $input) { blocked { startDate endDate note } icsUrl } }`,
      { id, input: { blocked: [{ startDate: day(130), endDate: day(131), note: 'Closed' }] } },
      host.token,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.setResourceAvailability.blocked).toEqual([{ startDate: day(130), endDate: day(131), note: 'Closed' }]);
    const read = await t.gql(
      `query ($id: ID!) { resourceAvailability(resourceId: $id) { hourly openingHours { weekday } icsUrl } }`,
      { id },
      host.token,
    );
    expect(read.data.resourceAvailability).toMatchObject({
      hourly: false,
      openingHours: [],
      icsUrl: set.data.setResourceAvailability.icsUrl,
    });
    const rotated = await t.gql(`mutation ($id: ID!) { rotateResourceCalendarFeed(resourceId: $id) { icsUrl } }`, { id }, host.token);
    expect(rotated.data.rotateResourceCalendarFeed.icsUrl).not.toBe(read.data.resourceAvailability.icsUrl);

    const other = await t.gql(`query ($id: ID!) { resourceAvailability(resourceId: $id) { icsUrl } }`, { id }, user.token);
    expect(other.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const bad = await t.gql(
      `mutation ($id: ID!, $input: AvailabilityInput!) { setResourceAvailability(resourceId: $id, input: $input) { icsUrl } }`,
      { id, input: { blocked: [{ startDate: day(133), endDate: day(132) }] } },
      host.token,
    );
    // The refused field is the rule's path, as GraphQL names it (REST says blocked.0.end_date).
    expect(bad.errors?.[0]).toMatchObject({
      message: AM.endBeforeStart,
      extensions: { code: 'BAD_USER_INPUT', field: 'blocked.0.endDate' },
    });
    expect(await rows('resource_blocks', id)).toBe(1);
  });
});
