import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { FORKLIFT, createUser, paidBooking, type MadeUser } from '../support/factories.js';
import { ARABIC_ADDRESS, ARABIC_ADDRESS_RUNS, pdfText } from '../support/pdf-text.js';
import { decodeZatcaQr } from '../../server/src/modules/invoices/zatca.js';
import { issueCommissionInvoices, riyadhMonth, riyadhMonthRange } from '../../server/src/modules/invoices/commission-invoice.service.js';

/**
 * The monthly commission invoice from the platform to each host (issue #24), on the built-in test gateway (which
 * approves a payout profile at once, so payments are split): one per host per Riyadh month, issued by the
 * `commission-invoices.issue` pass for months that ended, numbered in its own series, frozen, and readable only by
 * its host and admins (REST JSON and PDF, GraphQL).
 */
const VAT_NUMBER = '310122393500003';
/** The platform's Arabic address (General settings), frozen into the documents issued here. */
const D = 86_400_000;

let t: TestApp;
let admin: MadeUser;
let host: MadeUser;
let heldHost: MadeUser;
let otherHost: MadeUser;
let user: MadeUser;
let day = 10;
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A paid 2-day booking of a fresh 200 SAR/day listing of `owner`: 400 + 60 VAT = 460 SAR; 10 % commission on the 400
 * before VAT = 40, + 6.00 VAT when the host is VAT-registered (docs/money.md).
 */
async function paidBy(owner: MadeUser) {
  const start = new Date(Date.now() + day++ * D);
  start.setUTCHours(6, 0, 0, 0);
  const b = await paidBooking(t, { owner, admin, who: user }, { start, end: new Date(start.getTime() + 2 * D) }, FORKLIFT);
  const [p] = await sql(`select id from payments where booking_id = ? and status = 'paid'`, [b.id]);
  return String(p.id);
}

const thisMonth = riyadhMonth(new Date());
const { start: thisMonthStart, end: nextMonthStart } = riyadhMonthRange(thisMonth);
const lastMonth = riyadhMonth(new Date(thisMonthStart.getTime() - 1));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller', email: 'host-commission@example.sa' });
  heldHost = await createUser(t.app, { role: 'host_seller', fullName: 'Nasser Al-Harbi' });
  otherHost = await createUser(t.app, { role: 'host_seller' });
  user = await createUser(t.app);
  const general = await t.api(
    'PUT',
    '/api/admin/settings/general',
    { value: { platform_name: 'Mawarid Co.', vat_number: VAT_NUMBER, address: 'King Fahd Road, Riyadh', address_ar: ARABIC_ADDRESS } },
    admin.token,
  );
  expect(general.status).toBe(200);
  const profile = await t.api(
    'PUT',
    '/api/host/payout-account',
    {
      legal_name: 'Dammam Equipment Rental Co.',
      commercial_registration: '2050123456',
      vat_number: '300123456700003',
      mobile: '0551234567',
      bank: 'Saudi National Bank',
      iban: 'SA0380000000608010167519',
    },
    host.token,
  );
  expect(profile.body.supplier_status).toBe('approved');
});
afterAll(async () => {
  await t?.close();
});

describe('issuing the monthly commission invoices', () => {
  it('issues last month’s from the queued pass, a split settled one second before this Riyadh month began included', async () => {
    const early = await paidBy(host);
    // Settled at 23:59:59 Riyadh time on the last day of last month.
    await sql(`update payment_splits set settled_at = ? where payment_id = ?`, [new Date(thisMonthStart.getTime() - 1000), early]);
    await paidBy(host);
    await paidBy(host);
    // No payout profile, so no VAT number: Mawarid is the deemed supplier, its commission is no supply to the host.
    await paidBy(heldHost);
    await t.app.deps.jobs.send('commission-invoices.issue', {});
    let rows: any[] = [];
    for (let i = 0; i < 80 && !rows.length; i++) {
      rows = await sql(
        `select host_id, month, invoice_number::int as n, commission_halalas::int as c, vat_halalas::int as v from commission_invoices`,
      );
      if (!rows.length) await sleep(100);
    }
    // Only the month that ended: this month's payments wait for it to end.
    expect(rows).toEqual([{ host_id: host.user.id, month: lastMonth, n: 1, c: 4_000, v: 600 }]);
    // Four paid bookings, each with its confirmation mail and invoice PDF: 20-30 s on a loaded two-core machine.
  }, 90_000);

  it('issues this month’s once it has ended, one per VAT-registered host, numbered in order; a second pass issues nothing', async () => {
    const at = new Date(nextMonthStart.getTime() + 3_600_000);
    expect(await issueCommissionInvoices(t.app.deps, at)).toBe(1);
    expect(await issueCommissionInvoices(t.app.deps, at)).toBe(0);
    const rows = await sql(
      `select host_id, month, invoice_number::int as n, commission_halalas::int as c, vat_halalas::int as v
         from commission_invoices order by invoice_number`,
    );
    // heldHost (not VAT-registered) gets none: Mawarid kept and declares its customer's VAT instead.
    expect(rows).toEqual([
      { host_id: host.user.id, month: lastMonth, n: 1, c: 4_000, v: 600 },
      { host_id: host.user.id, month: thisMonth, n: 2, c: 8_000, v: 1_200 },
    ]);
    const [held] = await sql(`select vat_model, commission, vat_on_commission, platform_vat from payment_splits where host_id = ?`, [
      heldHost.user.id,
    ]);
    expect(held).toEqual({ vat_model: 'deemed_supplier', commission: 4_000, vat_on_commission: 0, platform_vat: 6_000 });
    // The unique index: a host has one invoice per month whatever runs.
    await expect(
      sql(
        `insert into commission_invoices (id, host_id, month, invoice_number, commission_halalas, vat_halalas, snapshot)
         values (gen_random_uuid(), ?, ?, 99, 0, 0, '{}')`,
        [host.user.id, thisMonth],
      ),
    ).rejects.toThrow();
  });
});

describe('reading commission invoices', () => {
  it('shows the host its invoices (newest first) with the seller, its payout profile and the exact amounts; JSON, PDF and GraphQL agree', async () => {
    const list = await t.api('GET', '/api/host/commission-invoices', undefined, host.token);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: any) => i.month)).toEqual([thisMonth, lastMonth]);
    const inv = list.body.items[0];
    expect(inv).toMatchObject({
      month: thisMonth,
      period_start: thisMonthStart.toISOString(),
      period_end: nextMonthStart.toISOString(),
      currency: 'SAR',
      seller: { name: 'Mawarid Co.', vat_number: VAT_NUMBER, address: 'King Fahd Road, Riyadh', address_ar: ARABIC_ADDRESS },
      buyer: {
        name: 'Dammam Equipment Rental Co.',
        email: 'host-commission@example.sa',
        vat_number: '300123456700003',
        commercial_registration: '2050123456',
      },
      payments_count: 2,
      gross: 920,
      subtotal: 80,
      vat_rate: 0.15,
      vat: 12,
      total: 92,
    });
    expect(inv.lines).toEqual([{ description: `Marketplace commission ${thisMonth} (2 payments, on prices before VAT)`, amount: 80 }]);
    expect(inv.invoice_number).toBe('COM-000002');
    expect(decodeZatcaQr(inv.qr_payload)).toMatchObject({ 1: 'Mawarid Co.', 2: VAT_NUMBER, 4: '92.00', 5: '12.00' });
    const one = await t.api('GET', `/api/host/commission-invoices/${inv.id}`, undefined, host.token);
    expect(one.body).toEqual(inv);
    const res = await fetch(`${t.url}/api/host/commission-invoices/${inv.id}.pdf`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="commission-invoice-${inv.invoice_number}.pdf"`);
    const runs = pdfText(Buffer.from(await res.arrayBuffer()));
    // The seller's English address beside the English label, then the Arabic one beside the Arabic label.
    const address = runs.slice(runs.indexOf('Address'), runs.indexOf('Buyer'));
    expect(address).toEqual(['Address', 'King Fahd Road, Riyadh', ...ARABIC_ADDRESS_RUNS, 'العنوان']);
    const text = runs.join('\n');
    for (const s of [
      inv.invoice_number,
      'Dammam Equipment Rental Co.',
      '300123456700003',
      '2050123456',
      '80.00 SAR',
      '12.00 SAR',
      '92.00 SAR',
    ])
      expect(text).toContain(s);
    const gql = await t.gql(
      `{ hostCommissionInvoices { id invoiceNumber month subtotal vat total seller { address addressAr }
         buyer { name vatNumber commercialRegistration } } }`,
      {},
      host.token,
    );
    expect(gql.data.hostCommissionInvoices[0]).toEqual({
      id: inv.id,
      invoiceNumber: inv.invoice_number,
      month: thisMonth,
      subtotal: 80,
      vat: 12,
      total: 92,
      seller: { address: 'King Fahd Road, Riyadh', addressAr: ARABIC_ADDRESS },
      buyer: { name: 'Dammam Equipment Rental Co.', vatNumber: '300123456700003', commercialRegistration: '2050123456' },
    });
    const byId = await t.gql(`query($id: String!) { hostCommissionInvoice(id: $id) { invoiceNumber } }`, { id: inv.id }, host.token);
    expect(byId.data.hostCommissionInvoice.invoiceNumber).toBe(inv.invoice_number);
  });

  it('issues none to a host that is not VAT-registered (Mawarid sold as deemed supplier)', async () => {
    const list = await t.api('GET', '/api/host/commission-invoices', undefined, heldHost.token);
    expect(list.body.items).toEqual([]);
  });

  it('stays as issued when the platform’s settings or the host’s profile change later', async () => {
    const before = (await t.api('GET', '/api/host/commission-invoices', undefined, host.token)).body.items;
    await t.api(
      'PUT',
      '/api/admin/settings/general',
      { value: { platform_name: 'Other Name LLC', vat_number: '399999999900003' } },
      admin.token,
    );
    await t.api(
      'PUT',
      '/api/host/payout-account',
      {
        legal_name: 'Renamed Co.',
        commercial_registration: '2050999999',
        mobile: '0551234567',
        bank: 'Al Rajhi Bank',
        iban: 'SA0380000000608010167519',
      },
      host.token,
    );
    await t.api('PUT', '/api/admin/settings/marketplace', { commission_percent: 30, by_category: {} }, admin.token);
    expect((await t.api('GET', '/api/host/commission-invoices', undefined, host.token)).body.items).toEqual(before);
  });

  it('is for its host and admins only: others 404, customers 403, strangers 401, bad ids 404', async () => {
    const [inv] = (await t.api('GET', '/api/host/commission-invoices', undefined, host.token)).body.items;
    expect((await t.api('GET', '/api/host/commission-invoices', undefined, otherHost.token)).body).toEqual({ items: [] });
    for (const path of [`/api/host/commission-invoices/${inv.id}`, `/api/host/commission-invoices/${inv.id}.pdf`]) {
      const other = await t.api('GET', path, undefined, otherHost.token);
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe('Commission invoice not found');
      expect((await t.api('GET', path, undefined, user.token)).status).toBe(403);
      expect((await t.api('GET', path)).status).toBe(401);
      expect((await t.api('GET', path, undefined, admin.token)).status).toBe(200);
    }
    expect((await t.api('GET', '/api/host/commission-invoices/not-a-uuid', undefined, host.token)).status).toBe(404);
    expect((await t.api('GET', '/api/host/commission-invoices', undefined, user.token)).body.detail).toBe(
      'Only hosts have commission invoices',
    );
    const all = await t.api('GET', '/api/host/commission-invoices', undefined, admin.token);
    expect(all.body.items).toHaveLength(2);
    const gql = await t.gql(`query($id: String!) { hostCommissionInvoice(id: $id) { id } }`, { id: inv.id }, otherHost.token);
    expect(gql.errors?.[0].message).toBe('Commission invoice not found');
  });
});

describe('commission given back on refunds', () => {
  let netHost: MadeUser;
  const at = new Date(nextMonthStart.getTime() + 3_600_000);
  const STRICT = { ...FORKLIFT, cancellation_policy: 'strict' };

  /** A paid booking of `owner` this month (460 SAR, 10 %): its booking id. */
  async function booked(owner: MadeUser, listing: Record<string, unknown> = FORKLIFT) {
    const start = new Date(Date.now() + day++ * D);
    start.setUTCHours(6, 0, 0, 0);
    return (await paidBooking(t, { owner, admin, who: user }, { start, end: new Date(start.getTime() + 2 * D) }, listing)).id;
  }
  /** Cancels the booking as `who` and waits for the test gateway to complete its refund. */
  async function refunded(bookingId: string, who: MadeUser) {
    const res = await t.api('DELETE', `/api/bookings/${bookingId}`, undefined, who.token);
    expect(res.status).toBeLessThan(300);
    await expect
      .poll(async () => (await sql(`select status from refunds where booking_id = ?`, [bookingId]))[0]?.status, { timeout: 20_000 })
      .toBe('refunded');
  }
  const invoiceOf = async (who: MadeUser) =>
    (
      await sql(
        `select id, commission_halalas::int as c, vat_halalas::int as v, snapshot from commission_invoices where host_id = ? and month = ?`,
        [who.user.id, thisMonth],
      )
    )[0];

  beforeAll(async () => {
    netHost = await createUser(t.app, { role: 'host_seller', fullName: 'Fahad Al-Qahtani' });
    // VAT-registered, so it is invoiced its commission (agent model).
    const profile = await t.api(
      'PUT',
      '/api/host/payout-account',
      {
        legal_name: 'Fahad Al-Qahtani',
        commercial_registration: '2050777777',
        vat_number: '300777777700003',
        mobile: '0551234567',
        bank: 'Al Rajhi Bank',
        iban: 'SA0380000000608010167519',
      },
      netHost.token,
    );
    expect(profile.status).toBe(200);
    expect((await t.api('PUT', '/api/admin/settings/marketplace', { commission_percent: 10, by_category: {} }, admin.token)).status).toBe(
      200,
    );
  });

  it('issues the month’s invoice net of the commission refunds gave back before it was issued', async () => {
    const first = await booked(netHost);
    await booked(netHost, STRICT);
    await refunded(first, netHost); // the host cancels: a full refund
    expect(await issueCommissionInvoices(t.app.deps, at)).toBe(1);
    const inv = await invoiceOf(netHost);
    // Two payments of 40 + 6.00 commission; one refunded in full before issue: 40 + 6.00 invoiced.
    expect(inv).toMatchObject({ c: 4_000, v: 600 });
    expect(inv.snapshot).toMatchObject({
      payments_count: 2,
      gross: 920,
      refunds_count: 1,
      refunded_commission: 40,
      refunded_vat: 6,
      subtotal: 40,
      vat: 6,
      total: 46,
    });
    expect(await sql(`select invoice_id from commission_invoice_refunds`)).toEqual([{ invoice_id: inv.id }]);
    expect(await sql(`select id from commission_credit_notes`)).toEqual([]);
    const text = pdfText(
      await fetch(`${t.url}/api/host/commission-invoices/${inv.id}.pdf`, { headers: { authorization: `Bearer ${netHost.token}` } }).then(
        async (r) => Buffer.from(await r.arrayBuffer()),
      ),
    ).join('\n');
    expect(text).toContain('Commission given back on 1 refund(s)');
    expect(text).toContain('-46.00 SAR');
  });

  it('credits the host for commission given back after the invoice was issued: own series, referring to it; invoices unchanged', async () => {
    const netInvoice = await invoiceOf(netHost);
    const hostInvoice = await invoiceOf(host);
    // netHost's strict booking, cancelled by the customer more than 7 days ahead: half back, shared in proportion.
    const [strict] = await sql(
      `select b.id from bookings b join resources r on r.id = b.resource_id where r.owner_id = ? and b.cancellation_policy = 'strict'`,
      [netHost.user.id],
    );
    await refunded(strict.id, user);
    // One of host's payments invoiced this month (split to its supplier), cancelled by the host: a full refund.
    const [split] = await sql(
      `select p.booking_id from payment_splits s join payments p on p.id = s.payment_id
        where s.host_id = ? and s.supplier_code is not null and s.settled_at >= ? order by s.settled_at limit 1`,
      [host.user.id, thisMonthStart],
    );
    await refunded(split.booking_id, host);
    expect(await issueCommissionInvoices(t.app.deps, at)).toBe(0);
    const notes = await sql(
      `select host_id, invoice_id, credit_note_number::int as n, commission_halalas::int as c, vat_halalas::int as v, snapshot
         from commission_credit_notes order by credit_note_number`,
    );
    expect(notes.map(({ snapshot: _snapshot, ...n }) => n)).toEqual([
      { host_id: netHost.user.id, invoice_id: netInvoice.id, n: 1, c: 2_000, v: 300 },
      { host_id: host.user.id, invoice_id: hostInvoice.id, n: 2, c: 4_000, v: 600 },
    ]);
    expect(notes[0].snapshot).toMatchObject({
      credit_note_number: 'CCN-000001',
      month: thisMonth,
      original_invoice_id: netInvoice.id,
      original_invoice_number: netInvoice.snapshot.invoice_number,
      reason: 'refund',
      booking_id: strict.id,
      refund_amount: 230,
      buyer: netInvoice.snapshot.buyer,
      seller: netInvoice.snapshot.seller,
      subtotal: -20,
      vat: -3,
      total: -23,
    });
    expect(notes[1].snapshot).toMatchObject({ credit_note_number: 'CCN-000002', subtotal: -40, vat: -6, total: -46 });
    // Issued invoices never change; a second pass credits nothing again.
    expect(await invoiceOf(netHost)).toEqual(netInvoice);
    expect(await invoiceOf(host)).toEqual(hostInvoice);
    expect(await issueCommissionInvoices(t.app.deps, at)).toBe(0);
    expect(await sql(`select id from commission_credit_notes`)).toHaveLength(2);
  });

  it('shows the host its credit notes (REST JSON and PDF, GraphQL); other hosts 404, customers 403', async () => {
    const list = await t.api('GET', '/api/host/commission-credit-notes', undefined, netHost.token);
    expect(list.status).toBe(200);
    expect(list.body.items.map((n: any) => n.credit_note_number)).toEqual(['CCN-000001']);
    const note = list.body.items[0];
    expect((await t.api('GET', `/api/host/commission-credit-notes/${note.id}`, undefined, netHost.token)).body).toEqual(note);
    const res = await fetch(`${t.url}/api/host/commission-credit-notes/${note.id}.pdf`, {
      headers: { authorization: `Bearer ${netHost.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="commission-credit-note-CCN-000001.pdf"');
    // The seller block is the credited invoice's, the Arabic address with it.
    expect(note.seller).toMatchObject({ address: 'King Fahd Road, Riyadh', address_ar: ARABIC_ADDRESS });
    const text = pdfText(Buffer.from(await res.arrayBuffer())).join('\n');
    for (const s of [
      'CCN-000001',
      note.original_invoice_number,
      'Fahad Al-Qahtani',
      '-20.00 SAR',
      '-3.00 SAR',
      '-23.00 SAR',
      '230.00 SAR',
      'King Fahd Road, Riyadh',
      ARABIC_ADDRESS_RUNS.join('\n'),
    ])
      expect(text).toContain(s);
    const gql = await t.gql(
      `{ hostCommissionCreditNotes { id creditNoteNumber originalInvoiceNumber subtotal vat total seller { addressAr } } }`,
      {},
      netHost.token,
    );
    expect(gql.data.hostCommissionCreditNotes).toEqual([
      {
        id: note.id,
        creditNoteNumber: 'CCN-000001',
        originalInvoiceNumber: note.original_invoice_number,
        subtotal: -20,
        vat: -3,
        total: -23,
        seller: { addressAr: ARABIC_ADDRESS },
      },
    ]);
    const one = await t.gql(
      `query($id: String!) { hostCommissionCreditNote(id: $id) { creditNoteNumber } }`,
      { id: note.id },
      netHost.token,
    );
    expect(one.data.hostCommissionCreditNote.creditNoteNumber).toBe('CCN-000001');
    expect(
      (await t.api('GET', '/api/host/commission-credit-notes', undefined, host.token)).body.items.map((n: any) => n.credit_note_number),
    ).toEqual(['CCN-000002']);
    expect((await t.api('GET', '/api/host/commission-credit-notes', undefined, admin.token)).body.items).toHaveLength(2);
    for (const path of [`/api/host/commission-credit-notes/${note.id}`, `/api/host/commission-credit-notes/${note.id}.pdf`]) {
      const other = await t.api('GET', path, undefined, otherHost.token);
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe('Commission credit note not found');
      expect((await t.api('GET', path, undefined, user.token)).status).toBe(403);
      expect((await t.api('GET', path)).status).toBe(401);
      expect((await t.api('GET', path, undefined, admin.token)).status).toBe(200);
    }
    expect((await t.api('GET', '/api/host/commission-credit-notes/not-a-uuid', undefined, netHost.token)).status).toBe(404);
  });
});
