/**
 * What a booking shows, wherever it shows: one amount (what the customer pays, VAT included) and Riyadh calendar
 * dates (issue #18 items 6 and 7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { bookedListing, createUser, payBooking, type MadeUser } from '../support/factories.js';
import { decodeQuotedPrintable, type ReceivedMail } from '../support/smtp-sink.js';
import { pdfText } from '../support/pdf-text.js';
import { inquiryConfirmationEmail } from '../../server/src/integrations/mail/public-templates.js';

const DAY = 86_400_000;
const RIYADH = 3 * 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let t: TestApp;
let host: MadeUser;
let admin: MadeUser;
let next = 20;

/** Midnight in Riyadh, `days` from today (Riyadh), as an instant. */
function riyadhMidnight(days: number): Date {
  const shifted = Date.now() + RIYADH;
  return new Date(shifted - (shifted % DAY) + days * DAY - RIYADH);
}
/** The Riyadh calendar date of an instant, written out by hand: [year, month 1–12, day]. */
function riyadhParts(d: Date): [number, number, number] {
  const s = new Date(d.getTime() + RIYADH);
  return [s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate()];
}
const ymd = (d: Date) =>
  riyadhParts(d)
    .map((n, i) => String(n).padStart(i ? 2 : 4, '0'))
    .join('-');
const enDate = (d: Date) => {
  const [y, m, day] = riyadhParts(d);
  return `${MONTHS[m - 1]} ${day}, ${y}`;
};

/** A listing at `price` SAR/day and a booking of `days` whole Riyadh days by `who`. */
async function dayBooking(who: MadeUser, price: number, days = 2) {
  const start = riyadhMidnight(next);
  next += days + 1;
  const end = new Date(start.getTime() + days * DAY);
  const room = { title: 'Meeting room — قاعة اجتماعات', description: 'Twelve seats', price };
  const b = await bookedListing(t, { owner: host, admin, who }, { start, end }, room);
  return { id: b.id, start, lastDay: new Date(end.getTime() - DAY) };
}

/** The text/plain part of a MIME message, decoded (quoted-printable or base64, UTF-8). */
function plainText(raw: string): string {
  return plainPart(raw).replace(/\r\n/g, '\n');
}
function plainPart(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    if (!/Content-Type: text\/plain/i.test(part)) continue;
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/Content-Transfer-Encoding: base64/i.test(head))
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
    if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
      return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
    return body;
  }
  return '';
}

beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

describe('one amount per booking (item 6)', () => {
  it('gives every booking the VAT-inclusive total it is charged, the same over REST and GraphQL, at checkout, in the payment and on the invoice', async () => {
    const who = await createUser(t.app);
    // 33.33 × 3 = 99.99 before VAT; VAT 15.00 (14.9985 rounded to the halala); 114.99 charged.
    const b = await dayBooking(who, 33.33, 3);
    const rest = (await t.api('GET', `/api/bookings/${b.id}`, undefined, who.token)).body;
    expect(rest).toMatchObject({ total_amount: 99.99, vat_amount: 15, total_with_vat: 114.99 });
    const mine = (await t.api('GET', '/api/bookings/my', undefined, who.token)).body.find((x: { id: string }) => x.id === b.id);
    expect(mine.total_with_vat).toBe(114.99);
    const gql = await t.gql(
      `query($id: ID!) { booking(id: $id) { totalWithVat vatAmount } myBookings { id totalWithVat } }`,
      { id: b.id },
      who.token,
    );
    expect(gql.data.booking).toEqual({ totalWithVat: 114.99, vatAmount: 15 });
    expect(gql.data.myBookings.find((x: { id: string }) => x.id === b.id).totalWithVat).toBe(114.99);

    const checkout = (await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: b.id }, who.token)).body;
    expect(checkout).toMatchObject({ subtotal: rest.total_amount, vat: rest.vat_amount, amount: rest.total_with_vat });

    await payBooking(t, who, b.id);
    const [payment] = (await t.api('GET', `/api/bookings/${b.id}/payments`, undefined, who.token)).body.filter(
      (p: { status: string }) => p.status === 'paid',
    );
    expect(payment.amount).toBe(rest.total_with_vat);
    const invoice = (await t.api('GET', `/api/bookings/${b.id}/invoice`, undefined, who.token)).body;
    expect(invoice.total).toBe(rest.total_with_vat);
    // The host's list of their listings' bookings shows the same amount.
    const hostList = (await t.api('GET', '/api/bookings', undefined, host.token)).body.find((x: { id: string }) => x.id === b.id);
    expect(hostList.total_with_vat).toBe(114.99);
  });
});

describe('Riyadh calendar dates in emails and PDFs (item 7)', () => {
  it('writes a day booking in the confirmation email as its first and last day, with the Hijri date in Arabic', async () => {
    const en = await createUser(t.app);
    const enBooking = await dayBooking(en, 200, 2);
    await payBooking(t, en, enBooking.id);
    const enMail = await t.smtp.waitFor(en.email, (m: ReceivedMail) => /application\/pdf/i.test(m.raw), 10_000);
    const enText = plainText(enMail.raw);
    expect(enText).toContain(`From: ${enDate(enBooking.start)}\n`);
    expect(enText).toContain(`To: ${enDate(enBooking.lastDay)}\n`);

    const ar = await createUser(t.app);
    await t.app.orm.em.fork().getConnection().execute(`update users set locale = 'ar' where id = ?`, [ar.user.id]);
    const arBooking = await dayBooking(ar, 200, 1);
    await payBooking(t, ar, arBooking.id);
    const arMail = await t.smtp.waitFor(ar.email, (m: ReceivedMail) => /application\/pdf/i.test(m.raw), 10_000);
    const arText = plainText(arMail.raw);
    const gregorian = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
      timeZone: 'Asia/Riyadh',
      calendar: 'gregory',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura-nu-latn', {
      timeZone: 'Asia/Riyadh',
      calendar: 'islamic-umalqura',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const [y] = riyadhParts(arBooking.start);
    const from = gregorian.format(arBooking.start);
    expect(from).toContain(String(y)); // Gregorian year, not 14xx
    expect(arText).toContain(`من: ${from} (${hijri.format(arBooking.start)})\n`);
    expect(arText).toContain(`إلى: ${from} (${hijri.format(arBooking.start)})\n`); // a one-day booking ends on its first day
  });

  it('prints the booked days and the issue date in Riyadh on the PDF, the Hijri issue date beside it', async () => {
    const who = await createUser(t.app);
    const b = await dayBooking(who, 150, 2);
    await payBooking(t, who, b.id);
    const inv = (await t.api('GET', `/api/bookings/${b.id}/invoice`, undefined, who.token)).body;
    const res = await fetch(`${t.url}/api/bookings/${b.id}/invoice.pdf`, { headers: { authorization: `Bearer ${who.token}` } });
    const runs = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(runs).toContain('Booking period');
    expect(runs).toContain(`${ymd(b.start)} – ${ymd(b.lastDay)}`);
    const issued = new Date(inv.issued_at);
    const hh = String(new Date(issued.getTime() + RIYADH).getUTCHours()).padStart(2, '0');
    expect(runs.some((r) => r.startsWith(`${ymd(issued)} ${hh}:`) && r.endsWith('(UTC+3)'))).toBe(true);
    expect(runs).toContain('Issue date (Hijri)');
    // In Arabic with Latin digits, e.g. "16 جمادى الآخرة 1448 هـ": the month's name is an Arabic run of its own.
    const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura-nu-latn', {
      timeZone: 'Asia/Riyadh',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).formatToParts(issued);
    const part = (type: string) => hijri.find((p) => p.type === type)!.value;
    expect(runs.some((r) => r.trim() === part('month'))).toBe(true);
    expect(runs.some((r) => r.trim() === part('year'))).toBe(true);
  });

  it('writes an inquiry’s preferred date (a calendar date) as that day whatever the server’s zone', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        const base = {
          to: 'a@example.sa',
          name: 'Sara',
          reference: 'abcdef123456',
          consultation: true,
          message: 'Hi',
          companyName: null,
          preferredDate: '2026-11-10',
          preferredTime: '10:00',
          dashboardUrl: null,
        };
        expect(inquiryConfirmationEmail({ ...base, locale: 'en' }).text).toContain('Preferred date: Nov 10, 2026\n');
        expect(inquiryConfirmationEmail({ ...base, locale: 'ar' }).text).toContain(
          'التاريخ المفضل: 10 نوفمبر 2026 (30 جمادى الأولى 1448 هـ)',
        );
      }
    } finally {
      process.env.TZ = zone;
    }
  });
});
