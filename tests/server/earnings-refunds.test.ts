import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
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
 * A host's earnings after refunds (issue #24): the host's part of each recorded refund (fixed on the refund row) is
 * subtracted from the row's net and the totals, from the held (pending) balance when the share was held, and a
 * refund the gateway refused gives nothing back. Default commission: 10 % of the 400 before VAT, no fee; each booking
 * is 460 SAR with VAT. `host` is VAT-registered (agent): commission 40.00, VAT on it 6.00, host net 414.00 (the
 * customer's 60 VAT in it). `heldHost` is not (Mawarid the deemed supplier): commission 40.00, Mawarid keeps the
 * 60.00 VAT, host net 360.00.
 */
const WEBHOOK_SECRET = 'mf-earnings-refunds-secret';
const H = 3_600_000;
const D = 24 * H;

let t: TestApp;
let fake: FakeMyFatoorah;
let admin: MadeUser;
let host: MadeUser;
let heldHost: MadeUser;
let user: MadeUser;
let startsIn = 3 * D;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);

/** `owner`'s 200 SAR/day listing under `policy`, booked for 2 days (460 SAR with VAT) and paid. */
async function paid(owner: MadeUser, policy: string, inMs = (startsIn += 3 * D)) {
  return (await paidBooking(t, { owner, admin, who: user }, twoDaysFrom(inMs), { ...FORKLIFT, cancellation_policy: policy })).id;
}

/** Waits until the refund job has asked the gateway (`asked`) or the refund reached `status`. */
async function refundSettled(bookingId: string, status: 'asked' | 'failed') {
  for (let i = 0; i < 80; i++) {
    const [r] = await sql(`select status, gateway_refund_id from refunds where booking_id = ?`, [bookingId]);
    if (status === 'asked' ? r?.gateway_refund_id : r?.status === status) return;
    await sleep(100);
  }
  throw new Error(`refund of ${bookingId} never became ${status}`);
}

const cents = (v: number) => Math.round(v * 100);

/**
 * The totals are the sums of the rows, and gross − commission − VAT on commission − platform VAT − refunded = net, to
 * the halala.
 */
function expectAddsUp(e: any) {
  for (const k of ['gross', 'commission', 'vat_on_commission', 'platform_vat', 'refunded', 'net'])
    expect(cents(e[k]), k).toBe(e.items.reduce((a: number, i: any) => a + cents(i[k]), 0));
  for (const x of [e, ...e.items])
    expect(cents(x.gross) - cents(x.commission) - cents(x.vat_on_commission) - cents(x.platform_vat) - cents(x.refunded)).toBe(
      cents(x.net),
    );
}

beforeAll(async () => {
  ({ fake, t } = await myFatoorahApp('earnings-refunds-key-1234', WEBHOOK_SECRET));
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller' });
  heldHost = await createUser(t.app, { role: 'host_seller' });
  user = await createUser(t.app);
  await saveMyFatoorahKey(t, admin, 'earnings-refunds-key-1234');
  await approvedSupplier(
    t,
    host,
    { legal_name: 'Tabuk Lifting Co.', commercial_registration: '3550123456', bank: 'Al Rajhi Bank', vat_number: '300000000000003' },
    { fake, webhookSecret: WEBHOOK_SECRET },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('earnings after refunds', () => {
  it('subtracts the host’s part of a split payment’s refund from that row and the totals', async () => {
    const kept = await paid(host, 'moderate');
    const halved = await paid(host, 'moderate', 3 * D);
    const refused = await paid(host, 'none');
    // Half back under moderate (inside 5 days, more than 24 h ahead): 230 SAR, of which the host gives back 207.00.
    expect((await t.api('DELETE', `/api/bookings/${halved}`, undefined, user.token)).status).toBe(200);
    // Recorded and asked (MyFatoorah answers PENDING): it counts already.
    await refundSettled(halved, 'asked');
    // A refund the gateway refuses gives the host's share back to no one: it counts for nothing.
    fake.rejectNext('MakeSupplierRefund', [{ Name: 'Key', Error: 'The supplier balance is not enough' }]);
    expect((await t.api('DELETE', `/api/bookings/${refused}`, undefined, host.token)).status).toBe(200);
    await refundSettled(refused, 'failed');

    const e = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({
      gross: 1380,
      commission: 120,
      vat_on_commission: 18,
      platform_vat: 0,
      refunded: 207,
      net: 1035,
      pending: 0,
    });
    const row = (id: string) => e.body.items.find((i: any) => i.booking_id === id);
    expect(row(halved)).toMatchObject({ status: 'split', gross: 460, refunded: 207, net: 207 });
    expect(row(kept)).toMatchObject({ refunded: 0, net: 414 });
    expect(row(refused)).toMatchObject({ refunded: 0, net: 414 });
    expectAddsUp(e.body);
    const [r] = await sql(`select supplier_amount_halalas::int as s, host_amount_halalas::int as h from refunds where booking_id = ?`, [
      halved,
    ]);
    expect(r).toEqual({ s: 20_700, h: 20_700 });

    const gql = await t.gql(`{ hostEarnings { gross refunded net pending items { bookingId refunded net } } }`, {}, host.token);
    expect(gql.data.hostEarnings).toMatchObject({ gross: 1380, refunded: 207, net: 1035, pending: 0 });
    expect(gql.data.hostEarnings.items.find((i: any) => i.bookingId === halved)).toEqual({
      bookingId: halved,
      refunded: 207,
      net: 207,
    });
  });

  it('takes a held share’s refund out of the pending balance', async () => {
    const kept = await paid(heldHost, 'flexible');
    const refunded = await paid(heldHost, 'flexible');
    const before = await t.api('GET', '/api/host/earnings', undefined, heldHost.token);
    // Not VAT-registered: Mawarid keeps the customers' 2 × 60 VAT as deemed supplier; no VAT on commission.
    expect(before.body).toMatchObject({ commission: 80, vat_on_commission: 0, platform_vat: 120, net: 720, pending: 720, refunded: 0 });
    // Flexible, more than 24 h ahead: all 460 back (MakeRefund from the platform); the held 360.00 is given back.
    expect((await t.api('DELETE', `/api/bookings/${refunded}`, undefined, user.token)).status).toBe(200);
    const after = await t.api('GET', '/api/host/earnings', undefined, heldHost.token);
    expect(after.body).toMatchObject({ gross: 920, refunded: 360, net: 360, pending: 360 });
    expect(after.body.items.find((i: any) => i.booking_id === refunded)).toMatchObject({ status: 'held', refunded: 360, net: 0 });
    expect(after.body.items.find((i: any) => i.booking_id === kept)).toMatchObject({
      status: 'held',
      refunded: 0,
      net: 360,
      platform_vat: 60,
    });
    expectAddsUp(after.body);
    const [r] = await sql(`select supplier_amount_halalas, host_amount_halalas::int as h from refunds where booking_id = ?`, [refunded]);
    expect(r).toEqual({ supplier_amount_halalas: null, h: 36_000 });
  });

  it('pages the rows (newest first) while the totals cover the whole range', async () => {
    const all = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(all.body).toMatchObject({ total: 3, page: 1, page_size: 25 });
    const p1 = await t.api('GET', '/api/host/earnings?page=1&page_size=2', undefined, host.token);
    const p2 = await t.api('GET', '/api/host/earnings?page=2&page_size=2', undefined, host.token);
    expect(p1.body).toMatchObject({ total: 3, page: 1, page_size: 2, gross: 1380, refunded: 207, net: 1035 });
    expect(p2.body).toMatchObject({ total: 3, page: 2, page_size: 2, gross: 1380, refunded: 207, net: 1035 });
    expect(p1.body.items).toHaveLength(2);
    expect(p2.body.items).toHaveLength(1);
    expect([...p1.body.items, ...p2.body.items].map((i: any) => i.payment_id)).toEqual(all.body.items.map((i: any) => i.payment_id));
    const times = all.body.items.map((i: any) => i.paid_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.api('GET', '/api/host/earnings?page=3&page_size=2', undefined, host.token)).body).toMatchObject({
      total: 3,
      items: [],
    });
    for (const bad of ['page=0', 'page=x', 'page_size=101', 'page_size=0'])
      expect((await t.api('GET', `/api/host/earnings?${bad}`, undefined, host.token)).status, bad).toBe(400);
    const gql = await t.gql(`{ hostEarnings(page: 2, pageSize: 2) { total page pageSize gross items { paymentId } } }`, {}, host.token);
    expect(gql.data.hostEarnings).toEqual({
      total: 3,
      page: 2,
      pageSize: 2,
      gross: 1380,
      items: [{ paymentId: p2.body.items[0].payment_id }],
    });
  });
});
