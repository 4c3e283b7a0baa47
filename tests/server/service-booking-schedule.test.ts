import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createInquiry, createUser, type MadeUser } from '../support/factories.js';
import { mailAttachments, readable } from '../support/mail-text.js';
import type { ReceivedMail } from '../support/smtp-sink.js';
import { todayInRiyadh } from '../../server/src/shared/public.rules.js';
import { sendServiceBookingReminders } from '../../server/src/modules/service-bookings/service-booking.schedule.js';

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
const addDays = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);
/** A whole-minute instant h hours ahead, as an admin types it in Riyadh time. */
const riyadhIso = (h: number) => {
  const d = inHours(h);
  d.setUTCSeconds(0, 0);
  return new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 16) + '+03:00';
};
const book = async (by: MadeUser = customer, over: Record<string, unknown> = {}) => {
  const res = await t.api(
    'POST',
    '/api/service-bookings',
    {
      service_id: 'strategic-consulting',
      preferred_date: addDays(todayInRiyadh(), 5),
      preferred_time: '10:30',
      contact_number: '0501234567',
      requirements: 'A market study for a logistics hub in Dammam',
      ...over,
    },
    by.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const confirm = async (id: string, hoursAhead = 72, price = '1500') => {
  const res = await t.api(
    'PUT',
    `/api/service-bookings/${id}`,
    { status: 'confirmed', price, scheduled_at: riyadhIso(hoursAhead) },
    admin.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const row = async (id: string) => (await sql(`select * from service_bookings where id = ?`, [id]))[0];
const audit = (id: string) =>
  sql(
    `select action, actor_email, before, after from audit_log where entity_type = 'service_booking' and entity_id = ? order by created_at`,
    [id],
  );
const mailsTo = (email: string, subject: RegExp) => t.smtp.received.filter((m) => m.to.includes(email) && subject.test(readable(m)));

/** The calendar part of a mail as its properties, lines unfolded (RFC 5545 §3.1): [name with params, value]. */
function icsOf(m: ReceivedMail): { raw: string; props: Array<[string, string]>; get(name: string): string | undefined } {
  const [part] = mailAttachments(m.raw, /text\/calendar/i);
  expect(part, 'a text/calendar attachment').toBeTruthy();
  const raw = part.bytes.toString('utf8');
  const props = raw
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return [l.slice(0, i), l.slice(i + 1)] as [string, string];
    });
  return { raw, props, get: (name) => props.find(([k]) => k === name || k.startsWith(`${name};`))?.[1] };
}

describe('the customer cancels', () => {
  it('cancels a pending booking with a reason: status, audit row, a mail, and the live event to the customer', async () => {
    const b = await book();
    const ws = t.ws(customer.token);
    const events: any[] = [];
    const stop = ws.subscribe(
      { query: 'subscription { serviceBookingUpdated { id status cancelReason } }' },
      { next: (e) => void events.push(e.data?.serviceBookingUpdated), error: () => {}, complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 300));
    const res = await t.api('POST', `/api/service-bookings/${b.id}/cancel`, { reason: 'We found an in-house advisor' }, customer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, status: 'cancelled', cancel_reason: 'We found an in-house advisor' });
    expect((await row(b.id)).cancelled_at).toBeTruthy();
    const log = await audit(b.id);
    expect(log.at(-1)).toMatchObject({ action: 'service_booking.customer_cancel', actor_email: customer.email });
    expect(log.at(-1).before.status).toBe('pending');
    expect(log.at(-1).after.status).toBe('cancelled');
    for (let i = 0; i < 40 && !events.some((e) => e?.id === b.id); i++) await new Promise((r) => setTimeout(r, 50));
    expect(events.find((e) => e?.id === b.id)).toMatchObject({ status: 'cancelled', cancelReason: 'We found an in-house advisor' });
    stop();
    await t.mailsSent();
    const mail = mailsTo(customer.email, /Your service booking has been cancelled/);
    expect(mail).toHaveLength(1);
    // Never confirmed: there is no invitation to withdraw.
    expect(mailAttachments(mail[0].raw, /text\/calendar/i)).toHaveLength(0);
  });

  it('works through GraphQL too, without a reason', async () => {
    const b = await book();
    const res = await t.gql(
      `mutation($id: ID!) { cancelMyServiceBooking(id: $id) { id status cancelReason } }`,
      { id: b.id },
      customer.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.cancelMyServiceBooking).toEqual({ id: b.id, status: 'cancelled', cancelReason: null });
  });

  it('refuses within 24 hours of the confirmed meeting, through both doors, changing nothing', async () => {
    const b = await book();
    await confirm(b.id, 20);
    const before = await row(b.id);
    const res = await t.api('POST', `/api/service-bookings/${b.id}/cancel`, {}, customer.token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Service bookings can only be cancelled or rescheduled until 24 hours before the meeting');
    expect(await row(b.id)).toEqual(before);
    expect((await t.api('GET', `/api/service-bookings/${b.id}`, undefined, customer.token)).body.changeable_until).toBeNull();
    const gql = await t.gql(`mutation($id: ID!) { cancelMyServiceBooking(id: $id) { id } }`, { id: b.id }, customer.token);
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Service bookings can only be cancelled or rescheduled until 24 hours before the meeting',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('counts from the preferred date and time (Riyadh) while pending', async () => {
    const tomorrow = addDays(todayInRiyadh(), 1);
    const b = await book(customer, { preferred_date: tomorrow, preferred_time: '00:00' });
    // Tomorrow 00:00 in Riyadh is less than 24 hours away, whatever the time now.
    const res = await t.api('PUT', `/api/service-bookings/${b.id}/reschedule`, { preferred_date: addDays(tomorrow, 7) }, customer.token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/until 24 hours before the meeting/);
    expect((await row(b.id)).preferred_date).toBeTruthy();
    expect(String((await row(b.id)).preferred_time)).toBe('00:00');
  });

  it('refuses a completed or cancelled one, and a paid one with a pointer to support', async () => {
    const done = await book();
    await confirm(done.id);
    await t.api('PUT', `/api/service-bookings/${done.id}`, { status: 'completed' }, admin.token);
    const r1 = await t.api('POST', `/api/service-bookings/${done.id}/cancel`, {}, customer.token);
    expect(r1).toMatchObject({ status: 409, body: { detail: 'This service booking is already completed or cancelled' } });

    const paid = await book();
    await confirm(paid.id);
    await sql(`update service_bookings set payment_status = 'paid', payment_method = 'card' where id = ?`, [paid.id]);
    const r2 = await t.api('POST', `/api/service-bookings/${paid.id}/cancel`, {}, customer.token);
    expect(r2).toMatchObject({
      status: 409,
      body: { detail: 'This service booking is already paid. Please contact support to cancel it.' },
    });
    const r3 = await t.api(
      'PUT',
      `/api/service-bookings/${paid.id}/reschedule`,
      { preferred_date: addDays(todayInRiyadh(), 9) },
      customer.token,
    );
    expect(r3).toMatchObject({
      status: 409,
      body: { detail: 'This service booking is already paid. Please contact support to change its date.' },
    });
    expect((await row(paid.id)).status).toBe('confirmed');
  });

  it("is the owner's alone: another user gets 404, an admin 403, a visitor 401", async () => {
    const b = await book();
    expect((await t.api('POST', `/api/service-bookings/${b.id}/cancel`, {}, other.token)).status).toBe(404);
    expect((await t.api('POST', `/api/service-bookings/${b.id}/cancel`, {}, admin.token)).status).toBe(403);
    expect((await t.api('POST', `/api/service-bookings/${b.id}/cancel`, {})).status).toBe(401);
    expect((await t.api('POST', `/api/service-bookings/not-a-uuid/cancel`, {}, customer.token)).status).toBe(404);
    const long = await t.api('POST', `/api/service-bookings/${b.id}/cancel`, { reason: 'x'.repeat(1001) }, customer.token);
    expect(long).toMatchObject({ status: 400, body: { detail: 'The reason must be at most 1000 characters' } });
    expect((await row(b.id)).status).toBe('pending');
  });
});

describe('the customer reschedules', () => {
  it('moves a pending booking to the new date and time', async () => {
    const b = await book();
    // 10:30 Riyadh on the preferred day, less 24 hours.
    expect(b.changeable_until).toBe(new Date(`${addDays(todayInRiyadh(), 4)}T10:30:00+03:00`).toISOString());
    const day = addDays(todayInRiyadh(), 12);
    const res = await t.api(
      'PUT',
      `/api/service-bookings/${b.id}/reschedule`,
      { preferred_date: day, preferred_time: '14:15' },
      customer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', preferred_date: day, preferred_time: '14:15' });
    expect((await audit(b.id)).at(-1)).toMatchObject({ action: 'service_booking.reschedule', actor_email: customer.email });
  });

  it('sends a confirmed booking back to pending for the admin to confirm again, with the next invitation SEQUENCE', async () => {
    const b = await book();
    await confirm(b.id);
    // Mail goes through the job queue, where two mails may overtake each other: let the first arrive first.
    await t.mailsSent();
    const day = addDays(todayInRiyadh(), 15);
    const res = await t.gql(
      `mutation($id: ID!, $input: RescheduleServiceBookingInput!) { rescheduleServiceBooking(id: $id, input: $input) { status preferredDate preferredTime scheduledAt } }`,
      { id: b.id, input: { preferredDate: day, preferredTime: '09:00' } },
      customer.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.rescheduleServiceBooking).toEqual({ status: 'pending', preferredDate: day, preferredTime: '09:00', scheduledAt: null });
    expect((await row(b.id)).ics_sequence).toBe(1);
    // The admin confirms the new time: the new invitation replaces the first one (same UID, SEQUENCE 1).
    await confirm(b.id, 24 * 15);
    await t.mailsSent();
    const [first, second] = mailsTo(customer.email, /Your service booking is confirmed/).filter((m) => icsOf(m).get('UID')?.includes(b.id));
    expect(icsOf(first).get('SEQUENCE')).toBe('0');
    expect(icsOf(second).get('SEQUENCE')).toBe('1');
    expect(icsOf(second).get('UID')).toBe(icsOf(first).get('UID'));
  });

  it('refuses a past date at its field, and a missing one', async () => {
    const b = await book();
    const past = await t.api(
      'PUT',
      `/api/service-bookings/${b.id}/reschedule`,
      { preferred_date: addDays(todayInRiyadh(), -1) },
      customer.token,
    );
    expect(past).toMatchObject({ status: 400, body: { detail: 'Preferred date cannot be in the past', field: 'preferred_date' } });
    const none = await t.api('PUT', `/api/service-bookings/${b.id}/reschedule`, {}, customer.token);
    expect(none).toMatchObject({ status: 400, body: { detail: 'Please choose a preferred date' } });
    expect(String((await row(b.id)).preferred_time)).toBe('10:30');
  });
});

describe('mails and the calendar invitation', () => {
  it('confirms in the customer language with the Riyadh time, the VAT-inclusive price and a REQUEST invitation', async () => {
    const ar = await createUser(t.app, { fullName: 'سارة العتيبي' });
    const b = await book(ar, { locale: 'ar' });
    const at = `${addDays(todayInRiyadh(), 3)}T14:30:00+03:00`;
    await t.api('PUT', `/api/service-bookings/${b.id}`, { status: 'confirmed', price: '1000', scheduled_at: at }, admin.token);
    await t.mailsSent();
    const [mail] = mailsTo(ar.email, /تم تأكيد حجز الخدمة/);
    expect(mail).toBeTruthy();
    const text = readable(mail);
    expect(text).toContain('1150.00 ر.س');
    expect(text).toContain('بتوقيت الرياض');
    expect(text).toContain('2:30 م'); // 14:30 on Riyadh's clock, as Arabic writes it
    const ics = icsOf(mail);
    expect(ics.raw.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.raw.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.get('VERSION')).toBe('2.0');
    expect(ics.get('METHOD')).toBe('REQUEST');
    expect(ics.get('UID')).toBe(`service-booking-${b.id}@app.test`);
    expect(ics.get('SEQUENCE')).toBe('0');
    const utc = new Date(at)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics.get('DTSTART')).toBe(utc);
    expect(ics.get('DTEND')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(ics.get('STATUS')).toBe('CONFIRMED');
    expect(ics.get('ATTENDEE')).toBe(`mailto:${ar.email}`);
    expect(ics.get('ORGANIZER')).toMatch(/^mailto:/);
    expect(ics.props.filter(([k]) => k === 'BEGIN').map(([, v]) => v)).toEqual(['VCALENDAR', 'VEVENT']);
    // Folded at 75 octets, and every line ends with CRLF.
    for (const line of ics.raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('withdraws the invitation on cancellation: METHOD:CANCEL, the same UID, a higher SEQUENCE', async () => {
    const b = await book();
    await confirm(b.id);
    const res = await t.api('POST', `/api/service-bookings/${b.id}/cancel`, { reason: 'Budget moved' }, customer.token);
    expect(res.status).toBe(200);
    await t.mailsSent();
    const confirmed = mailsTo(customer.email, /confirmed/).find((m) => icsOf(m).get('UID')?.includes(b.id))!;
    const cancelled = mailsTo(customer.email, /has been cancelled/).find((m) => readable(m).includes('Budget moved'))!;
    const ics = icsOf(cancelled);
    expect(ics.get('METHOD')).toBe('CANCEL');
    expect(ics.get('STATUS')).toBe('CANCELLED');
    expect(ics.get('UID')).toBe(icsOf(confirmed).get('UID'));
    expect(Number(ics.get('SEQUENCE'))).toBeGreaterThan(Number(icsOf(confirmed).get('SEQUENCE')));
  });

  it('sends the 24-hour reminder exactly once, however many passes run at once', async () => {
    const b = await book();
    await confirm(b.id, 72);
    // Two days later: the meeting is 23 hours away.
    await sql(
      `update service_bookings set scheduled_at = now() + interval '23 hours', confirmed_at = now() - interval '2 days' where id = ?`,
      [b.id],
    );
    await Promise.all([
      ...Array.from({ length: 5 }, () => sendServiceBookingReminders(t.app.deps)),
      t.app.deps.jobs.send('service-bookings.remind', {}),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    await sendServiceBookingReminders(t.app.deps);
    await t.mailsSent();
    const reminders = mailsTo(customer.email, /Reminder: your .* meeting is tomorrow/).filter((m) =>
      readable(m).includes(b.id.slice(0, 8).toUpperCase()),
    );
    expect(reminders).toHaveLength(1);
    expect((await row(b.id)).reminder_sent_at).toBeTruthy();
  });

  it('sends no reminder for a meeting more than 24 hours away, nor for one confirmed inside the last 24 hours', async () => {
    const far = await book();
    await confirm(far.id, 30);
    const late = await book();
    await confirm(late.id, 10);
    await sendServiceBookingReminders(t.app.deps);
    expect((await row(far.id)).reminder_sent_at).toBeNull();
    expect((await row(late.id)).reminder_sent_at).toBeNull();
  });
});

describe('a legal consultation request becomes a service booking', () => {
  it("makes a pending booking of the sender's account with the request's text, once", async () => {
    const sender = await createUser(t.app, { fullName: 'Majed Consult' });
    const day = addDays(todayInRiyadh(), 6);
    const inquiryId = await createInquiry(t, {
      service_type: 'legal-consultancy',
      full_name: 'Majed Consult',
      email: sender.email.toUpperCase(),
      message: 'Review of a franchise agreement before signing',
      preferred_date: day,
      preferred_time: '11:00',
      locale: 'ar',
    });
    const res = await t.api('POST', `/api/inquiries/${inquiryId}/service-booking`, { contact_number: '0551234567' }, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      service_id: 'legal-consultation',
      service_name: 'Legal consultation',
      status: 'pending',
      preferred_date: day,
      preferred_time: '11:00',
      contact_number: '+966551234567',
      requirements: 'Review of a franchise agreement before signing',
      user_email: sender.email,
    });
    expect((await sql(`select status from inquiries where id = ?`, [inquiryId]))[0].status).toBe('in_progress');
    expect((await audit(res.body.id)).at(-1)).toMatchObject({ action: 'service_booking.from_inquiry', actor_email: admin.email });
    const mine = await t.api('GET', '/api/service-bookings/my', undefined, sender.token);
    expect(mine.body.map((b: any) => b.id)).toContain(res.body.id);
    const again = await t.api('POST', `/api/inquiries/${inquiryId}/service-booking`, { contact_number: '0551234567' }, admin.token);
    expect(again).toMatchObject({ status: 409, body: { detail: 'This request has already been turned into a service booking' } });
  });

  it('refuses a sender without an account, a contact inquiry, and a missing contact number, creating nothing', async () => {
    const count = async () => Number((await sql(`select count(*)::int as n from service_bookings`))[0].n);
    const before = await count();
    const stranger = await createInquiry(t, {
      service_type: 'legal-consultancy',
      email: 'nobody-registered@example.sa',
      preferred_date: addDays(todayInRiyadh(), 3),
    });
    const r1 = await t.api('POST', `/api/inquiries/${stranger}/service-booking`, { contact_number: '0551234567' }, admin.token);
    expect(r1).toMatchObject({
      status: 409,
      body: { detail: 'The sender of this request has no account with this email. Ask them to register first.' },
    });
    const contact = await createInquiry(t, { email: customer.email });
    const r2 = await t.api('POST', `/api/inquiries/${contact}/service-booking`, { contact_number: '0551234567' }, admin.token);
    expect(r2).toMatchObject({ status: 409, body: { detail: 'Only a legal consultation request can become a service booking' } });
    const noPhone = await createInquiry(t, {
      service_type: 'legal-consultancy',
      email: customer.email,
      preferred_date: addDays(todayInRiyadh(), 3),
    });
    const r3 = await t.api('POST', `/api/inquiries/${noPhone}/service-booking`, {}, admin.token);
    expect(r3).toMatchObject({ status: 400, body: { detail: 'Please enter a contact number', field: 'contact_number' } });
    const gql = await t.gql(
      `mutation($id: ID!) { createServiceBookingFromInquiry(inquiryId: $id, input: { contactNumber: "0551234567" }) { id } }`,
      { id: stranger },
      admin.token,
    );
    expect(gql.errors?.[0].extensions.code).toBe('CONFLICT');
    expect((await t.api('POST', `/api/inquiries/${noPhone}/service-booking`, {}, customer.token)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('account deletion', () => {
  it('cancels the open unpaid upcoming service bookings, and refuses while a paid one is ahead', async () => {
    const u = await createUser(t.app, { fullName: 'Leaving Soon' });
    const pending = await book(u);
    const confirmed = await book(u);
    await confirm(confirmed.id);
    const paid = await book(u);
    await confirm(paid.id);
    await sql(`update service_bookings set payment_status = 'paid' where id = ?`, [paid.id]);
    const refused = await t.api('DELETE', '/api/account', { password: u.password }, u.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/paid upcoming bookings/);
    expect((await row(pending.id)).status).toBe('pending');

    await sql(`update service_bookings set status = 'completed', completed_at = now() where id = ?`, [paid.id]);
    const res = await t.api('DELETE', '/api/account', { password: u.password }, u.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await row(pending.id)).status).toBe('cancelled');
    expect((await row(confirmed.id)).status).toBe('cancelled');
    expect((await row(paid.id)).status).toBe('completed');
  });
});
