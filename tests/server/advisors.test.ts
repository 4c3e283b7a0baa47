import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { mailAttachments, readable } from '../support/mail-text.js';
import { todayInRiyadh } from '../../server/src/shared/public.rules.js';

/** Advisors (issue #22): profiles and calendars, free slots, slot bookings kept apart by the database, assignment. */
let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
let other: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app, { fullName: 'Noura Al-Qahtani' });
  other = await createUser(t.app, { fullName: 'Faisal Other' });
});
afterAll(async () => t?.close());

const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const addDays = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const EVERY_DAY = (from: string, to: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from, to }));

/** A new account with an advisor profile (POST /api/advisors as the admin). */
async function advisor(body: Record<string, unknown>) {
  const u = await createUser(t.app, { fullName: String(body.display_name ?? 'Advisor') });
  const res = await t.api('POST', '/api/advisors', { user_email: u.email, languages: ['ar', 'en'], ...body }, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, account: u };
}
const book = (service: string, date: string, time: string | undefined, by: MadeUser = customer, over: Record<string, unknown> = {}) =>
  t.api(
    'POST',
    '/api/service-bookings',
    { service_id: service, preferred_date: date, preferred_time: time, contact_number: '0501234567', requirements: 'A study', ...over },
    by.token,
  );
const slots = async (service: string, from: string, to: string) => {
  const res = await t.api('GET', `/api/services/${service}/slots?from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('advisor profiles', () => {
  it('an admin creates, reads and changes one; the audit log keeps each change', async () => {
    const u = await createUser(t.app, { fullName: 'Khalid Al-Mutairi' });
    const res = await t.api(
      'POST',
      '/api/advisors',
      {
        user_email: u.email.toUpperCase(),
        display_name: ' Khalid Al-Mutairi ',
        service_ids: ['logistics', 'corporate-law', 'logistics'],
        languages: ['AR', 'en'],
        weekly_hours: [
          { weekday: 0, from: '09:00', to: '12:00' },
          { weekday: 0, from: '13:00', to: '17:00' },
        ],
        days_off: ['2027-01-02'],
      },
      admin.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      display_name: 'Khalid Al-Mutairi',
      service_ids: ['logistics', 'corporate-law'],
      languages: ['ar', 'en'],
      user_id: u.user.id,
      user_email: u.email,
      days_off: ['2027-01-02'],
      active: true,
    });
    const id = res.body.id;
    const put = await t.api('PUT', `/api/advisors/${id}`, { days_off: ['2027-01-05', '2027-01-03'], active: false }, admin.token);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ days_off: ['2027-01-03', '2027-01-05'], active: false, display_name: 'Khalid Al-Mutairi' });
    expect(put.body.weekly_hours).toHaveLength(2);
    expect((await t.api('GET', `/api/advisors/${id}`, undefined, admin.token)).body.active).toBe(false);
    expect((await t.api('GET', '/api/advisors?service_id=corporate-law', undefined, admin.token)).body.map((a: any) => a.id)).toContain(id);
    const log = await sql(`select action from audit_log where entity_type = 'advisor' and entity_id = ? order by created_at`, [id]);
    expect(log.map((r) => r.action)).toEqual(['advisor.create', 'advisor.update']);
    // Inactive: not offered for the service.
    expect((await t.api('GET', '/api/services/corporate-law/advisors')).body.map((a: any) => a.id)).not.toContain(id);
  });

  it('refuses what is wrong, each at its field', async () => {
    const u = await createUser(t.app);
    const base = { user_email: u.email, display_name: 'A', service_ids: ['corporate-law'], languages: ['ar'] };
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ ...base, user_email: 'nobody@example.sa' }, 400, 'No active account has this email', 'user_email'],
      [{ ...base, display_name: ' ' }, 400, 'Please enter the advisor’s display name', 'display_name'],
      [{ ...base, service_ids: [] }, 400, 'Please choose at least one service', 'service_ids'],
      [{ ...base, service_ids: ['time-travel'] }, 400, 'One of the services does not exist', 'service_ids'],
      [{ ...base, languages: ['arabic'] }, 400, 'Please choose the advisor’s languages (for example en, ar)'],
      [{ ...base, weekly_hours: [{ weekday: 7, from: '09:00', to: '10:00' }] }, 400, 'Each working interval needs a weekday'],
      [{ ...base, weekly_hours: [{ weekday: 1, from: '12:00', to: '10:00' }] }, 400, 'Each working interval needs a weekday'],
      [
        {
          ...base,
          weekly_hours: [
            { weekday: 1, from: '09:00', to: '12:00' },
            { weekday: 1, from: '11:00', to: '13:00' },
          ],
        },
        400,
        'Two working intervals of the same day overlap',
        'weekly_hours',
      ],
      [{ ...base, days_off: ['2027-02-30'] }, 400, 'Please enter days off as valid dates (YYYY-MM-DD)'],
    ];
    for (const [body, status, message, field] of cases) {
      const res = await t.api('POST', '/api/advisors', body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toContain(message);
      if (field) expect(res.body.field).toBe(field);
    }
    expect((await t.api('POST', '/api/advisors', base, admin.token)).status).toBe(201);
    const again = await t.api('POST', '/api/advisors', base, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This account already has an advisor profile');
    expect((await t.api('PUT', '/api/advisors/00000000-0000-4000-8000-000000000000', { active: true }, admin.token)).status).toBe(404);
  });

  it('only admins write or list; anyone reads the advisors of a service, without their account', async () => {
    const a = await advisor({ display_name: 'Reem Al-Dosari', service_ids: ['compliance'] });
    const body = { user_email: other.email, display_name: 'X', service_ids: ['compliance'], languages: ['en'] };
    expect((await t.api('POST', '/api/advisors', body)).status).toBe(401);
    expect((await t.api('POST', '/api/advisors', body, customer.token)).status).toBe(403);
    expect((await t.api('PUT', `/api/advisors/${a.id}`, { active: false }, customer.token)).status).toBe(403);
    expect((await t.api('GET', '/api/advisors', undefined, customer.token)).status).toBe(403);
    const pub = await t.api('GET', '/api/services/compliance/advisors');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual([{ id: a.id, display_name: 'Reem Al-Dosari', service_ids: ['compliance'], languages: ['ar', 'en'] }]);
    // GraphQL: the same rules; the account's email is for admins only.
    const q = `query { serviceAdvisors(serviceId: "compliance") { id displayName userEmail } }`;
    expect((await t.gql(q)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(q, undefined, admin.token)).data.serviceAdvisors[0]).toMatchObject({
      displayName: 'Reem Al-Dosari',
      userEmail: a.account.email,
    });
    const create = await t.gql(
      `mutation($i: AdvisorInput!) { createAdvisor(input: $i) { id } }`,
      { i: { userEmail: other.email, displayName: 'X', serviceIds: ['compliance'], languages: ['en'] } },
      customer.token,
    );
    expect(create.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const update = await t.gql(
      `mutation($id: ID!, $i: AdvisorInput!) { updateAdvisor(id: $id, input: $i) { displayName weeklyHours { weekday from to } } }`,
      { id: a.id, i: { displayName: 'Reem A.', weeklyHours: [{ weekday: 2, from: '10:00', to: '11:00' }] } },
      admin.token,
    );
    expect(update.data.updateAdvisor).toEqual({ displayName: 'Reem A.', weeklyHours: [{ weekday: 2, from: '10:00', to: '11:00' }] });
  });
});

describe('free slots', () => {
  it('are the weekly hours cut into hours, minus days off and taken slots, per advisor', async () => {
    const day = addDays(todayInRiyadh(), 3);
    const hours = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      { weekday, from: '09:00', to: '12:00' },
      { weekday, from: '13:00', to: '15:30' },
    ]);
    const a = await advisor({ display_name: 'Amal', service_ids: ['market-entry'], weekly_hours: hours, days_off: [addDays(day, 1)] });
    const s = await slots('market-entry', day, addDays(day, 2));
    expect(s).toMatchObject({ from: day, to: addDays(day, 2), time_zone: 'Asia/Riyadh', slot_minutes: 60, has_advisors: true });
    expect(s.days.map((d: any) => d.date)).toEqual([day, addDays(day, 2)]);
    expect(s.days[0].slots.map((x: any) => x.time)).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00']);
    expect(s.days[0].slots[0]).toEqual({
      start: new Date(`${day}T09:00:00+03:00`).toISOString(),
      time: '09:00',
      advisors: [{ id: a.id, display_name: 'Amal' }],
    });
    const g = await t.gql(
      `query($d: String!) { serviceSlots(serviceId: "market-entry", from: $d, to: $d) { advisors { id displayName } slots { date start time advisorIds } } }`,
      { d: day },
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.serviceSlots.advisors).toEqual([{ id: a.id, displayName: 'Amal' }]);
    expect(g.data.serviceSlots.slots[0]).toEqual({ date: day, start: s.days[0].slots[0].start, time: '09:00', advisorIds: [a.id] });
    // A second advisor shares the hours; a booking takes the first one free, the slot stays for the other.
    const b2 = await advisor({ display_name: 'Bader', service_ids: ['market-entry'], weekly_hours: EVERY_DAY('10:00', '11:00') });
    const res = await book('market-entry', day, '10:00');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ advisor_id: a.id, advisor_name: 'Amal' });
    const after = await slots('market-entry', day, day);
    expect(after.days[0].slots.find((x: any) => x.time === '10:00').advisors).toEqual([{ id: b2.id, display_name: 'Bader' }]);
    expect((await book('market-entry', day, '10:00', other)).body.advisor_name).toBe('Bader');
    const full = await slots('market-entry', day, day);
    expect(full.days[0].slots.map((x: any) => x.time)).toEqual(['09:00', '11:00', '13:00', '14:00']);
    // Cancelled: the hour is free again.
    await t.api('POST', `/api/service-bookings/${res.body.id}/cancel`, {}, customer.token);
    expect((await slots('market-entry', day, day)).days[0].slots.map((x: any) => x.time)).toContain('10:00');
  });

  it('never offers a time that has passed, and clamps a past start to today', async () => {
    await advisor({ display_name: 'Night owl', service_ids: ['sustainability'], weekly_hours: EVERY_DAY('00:00', '24:00') });
    const today = todayInRiyadh();
    const s = await slots('sustainability', addDays(today, -3), today);
    expect(s.from).toBe(today);
    const starts = s.days.flatMap((d: any) => d.slots.map((x: any) => new Date(x.start).getTime()));
    expect(starts.every((x: number) => x > Date.now())).toBe(true);
    const next = new Date(Date.now() + 3 * 3_600_000);
    const expected = 23 - next.getUTCHours();
    expect(starts).toHaveLength(expected);
    // Booking one that has passed is refused at its field.
    if (next.getUTCHours() > 0) {
      const past = await book('sustainability', today, '00:00');
      expect(past.status).toBe(400);
      expect(past.body).toMatchObject({
        detail: 'This time has already passed. Please choose one of the free times.',
        field: 'preferred_time',
      });
    }
  });

  it('refuses a bad range; a service without advisors has none and keeps the free form', async () => {
    const today = todayInRiyadh();
    for (const q of [`from=${today}&to=${addDays(today, 31)}`, `from=${addDays(today, 2)}&to=${today}`, 'from=tomorrow']) {
      const res = await t.api('GET', `/api/services/market-entry/slots?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toBe('Please choose a valid date range (YYYY-MM-DD, at most 31 days)');
    }
    const none = await t.api('GET', '/api/services/logistics/slots');
    expect(none.body).toMatchObject({ has_advisors: false, days: [], from: today, to: addDays(today, 13) });
    const gql = await t.gql(`query { serviceSlots(serviceId: "logistics") { hasAdvisors slotMinutes slots { date } } }`);
    expect(gql.data.serviceSlots).toEqual({ hasAdvisors: false, slotMinutes: 60, slots: [] });
    const free = await book('logistics', addDays(today, 4), undefined);
    expect(free.status).toBe(201);
    expect(free.body.advisor_id).toBeNull();
  });
});

describe('booking a slot', () => {
  it('refuses a time outside the hours, on a day off, or without a time', async () => {
    const day = addDays(todayInRiyadh(), 5);
    await advisor({
      display_name: 'Huda',
      service_ids: ['contract-review'],
      weekly_hours: EVERY_DAY('09:00', '12:00'),
      days_off: [addDays(day, 1)],
    });
    const cases: Array<[string, string | undefined, string]> = [
      [day, '12:00', 'The advisor is not available at this time. Please choose one of the free times.'],
      [day, '09:30', 'The advisor is not available at this time. Please choose one of the free times.'],
      [addDays(day, 1), '10:00', 'The advisor is not available at this time. Please choose one of the free times.'],
      [day, undefined, 'Please choose one of the free times'],
    ];
    for (const [d, time, message] of cases) {
      const res = await book('contract-review', d, time);
      expect(res.status, `${d} ${time}`).toBe(400);
      expect(res.body).toMatchObject({ detail: message, field: 'preferred_time' });
    }
    const wrong = await book('contract-review', day, '10:00', customer, { advisor_id: '00000000-0000-4000-8000-000000000000' });
    expect(wrong.body).toMatchObject({ detail: 'This advisor does not cover this service', field: 'advisor_id' });
  });

  it('two customers pressing for the same hour of one advisor at once: exactly one gets it (the database decides)', async () => {
    const day = addDays(todayInRiyadh(), 6);
    const a = await advisor({ display_name: 'Solo', service_ids: ['operational-efficiency'], weekly_hours: EVERY_DAY('09:00', '10:00') });
    const results = await Promise.all([customer, other, customer, other].map((u) => book('operational-efficiency', day, '09:00', u)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.detail).toBe('This time has just been booked by someone else. Please choose another free time.');
    const rows = await sql(`select count(*)::int as n from service_bookings where advisor_id = ?`, [a.id]);
    expect(rows[0].n).toBe(1);
    expect((await slots('operational-efficiency', day, day)).days).toEqual([]);
    // Even a write that skips the service is refused by the constraint.
    const [{ id }] = await sql(`select id from service_bookings where advisor_id = ?`, [a.id]);
    await expect(
      sql(
        `insert into service_bookings (id, user_id, service_id, service_name, service_name_ar, preferred_date, contact_number, requirements, advisor_id, slot_start, slot_end)
         select gen_random_uuid(), user_id, service_id, service_name, service_name_ar, preferred_date, contact_number, requirements, advisor_id, slot_start + interval '30 minutes', slot_end + interval '30 minutes'
           from service_bookings where id = ?`,
        [id],
      ),
    ).rejects.toThrow(/service_bookings_advisor_no_overlap/);
  });
});

describe('an admin assigns an advisor', () => {
  it('checks the advisor covers the service, works then and is free; shows them on the booking', async () => {
    const day = addDays(todayInRiyadh(), 8);
    // Made before the service had advisors: free date and time.
    const first = (await book('resource-optimization', day, '11:00')).body;
    const second = (await book('resource-optimization', day, '11:00', other)).body;
    const noTime = (await book('resource-optimization', day, undefined)).body;
    const narrow = await advisor({
      display_name: 'Morning only',
      service_ids: ['resource-optimization'],
      weekly_hours: EVERY_DAY('08:00', '10:00'),
    });
    const wide = await advisor({
      display_name: 'All day',
      service_ids: ['resource-optimization'],
      weekly_hours: EVERY_DAY('08:00', '18:00'),
    });
    const elsewhere = await advisor({ display_name: 'Elsewhere', service_ids: ['logistics'], weekly_hours: EVERY_DAY('08:00', '18:00') });
    const put = (id: string, body: Record<string, unknown>, token = admin.token) =>
      t.api('PUT', `/api/service-bookings/${id}`, body, token);

    expect((await put(first.id, { advisor_id: wide.id }, customer.token)).status).toBe(403);
    expect((await put(first.id, { advisor_id: elsewhere.id })).body).toMatchObject({
      detail: 'This advisor does not cover this service',
      field: 'advisor_id',
    });
    expect((await put(first.id, { advisor_id: narrow.id })).body).toMatchObject({
      detail: 'The advisor is not available at this time. Please choose one of the free times.',
      field: 'advisor_id',
    });
    expect((await put(noTime.id, { advisor_id: wide.id })).body).toMatchObject({
      detail: 'Please set the meeting time before assigning an advisor',
      field: 'scheduled_at',
    });
    const ok = await put(first.id, { advisor_id: wide.id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'pending', advisor_id: wide.id, advisor_name: 'All day' });
    const taken = await put(second.id, { advisor_id: wide.id });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('The advisor already has a meeting at this time');
    // Confirming with a price at another hour moves the advisor's hour; assigning in the same request works too.
    const confirmed = await put(second.id, { status: 'confirmed', price: '900', scheduled_at: `${day}T14:00+03:00`, advisor_id: wide.id });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', advisor_name: 'All day' });
    const r = (await sql(`select slot_start from service_bookings where id = ?`, [second.id]))[0];
    expect(new Date(r.slot_start).toISOString()).toBe(new Date(`${day}T14:00:00+03:00`).toISOString());
    // The customer sees the advisor too (REST and GraphQL).
    const mine = (await t.api('GET', '/api/service-bookings/my', undefined, customer.token)).body.find((b: any) => b.id === first.id);
    expect(mine.advisor_name).toBe('All day');
    const g = await t.gql(`query($id: ID!) { serviceBooking(id: $id) { advisorId advisorName } }`, { id: first.id }, customer.token);
    expect(g.data.serviceBooking).toEqual({ advisorId: wide.id, advisorName: 'All day' });
    const audit = await sql(`select action from audit_log where entity_type = 'service_booking' and entity_id = ? order by created_at`, [
      first.id,
    ]);
    expect(audit.map((x) => x.action)).toContain('service_booking.assign_advisor');
    expect((await put(first.id, {})).body.detail).toBe('Please choose a status or an advisor');
  });
});

describe('rescheduling a slot', () => {
  it('moves the advisor hour and mails the new time with an updated invitation, in the booking language', async () => {
    const day = addDays(todayInRiyadh(), 9);
    await advisor({ display_name: 'Lina', service_ids: ['corporate-law'], weekly_hours: EVERY_DAY('09:00', '12:00') });
    const ar = await createUser(t.app, { fullName: 'سارة' });
    const b = (await book('corporate-law', day, '09:00', ar, { locale: 'ar' })).body;
    const blocker = await book('corporate-law', day, '11:00', other);
    expect(blocker.status).toBe(201);
    const into = await t.api('PUT', `/api/service-bookings/${b.id}/reschedule`, { preferred_date: day, preferred_time: '11:00' }, ar.token);
    expect(into.status).toBe(409);
    expect(into.body.detail).toBe('This time has just been booked by someone else. Please choose another free time.');
    const outside = await t.api(
      'PUT',
      `/api/service-bookings/${b.id}/reschedule`,
      { preferred_date: day, preferred_time: '15:00' },
      ar.token,
    );
    expect(outside.body.field).toBe('preferred_time');
    const res = await t.api('PUT', `/api/service-bookings/${b.id}/reschedule`, { preferred_date: day, preferred_time: '10:00' }, ar.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await sql(`select slot_start, ics_sequence from service_bookings where id = ?`, [b.id]))[0];
    expect(new Date(row.slot_start).toISOString()).toBe(new Date(`${day}T10:00:00+03:00`).toISOString());
    expect(row.ics_sequence).toBe(1);
    // 09:00 is free again.
    expect((await slots('corporate-law', day, day)).days[0].slots.map((x: any) => x.time)).toEqual(['09:00']);
    await t.mailsSent();
    const mail = t.smtp.received.filter((m) => m.to.includes(ar.email) && /تم تغيير موعد حجز الخدمة/.test(readable(m)));
    expect(mail).toHaveLength(1);
    expect(readable(mail[0])).toContain('Lina');
    const [part] = mailAttachments(mail[0].raw, /text\/calendar/i);
    const ics = part.bytes.toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:service-booking-${b.id}@`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`DTSTART:${day.replace(/-/g, '')}T070000Z`);
    // A second move raises the SEQUENCE again, in English for an English booking.
    const en = (await book('corporate-law', day, '09:00')).body;
    await t.api(
      'PUT',
      `/api/service-bookings/${en.id}/reschedule`,
      { preferred_date: addDays(day, 1), preferred_time: '09:00' },
      customer.token,
    );
    await t.api(
      'PUT',
      `/api/service-bookings/${en.id}/reschedule`,
      { preferred_date: addDays(day, 1), preferred_time: '10:00' },
      customer.token,
    );
    await t.mailsSent();
    const moved = t.smtp.received.filter((m) => m.to.includes(customer.email) && /Your service booking has a new time/.test(readable(m)));
    const seqs = moved
      .map((m) => mailAttachments(m.raw, /text\/calendar/i)[0].bytes.toString('utf8'))
      .filter((s) => s.includes(en.id))
      .map((s) => /SEQUENCE:(\d+)/.exec(s)![1]);
    expect(seqs).toEqual(['1', '2']);
  });
});
