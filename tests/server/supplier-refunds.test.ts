import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { reconcileRefunds } from '../../server/src/modules/refunds/refund.service.js';
import {
  approvedSupplier,
  createUser,
  FORKLIFT,
  myFatoorahApp,
  paidBooking,
  saveMyFatoorahKey,
  twoDaysFrom,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';

/**
 * Refunds of split payments (issue #24): a payment split to the host's approved MyFatoorah supplier is refunded with
 * MakeSupplierRefund, the host's part from its supplier balance and the platform's (commission + VAT on it) from the
 * platform, in proportion to what each was paid; a payment whose share was held keeps MakeRefund.
 */
const WEBHOOK_SECRET = 'mf-supplier-refund-secret';
/** The gateway's answer is waited for this long; a late one comes after LATE_MS (the request done all the same). */
const TIMEOUT_MS = 3000;
const LATE_MS = 4500;
const H = 3_600_000;
const D = 24 * H;

let t: TestApp;
let fake: FakeMyFatoorah;
let admin: MadeUser;
let host: MadeUser;
let heldHost: MadeUser;
let user: MadeUser;
let hook: string;
let code: number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);

async function until<T>(get: () => T, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  let v = get();
  while (!ok(v) && Date.now() < end) {
    await sleep(100);
    v = get();
  }
  return v;
}

/** `owner`'s 200 SAR/day listing under `policy`, booked for 2 days from `startsIn` (460 SAR with VAT) and paid. */
async function paid(owner: MadeUser, policy: string, startsIn: number) {
  const b = await paidBooking(t, { owner, admin, who: user }, twoDaysFrom(startsIn), { ...FORKLIFT, cancellation_policy: policy });
  const [p] = await sql(`select payment_id from payments where booking_id = ? and status = 'paid'`, [b.id]);
  return { id: b.id, paymentId: String(p.payment_id) };
}

const calls = (path: string, paymentId: string) => fake.requests.filter((r) => r.path === path && r.body.Key === paymentId);

beforeAll(async () => {
  ({ fake, t } = await myFatoorahApp('supplier-refund-key-1234', WEBHOOK_SECRET, { MYFATOORAH_TIMEOUT_MS: String(TIMEOUT_MS) }));
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller' });
  heldHost = await createUser(t.app, { role: 'host_seller' });
  user = await createUser(t.app);
  hook = `${t.url}/api/payment/webhook`;
  await saveMyFatoorahKey(t, admin, 'supplier-refund-key-1234');
  // The default commission: 10 %, no fee. The host, VAT-registered, becomes an approved supplier.
  code = (await approvedSupplier(
    t,
    host,
    { legal_name: 'Qassim Lifting Co.', commercial_registration: '1131234567', bank: 'Al Rajhi Bank', vat_number: '300000000000003' },
    { fake, webhookSecret: WEBHOOK_SECRET },
  ))!;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('refunding a payment split to the host’s supplier', () => {
  it('asks MakeSupplierRefund for half under moderate: 207.00 SAR from the host’s supplier, 23.00 from the platform, 230 in all', async () => {
    const b = await paid(host, 'moderate', 3 * D);
    // 460 SAR split (VAT-registered host): 10 % commission on the 400 before VAT = 40.00, VAT on it 6.00, host 414.00.
    const execute = fake.requests.find((r) => r.path === '/v2/ExecutePayment' && r.body.UserDefinedField === b.id);
    expect(execute?.body.Suppliers).toEqual([{ SupplierCode: code, InvoiceShare: 460, ProposedShare: 414 }]);

    const cancelled = await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ refund_status: 'requested', refund_amount: 230 });
    const [req] = await until(
      () => calls('/v2/MakeSupplierRefund', b.paymentId),
      (l) => l.length > 0,
    );
    // The exact request: the supplier gives back 414.00 × 230 / 460 = 207.00, the platform the rest.
    expect(req.body).toEqual({
      Key: b.paymentId,
      KeyType: 'PaymentId',
      VendorDeductAmount: 23,
      Comment: expect.stringContaining('(customer_cancelled)'),
      ExternalIdentifier: expect.any(String),
      Suppliers: [{ SupplierCode: code, SupplierDeductedAmount: 207 }],
    });
    expect(req.body.VendorDeductAmount + req.body.Suppliers[0].SupplierDeductedAmount).toBe(230);
    expect(calls('/v2/MakeRefund', b.paymentId)).toHaveLength(0);
    const refund = [...fake.refunds.values()].find((r) => r.Comment === req.body.Comment)!;
    expect(refund).toMatchObject({
      Amount: 230,
      VendorDeductAmount: 23,
      Suppliers: [{ SupplierCode: code, SupplierDeductedAmount: 207 }],
    });

    // One refund per cancellation: the webhook settles it, replays and a second cancel change nothing.
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(409);
    fake.settleRefund(refund.RefundId);
    for (let i = 0; i < 2; i++) expect((await fake.sendRefundWebhook(hook, refund.RefundId, WEBHOOK_SECRET)).status).toBe(200);
    const rows = await sql(
      `select status, amount_halalas::int as amount, supplier_code, supplier_amount_halalas::int as supplier from refunds where booking_id = ?`,
      [b.id],
    );
    expect(rows).toEqual([{ status: 'refunded', amount: 23_000, supplier_code: code, supplier: 20_700 }]);
    expect(calls('/v2/MakeSupplierRefund', b.paymentId)).toHaveLength(1);
    expect((await t.api('GET', `/api/bookings/${b.id}`, undefined, user.token)).body).toMatchObject({ refund_status: 'refunded' });
  });

  it('takes back the host’s whole net when the host cancels (a full refund: 414.00 + 46.00)', async () => {
    const b = await paid(host, 'none', 10 * D);
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, host.token)).status).toBe(200);
    const [req] = await until(
      () => calls('/v2/MakeSupplierRefund', b.paymentId),
      (l) => l.length > 0,
    );
    expect(req.body).toMatchObject({ VendorDeductAmount: 46, Suppliers: [{ SupplierCode: code, SupplierDeductedAmount: 414 }] });
  });

  it('keeps MakeRefund for a payment whose share was held (no approved supplier)', async () => {
    const b = await paid(heldHost, 'flexible', 3 * D);
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(200);
    const [req] = await until(
      () => calls('/v2/MakeRefund', b.paymentId),
      (l) => l.length > 0,
    );
    expect(req.body).toMatchObject({ Key: b.paymentId, KeyType: 'PaymentId', Amount: 460 });
    expect(calls('/v2/MakeSupplierRefund', b.paymentId)).toHaveLength(0);
    const [row] = await sql(`select supplier_code, supplier_amount_halalas from refunds where booking_id = ?`, [b.id]);
    expect(row).toEqual({ supplier_code: null, supplier_amount_halalas: null });
  });
});

describe('a refund request whose answer never comes (issue #35)', () => {
  /** Our refund row of a booking, once the request's answer was given up on (its error recorded). */
  async function timedOut(bookingId: string) {
    const end = Date.now() + 15_000;
    for (;;) {
      const [row] = await sql(`select id, error, gateway_refund_id, status from refunds where booking_id = ?`, [bookingId]);
      if ((row && row.error) || Date.now() > end) return row;
      await sleep(100);
    }
  }
  /** The refund's claim lapsed long ago: the reconciliation pass takes it up again. */
  const lapse = (id: string) =>
    sql(`update refunds set claimed_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' where id = ?`, [id]);
  const invoiceOf = async (bookingId: string) =>
    Number((await sql(`select invoice_id from payments where booking_id = ? and status = 'paid'`, [bookingId]))[0].invoice_id);

  it('asks the gateway before sending a timed-out partial MakeSupplierRefund again: 230 SAR back once, not twice', async () => {
    const b = await paid(host, 'moderate', 3 * D);
    const invoiceId = await invoiceOf(b.id);
    fake.slow('MakeSupplierRefund', LATE_MS); // the gateway makes the refund; its answer comes too late
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(200);
    const row = await timedOut(b.id);
    expect(row).toMatchObject({ status: 'requested', gateway_refund_id: null, error: expect.stringMatching(/did not answer/) });
    const [req] = calls('/v2/MakeSupplierRefund', b.paymentId);
    expect(req.body.ExternalIdentifier).toBe(row.id); // our refund's id travels with the request
    await lapse(row.id);
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    expect(calls('/v2/MakeSupplierRefund', b.paymentId)).toHaveLength(1);
    expect(
      fake.requests.some((r) => r.path === '/v2/GetRefundStatus' && r.body.KeyType === 'InvoiceId' && Number(r.body.Key) === invoiceId),
    ).toBe(true);
    const atGateway = [...fake.refunds.values()].filter((r) => r.InvoiceId === invoiceId);
    expect(atGateway.map((r) => [r.Amount, r.ExternalIdentifier])).toEqual([[230, row.id]]);
    const [after] = await sql(`select status, gateway_refund_id from refunds where id = ?`, [row.id]);
    expect(after).toEqual({ status: 'requested', gateway_refund_id: String(atGateway[0].RefundId) });
    // The gateway's word settles it as usual.
    fake.settleRefund(atGateway[0].RefundId);
    expect((await fake.sendRefundWebhook(hook, atGateway[0].RefundId, WEBHOOK_SECRET)).status).toBe(200);
    expect((await t.api('GET', `/api/bookings/${b.id}`, undefined, user.token)).body).toMatchObject({ refund_status: 'refunded' });
  });

  it('sends it again when the gateway holds no refund of it (the request was lost), and only then', async () => {
    const b = await paid(heldHost, 'flexible', 3 * D);
    const invoiceId = await invoiceOf(b.id);
    fake.loseNext('MakeRefund'); // received, neither done nor answered
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(200);
    const row = await timedOut(b.id);
    expect([...fake.refunds.values()].filter((r) => r.InvoiceId === invoiceId)).toEqual([]);
    fake.slow('GetRefundStatus', LATE_MS); // asking cannot get an answer either: nothing is sent meanwhile
    await lapse(row.id);
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    expect(calls('/v2/MakeRefund', b.paymentId)).toHaveLength(1);
    await lapse(row.id);
    await reconcileRefunds(t.app.deps, { settleAfterMs: 0 });
    expect(calls('/v2/MakeRefund', b.paymentId)).toHaveLength(2);
    const atGateway = [...fake.refunds.values()].filter((r) => r.InvoiceId === invoiceId);
    expect(atGateway.map((r) => r.Amount)).toEqual([460]);
    expect((await sql(`select gateway_refund_id from refunds where id = ?`, [row.id]))[0].gateway_refund_id).toBe(
      String(atGateway[0].RefundId),
    );
  });
});

describe('verified webhooks on the finance timeline', () => {
  it('keeps each verified payment and refund webhook once, without card data, as events of the payment’s timeline', async () => {
    const b = await paid(heldHost, 'flexible', 4 * D);
    const [p] = await sql(`select id, invoice_id from payments where booking_id = ? and status = 'paid'`, [b.id]);
    const data = {
      Invoice: { Id: String(p.invoice_id), Status: 'PAID', Reference: 'R1', CreationDate: new Date().toISOString() },
      Transaction: {
        Id: '1',
        Status: 'SUCCESS',
        PaymentMethod: 'VISA/MASTER',
        PaymentId: b.paymentId,
        Card: { Number: '450875xxxxxx1019' },
      },
      Amount: { ValueInBaseCurrency: '460' },
      CardNumber: '4508750015741019',
    };
    // Signed: stored; forged: refused and not stored. (The refund webhook below is replayed: stored once.)
    const first = await fake.sendEvent(hook, 'PAYMENT_STATUS_CHANGED', structuredClone(data), WEBHOOK_SECRET);
    expect(first.status).toBe(200);
    expect((await fake.sendEvent(hook, 'PAYMENT_STATUS_CHANGED', structuredClone(data), 'wrong-secret')).status).toBe(401);
    const stored = await sql(`select event, payment_id, invoice_id, payload from webhook_events where payment_id = ?`, [b.paymentId]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ event: 'PAYMENT_STATUS_CHANGED', invoice_id: String(p.invoice_id) });
    expect(JSON.stringify(stored[0].payload)).not.toMatch(/450875|Card/);
    expect(stored[0].payload.Transaction).toMatchObject({ PaymentId: b.paymentId, Status: 'SUCCESS' });
    const [{ reference }] = await sql(`select reference from webhook_events where payment_id = ?`, [b.paymentId]);

    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(200);
    const [req] = await until(
      () => calls('/v2/MakeRefund', b.paymentId),
      (l) => l.length > 0,
    );
    const refund = [...fake.refunds.values()].find((r) => r.Comment === req.body.Comment)!;
    fake.settleRefund(refund.RefundId);
    for (let i = 0; i < 2; i++) expect((await fake.sendRefundWebhook(hook, refund.RefundId, WEBHOOK_SECRET)).status).toBe(200);

    const res = await t.api('GET', `/api/admin/payments/${p.id}`, undefined, admin.token);
    const hooks = (res.body.timeline as Array<{ kind: string; detail: string | null }>).filter((e) => e.kind.startsWith('webhook.'));
    expect(hooks).toEqual([
      expect.objectContaining({ kind: 'webhook.payment', detail: `${reference} · SUCCESS` }),
      expect.objectContaining({ kind: 'webhook.refund', detail: `WH-R${refund.RefundId} · REFUNDED` }),
    ]);
  });
});
