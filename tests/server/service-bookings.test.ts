import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { todayInRiyadh } from '../../server/src/shared/public.rules.js';

let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
let other: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin', fullName: 'Desk Admin' });
  customer = await createUser(t.app, { fullName: 'Noura Al-Qahtani' });
  other = await createUser(t.app, { fullName: 'Faisal Other' });
});
afterAll(async () => t?.close());

const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const count = async () => Number((await sql(`select count(*)::int as n from service_bookings`))[0].n);
const addDays = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const request = (over: Record<string, unknown> = {}) => ({
  service_id: 'strategic-consulting',
  preferred_date: addDays(todayInRiyadh(), 3),
  preferred_time: '10:30',
  contact_number: '050 123 4567',
  requirements: 'A market study for a logistics hub in Dammam',
  ...over,
});
const book = async (by: MadeUser = customer, over: Record<string, unknown> = {}) => {
  const res = await t.api('POST', '/api/service-bookings', request(over), by.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('booking a service', () => {
  it('answers 201 with the booking as the issue lists it, pending and unpaid', async () => {
    const b = await book();
    expect(b).toMatchObject({
      service_id: 'strategic-consulting',
      service_name: 'Strategic Consulting',
      status: 'pending',
      payment_status: 'pending',
      preferred_date: addDays(todayInRiyadh(), 3),
      preferred_time: '10:30',
      contact_number: '+966501234567',
      requirements: 'A market study for a logistics hub in Dammam',
      price: null,
      payment_method: null,
    });
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.service_name_ar).toBeTruthy();
    expect(Date.parse(b.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('books the legal services too, and takes an international number', async () => {
    const b = await book(customer, { service_id: 'contract-review', contact_number: '+44 20 7946 0958', preferred_time: '' });
    expect(b).toMatchObject({
      service_name: 'Contract review',
      service_name_ar: 'مراجعة العقود',
      contact_number: '+442079460958',
      preferred_time: null,
    });
  });

  it('needs a login (401) and refuses bad fields with the message at the field, storing nothing', async () => {
    const before = await count();
    const visitor = await t.api('POST', '/api/service-bookings', request());
    expect(visitor.status).toBe(401);
    expect(visitor.body.detail).toBe('Please log in to book a service');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ preferred_date: addDays(todayInRiyadh(), -1) }, 'preferred_date', 'Preferred date cannot be in the past'],
      [{ preferred_date: undefined }, 'preferred_date', 'Please choose a preferred date'],
      [{ contact_number: '' }, 'contact_number', 'Please enter a contact number'],
      [{ contact_number: undefined }, 'contact_number', 'Please enter a contact number'],
      [{ contact_number: '12345' }, 'contact_number', 'Please enter a valid phone number (for example 05XXXXXXXX or +966 5X XXX XXXX)'],
      [{ requirements: '  ' }, 'requirements', 'Please describe your requirements'],
      [{ preferred_time: '7pm' }, 'preferred_time', 'Please enter a valid time'],
      [{ service_id: 'no-such-service' }, 'service_id', 'Service not found'],
    ];
    for (const [over, field, detail] of cases) {
      const res = await t.api('POST', '/api/service-bookings', request(over), customer.token);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ detail, field });
    }
    // GraphQL answers the same rule with the same message and field.
    const g = await t.gql(
      `mutation($i: ServiceBookingInput!) { createServiceBooking(input: $i) { id } }`,
      { i: { serviceId: 'logistics', preferredDate: addDays(todayInRiyadh(), 2), contactNumber: '', requirements: 'x' } },
      customer.token,
    );
    expect(g.errors?.[0]).toMatchObject({
      message: 'Please enter a contact number',
      extensions: { code: 'BAD_USER_INPUT', field: 'contactNumber' },
    });
    expect(await count()).toBe(before);
  });

  it('lists a customer their own bookings only', async () => {
    const mine = await t.api('GET', '/api/service-bookings/my', undefined, customer.token);
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThanOrEqual(2);
    expect(mine.body.every((b: any) => b.user_email === customer.email)).toBe(true);
    const theirs = await t.api('GET', '/api/service-bookings/my', undefined, other.token);
    expect(theirs.body).toEqual([]);
    const g = await t.gql(`{ myServiceBookings { id serviceName status paymentStatus } }`, {}, customer.token);
    expect(g.data.myServiceBookings.length).toBe(mine.body.length);
  });
});

describe('admin lifecycle', () => {
  it('lists for admins only, with search and status filter', async () => {
    const b = await book(other, { requirements: 'Carbon reporting for our fleet', service_id: 'sustainability' });
    expect((await t.api('GET', '/api/service-bookings', undefined, customer.token)).status).toBe(403);
    expect((await t.api('GET', '/api/service-bookings')).status).toBe(401);
    const all = await t.api('GET', '/api/service-bookings', undefined, admin.token);
    expect(all.status).toBe(200);
    expect(all.body.map((x: any) => x.id)).toContain(b.id);
    for (const search of ['carbon', 'Faisal', other.email.slice(0, 8), 'Sustainability']) {
      const found = await t.api('GET', `/api/service-bookings?search=${encodeURIComponent(search)}`, undefined, admin.token);
      expect(
        found.body.map((x: any) => x.id),
        search,
      ).toEqual([b.id]);
    }
    const none = await t.api('GET', '/api/service-bookings?status=completed', undefined, admin.token);
    expect(none.body.find((x: any) => x.id === b.id)).toBeUndefined();
    expect((await t.api('GET', '/api/service-bookings?status=bogus', undefined, admin.token)).status).toBe(400);
    // The customer may read their own; anyone else cannot tell it exists.
    expect((await t.api('GET', `/api/service-bookings/${b.id}`, undefined, other.token)).status).toBe(200);
    expect((await t.api('GET', `/api/service-bookings/${b.id}`, undefined, customer.token)).status).toBe(404);
  });

  it('confirms with a quote stored in halalas and a meeting time, then completes; each change is audited', async () => {
    const b = await book();
    const at = inDays(4);
    const refusals: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ status: 'confirmed', scheduled_at: at }, 400, 'Please enter a price to confirm the booking', 'price'],
      [{ status: 'confirmed', price: 1500 }, 400, 'Please choose the meeting date and time', 'scheduled_at'],
      [{ status: 'confirmed', price: '-3', scheduled_at: at }, 400, 'Please enter a valid price in SAR', 'price'],
      [{ status: 'confirmed', price: 1500, scheduled_at: inDays(-1) }, 400, 'The meeting time must be in the future', 'scheduled_at'],
      [{ status: 'completed' }, 409, 'Only a confirmed service booking can be marked completed'],
      [{ status: 'pending' }, 400, 'Please choose a valid status', 'status'],
    ];
    for (const [body, status, detail, field] of refusals) {
      const res = await t.api('PUT', `/api/service-bookings/${b.id}`, body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toBe(detail);
      if (field) expect(res.body.field).toBe(field);
    }
    expect(
      (await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'confirmed', price: 1500, scheduled_at: at }, customer.token)).status,
    ).toBe(403);
    expect((await sql(`select status from service_bookings where id = ?`, [b.id]))[0].status).toBe('pending');

    const confirmed = await t.api(
      'PUT',
      `/api/service-bookings/${b.id}`,
      { status: 'confirmed', price: '1500.50', scheduled_at: at },
      admin.token,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'confirmed',
      payment_status: 'pending',
      price: 1500.5,
      vat_amount: 225.08,
      total_with_vat: 1725.58,
      scheduled_at: at,
    });
    expect((await sql(`select price_halalas::text as p from service_bookings where id = ?`, [b.id]))[0].p).toBe('150050');
    // Confirming twice is refused; the quote stays.
    const again = await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'confirmed', price: 1, scheduled_at: at }, admin.token);
    expect(again.status).toBe(409);
    expect((await t.api('GET', `/api/service-bookings/${b.id}`, undefined, customer.token)).body.price).toBe(1500.5);

    const done = await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'completed' }, admin.token);
    expect(done.body.status).toBe('completed');
    expect((await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'cancelled', reason: 'Too late' }, admin.token)).status).toBe(
      409,
    );

    const audit = await sql(
      `select action, actor_email, before, after from audit_log where entity_type = 'service_booking' and entity_id = ? order by created_at`,
      [b.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['service_booking.confirm', 'service_booking.complete']);
    expect(audit[0]).toMatchObject({
      actor_email: admin.email,
      before: { status: 'pending', price: null },
      after: { status: 'confirmed', price: 1500.5 },
    });
  });

  it('cancels a pending or confirmed booking only with a reason', async () => {
    const b = await book();
    const noReason = await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'cancelled' }, admin.token);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ detail: 'Please give a reason for cancelling', field: 'reason' });
    const res = await t.api(
      'PUT',
      `/api/service-bookings/${b.id}`,
      { status: 'cancelled', reason: 'No advisor available that week' },
      admin.token,
    );
    expect(res.body).toMatchObject({ status: 'cancelled', cancel_reason: 'No advisor available that week' });
    expect(
      (await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'confirmed', price: 10, scheduled_at: inDays(2) }, admin.token))
        .status,
    ).toBe(409);
    expect(
      (await t.api('PUT', `/api/service-bookings/00000000-0000-4000-8000-000000000000`, { status: 'cancelled', reason: 'x' }, admin.token))
        .status,
    ).toBe(404);
    expect((await t.api('PUT', `/api/service-bookings/not-an-id`, { status: 'cancelled', reason: 'x' }, admin.token)).status).toBe(404);
  });

  it('works over GraphQL with the same rules', async () => {
    const b = await book();
    const doc = `mutation($id: ID!, $i: UpdateServiceBookingInput!) { updateServiceBooking(id: $id, input: $i) { status price totalWithVat scheduledAt } }`;
    const refused = await t.gql(doc, { id: b.id, i: { status: 'confirmed', scheduledAt: inDays(3) } }, admin.token);
    expect(refused.errors?.[0]).toMatchObject({ message: 'Please enter a price to confirm the booking', extensions: { field: 'price' } });
    // A refusal names the field as the GraphQL input does (REST: scheduled_at).
    const noTime = await t.gql(doc, { id: b.id, i: { status: 'confirmed', price: '200' } }, admin.token);
    expect(noTime.errors?.[0]).toMatchObject({ message: 'Please choose the meeting date and time', extensions: { field: 'scheduledAt' } });
    const ok = await t.gql(doc, { id: b.id, i: { status: 'confirmed', price: '200', scheduledAt: inDays(3) } }, admin.token);
    expect(ok.data.updateServiceBooking).toMatchObject({ status: 'confirmed', price: 200, totalWithVat: 230 });
    const list = await t.gql(`{ serviceBookings(status: confirmed) { id } }`, {}, admin.token);
    expect(list.data.serviceBookings.map((x: any) => x.id)).toContain(b.id);
  });
});

describe('hostile input', () => {
  it('answers 400 (never 500) to wrong types and shapes, writing nothing', async () => {
    const before = await count();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      request({ contact_number: 501234567 }),
      request({ requirements: { $ne: '' } }),
      request({ preferred_date: 20301231 }),
      request({ preferred_time: ['10:00'] }),
      request({ service_id: { id: 'logistics' } }),
      request({ service_id: 'x'.repeat(5000) }),
      request({ requirements: 'x'.repeat(5001) }),
      request({ contact_number: '+966 50 123 4567'.repeat(5) }),
      request({ requirements: 'Report\u202Egnp.exe' }),
    ];
    for (const body of bodies) {
      const res = await t.api('POST', '/api/service-bookings', body, customer.token);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await count()).toBe(before);
    const b = await book();
    for (const body of [
      null,
      { status: null },
      { status: 'confirmed', price: {}, scheduled_at: inDays(2) },
      { status: 'confirmed', price: 10, scheduled_at: 12345 },
      { status: 'cancelled', reason: ['x'] },
      { status: 'cancelled', reason: 'x'.repeat(1001) },
    ]) {
      const res = await t.api('PUT', `/api/service-bookings/${b.id}`, body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await sql(`select status from service_bookings where id = ?`, [b.id]))[0].status).toBe('pending');
  });
});
