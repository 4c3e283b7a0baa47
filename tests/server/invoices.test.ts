import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  FORKLIFT,
  bookedListing,
  companyDetails,
  createUser,
  myFatoorahApp,
  paidBooking,
  saveMyFatoorahKey,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';
import { decodeQuotedPrintable, type ReceivedMail } from '../support/smtp-sink.js';
import { decodeZatcaQr } from '../../server/src/modules/invoices/zatca.js';
import { ARABIC_ADDRESS, ARABIC_ADDRESS_RUNS, pdfText } from '../support/pdf-text.js';

const VAT_NUMBER = '310122393500003';
const WEBHOOK_SECRET = 'mf-webhook-secret-inv';

let t: TestApp;
let host: MadeUser;
let admin: MadeUser;
let user: MadeUser;
let day = 10;

async function sql<T = any>(app: TestApp, q: string, params: unknown[] = []): Promise<T[]> {
  return app.app.orm.em.fork().getConnection().execute(q, params);
}

const FORKLIFT_AR = { ...FORKLIFT, title: 'Forklift 3t — رافعة شوكية' };
/** Two days from 06:00 UTC, each booking later than the last. */
function twoDays() {
  const start = new Date(Date.now() + day++ * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  return { start, end: new Date(start.getTime() + 2 * 86_400_000) };
}
/** `who`'s paid two-day booking of a fresh forklift listing (subtotal 400, VAT 60, total 460); its id. */
const paidForklift = async (who: MadeUser = user) => (await paidBooking(t, { owner: host, admin, who }, twoDays(), FORKLIFT_AR)).id;

/** Every field of the GraphQL invoice. */
const FULL_INVOICE = `query($id: String!) { bookingInvoice(bookingId: $id) {
  bookingId invoiceNumber issuedAt currency seller { name vatNumber address addressAr contactEmail contactPhone }
  buyer { name email companyName }
  lines { description period quantity unitPrice amount } subtotal vatRate vat total cardBrand cardLast4 startDate endDate qrPayload } }`;

/** The invoice as REST JSON, GraphQL data and the text its PDF draws, as `who` gets it. */
async function invoiceViews(app: TestApp, id: string, who: MadeUser) {
  const rest = await app.api('GET', `/api/bookings/${id}/invoice`, undefined, who.token);
  expect(rest.status).toBe(200);
  const gql = await app.gql(FULL_INVOICE, { id }, who.token);
  expect(gql.errors).toBeUndefined();
  const res = await fetch(`${app.url}/api/bookings/${id}/invoice.pdf`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(200);
  return { rest: rest.body, gql: gql.data.bookingInvoice, pdf: pdfText(Buffer.from(await res.arrayBuffer())) };
}

/** The PDF attachments of a raw MIME message (base64 parts with a PDF content type). */
function pdfAttachments(raw: string): Array<{ name: string; bytes: Buffer }> {
  const out: Array<{ name: string; bytes: Buffer }> = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    if (!/Content-Type: application\/pdf/i.test(part)) continue;
    const name = /filename="?([^";\r\n]+)"?/i.exec(part)?.[1] ?? '';
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/--[^\r\n]*--\s*$/, '');
    out.push({ name, bytes: Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64') });
  }
  return out;
}

/** The decoded Subject header (RFC 2047 encoded words, B or Q). */
function subjectOf(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  if (!m) return '';
  return m[1]
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

/** Mails with an invoice PDF attached that `to` received (after a moment for late, duplicate sends). */
async function invoiceMails(app: TestApp, to: string): Promise<ReceivedMail[]> {
  await app.smtp.waitFor(to, (m) => pdfAttachments(m.raw).length > 0, 10_000);
  await new Promise((r) => setTimeout(r, 700));
  await app.mailsSent();
  return app.smtp.received.filter((m) => m.to.includes(to) && pdfAttachments(m.raw).length > 0);
}

beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app, { fullName: 'Sara Al-Otaibi' });
  const saved = await t.api(
    'PUT',
    '/api/admin/settings/general',
    { value: { platform_name: 'Mawarid Co.', vat_number: VAT_NUMBER, address: 'King Fahd Road, Riyadh' } },
    admin.token,
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => t?.close());

describe('invoice data', () => {
  it('gives the seller (from settings), number, buyer, lines, VAT 15%, total, card and a ZATCA QR for a paid booking', async () => {
    const id = await paidForklift();
    const res = await t.api('GET', `/api/bookings/${id}/invoice`, undefined, user.token);
    expect(res.status).toBe(200);
    const [p] = await sql(t, `select invoice_number::text as n, paid_at from payments where booking_id = ? and status = 'paid'`, [id]);
    expect(res.body).toMatchObject({
      booking_id: id,
      invoice_number: p.n,
      seller: { name: 'Mawarid Co.', vat_number: VAT_NUMBER, address: 'King Fahd Road, Riyadh' },
      buyer: { name: 'Sara Al-Otaibi', email: user.email },
      lines: [{ description: 'Forklift 3t — رافعة شوكية', period: 'day', quantity: 2, unit_price: 200, amount: 400 }],
      subtotal: 400,
      vat_rate: 0.15,
      vat: 60,
      total: 460,
      currency: 'SAR',
      payment: { card_brand: 'visa', card_last4: '1019' },
    });
    expect(new Date(res.body.issued_at).getTime()).toBe(new Date(p.paid_at).getTime());
    expect(decodeZatcaQr(res.body.qr_payload)).toEqual({
      1: 'Mawarid Co.',
      2: VAT_NUMBER,
      // Riyadh wall-clock time (UTC+3), as the e-invoice's QR writes it: one time on the document before and after.
      3: new Date(new Date(p.paid_at).getTime() + 3 * 3600_000).toISOString().slice(0, 19),
      4: '460.00',
      5: '60.00',
    });
    // The same invoice (and number) every time it is asked for.
    const again = await t.api('GET', `/api/bookings/${id}/invoice`, undefined, user.token);
    expect(again.body.invoice_number).toBe(p.n);
  });

  it('is for the booking’s user, the listing’s host and admins only; 404 when not paid', async () => {
    const id = await paidForklift();
    expect((await t.api('GET', `/api/bookings/${id}/invoice`, undefined, host.token)).status).toBe(200);
    expect((await t.api('GET', `/api/bookings/${id}/invoice`, undefined, admin.token)).status).toBe(200);
    const stranger = await createUser(t.app);
    expect((await t.api('GET', `/api/bookings/${id}/invoice`, undefined, stranger.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/${id}/invoice.pdf`, undefined, stranger.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/${id}/invoice`)).status).toBe(401);
    expect((await t.api('GET', `/api/bookings/${id}/invoice.pdf`)).status).toBe(401);
    expect((await t.api('GET', `/api/bookings/not-a-uuid/invoice`, undefined, user.token)).status).toBe(404);

    const unpaid = (await bookedListing(t, { owner: host, admin, who: user }, twoDays(), FORKLIFT_AR)).id;
    const res = await t.api('GET', `/api/bookings/${unpaid}/invoice`, undefined, user.token);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('This booking has no invoice yet: it is not paid');
    expect((await t.api('GET', `/api/bookings/${unpaid}/invoice.pdf`, undefined, user.token)).status).toBe(404);
  });

  it('is available over GraphQL as bookingInvoice', async () => {
    const id = await paidForklift();
    const q = `query($id: String!) { bookingInvoice(bookingId: $id) { invoiceNumber subtotal vat total vatRate cardBrand cardLast4 qrPayload seller { name vatNumber } lines { description quantity unitPrice amount } } }`;
    const res = await t.gql(q, { id }, user.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.bookingInvoice).toMatchObject({
      subtotal: 400,
      vat: 60,
      total: 460,
      vatRate: 0.15,
      cardBrand: 'visa',
      cardLast4: '1019',
      seller: { name: 'Mawarid Co.', vatNumber: VAT_NUMBER },
    });
    expect(decodeZatcaQr(res.data.bookingInvoice.qrPayload)[4]).toBe('460.00');
    const stranger = await createUser(t.app);
    const denied = await t.gql(q, { id }, stranger.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('invoice to a company (standard tax invoice)', () => {
  const COMPANY = companyDetails();
  async function views(id: string, who: MadeUser, fields: string) {
    const rest = await t.api('GET', `/api/bookings/${id}/invoice`, undefined, who.token);
    expect(rest.status).toBe(200);
    const gql = await t.gql(`query($id: String!) { bookingInvoice(bookingId: $id) { ${fields} } }`, { id }, who.token);
    expect(gql.errors).toBeUndefined();
    const res = await fetch(`${t.url}/api/bookings/${id}/invoice.pdf`, { headers: { authorization: `Bearer ${who.token}` } });
    return { rest: rest.body, gql: gql.data.bookingInvoice, pdf: pdfText(Buffer.from(await res.arrayBuffer())) };
  }
  const saveProfile = (who: MadeUser, body: Record<string, unknown>) =>
    t.api('PUT', '/api/auth/me', { full_name: 'Khalid Al-Harbi', phone: null, ...body }, who.token);

  it('freezes the company’s VAT number, CR and national address saved at checkout into the invoice, JSON, GraphQL and PDF', async () => {
    const buyer = await createUser(t.app, { fullName: 'Khalid Al-Harbi' });
    // A half-filled company form is refused at its field and writes nothing.
    const bad = await saveProfile(buyer, { ...COMPANY, vat_number: '123456789012345' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('vat_number');
    expect((await sql(t, `select vat_number from users where id = ?`, [buyer.user.id]))[0].vat_number).toBeNull();
    expect((await saveProfile(buyer, COMPANY)).status).toBe(200);
    const id = await paidForklift(buyer);
    const { rest, gql, pdf } = await views(
      id,
      buyer,
      `kind buyer { name companyName vatNumber crNumber nationalAddress {
      buildingNumber street district city postalCode additionalNumber } }`,
    );
    expect(rest.buyer).toEqual({
      name: 'Khalid Al-Harbi',
      email: buyer.email,
      company_name: 'Harbi Logistics',
      vat_number: '300000000000003',
      cr_number: '1010123456',
      national_address: COMPANY.national_address,
    });
    expect(gql).toMatchObject({
      kind: 'standard',
      buyer: {
        companyName: 'Harbi Logistics',
        vatNumber: '300000000000003',
        crNumber: '1010123456',
        nationalAddress: { buildingNumber: '8228', street: 'Imam Saud', postalCode: '12382', additionalNumber: '2917' },
      },
    });
    expect(pdf).toContain('Tax Invoice');
    expect(pdf).not.toContain('Simplified Tax Invoice');
    expect(pdf).toContain('300000000000003');
    expect(pdf).toContain('8228 Imam Saud, Al Nakheel, Riyadh 12382 (2917)');
    // Removing the details from the profile later changes no issued invoice.
    expect((await saveProfile(buyer, { company_name: null, vat_number: null, cr_number: null, national_address: null })).status).toBe(200);
    expect((await t.api('GET', `/api/bookings/${id}/invoice`, undefined, buyer.token)).body.buyer).toEqual(rest.buyer);
    // …and the next invoice is a simplified one without them.
    const next = await views(await paidForklift(buyer), buyer, 'kind buyer { vatNumber nationalAddress { city } }');
    expect(next.gql).toEqual({ kind: 'simplified', buyer: { vatNumber: null, nationalAddress: null } });
    expect(next.rest.buyer).toEqual({ name: 'Khalid Al-Harbi', email: buyer.email, company_name: null });
    expect(next.pdf).toContain('Simplified Tax Invoice');
  });

  it('stays simplified when the profile has a VAT number but no national address', async () => {
    const buyer = await createUser(t.app, { fullName: 'Khalid Al-Harbi' });
    expect((await saveProfile(buyer, { company_name: 'Harbi Logistics', vat_number: '300000000000003' })).status).toBe(200);
    const { gql } = await views(await paidForklift(buyer), buyer, 'kind buyer { vatNumber }');
    expect(gql).toEqual({ kind: 'simplified', buyer: { vatNumber: null } });
  });
});

describe('invoice PDF', () => {
  it('is a PDF named and titled with the invoice number', async () => {
    const id = await paidForklift();
    const inv = (await t.api('GET', `/api/bookings/${id}/invoice`, undefined, user.token)).body;
    const res = await fetch(`${t.url}/api/bookings/${id}/invoice.pdf`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`invoice-${inv.invoice_number}.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`(Tax invoice ${inv.invoice_number})`);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/); // the QR code
  });
});

describe('confirmation email', () => {
  it('sends exactly one mail with the invoice PDF per paid booking, in the user’s language', async () => {
    const arabic = await createUser(t.app);
    await sql(t, `update users set locale = 'ar' where id = ?`, [arabic.user.id]);
    const id = await paidForklift(arabic);
    const inv = (await t.api('GET', `/api/bookings/${id}/invoice`, undefined, arabic.token)).body;
    const mails = await invoiceMails(t, arabic.email);
    expect(mails).toHaveLength(1);
    const [pdf] = pdfAttachments(mails[0].raw);
    expect(pdf.name).toBe(`invoice-${inv.invoice_number}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(subjectOf(mails[0].raw)).toBe(`تم استلام الدفع — الفاتورة ${inv.invoice_number}`);

    const english = await paidForklift();
    const enInv = (await t.api('GET', `/api/bookings/${english}/invoice`, undefined, user.token)).body;
    await t.smtp.waitFor(user.email, (m) => subjectOf(m.raw) === `Payment received — invoice ${enInv.invoice_number}`, 10_000);
    const en = t.smtp.received.filter(
      (m) => m.to.includes(user.email) && subjectOf(m.raw) === `Payment received — invoice ${enInv.invoice_number}`,
    );
    expect(en).toHaveLength(1);
    expect(decodeQuotedPrintable(en[0].raw)).toContain('SAR 460.00');
  });
});

describe('confirmation email through MyFatoorah (webhook replays)', () => {
  let fake: FakeMyFatoorah;
  let mf: TestApp;

  beforeAll(async () => {
    ({ fake, t: mf } = await myFatoorahApp('live-looking-key-9876', WEBHOOK_SECRET));
  });
  afterAll(async () => {
    await mf?.close();
    await fake?.close();
  });

  it('is sent once when the webhook arrives several times, some of them concurrently; a mada card shows as mada', async () => {
    const h = await createUser(mf.app, { role: 'host_seller' });
    const a = await createUser(mf.app, { role: 'admin' });
    const u = await createUser(mf.app);
    await saveMyFatoorahKey(mf, a, 'live-looking-key-9876');
    const id = (await bookedListing(mf, { owner: h, admin: a, who: u }, twoDays(), FORKLIFT_AR)).id;
    const init = await mf.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, u.token);
    const invoiceId = Number(init.body.payment_url.split('/').pop());
    fake.payBehindTheScenes(invoiceId, { gateway: 'MADA', number: '4464040000000007' });
    const hook = mf.url + '/api/payment/webhook';
    const replies = await Promise.all([1, 2, 3].map(() => fake.sendWebhook(hook, invoiceId, WEBHOOK_SECRET)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await fake.sendWebhook(hook, invoiceId, WEBHOOK_SECRET)).status).toBe(200);
    const mails = await invoiceMails(mf, u.email);
    expect(mails).toHaveLength(1);
    const inv = (await mf.api('GET', `/api/bookings/${id}/invoice`, undefined, u.token)).body;
    expect(inv.total).toBe(460);
    expect(inv.payment).toMatchObject({ card_brand: 'mada', card_last4: '0007' });
    expect(pdfAttachments(mails[0].raw)[0].name).toBe(`invoice-${inv.invoice_number}.pdf`);
  });
});

describe('an issued invoice never changes', () => {
  it('shows the same JSON (REST, GraphQL) and PDF text after the listing, the seller settings and the buyer change', async () => {
    const buyer = await createUser(t.app, { fullName: 'Huda Al-Qahtani' });
    const id = await paidForklift(buyer);
    const before = await invoiceViews(t, id, buyer);
    expect(before.rest).toMatchObject({
      seller: { name: 'Mawarid Co.', vat_number: VAT_NUMBER },
      buyer: { name: 'Huda Al-Qahtani' },
      lines: [{ description: 'Forklift 3t — رافعة شوكية', unit_price: 200 }],
    });
    const drawn = before.pdf.join('\n');
    for (const text of ['Mawarid Co.', VAT_NUMBER, 'King Fahd Road, Riyadh', 'Huda Al-Qahtani', 'Forklift 3t'])
      expect(drawn).toContain(text);

    // The listing's live row changes (directly, so the test holds whatever review a host's edit goes through).
    const [{ resource_id }] = await sql(t, `select resource_id from bookings where id = ?`, [id]);
    await sql(t, `update resources set title = 'Renamed listing', price = 999, period = 'week' where id = ?`, [resource_id]);
    const settings = await t.api(
      'PUT',
      '/api/admin/settings/general',
      { value: { platform_name: 'Other Name LLC', vat_number: '399999999900003', address: 'Olaya Street, Riyadh' } },
      admin.token,
    );
    expect(settings.status).toBe(200);
    try {
      expect((await t.api('PUT', '/api/auth/me', { full_name: 'Huda Renamed', company_name: 'New Company' }, buyer.token)).status).toBe(
        200,
      );
      const after = await invoiceViews(t, id, buyer);
      expect(after.rest).toEqual(before.rest);
      expect(after.gql).toEqual(before.gql);
      expect(after.pdf).toEqual(before.pdf);
      expect(decodeZatcaQr(after.rest.qr_payload)[1]).toBe('Mawarid Co.');

      // A payment settled after the edits is issued with the new data.
      const next = await invoiceViews(t, await paidForklift(buyer), buyer);
      expect(next.rest).toMatchObject({
        seller: { name: 'Other Name LLC', vat_number: '399999999900003', address: 'Olaya Street, Riyadh' },
        buyer: { name: 'Huda Renamed', company_name: 'New Company' },
      });
    } finally {
      await t.api(
        'PUT',
        '/api/admin/settings/general',
        { value: { platform_name: 'Mawarid Co.', vat_number: VAT_NUMBER, address: 'King Fahd Road, Riyadh' } },
        admin.token,
      );
    }
  });

  it('is written with the invoice number, and the migration backfills invoices issued before snapshots from the data at migration time', async () => {
    const id = await paidForklift();
    const [row] = await sql(
      t,
      `select invoice_number::text as n, invoice_snapshot from payments where booking_id = ? and status = 'paid'`,
      [id],
    );
    expect(row.invoice_snapshot).toMatchObject({ invoice_number: row.n, booking_id: id, total: 460 });
    await expect(sql(t, `update payments set invoice_snapshot = null where booking_id = ? and status = 'paid'`, [id])).rejects.toThrow(
      /invoice_snapshot/,
    );

    // As before snapshots existed: no column. The listing is renamed meanwhile; the migration takes today's data.
    const name = 'Migration20261125100000InvoiceSnapshots';
    await t.app.orm.migrator.down({ migrations: [name] });
    const [{ resource_id }] = await sql(t, `select resource_id from bookings where id = ?`, [id]);
    await sql(t, `update resources set title = 'Renamed before the migration' where id = ?`, [resource_id]);
    await t.app.orm.migrator.up({ migrations: [name] });
    const inv = (await t.api('GET', `/api/bookings/${id}/invoice`, undefined, user.token)).body;
    expect(inv).toMatchObject({
      invoice_number: row.n,
      lines: [{ description: 'Renamed before the migration', quantity: 2, unit_price: 200, amount: 400 }],
      total: 460,
    });
    expect(inv.seller).toMatchObject({ name: 'Mawarid Co.', vat_number: VAT_NUMBER });
    // The migration writes the seller block as it was then, without the Arabic address frozen since (absent stays absent).
    const { address_ar, ...sellerThen } = row.invoice_snapshot.seller;
    expect(address_ar).toBe('');
    expect(inv.seller).not.toHaveProperty('address_ar');
    // Its QR too is as the migration wrote it then (the time in UTC); invoices issued since write it in Riyadh time.
    const { qr_payload: backfilledQr, ...backfilled } = inv;
    const { qr_payload: issuedQr, ...issued } = row.invoice_snapshot;
    expect({ ...backfilled, lines: row.invoice_snapshot.lines }).toEqual({ ...issued, seller: sellerThen });
    const paidAt = new Date(row.invoice_snapshot.issued_at);
    expect(decodeZatcaQr(backfilledQr)).toEqual({ ...decodeZatcaQr(issuedQr), 3: paidAt.toISOString().replace(/\.\d{3}Z$/, 'Z') });
    expect(decodeZatcaQr(issuedQr)[3]).toBe(new Date(paidAt.getTime() + 3 * 3600_000).toISOString().slice(0, 19));
    const [{ missing }] = await sql(
      t,
      `select count(*)::int as missing from payments where invoice_number is not null and invoice_snapshot is null`,
    );
    expect(missing).toBe(0);
  });

  it('every migration is frozen: it imports nothing of the application, so a later code change cannot change what it does', () => {
    const dir = fileURLToPath(new URL('../../server/src/db/migrations/', import.meta.url));
    const files = readdirSync(dir).filter((f) => /^Migration\d+\w*\.ts$/.test(f));
    expect(files).toContain('Migration20261125100000InvoiceSnapshots.ts');
    for (const f of files) {
      const specifiers = [...readFileSync(join(dir, f), 'utf8').matchAll(/^\s*(?:import|export)\b[^;]*?from\s+['"]([^'"]+)['"]/gm)].map(
        (m) => m[1],
      );
      expect({ f, outside: specifiers.filter((s) => !s.startsWith('@mikro-orm/') && !s.startsWith('node:')) }).toEqual({ f, outside: [] });
    }
  });
});

describe('the seller’s Arabic address', () => {
  const EN = 'King Fahd Road, Riyadh';
  const AR = ARABIC_ADDRESS;
  /** The PDF's seller address rows: from the "Address" label to the buyer's row. */
  const addressRows = (pdf: string[]) => pdf.slice(pdf.indexOf('Address'), pdf.indexOf('Buyer'));
  const setArabicAddress = async (address_ar: string) =>
    expect((await t.api('PUT', '/api/admin/settings/general', { value: { address_ar } }, admin.token)).status).toBe(200);

  it('is frozen at issue: REST and GraphQL give both, the PDF prints the Arabic one beside the Arabic label', async () => {
    await setArabicAddress(AR);
    try {
      const id = await paidForklift();
      const inv = await invoiceViews(t, id, user);
      expect(inv.rest.seller).toEqual({
        name: 'Mawarid Co.',
        vat_number: VAT_NUMBER,
        address: EN,
        address_ar: AR,
        contact_email: '',
        contact_phone: '',
      });
      expect(inv.gql.seller).toMatchObject({ address: EN, addressAr: AR });
      // English label and address, then the Arabic address and label.
      expect(addressRows(inv.pdf)).toEqual(['Address', EN, ...ARABIC_ADDRESS_RUNS, 'العنوان']);

      // Clearing the setting changes no issued invoice; the next one freezes it empty and prints the English one alone.
      await setArabicAddress('');
      expect(await invoiceViews(t, id, user)).toEqual(inv);
      const next = await invoiceViews(t, await paidForklift(), user);
      expect(next.rest.seller.address_ar).toBe('');
      expect(next.gql.seller).toMatchObject({ address: EN, addressAr: '' });
      expect(addressRows(next.pdf)).toEqual(['Address', EN, 'العنوان']);
    } finally {
      await setArabicAddress('');
    }
  });

  it('an invoice stored without it (issued before it was frozen) reads as stored and prints the English address', async () => {
    await setArabicAddress(AR);
    try {
      const id = await paidForklift();
      // As an invoice issued before the Arabic address was frozen is stored; the setting has one meanwhile.
      await sql(t, `update payments set invoice_snapshot = invoice_snapshot #- '{seller,address_ar}' where booking_id = ?`, [id]);
      const inv = await invoiceViews(t, id, user);
      expect(inv.rest.seller).toEqual({ name: 'Mawarid Co.', vat_number: VAT_NUMBER, address: EN, contact_email: '', contact_phone: '' });
      expect(inv.gql.seller).toMatchObject({ address: EN, addressAr: '' });
      expect(addressRows(inv.pdf)).toEqual(['Address', EN, 'العنوان']);
    } finally {
      await setArabicAddress('');
    }
  });
});

describe('what a host sees on an invoice', () => {
  it('gives the buyer and admins the card and transaction, and the listing’s host the invoice without them (REST, GraphQL, PDF)', async () => {
    const id = await paidForklift();
    const [{ transaction_id }] = await sql(t, `select transaction_id from payments where booking_id = ? and status = 'paid'`, [id]);
    expect(transaction_id).toEqual(expect.any(String));
    const buyer = await invoiceViews(t, id, user);
    const adm = await invoiceViews(t, id, admin);
    const hst = await invoiceViews(t, id, host);

    for (const full of [buyer, adm]) {
      expect(full.rest.payment).toEqual({ card_brand: 'visa', card_last4: '1019', transaction_id, method: 'card' });
      expect(full.gql).toMatchObject({ cardBrand: 'visa', cardLast4: '1019' });
      expect(full.pdf.join('\n')).toContain('Paid with');
      expect(full.pdf.join('\n')).toContain('1019');
    }

    expect(hst.rest.payment).toBeNull();
    expect(hst.rest).toEqual({ ...buyer.rest, payment: null });
    for (const secret of ['1019', transaction_id, 'visa'])
      expect(JSON.stringify(hst.rest).toLowerCase()).not.toContain(secret.toLowerCase());
    expect(hst.gql).toEqual({ ...buyer.gql, cardBrand: null, cardLast4: null });
    const drawn = hst.pdf.join('\n');
    expect(drawn).toContain('Forklift 3t');
    expect(drawn).not.toContain('Paid with');
    expect(drawn).not.toContain('1019');
    expect(drawn.toLowerCase()).not.toContain('visa');
  });
});
