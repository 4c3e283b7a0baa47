import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import {
  activeListing,
  createBooking,
  createUser,
  FORKLIFT,
  myFatoorahApp,
  paidBooking,
  payBooking,
  saveMyFatoorahKey,
  twoDaysFrom,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';
import { readable } from '../support/mail-text.js';
import { ARABIC_ADDRESS, ARABIC_ADDRESS_RUNS, pdfText } from '../support/pdf-text.js';
import { reconcileRefunds } from '../../server/src/modules/refunds/refund.service.js';

/**
 * Cancelling and refunding (issue #24) against the local fake MyFatoorah: the refund each policy gives, the exact
 * amount MakeRefund receives, one refund however often a cancel or a webhook repeats, GetRefundStatus as the
 * fallback, refund_due payments through the same path, and the frozen credit note.
 */
const WEBHOOK_SECRET = 'mf-refund-webhook-secret';
const H = 3_600_000;
const D = 24 * H;

let t: TestApp;
let fake: FakeMyFatoorah;
let host: MadeUser;
let admin: MadeUser;
let user: MadeUser;
let hook: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sql<T = any>(q: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().getConnection().execute(q, params);
}

async function until<T>(get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  let v = await get();
  while (!ok(v) && Date.now() < end) {
    await sleep(100);
    v = await get();
  }
  return v;
}

/** A listing at 200 SAR/day with `policy`, booked for 2 days starting `startsIn` from now (460 SAR with VAT), paid. */
async function paid(policy: string, startsIn: number, listing: Record<string, unknown> = {}) {
  const by = { owner: host, admin, who: user };
  const b = await paidBooking(t, by, twoDaysFrom(startsIn), { ...FORKLIFT, cancellation_policy: policy, ...listing });
  const [p] = await sql(`select payment_id, invoice_number::text from payments where booking_id = ? and status = 'paid'`, [b.id]);
  return { id: b.id, resourceId: b.resourceId, paymentId: String(p.payment_id), invoiceNumber: String(p.invoice_number) };
}

const makeRefunds = (paymentId: string) => fake.requests.filter((r) => r.path === '/v2/MakeRefund' && r.body.Key === paymentId);
const refundsOf = (bookingId: string) => sql(`select * from refunds where booking_id = ?`, [bookingId]);
const booking = async (id: string, as = user) => (await t.api('GET', `/api/bookings/${id}`, undefined, as.token)).body;
/** The gateway's refund for a payment, once the queued request reached it. */
async function gatewayRefund(paymentId: string) {
  await until(
    () => makeRefunds(paymentId),
    (l) => l.length > 0,
  );
  const req = makeRefunds(paymentId)[0];
  expect(req, 'MakeRefund was called').toBeDefined();
  return [...fake.refunds.values()].find((r) => r.Comment === req.body.Comment)!;
}

beforeAll(async () => {
  ({ fake, t } = await myFatoorahApp('refund-test-key-1234', WEBHOOK_SECRET));
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app);
  hook = t.url + '/api/payment/webhook';
  await saveMyFatoorahKey(t, admin, 'refund-test-key-1234');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('cancellation policy of a listing', () => {
  it('is chosen on create, shown in detail (REST and GraphQL), changed on edit, and defaults to none', async () => {
    const id = await activeListing(t, { owner: host, admin }, { ...FORKLIFT, cancellation_policy: 'moderate' });
    expect((await t.api('GET', `/api/resources/${id}`)).body.cancellation_policy).toBe('moderate');
    const gql = await t.gql(`query($id: ID!) { resource(id: $id) { cancellationPolicy } }`, { id });
    expect(gql.data?.resource.cancellationPolicy).toBe('moderate');
    const edited = await t.api('PUT', `/api/resources/${id}`, { ...FORKLIFT, cancellation_policy: 'strict' }, host.token);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await t.api('GET', `/api/resources/${id}`)).body.cancellation_policy).toBe('strict');
    const plain = await activeListing(t, { owner: host, admin }, FORKLIFT);
    expect((await t.api('GET', `/api/resources/${plain}`)).body.cancellation_policy).toBe('none');
  });

  it('refuses an unknown policy with a 400 and writes nothing', async () => {
    const [{ n }] = await sql(`select count(*)::int as n from resources`);
    const res = await t.api('POST', '/api/resources', { ...FORKLIFT, cancellation_policy: 'lenient' }, host.token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Cancellation policy must be none, flexible, moderate or strict');
    expect((await sql(`select count(*)::int as n from resources`))[0].n).toBe(n);
    const id = await activeListing(t, { owner: host, admin }, { ...FORKLIFT, cancellation_policy: 'flexible' });
    const bad = await t.api('PUT', `/api/resources/${id}`, { ...FORKLIFT, cancellation_policy: 7 }, host.token);
    expect(bad.status).toBe(400);
    expect((await t.api('GET', `/api/resources/${id}`)).body.cancellation_policy).toBe('flexible');
  });
});

describe('cancelling a paid booking', () => {
  it('quotes, then refunds in full under flexible more than 24 h ahead: MakeRefund gets exactly 460 SAR; the webhook settles it once', async () => {
    const b = await paid('flexible', 3 * D);
    const quote = await t.api('GET', `/api/bookings/${b.id}/cancellation-quote`, undefined, user.token);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      policy: 'flexible',
      cancelled_by: 'customer',
      can_cancel: true,
      paid_amount: 460,
      refund_amount: 460,
      kept_amount: 0,
    });
    const gq = await t.gql(`query($id: String!) { cancellationQuote(bookingId: $id) { refundAmount policy } }`, { id: b.id }, user.token);
    expect(gq.data?.cancellationQuote).toEqual({ refundAmount: 460, policy: 'flexible' });

    const cancelled = await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', refund_status: 'requested', refund_amount: 460 });
    // A second cancel is refused and refunds nothing more.
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(409);

    const refund = await gatewayRefund(b.paymentId);
    expect(makeRefunds(b.paymentId)).toHaveLength(1);
    expect(makeRefunds(b.paymentId)[0].body).toMatchObject({ Key: b.paymentId, KeyType: 'PaymentId', Amount: 460 });
    expect((await booking(b.id)).refund_status).toBe('requested');

    // A forged webhook changes nothing.
    fake.settleRefund(refund.RefundId);
    expect((await fake.sendRefundWebhook(hook, refund.RefundId, 'wrong-secret')).status).toBe(401);
    expect((await booking(b.id)).refund_status).toBe('requested');
    for (let i = 0; i < 3; i++) expect((await fake.sendRefundWebhook(hook, refund.RefundId, WEBHOOK_SECRET)).status).toBe(200);
    expect(await booking(b.id)).toMatchObject({ refund_status: 'refunded', refund_amount: 460 });
    const rows = await refundsOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'refunded', amount_halalas: expect.anything(), gateway_refund_id: String(refund.RefundId) });
    expect(Number(rows[0].amount_halalas)).toBe(46_000);
    const gqlBooking = await t.gql(`query($id: ID!) { booking(id: $id) { refundStatus refundAmount } }`, { id: b.id }, user.token);
    expect(gqlBooking.data?.booking ?? gqlBooking.errors).toEqual({ refundStatus: 'refunded', refundAmount: 460 });
    // The customer is told once, in their language.
    const mail = await t.smtp.waitFor(user.email, (m) => readable(m).includes('refund of SAR 460.00'));
    expect(readable(mail)).toContain('has been made');
  });

  it('refunds half under moderate within 5 days, and nothing under strict within 7 days', async () => {
    const moderate = await paid('moderate', 2 * D);
    expect((await t.api('GET', `/api/bookings/${moderate.id}/cancellation-quote`, undefined, user.token)).body.refund_amount).toBe(230);
    expect((await t.api('DELETE', `/api/bookings/${moderate.id}`, undefined, user.token)).body.booking.refund_amount).toBe(230);
    await gatewayRefund(moderate.paymentId);
    expect(makeRefunds(moderate.paymentId)[0].body.Amount).toBe(230);

    const strict = await paid('strict', 6 * D);
    expect((await t.api('GET', `/api/bookings/${strict.id}/cancellation-quote`, undefined, user.token)).body).toMatchObject({
      refund_amount: 0,
      kept_amount: 460,
    });
    const res = await t.api('DELETE', `/api/bookings/${strict.id}`, undefined, user.token);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refund_status: 'none', refund_amount: 0 });
    expect(await refundsOf(strict.id)).toEqual([]);
    await sleep(300);
    expect(makeRefunds(strict.paymentId)).toEqual([]);
  });

  it('keeps the policy the booking was made under when the host changes it later', async () => {
    const b = await paid('flexible', 3 * D);
    expect((await t.api('PUT', `/api/resources/${b.resourceId}`, { ...FORKLIFT, cancellation_policy: 'none' }, host.token)).status).toBe(
      200,
    );
    expect((await t.api('GET', `/api/bookings/${b.id}/cancellation-quote`, undefined, user.token)).body.refund_amount).toBe(460);
  });

  it('refunds in full when the host or an admin cancels, whatever the policy', async () => {
    const byHost = await paid('none', 12 * H);
    expect((await t.api('GET', `/api/bookings/${byHost.id}/cancellation-quote`, undefined, user.token)).body.refund_amount).toBe(0);
    expect((await t.api('GET', `/api/bookings/${byHost.id}/cancellation-quote`, undefined, host.token)).body).toMatchObject({
      cancelled_by: 'host',
      refund_amount: 460,
    });
    expect((await t.api('DELETE', `/api/bookings/${byHost.id}`, undefined, host.token)).body.booking.refund_amount).toBe(460);
    const byAdmin = await paid('strict', 12 * H);
    expect((await t.api('DELETE', `/api/bookings/${byAdmin.id}`, undefined, admin.token)).body.booking.refund_amount).toBe(460);
    await gatewayRefund(byHost.paymentId);
    await gatewayRefund(byAdmin.paymentId);
    expect(makeRefunds(byHost.paymentId)[0].body.Amount).toBe(460);
    expect(makeRefunds(byAdmin.paymentId)[0].body.Amount).toBe(460);
    expect((await refundsOf(byHost.id))[0].reason).toBe('host_cancelled');
    expect((await refundsOf(byAdmin.id))[0].reason).toBe('admin_cancelled');
  });

  it('refunds a digital purchase in full when its host or an admin cancels it, nothing when its buyer does', async () => {
    const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n% demo\n%%EOF\n').toString('base64')}`;
    const digital = { resource_type: 'digital', file: pdf, file_format: 'pdf', period: 'month', price: 100 };
    const resourceId = await activeListing(t, { owner: host, admin }, { ...FORKLIFT, ...digital, cancellation_policy: 'flexible' });
    const buy = async () => {
      const res = await t.api('POST', '/api/bookings', { resource_id: resourceId }, user.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await payBooking(t, user, res.body.id);
      return res.body.id as string;
    };
    const mine = await buy();
    expect((await t.api('GET', `/api/bookings/${mine}/cancellation-quote`, undefined, user.token)).body.refund_amount).toBe(0);
    expect((await t.api('GET', `/api/bookings/${mine}/cancellation-quote`, undefined, host.token)).body.refund_amount).toBe(115);
    expect((await t.api('GET', `/api/bookings/${mine}/cancellation-quote`, undefined, admin.token)).body.refund_amount).toBe(115);
    const byHost = await t.api('DELETE', `/api/bookings/${mine}`, undefined, host.token);
    expect(byHost.status, JSON.stringify(byHost.body)).toBe(200);
    expect(byHost.body.booking).toMatchObject({ status: 'cancelled', refund_status: 'requested', refund_amount: 115 });
    const byAdmin = await buy();
    const res = await t.api('DELETE', `/api/bookings/${byAdmin}`, undefined, admin.token);
    expect(res.body.booking).toMatchObject({ refund_status: 'requested', refund_amount: 115 });
    const byBuyer = await buy();
    const own = await t.api('DELETE', `/api/bookings/${byBuyer}`, undefined, user.token);
    expect(own.body.booking).toMatchObject({ status: 'cancelled', refund_status: 'none', refund_amount: 0 });
  });

  it('settles from GetRefundStatus when no webhook comes (the reconciliation pass)', async () => {
    const b = await paid('flexible', 4 * D);
    await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token);
    const refund = await gatewayRefund(b.paymentId);
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    expect((await booking(b.id)).refund_status).toBe('requested'); // still PENDING at the gateway
    fake.settleRefund(refund.RefundId, 'CANCELED');
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    expect((await booking(b.id)).refund_status).toBe('failed');
    expect(
      fake.requests.filter((r) => r.path === '/v2/GetRefundStatus' && String(r.body.Key) === String(refund.RefundId)).length,
    ).toBeGreaterThan(0);
    // A late webhook saying otherwise does not reopen it.
    fake.settleRefund(refund.RefundId, 'REFUNDED');
    await fake.sendRefundWebhook(hook, refund.RefundId, WEBHOOK_SECRET);
    expect((await booking(b.id)).refund_status).toBe('failed');
  });

  it('refuses strangers (404) and bad ids (404) and writes nothing', async () => {
    const b = await paid('flexible', 5 * D);
    const stranger = await createUser(t.app);
    expect((await t.api('GET', `/api/bookings/${b.id}/cancellation-quote`, undefined, stranger.token)).status).toBe(404);
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, stranger.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/not-a-uuid/cancellation-quote`, undefined, user.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/${b.id}/cancellation-quote`)).status).toBe(401);
    expect((await t.api('GET', `/api/bookings/${b.id}/credit-notes`, undefined, host.token)).status).toBe(404);
    expect(await refundsOf(b.id)).toEqual([]);
    expect((await booking(b.id)).status).toBe('confirmed');
  });
});

describe('refund_due payments', () => {
  it('are refunded in full through the same path, without a credit note (never invoiced)', async () => {
    const resourceId = await activeListing(t, { owner: host, admin }, FORKLIFT);
    const start = new Date(Date.now() + 9 * D);
    const b = await createBooking(t, user, resourceId, start, new Date(start.getTime() + D));
    const init = await t.api('POST', `/api/payment/initiate?booking_id=${b.id}`, undefined, user.token);
    expect(init.body).toMatchObject({ success: true });
    const [p] = await sql(`select invoice_id from payments where booking_id = ?`, [b.id]);
    // The customer cancels, then the money arrives anyway.
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(200);
    const paymentId = fake.payBehindTheScenes(Number(p.invoice_id));
    expect((await fake.sendWebhook(hook, Number(p.invoice_id), WEBHOOK_SECRET)).status).toBe(200);
    const refund = await gatewayRefund(paymentId);
    expect(makeRefunds(paymentId)[0].body.Amount).toBe(230);
    const [row] = await refundsOf(b.id);
    expect(row).toMatchObject({ reason: 'refund_due', credit_note_number: null });
    fake.settleRefund(refund.RefundId);
    await fake.sendRefundWebhook(hook, refund.RefundId, WEBHOOK_SECRET);
    expect((await booking(b.id)).refund_status).toBe('refunded');
    // The reconciliation pass does not record a second one.
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    expect(await refundsOf(b.id)).toHaveLength(1);
  });
});

describe('credit notes', () => {
  it('are issued per refund, reference the invoice, credit VAT in proportion, and stay frozen', async () => {
    const b = await paid('moderate', 2 * D);
    // The credit note freezes the seller block as the settings are when it is issued, the Arabic address with it.
    const EN = 'King Fahd Road, Riyadh';
    const AR = ARABIC_ADDRESS;
    expect((await t.api('PUT', '/api/admin/settings/general', { value: { address: EN, address_ar: AR } }, admin.token)).status).toBe(200);
    await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token);
    expect((await t.api('PUT', '/api/admin/settings/general', { value: { address: '', address_ar: '' } }, admin.token)).status).toBe(200);
    const list = await t.api('GET', `/api/bookings/${b.id}/credit-notes`, undefined, user.token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const note = list.body[0];
    expect(note).toMatchObject({
      original_invoice_number: b.invoiceNumber,
      reason: 'customer_cancelled',
      currency: 'SAR',
      subtotal: -200,
      vat: -30,
      total: -230,
      lines: [{ description: 'Forklift 3t', amount: -200 }],
    });
    expect(note.seller.address_ar).toBe(AR);
    expect(note.credit_note_number).toMatch(/^\d+$/);
    // Admins see it too; a later edit of the listing and the settings changes nothing issued.
    expect((await t.api('GET', `/api/bookings/${b.id}/credit-notes`, undefined, admin.token)).body).toEqual(list.body);
    await t.api('PUT', `/api/resources/${b.resourceId}`, { ...FORKLIFT, title: 'Renamed forklift' }, admin.token);
    await sql(`update users set full_name = 'Someone Else' where id = ?`, [user.user.id]);
    expect((await t.api('GET', `/api/bookings/${b.id}/credit-notes`, undefined, user.token)).body).toEqual(list.body);
    // Read as bytes (t.api decodes bodies as text).
    const pdf = await fetch(`${t.url}/api/bookings/${b.id}/credit-notes/${note.credit_note_number}.pdf`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // The seller's address as frozen: the English one beside its label, the Arabic one beside the Arabic label.
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    const address = text.slice(text.indexOf('Address'), text.indexOf('Buyer'));
    expect(address).toEqual(['Address', EN, ...ARABIC_ADDRESS_RUNS, 'العنوان']);
    expect((await t.api('GET', `/api/bookings/${b.id}/credit-notes/999999.pdf`, undefined, user.token)).status).toBe(404);
    const gql = await t.gql(
      `query($id: String!) { bookingCreditNotes(bookingId: $id) { creditNoteNumber total vat } }`,
      { id: b.id },
      user.token,
    );
    expect(gql.data?.bookingCreditNotes).toEqual([{ creditNoteNumber: note.credit_note_number, total: -230, vat: -30 }]);
  });
});
