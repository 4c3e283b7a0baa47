import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { type TestApp } from '../support/test-app.js';
import { issueCommissionInvoices } from '../../server/src/modules/invoices/commission-invoice.service.js';
import {
  FORKLIFT,
  activeListing,
  cardBody,
  createBooking,
  createUser,
  myFatoorahApp,
  payoutProfileBody,
  saveMyFatoorahKey,
  serviceCardBody,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';

/**
 * The admins' finance console (issue #24) against the local fake MyFatoorah: the payments list and its filters,
 * who may see it, a payment's timeline, the retry of a refund the gateway refused (one refund still), and the
 * exports (CSV with a BOM and guarded cells, an XLSX that unzips to the rows, the monthly VAT report adding up).
 *
 * The data, made once: A (host, paid), B (other host, paid), C (host, declined, moved to 16 January 2026 in Riyadh),
 * D (host, paid, cancelled by its customer under flexible: MakeRefund refused, so the refund failed), E (a service
 * booking quoted 100 SAR, paid 115: the platform's own sale, no host, no split).
 * Each paid booking is 2 days of FORKLIFT: 400 + 60 VAT = 460 SAR; commission 10 % of the 400 before VAT = 40.
 * `host` is VAT-registered (agent, docs/money.md): its VAT on commission is 6.00 and its share 460 − 46 = 414.00, the
 * customer's 60 VAT in it. `otherHost` is not (Mawarid the deemed supplier): no VAT on commission, Mawarid keeps the
 * 60 VAT, host share 400 − 40 = 360.00.
 */
const WEBHOOK_SECRET = 'mf-finance-webhook-secret';
const MC_OK = '5123450000000008';
const DECLINED = '4000000000000002';
const D = 86_400_000;

let t: TestApp;
let fake: FakeMyFatoorah;
let admin: MadeUser;
let host: MadeUser;
let otherHost: MadeUser;
let customer: MadeUser;
let sneaky: MadeUser;
let client: MadeUser;
let serviceBooking = '';
let hook: string;
const pay = { A: '', B: '', C: '', D: '', E: '' };
const bookings = { A: '', B: '', C: '', D: '' };
let day = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
async function until<T>(get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  let v = await get();
  while (!ok(v) && Date.now() < end) {
    await sleep(100);
    v = await get();
  }
  return v;
}
const ymd = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
/** Yesterday to tomorrow in Riyadh: everything made by this suite except C. */
const around = () => ({ from: ymd(Date.now() - D), to: ymd(Date.now() + D) });

/** `who` books a fresh FORKLIFT listing of `owner` (flexible policy) for 2 days and pays with `card`. */
async function booking(owner: MadeUser, who: MadeUser, card: string) {
  const resourceId = await activeListing(t, { owner, admin }, { ...FORKLIFT, cancellation_policy: 'flexible' });
  const start = new Date(Date.now() + day++ * 7 * D);
  const b = await createBooking(t, who, resourceId, start, new Date(start.getTime() + 2 * D - 3_600_000));
  await t.api('POST', '/api/payment/direct-charge', cardBody(b.id, card), who.token);
  const [p] = await sql(`select id from payments where booking_id = ? order by created_at desc limit 1`, [b.id]);
  return { booking: b.id, payment: String(p.id) };
}

const list = (query: string, token = admin.token) => t.api('GET', `/api/admin/payments${query}`, undefined, token);
const ids = (body: any) => (body.items as Array<{ id: string }>).map((i) => i.id).sort();
const makeRefunds = (gatewayPaymentId: string) =>
  fake.requests.filter((r) => r.path === '/v2/MakeRefund' && r.body.Key === gatewayPaymentId);

async function download(path: string, token = admin.token) {
  const res = await fetch(t.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  ({ fake, t } = await myFatoorahApp('finance-test-key-1234', WEBHOOK_SECRET));
  admin = await createUser(t.app, { role: 'admin', email: 'finance-admin@example.sa' });
  host = await createUser(t.app, { role: 'host_seller', fullName: 'Dammam Rentals' });
  otherHost = await createUser(t.app, { role: 'host_seller', fullName: 'Jeddah Lifts' });
  customer = await createUser(t.app, { fullName: 'شركة الرياض للتجارة', email: 'riyadh-trading@example.sa' });
  sneaky = await createUser(t.app, { fullName: '=HYPERLINK("http://evil.example")' });
  client = await createUser(t.app, { fullName: 'Advisory Client' });
  hook = t.url + '/api/payment/webhook';
  await saveMyFatoorahKey(t, admin, 'finance-test-key-1234');
  // `host` is VAT-registered: its supplier is made at the gateway but not approved, so its shares are still held.
  const profile = await t.api('PUT', '/api/host/payout-account', payoutProfileBody({ vat_number: '300000000000003' }), host.token);
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);

  const a = await booking(host, customer, MC_OK);
  const b = await booking(otherHost, sneaky, MC_OK);
  const c = await booking(host, customer, DECLINED);
  // C was tried at 00:30 on 16 January 2026 in Riyadh (21:30 UTC the day before).
  await sql(`update payments set created_at = '2026-01-15T21:30:00Z' where id = ?`, [c.payment]);
  const d = await booking(host, customer, MC_OK);
  fake.rejectNext('MakeRefund', [{ Name: 'Amount', Error: 'Refunds are not enabled for this account' }]);
  expect((await t.api('DELETE', `/api/bookings/${d.booking}`, undefined, customer.token)).status).toBe(200);
  const failed = await until(
    () => sql(`select status from refunds where payment_id = ?`, [d.payment]),
    (r) => r[0]?.status === 'failed',
  );
  expect(failed[0]?.status).toBe('failed');
  // E: a service booking an admin confirmed with a 100 SAR quote, paid by card (115 SAR with VAT).
  const requested = await t.api(
    'POST',
    '/api/service-bookings',
    {
      service_id: 'logistics',
      preferred_date: ymd(Date.now() + 9 * D),
      contact_number: '0501234567',
      requirements: 'Finance console test',
    },
    client.token,
  );
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  serviceBooking = requested.body.id;
  const quoted = await t.api(
    'PUT',
    `/api/service-bookings/${serviceBooking}`,
    { status: 'confirmed', price: '100', scheduled_at: new Date(Date.now() + 9 * D).toISOString() },
    admin.token,
  );
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const charged = await t.api('POST', '/api/payment/direct-charge', serviceCardBody(serviceBooking, MC_OK), client.token);
  expect(charged.body).toMatchObject({ success: true });
  const [e] = await sql(`select id from payments where service_booking_id = ?`, [serviceBooking]);
  Object.assign(pay, { A: a.payment, B: b.payment, C: c.payment, D: d.payment, E: String(e.id) });
  Object.assign(bookings, { A: a.booking, B: b.booking, C: c.booking, D: d.booking });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the payments list', () => {
  it('is for admins only (REST and GraphQL)', async () => {
    expect((await t.api('GET', '/api/admin/payments')).status).toBe(401);
    expect((await list('', customer.token)).status).toBe(403);
    expect((await list('', host.token)).status).toBe(403);
    const gql = await t.gql(`{ adminPayments { total } }`, undefined, host.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.api('GET', `/api/admin/payments/${pay.A}`, undefined, customer.token)).status).toBe(403);
  });

  it('lists every payment newest first with amount, split, customer, host and refund', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(ids(res.body)).toEqual(Object.values(pay).sort());
    expect(res.body.items.map((i: any) => i.id)[0]).toBe(pay.E);
    // The host filter's choices: every host with a payment, by name.
    expect(res.body.hosts).toEqual([
      { id: host.user.id, name: 'Dammam Rentals' },
      { id: otherHost.user.id, name: 'Jeddah Lifts' },
    ]);
    const a = res.body.items.find((i: any) => i.id === pay.A);
    expect(a).toMatchObject({
      kind: 'booking',
      booking_id: bookings.A,
      title: 'Forklift 3t',
      status: 'paid',
      method: 'card',
      amount_halalas: 46_000,
      amount: 460,
      amount_display: '460.00',
      customer: { id: customer.user.id, email: 'riyadh-trading@example.sa', name: 'شركة الرياض للتجارة' },
      host: { id: host.user.id, name: 'Dammam Rentals' },
      refund: { status: 'none', amount_halalas: 0 },
      split: { commission_halalas: 4_000, vat_on_commission_halalas: 600, host_share_halalas: 41_400, supplier_code: null },
    });
    // A service booking: the platform's own sale, no host and no split.
    expect(res.body.items.find((i: any) => i.id === pay.E)).toMatchObject({
      kind: 'service',
      booking_id: null,
      service_booking_id: serviceBooking,
      status: 'paid',
      amount_halalas: 11_500,
      amount_display: '115.00',
      customer: { name: 'Advisory Client' },
      host: null,
      split: null,
      refund: { status: 'none' },
    });
    const d = res.body.items.find((i: any) => i.id === pay.D);
    expect(d.refund).toMatchObject({ status: 'failed', amount_halalas: 46_000, reason: 'customer_cancelled' });
    expect(d.refund.error).toContain('Refunds are not enabled');
  });

  it('filters by status, method, refund status, host, search and Riyadh dates', async () => {
    expect(ids((await list('?status=failed')).body)).toEqual([pay.C]);
    expect(ids((await list('?status=paid')).body)).toEqual([pay.A, pay.B, pay.D, pay.E].sort());
    expect((await list('?method=gateway')).body.total).toBe(0);
    expect((await list('?method=card')).body.total).toBe(5);
    expect(ids((await list('?refund_status=failed')).body)).toEqual([pay.D]);
    expect(ids((await list(`?host_id=${otherHost.user.id}`)).body)).toEqual([pay.B]);
    expect(ids((await list(`?host_id=${host.user.id}&status=paid`)).body)).toEqual([pay.A, pay.D].sort());
    expect(ids((await list(`?q=${encodeURIComponent('hyperlink')}`)).body)).toEqual([pay.B]);
    expect(ids((await list(`?q=${encodeURIComponent('jeddah')}`)).body)).toEqual([pay.B]);
    expect((await list(`?q=${encodeURIComponent('الرياض')}`)).body.total).toBe(3);
    expect(ids((await list(`?q=${pay.A}`)).body)).toEqual([pay.A]);
    expect((await list(`?q=${encodeURIComponent('100%')}`)).body.total).toBe(0);
    // 00:30 on 16 January in Riyadh is the 16th, not the 15th (UTC's date).
    expect(ids((await list('?from=2026-01-16&to=2026-01-16')).body)).toEqual([pay.C]);
    expect((await list('?from=2026-01-15&to=2026-01-15')).body.total).toBe(0);
    const { from, to } = around();
    expect(ids((await list(`?from=${from}&to=${to}`)).body)).toEqual([pay.A, pay.B, pay.D, pay.E].sort());
    expect((await list('?page=2')).body).toMatchObject({ items: [], total: 5, page: 2, page_size: 25 });
    expect(ids((await list(`?q=${encodeURIComponent('advisory client')}`)).body)).toEqual([pay.E]);

    const gql = await t.gql(
      `query($h: String) { adminPayments(hostId: $h, status: paid) { total page pageSize items { id amountHalalas amountDisplay hostShareHalalas refundStatus } } }`,
      { h: host.user.id },
      admin.token,
    );
    expect(gql.data?.adminPayments.total).toBe(2);
    expect(gql.data?.adminPayments.items.find((i: any) => i.id === pay.A)).toEqual({
      id: pay.A,
      amountHalalas: 46_000,
      amountDisplay: '460.00',
      hostShareHalalas: 41_400,
      refundStatus: 'none',
    });
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    for (const [query, field, detail] of [
      ['?status=settled', 'status', 'Status must be initiated, processing, paid, failed, duplicate or refund_due'],
      ['?method=cash', 'method', 'Method must be card or gateway'],
      ['?refund_status=maybe', 'refund_status', 'Refund status must be none, requested, refunded or failed'],
      ['?from=2026-13-40', 'from', 'Dates must be YYYY-MM-DD'],
      ['?to=yesterday', 'to', 'Dates must be YYYY-MM-DD'],
      ['?from=2026-02-01&to=2026-01-01', 'from', 'The start date must not be after the end date'],
      ['?host_id=42', 'host_id', 'Host must be a user id'],
      ['?page=0', 'page', 'Page must be a whole number from 1'],
      [`?q=${'x'.repeat(101)}`, 'q', 'Search must be at most 100 characters'],
      ['?status=paid&status=failed', 'status', 'Status must be initiated, processing, paid, failed, duplicate or refund_due'],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ field, detail });
    }
    // GraphQL's filters are enums: an unknown value is refused before the service runs (a variable's value, a literal).
    const gql = await t.gql(`query($m: PaymentMethod) { adminPayments(method: $m) { total } }`, { m: 'cash' }, admin.token);
    expect(gql.status).toBe(400);
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(gql.errors?.[0]?.message).toContain('Value "cash" does not exist in "PaymentMethod" enum');
    const literal = await t.gql(`{ adminPayments(refundStatus: maybe) { total } }`, undefined, admin.token);
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const known = await t.gql(
      `query($m: PaymentMethod) { adminPayments(method: $m, refundStatus: none) { total } }`,
      { m: 'card' },
      admin.token,
    );
    expect(known.errors).toBeUndefined();
  });
});

describe("a payment's timeline", () => {
  it('shows creation, the split, payment, refund, credit note and failure in order', async () => {
    const res = await t.api('GET', `/api/admin/payments/${pay.D}`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: pay.D, status: 'paid', amount_halalas: 46_000 });
    const kinds = (res.body.timeline as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds).toEqual([
      'payment.created',
      'split.proposed',
      'payment.paid',
      'split.held',
      'refund.recorded',
      'credit_note.issued',
      'refund.failed',
    ]);
    const at = (res.body.timeline as Array<{ at: string }>).map((e) => Date.parse(e.at));
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    const byKind = Object.fromEntries(res.body.timeline.map((e: any) => [e.kind, e]));
    expect(byKind['payment.paid'].detail).toMatch(/^invoice \d+$/);
    // Where to find the attempt at the gateway: its invoice and payment ids.
    const [gw] = await sql(`select invoice_id, payment_id from payments where id = ?`, [pay.D]);
    expect(byKind['payment.created'].detail).toBe(`card · myfatoorah · invoice ${gw.invoice_id} · payment ${gw.payment_id}`);
    expect(byKind['split.held'].amount_halalas).toBe(41_400);
    expect(byKind['credit_note.issued']).toMatchObject({ amount_halalas: 46_000, detail: expect.stringMatching(/^\d+$/) });
    expect(byKind['refund.failed'].detail).toContain('Refunds are not enabled');

    const failed = await t.api('GET', `/api/admin/payments/${pay.C}`, undefined, admin.token);
    expect(failed.body.timeline.map((e: any) => e.kind)).toEqual(['payment.created', 'split.proposed', 'payment.failed']);

    const gql = await t.gql(
      `query($id: ID!) { adminPayment(id: $id) { payment { id refundStatus } timeline { kind amountHalalas } } }`,
      { id: pay.D },
      admin.token,
    );
    expect(gql.data?.adminPayment.payment).toEqual({ id: pay.D, refundStatus: 'failed' });
    expect(gql.data?.adminPayment.timeline.map((e: any) => e.kind)).toEqual(kinds);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.api('GET', `/api/admin/payments/00000000-0000-4000-8000-000000000000`, undefined, admin.token)).status).toBe(404);
    expect((await t.api('GET', `/api/admin/payments/nope`, undefined, admin.token)).status).toBe(404);
    // The older list of payments owed back is still there, not taken for an id.
    expect((await t.api('GET', `/api/admin/payments/refunds`, undefined, admin.token)).status).toBe(200);
  });
});

describe('retrying a failed refund', () => {
  it('asks MakeRefund once more, settles once, is audited, and refuses anything but a failed refund', async () => {
    const [refund] = await sql(`select id from refunds where payment_id = ?`, [pay.D]);
    const [{ payment_id: gatewayPaymentId }] = await sql(`select payment_id from payments where id = ?`, [pay.D]);
    const path = `/api/admin/refunds/${refund.id}/retry`;
    expect(makeRefunds(gatewayPaymentId)).toHaveLength(1);
    expect((await t.api('POST', path)).status).toBe(401);
    expect((await t.api('POST', path, undefined, customer.token)).status).toBe(403);
    expect((await t.api('POST', path, undefined, host.token)).status).toBe(403);
    expect((await t.api('POST', `/api/admin/refunds/00000000-0000-4000-8000-000000000000/retry`, undefined, admin.token)).status).toBe(404);

    // Two admins clicking at once: one retry.
    const [first, second] = await Promise.all([t.api('POST', path, undefined, admin.token), t.api('POST', path, undefined, admin.token)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.refund).toMatchObject({ status: 'requested', error: null });
    expect((first.status === 409 ? first : second).body.detail).toBe('Only a failed refund can be retried');

    await until(
      () => makeRefunds(gatewayPaymentId),
      (l) => l.length >= 2,
    );
    await sleep(300);
    expect(makeRefunds(gatewayPaymentId)).toHaveLength(2);
    expect(makeRefunds(gatewayPaymentId)[1].body).toMatchObject({ KeyType: 'PaymentId', Amount: 460 });
    const atGateway = [...fake.refunds.values()].filter((r) => r.Comment === makeRefunds(gatewayPaymentId)[1].body.Comment);
    expect(atGateway).toHaveLength(1);
    fake.settleRefund(atGateway[0].RefundId);
    for (let i = 0; i < 2; i++) expect((await fake.sendRefundWebhook(hook, atGateway[0].RefundId, WEBHOOK_SECRET)).status).toBe(200);

    const rows = await sql(`select status, gateway_refund_id from refunds where payment_id = ?`, [pay.D]);
    expect(rows).toEqual([{ status: 'refunded', gateway_refund_id: String(atGateway[0].RefundId) }]);
    expect((await t.api('GET', `/api/bookings/${bookings.D}`, undefined, customer.token)).body).toMatchObject({
      refund_status: 'refunded',
      refund_amount: 460,
    });
    expect((await t.api('POST', path, undefined, admin.token)).status).toBe(409);

    const audit = await t.api('GET', '/api/admin/audit-log?entity_type=refund', undefined, admin.token);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({
      action: 'refund.retry',
      actor_email: 'finance-admin@example.sa',
      entity_id: refund.id,
      before: { status: 'failed' },
      after: { status: 'requested' },
    });

    const detail = await t.api('GET', `/api/admin/payments/${pay.D}`, undefined, admin.token);
    const kinds = detail.body.timeline.map((e: any) => e.kind);
    // The refund webhook (sent twice) is an event of its own, once, before the refund it settled.
    expect(kinds.slice(-4)).toEqual(['audit.refund.retry', 'refund.sent', 'webhook.refund', 'refund.refunded']);
    const retried = detail.body.timeline.find((e: any) => e.kind === 'audit.refund.retry');
    expect(retried).toMatchObject({ actor_email: 'finance-admin@example.sa' });
    expect(retried.detail).toContain('Refunds are not enabled');
  });

  it('is a GraphQL mutation too, with the same refusal', async () => {
    const [refund] = await sql(`select id from refunds where payment_id = ?`, [pay.D]);
    const gql = await t.gql(`mutation($id: ID!) { retryRefund(refundId: $id) { payment { id } } }`, { id: refund.id }, admin.token);
    expect(gql.errors?.[0]).toMatchObject({ message: 'Only a failed refund can be retried', extensions: { code: 'CONFLICT' } });
    const denied = await t.gql(`mutation($id: ID!) { retryRefund(refundId: $id) { payment { id } } }`, { id: refund.id }, host.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('exports', () => {
  it('are for admins; an unknown report is 404 and a bad date 400 with the field', async () => {
    expect((await download('/api/admin/exports/payments.csv', host.token)).status).toBe(403);
    expect((await fetch(t.url + '/api/admin/exports/payments.csv')).status).toBe(401);
    expect((await download('/api/admin/exports/users.csv')).status).toBe(404);
    expect((await download('/api/admin/exports/payments.pdf')).status).toBe(404);
    const bad = await t.api('GET', '/api/admin/exports/vat.csv?from=2026-02-30x', undefined, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'from', detail: 'Dates must be YYYY-MM-DD' });
  });

  it('writes payments as CSV with a BOM, Arabic intact, SAR with 2 decimals and formulas disarmed', async () => {
    const { from, to } = around();
    const res = await download(`/api/admin/exports/payments.csv?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="mawarid-payments-${from}-to-${to}.csv"`);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(res.bytes.slice(3));
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['payment_id', 'created_at', 'paid_at', 'status']);
    expect(lines).toHaveLength(5); // header + A, B, D, E (C is in January)
    const a = lines.find((l) => l.startsWith(pay.A))!;
    expect(a).toContain('شركة الرياض للتجارة');
    expect(a).toContain(',400.00,60.00,460.00,40.00,6.00,414.00,none,,');
    const b = lines.find((l) => l.startsWith(pay.B))!;
    expect(b).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const d = lines.find((l) => l.startsWith(pay.D))!;
    expect(d).toContain(',refunded,460.00,');
  });

  it('writes a readable XLSX: one sheet, inline strings, numbers as numbers', async () => {
    const { from, to } = around();
    const res = await download(`/api/admin/exports/payments.xlsx?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(res.bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(strFromU8(files['xl/workbook.xml'])).toContain('<sheet name="payments" sheetId="1" r:id="rId1"/>');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheet.match(/<row /g)).toHaveLength(5);
    expect(sheet).toContain('<is><t xml:space="preserve">شركة الرياض للتجارة</t></is>');
    expect(sheet).toContain(`<is><t xml:space="preserve">${pay.A}</t></is>`);
    expect(sheet).toMatch(/<c r="P\d" s="1"><v>460.00<\/v><\/c>/);
    expect(sheet).toContain('=HYPERLINK(&quot;http://evil.example&quot;)');
    expect(sheet).not.toContain('<f>');
  });

  it('exports refunds and payouts', async () => {
    const { from, to } = around();
    const refunds = new TextDecoder().decode((await download(`/api/admin/exports/refunds.csv?from=${from}&to=${to}`)).bytes.slice(3));
    const rows = refunds.trimEnd().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`,refunded,customer_cancelled,flexible,${pay.D},${bookings.D},`);
    expect(rows[1]).toContain(',460.00,');
    expect(rows[1]).toContain(',400.00,60.00,');
    const payouts = new TextDecoder().decode((await download(`/api/admin/exports/payouts.csv?from=${from}&to=${to}`)).bytes.slice(3));
    const lines = payouts.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(pay.B))).toContain(',Jeddah Lifts,');
    // B's host is not VAT-registered: Mawarid keeps the customer's 60 VAT as deemed supplier, no VAT on commission.
    expect(lines.find((l) => l.startsWith(pay.B))).toMatch(/,Equipment,,held,deemed_supplier,460\.00,40\.00,0\.00,60\.00,360\.00,,,$/);
    expect(lines.find((l) => l.startsWith(pay.A))).toMatch(/,Equipment,,held,agent,460\.00,40\.00,6\.00,0\.00,414\.00,,,$/);
    const xlsx = unzipSync((await download(`/api/admin/exports/refunds.xlsx?from=${from}&to=${to}`)).bytes);
    expect(strFromU8(xlsx['xl/worksheets/sheet1.xml'])).toContain(pay.D);
  });

  it("adds the monthly VAT report up from Mawarid's documents only: a VAT-registered host's sales VAT is the host's", async () => {
    const { from, to } = around();
    // The month's commission invoice (as the pass issues it once the month has ended): `host`'s agent payments A and D,
    // D's commission given back on its full refund, so 40 + 6 VAT; B (deemed supplier) has none.
    expect(await issueCommissionInvoices(t.app.deps, new Date(Date.now() + 32 * D))).toBe(1);
    const csv = new TextDecoder().decode((await download(`/api/admin/exports/vat.csv?from=${from}&to=${to}`)).bytes.slice(3));
    const [header, ...rows] = csv
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header).toEqual([
      'month',
      'invoices',
      'sales_net_sar',
      'output_vat_on_sales_sar',
      'commission_sar',
      'vat_on_commission_sar',
      'credit_notes',
      'credit_notes_net_sar',
      'credit_notes_vat_sar',
      'refunded_sar',
      'net_output_vat_sar',
      'host_invoices',
      'host_sales_net_sar',
      'host_sales_vat_sar',
      'host_credit_notes_vat_sar',
    ]);
    const months = rows.slice(0, -1);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('total');
    // Mawarid's sales: B (400 + 60, deemed supplier) and E (100 + 15, its own service); commission invoice 40 + 6;
    // D's credit note (400 + 60) is the host's like D itself. The host's A and D (800 + 120) are listed apart.
    expect(total.slice(1)).toEqual([
      '2',
      '500.00',
      '75.00',
      '40.00',
      '6.00',
      '0',
      '0.00',
      '0.00',
      '460.00',
      '81.00',
      '2',
      '800.00',
      '120.00',
      '60.00',
    ]);
    // The months add up to the total, column by column, in halalas.
    for (let i = 1; i < header.length; i++) {
      const sum = months.reduce((s, m) => s + Math.round(Number(m[i]) * 100), 0);
      expect(sum, header[i]).toBe(Math.round(Number(total[i]) * 100));
    }
    // The declared VAT is the sum of Mawarid's documents, read straight from them: its customer invoices (no agent
    // split), its commission invoices less commission credit notes, less its customer credit notes.
    const [docs] = await sql(
      `select (select coalesce(sum(round(p.vat * 100)), 0) from payments p where p.invoice_number is not null
                 and not exists (select 1 from payment_splits s where s.payment_id = p.id and s.vat_model = 'agent'))::int as sales,
              (select coalesce(sum(vat_halalas), 0) from commission_invoices)::int - (select coalesce(sum(vat_halalas), 0) from commission_credit_notes)::int as commission,
              (select coalesce(sum(round((r.credit_note_snapshot->>'vat')::numeric * -100)), 0) from refunds r
                where r.credit_note_number is not null
                  and not exists (select 1 from payment_splits s where s.payment_id = r.payment_id and s.vat_model = 'agent'))::int as credited`,
    );
    expect(Math.round(Number(total[10]) * 100)).toBe(docs.sales + docs.commission - docs.credited);
    // Never VAT Mawarid did not collect: what it kept of the customers' money covers what it declares.
    const [kept] = await sql(
      `select (select coalesce(sum(s.commission + s.vat_on_commission + s.platform_vat), 0) from payment_splits s)::int as splits,
              (select coalesce(sum(round(p.vat * 100)), 0) from payments p where p.service_booking_id is not null and p.status = 'paid')::int as own`,
    );
    expect(Math.round(Number(total[10]) * 100)).toBeLessThanOrEqual(kept.splits + kept.own);
    // The month is Riyadh's: the January payment C was declined, so January has nothing to declare.
    const jan = new TextDecoder().decode((await download(`/api/admin/exports/vat.csv?from=2026-01-01&to=2026-01-31`)).bytes.slice(3));
    expect(jan.trimEnd().split('\r\n')).toEqual([header.join(','), 'total,0,0.00,0.00,0.00,0.00,0,0.00,0.00,0.00,0.00,0,0.00,0.00,0.00']);
  });
});
