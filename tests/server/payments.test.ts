import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  FORKLIFT,
  bookedListing,
  createUser,
  myFatoorahApp,
  saveMyFatoorahKey,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';
import { advanceBookings } from '../../server/src/modules/bookings/booking.service.js';
import { reconcileStuckPayments } from '../../server/src/modules/payments/payment.service.js';
import { bookingTotal } from '../../server/src/shared/marketplace.rules.js';

const VISA_OK = '4508750015741019';
const MC_OK = '5123450000000008';
const DECLINED = '4000000000000002';
const MADA = '4464040000000007';
const WEBHOOK_SECRET = 'mf-webhook-secret-123';
/** The app's time-out for one MyFatoorah call in the fake-MyFatoorah tests; `fake.slow` answers later than that. */
const TIMEOUT_MS = 2500;
const SLOW_MS = 4500;

let t: TestApp;
let host: MadeUser;
let admin: MadeUser;
let user: MadeUser;
let day = 10;
/** What the fake-MyFatoorah app's database held at the end (checked in 'card data'). */
let mfCardCheck: { dump: string; charged: boolean } | null = null;
const logs: string[] = [];

async function sql<T = any>(q: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().getConnection().execute(q, params);
}

/** A fresh active listing at 200 SAR/day and a 2-day booking by `who` (subtotal 400, VAT 60, total 460). */
async function booking(who: MadeUser = user): Promise<string> {
  return (await bookingOn(who)).id;
}

async function bookingOn(who: MadeUser = user) {
  const start = new Date(Date.now() + day++ * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  return bookedListing(t, { owner: host, admin, who }, { start, end: new Date(start.getTime() + 2 * 86_400_000) }, FORKLIFT);
}

/**
 * The built-in test gateway's hosted page for a payment_url (the app's /payment/test-gateway/<id>[?method=mada]),
 * through the REST calls that page makes as the logged-in payer.
 */
function sandboxOf(paymentUrl: string, token: string | undefined) {
  const u = new URL(paymentUrl);
  expect(u.pathname).toMatch(/^\/payment\/test-gateway\/[0-9a-f]{32}$/);
  const id = u.pathname.split('/').pop()!;
  const method = u.searchParams.get('method');
  return {
    id,
    page: (as = token) => t.api('GET', `/api/payment/sandbox/pay/${id}${method ? `?method=${method}` : ''}`, undefined, as),
    act: (outcome: 'succeed' | 'fail', card?: string, as = token) =>
      t.api('POST', `/api/payment/sandbox/pay/${id}/${outcome}${card ? `?card=${card}` : ''}`, undefined, as),
  };
}

/** Opens the built-in gateway's hosted page for a booking; `pay()` then pays on it and returns the gateway's paymentId. */
async function openHosted(id: string, who: MadeUser = user) {
  const init = await t.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, who.token);
  expect(init.body).toMatchObject({ success: true });
  const sandbox = sandboxOf(init.body.payment_url, who.token);
  return {
    async pay(outcome: 'succeed' | 'fail' = 'succeed') {
      const res = await sandbox.act(outcome);
      expect(res.status).toBe(200);
      return new URL(res.body.redirect_url).searchParams.get('paymentId')!;
    },
  };
}

/** What the scheduler does each minute. */
const runScheduler = () => advanceBookings(t.app.orm.em.fork() as never, t.app.deps);

const card = (bookingId: string, number = VISA_OK, over: Record<string, string> = {}) => ({
  booking_id: bookingId,
  card_holder_name: 'Sara Al-Otaibi',
  card_number: number.replace(/(\d{4})(?=\d)/g, '$1 '),
  expiry_month: '12',
  expiry_year: '39',
  cvv: '123',
  ...over,
});

beforeAll(async () => {
  // The app logs at debug level, SQL included, so that 'card data' checks every line it wrote (t.logs(), and the
  // console for the rest); they are kept and shown only when the test run itself asks for LOG_LEVEL=debug.
  const orig = { log: console.log, error: console.error, warn: console.warn };
  const echo = process.env.LOG_LEVEL === 'debug';
  for (const k of ['log', 'error', 'warn'] as const)
    console[k] = (...args: unknown[]) => {
      logs.push(args.map(String).join(' '));
      if (echo) orig[k](...(args as []));
    };
  t = await createTestApp({ MYFATOORAH_WEBHOOK_SECRET: WEBHOOK_SECRET, LOG_LEVEL: 'debug' });
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app);
});
afterAll(async () => t?.close());

describe('eligibility', () => {
  it('gives the amounts with 15% VAT for the booking', async () => {
    const id = await booking();
    const res = await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      can_pay: true,
      reason: null,
      subtotal: 400,
      vat: 60,
      amount: 460,
      currency: 'SAR',
      payment_method: 'card',
      test_mode: true,
    });
  });

  it('says email_not_verified to an unverified user, and 404 for somebody else’s booking', async () => {
    const unverified = await createUser(t.app, { verified: false });
    const id = await booking(unverified);
    const res = await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, unverified.token);
    expect(res.body).toMatchObject({ can_pay: false, reason: 'email_not_verified', message: 'Email verification required for payments' });
    const charge = await t.api('POST', '/api/payment/direct-charge', card(id), unverified.token);
    expect(charge.status).toBe(403);
    const other = await createUser(t.app);
    expect((await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, other.token)).status).toBe(404);
    expect((await t.api('POST', '/api/payment/direct-charge', card(id), other.token)).status).toBe(404);
  });

  it('refuses a booking whose hold expired, with its own reason', async () => {
    const id = await booking();
    await sql(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [id]);
    const res = await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, user.token);
    expect(res.body).toMatchObject({
      can_pay: false,
      reason: 'expired',
      message: 'The hold on this booking expired before it was paid. Please book again.',
    });
    const charge = await t.api('POST', '/api/payment/direct-charge', card(id), user.token);
    expect(charge.status).toBe(400);
    expect((await sql(`select count(*)::int as n from payments where booking_id = ?`, [id]))[0].n).toBe(0);
  });

  it('refuses an already paid booking', async () => {
    const id = await booking();
    expect((await t.api('POST', '/api/payment/direct-charge', card(id), user.token)).body.success).toBe(true);
    const res = await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, user.token);
    expect(res.body).toMatchObject({ can_pay: false, reason: 'already_paid', message: 'This booking is already paid' });
    const init = await t.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, user.token);
    expect(init.status).toBe(409);
    expect(init.body.detail).toBe('This booking is already paid');
  });

  it('refuses a cancelled booking', async () => {
    const id = await booking();
    expect((await t.api('DELETE', `/api/bookings/${id}`, undefined, user.token)).status).toBe(200);
    const res = await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, user.token);
    expect(res.body).toMatchObject({ can_pay: false, reason: 'cancelled' });
  });
});

describe('VAT on bookings', () => {
  let vatUser: MadeUser;
  beforeAll(async () => {
    vatUser = await createUser(t.app);
  });

  it('gives every booking its server-computed VAT and total with VAT (REST and GraphQL), total_amount staying before VAT', async () => {
    const id = await booking(vatUser);
    const rest = await t.api('GET', `/api/bookings/${id}`, undefined, vatUser.token);
    expect(rest.body).toMatchObject({ total_amount: 400, vat_amount: 60, total_with_vat: 460 });
    const mine = (await t.api('GET', '/api/bookings/my', undefined, vatUser.token)).body;
    expect(Array.isArray(mine) ? mine.find((b: any) => b.id === id) : undefined).toMatchObject({ vat_amount: 60, total_with_vat: 460 });
    const gql = await t.gql(`query($id: ID!) { booking(id: $id) { totalAmount vatAmount totalWithVat } }`, { id }, vatUser.token);
    expect(gql.data.booking).toEqual({ totalAmount: 400, vatAmount: 60, totalWithVat: 460 });
  });

  it('rounds once, to the halala, with the shared helper', async () => {
    const id = await booking(vatUser);
    await sql(`update bookings set total_amount = 99.99 where id = ?`, [id]);
    const gql = await t.gql(`query($id: ID!) { booking(id: $id) { vatAmount totalWithVat } }`, { id }, vatUser.token);
    expect(gql.data.booking).toEqual({ vatAmount: 15, totalWithVat: 114.99 });
    // 1.005 SAR is 100.4999… halalas in binary floating point: the shared rounding still makes it 101.
    expect(bookingTotal(1.005, 3)).toBe(3.03);
    expect(bookingTotal(19.99, 3)).toBe(59.97);
  });
});

describe('direct card payment (built-in test gateway)', () => {
  it('charges the total, confirms the booking, and keeps only brand and last 4 digits', async () => {
    const id = await booking();
    const res = await t.api('POST', '/api/payment/direct-charge', card(id), user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, booking_id: id, error: null });
    expect(res.body.transaction_id).toEqual(expect.any(String));
    const [b] = await sql(`select status, payment_status from bookings where id = ?`, [id]);
    expect(b).toEqual({ status: 'confirmed', payment_status: 'paid' });
    const payments = (await t.api('GET', `/api/bookings/${id}/payments`, undefined, user.token)).body;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: 'paid',
      amount: 460,
      subtotal: 400,
      vat: 60,
      card_brand: 'visa',
      card_last4: '1019',
      method: 'card',
      gateway: 'sandbox',
    });
    expect(payments[0].invoice_number).toEqual(expect.any(String));

    const again = await t.api('POST', '/api/payment/direct-charge', card(id), user.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This booking is already paid');
  });

  it('leaves a declined booking payable and says why', async () => {
    const id = await booking();
    const res = await t.api('POST', '/api/payment/direct-charge', card(id, DECLINED), user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: 'Insufficient funds' });
    const [b] = await sql(`select status, payment_status from bookings where id = ?`, [id]);
    expect(b).toEqual({ status: 'pending', payment_status: 'pending' });
    const ok = await t.api(
      'POST',
      '/api/payment/direct-charge',
      card(id, MC_OK, { expiry_month: '01', expiry_year: '39', cvv: '100' }),
      user.token,
    );
    expect(ok.body.success).toBe(true);
  });

  it('checks the card at the edge and writes nothing for bad input', async () => {
    const id = await booking();
    const before = (await sql(`select count(*)::int as n from payments`))[0].n;
    const cases: Array<[Record<string, string>, string]> = [
      [{ card_holder_name: '' }, 'Please fill in all card details'],
      [{ card_number: '4508 7500 1574' }, 'Invalid card number'],
      [{ card_number: '4508 7500 1574 1018' }, 'Invalid card number'],
      [{ cvv: '12' }, 'Invalid CVV'],
      [{ expiry_month: '13' }, 'Invalid expiry date'],
      [{ expiry_month: '01', expiry_year: '20' }, 'This card has expired'],
    ];
    for (const [over, detail] of cases) {
      const res = await t.api('POST', '/api/payment/direct-charge', card(id, VISA_OK, over), user.token);
      expect(res.status, detail).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    const mada = await t.api('POST', '/api/payment/direct-charge', card(id, MADA, { expiry_month: '02', expiry_year: '29' }), user.token);
    expect(mada.status).toBe(400);
    expect(mada.body.detail).toMatch(/mada/);
    expect((await sql(`select count(*)::int as n from payments`))[0].n).toBe(before);
  });

  it('takes the money once when the same booking is charged twice at the same moment', async () => {
    const id = await booking();
    const results = await Promise.all([1, 2, 3].map(() => t.api('POST', '/api/payment/direct-charge', card(id), user.token)));
    expect(results.filter((r) => r.status === 200 && r.body.success)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const [{ n }] = await sql(`select count(*)::int as n from payments where booking_id = ? and status = 'paid'`, [id]);
    expect(n).toBe(1);
  });
});

describe("MyFatoorah's published test cards in the built-in sandbox", () => {
  // A user of its own: one user may hold only a few unpaid bookings at a time.
  let payer: MadeUser;
  beforeAll(async () => {
    payer = await createUser(t.app);
  });
  // The card form offers the current year + 9 (spec): the published expiries (01/39, 02/29) cannot always be chosen,
  // so the sandbox takes each published card with any expiry that is not in the past.
  const formYear = String((new Date().getUTCFullYear() + 9) % 100).padStart(2, '0');
  const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

  it('4508750015741019 succeeds with any expiry and any CVV', async () => {
    for (const over of [
      { expiry_month: '03', expiry_year: nextYear, cvv: '987' },
      { expiry_month: '12', expiry_year: formYear, cvv: '0001' },
    ]) {
      const id = await booking(payer);
      const res = await t.api('POST', '/api/payment/direct-charge', card(id, VISA_OK, over), payer.token);
      expect(res.body, JSON.stringify(over)).toMatchObject({ success: true, error: null });
    }
  });

  it('5123450000000008 succeeds with its CVV 100 and an expiry the form offers; a wrong CVV is declined', async () => {
    const id = await booking(payer);
    const wrongCvv = await t.api(
      'POST',
      '/api/payment/direct-charge',
      card(id, MC_OK, { expiry_month: '01', expiry_year: formYear, cvv: '123' }),
      payer.token,
    );
    expect(wrongCvv.body).toMatchObject({ success: false, error: 'Incorrect card details' });
    const res = await t.api(
      'POST',
      '/api/payment/direct-charge',
      card(id, MC_OK, { expiry_month: '01', expiry_year: formYear, cvv: '100' }),
      payer.token,
    );
    expect(res.body).toMatchObject({ success: true, error: null });
    const [paid] = (await t.api('GET', `/api/bookings/${id}/payments`, undefined, payer.token)).body;
    expect(paid).toMatchObject({ status: 'paid', card_brand: 'mastercard', card_last4: '0008' });
  });

  it('mada 4464040000000007 is paid on the hosted test page chosen as mada, recorded and invoiced as mada', async () => {
    const id = await booking(payer);
    // Refused on the direct form (mada refuses 2D), even with its published expiry and CVV.
    const direct = await t.api(
      'POST',
      '/api/payment/direct-charge',
      card(id, MADA, { expiry_month: '02', expiry_year: '29', cvv: '123' }),
      payer.token,
    );
    expect(direct.status).toBe(400);
    const init = await t.api('POST', '/api/payment/initiate', { booking_id: id, method: 'mada' }, payer.token);
    expect(init.body).toMatchObject({
      success: true,
      payment_url: expect.stringMatching(/\/payment\/test-gateway\/[0-9a-f]{32}\?method=mada$/),
    });
    const sandbox = sandboxOf(init.body.payment_url, payer.token);
    const page = await sandbox.page();
    expect(page.body).toMatchObject({ amount: 460, method: 'mada', cards: [{ key: 'mada', label: 'mada', masked: '446404 •••• 0007' }] });
    const pay = await sandbox.act('succeed', 'mada');
    const back = new URL(pay.body.redirect_url);
    expect(back.pathname).toBe('/payment/success');
    const confirm = await t.api(
      'POST',
      '/api/payment/confirm',
      { booking_id: id, payment_id: back.searchParams.get('paymentId') },
      payer.token,
    );
    expect(confirm.body).toMatchObject({ success: true, status: 'paid' });
    const [paid] = (await t.api('GET', `/api/bookings/${id}/payments`, undefined, payer.token)).body;
    expect(paid).toMatchObject({ status: 'paid', method: 'gateway', card_brand: 'mada', card_last4: '0007' });
    const invoice = await t.api('GET', `/api/bookings/${id}/invoice`, undefined, payer.token);
    expect(invoice.body.payment).toMatchObject({ card_brand: 'mada', card_last4: '0007' });
    // The gateway records only the masked number.
    expect(JSON.stringify(await sql(`select transactions from sandbox_invoices`))).not.toContain(MADA);
  });

  it('the Visa/Mastercard hosted page offers the Visa and Mastercard test cards and not mada', async () => {
    const id = await booking(payer);
    const init = await t.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, payer.token);
    const sandbox = sandboxOf(init.body.payment_url, payer.token);
    const page = await sandbox.page();
    expect(page.body.cards.map((c: { label: string; masked: string }) => `${c.label} ${c.masked}`)).toEqual([
      'Visa 450875 •••• 1019',
      'Mastercard 512345 •••• 0008',
    ]);
    const pay = await sandbox.act('succeed', 'mastercard');
    const back = new URL(pay.body.redirect_url);
    await t.api('POST', '/api/payment/confirm', { booking_id: id, payment_id: back.searchParams.get('paymentId') }, payer.token);
    const [paid] = (await t.api('GET', `/api/bookings/${id}/payments`, undefined, payer.token)).body;
    expect(paid).toMatchObject({ status: 'paid', card_brand: 'mastercard', card_last4: '0008' });
  });

  it('refuses an unknown hosted method and writes nothing', async () => {
    const id = await booking(payer);
    const res = await t.api('POST', `/api/payment/initiate?booking_id=${id}&method=amex`, undefined, payer.token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Invalid payment method');
    const gql = await t.gql(`mutation($id: String!) { initiatePayment(bookingId: $id, method: "knet") { success } }`, { id }, payer.token);
    expect(gql.errors?.[0]?.message).toBe('Invalid payment method');
    expect((await sql(`select count(*)::int as n from payments where booking_id = ?`, [id]))[0].n).toBe(0);
  });
});

describe('hosted gateway (built-in test gateway)', () => {
  it('goes to the gateway page, comes back, and is settled by asking the gateway', async () => {
    const id = await booking();
    const init = await t.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, user.token);
    expect(init.body).toMatchObject({ success: true, payment_url: expect.stringMatching(/\/payment\/test-gateway\/[0-9a-f]{32}$/) });
    const sandbox = sandboxOf(init.body.payment_url, user.token);
    const page = await sandbox.page();
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ amount: 460, status: 'Pending', method: 'visa_mastercard' });
    const pay = await sandbox.act('succeed');
    expect(pay.status).toBe(200);
    const back = new URL(pay.body.redirect_url);
    expect(back.pathname).toBe('/payment/success');
    expect(back.searchParams.get('booking_id')).toBe(id);

    // A forged reference is refused; the real one settles.
    expect((await t.api('POST', '/api/payment/confirm', { booking_id: id, payment_id: 'SBX-forged' }, user.token)).status).toBe(400);
    const confirm = await t.api(
      'POST',
      '/api/payment/confirm',
      { booking_id: id, payment_id: back.searchParams.get('paymentId') },
      user.token,
    );
    expect(confirm.body).toMatchObject({ success: true, status: 'paid', booking: { status: 'confirmed', payment_status: 'paid' } });
    const replay = await t.api(
      'POST',
      '/api/payment/confirm',
      { booking_id: id, payment_id: back.searchParams.get('paymentId') },
      user.token,
    );
    expect(replay.body.status).toBe('paid');
    expect((await sql(`select count(*)::int as n from payments where booking_id = ? and status = 'paid'`, [id]))[0].n).toBe(1);
  });

  it('a failed hosted payment leaves the booking payable', async () => {
    const id = await booking();
    const init = await t.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, user.token);
    const fail = await sandboxOf(init.body.payment_url, user.token).act('fail');
    const back = new URL(fail.body.redirect_url);
    expect(back.pathname).toBe('/payment/error');
    const confirm = await t.api(
      'POST',
      '/api/payment/confirm',
      { booking_id: id, payment_id: back.searchParams.get('paymentId') },
      user.token,
    );
    expect(confirm.body).toMatchObject({ success: false, status: 'failed', booking: { status: 'pending', payment_status: 'pending' } });
  });
});

describe('the test gateway is bound to its payer', () => {
  it('uses random ids, and only the logged-in payer can see, pay or fail its page', async () => {
    const payer = await createUser(t.app);
    const other = await createUser(t.app);
    const a = await booking(payer);
    const b = await booking(payer);
    const first = sandboxOf(
      (await t.api('POST', `/api/payment/initiate?booking_id=${a}`, undefined, payer.token)).body.payment_url,
      payer.token,
    );
    const second = sandboxOf(
      (await t.api('POST', `/api/payment/initiate?booking_id=${b}`, undefined, payer.token)).body.payment_url,
      payer.token,
    );
    // Two 128-bit random ids: nothing to count from one to the next.
    expect(first.id).not.toBe(second.id);
    expect(BigInt(`0x${second.id}`) - BigInt(`0x${first.id}`)).not.toBe(1n);

    // Without a login: 401. Another user, logged in: the page does not exist for them.
    expect((await first.page('')).status).toBe(401);
    expect((await first.act('succeed', undefined, '')).status).toBe(401);
    expect((await first.page(other.token)).status).toBe(404);
    expect((await first.act('succeed', undefined, other.token)).status).toBe(404);
    expect((await first.act('fail', undefined, other.token)).status).toBe(404);
    expect((await t.api('POST', `/api/payment/sandbox/pay/500001/succeed`, undefined, other.token)).status).toBe(404);
    expect(await sql(`select status, payment_status from bookings where id = ?`, [a])).toEqual([
      { status: 'pending', payment_status: 'pending' },
    ]);
    expect(
      (
        await sql(
          `select count(*)::int as n from sandbox_invoices where status = 'Paid' and customer_reference in (select id::text from payments where booking_id = ?)`,
          [a],
        )
      )[0].n,
    ).toBe(0);

    // The payer can.
    const paid = await first.act('succeed', undefined, payer.token);
    expect(paid.status).toBe(200);
    const confirm = await t.api(
      'POST',
      '/api/payment/confirm',
      { booking_id: a, payment_id: new URL(paid.body.redirect_url).searchParams.get('paymentId') },
      payer.token,
    );
    expect(confirm.body).toMatchObject({ success: true, status: 'paid' });
    // Its payment reference is random too.
    expect(new URL(paid.body.redirect_url).searchParams.get('paymentId')).toMatch(/^SBX[0-9a-f]{32}$/);
  });

  it('shows the test cards at checkout in development', async () => {
    const id = await booking();
    const res = await t.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, user.token);
    expect(res.body).toMatchObject({ can_pay: true, test_mode: true, test_cards: true });
  });
});

describe('production fails closed', () => {
  let prod: TestApp;
  let pHost: MadeUser;
  let pAdmin: MadeUser;
  let pUser: MadeUser;
  let pDay = 3;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48), ENCRYPTION_KEY: 'e'.repeat(48), LOG_LEVEL: 'silent' });
    pHost = await createUser(prod.app, { role: 'host_seller' });
    pAdmin = await createUser(prod.app, { role: 'admin' });
    pUser = await createUser(prod.app);
  });
  afterAll(async () => prod?.close());

  async function prodBooking(): Promise<string> {
    const r = await prod.api(
      'POST',
      '/api/resources',
      {
        title: 'Crane 20t',
        description: 'Mobile crane with operator',
        category: 'Equipment',
        price: 200,
        period: 'day',
        location: 'Jeddah',
        images: [],
      },
      pHost.token,
    );
    expect(r.status).toBe(201);
    expect((await prod.api('PUT', `/api/admin/resources/${r.body.id}/approve`, undefined, pAdmin.token)).status).toBe(200);
    const start = new Date(Date.now() + pDay++ * 86_400_000);
    start.setUTCHours(6, 0, 0, 0);
    const b = await prod.api(
      'POST',
      '/api/bookings',
      { resource_id: r.body.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
      pUser.token,
    );
    expect(b.status).toBe(201);
    return b.body.id;
  }
  const prodSql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => prod.app.orm.em.fork().getConnection().execute(q, params);

  it('without a MyFatoorah key nobody can pay: a typed answer, the booking stays unpaid, no invoice, no revenue', async () => {
    const id = await prodBooking();
    const e = await prod.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, pUser.token);
    expect(e.body).toMatchObject({
      can_pay: false,
      reason: 'payments_not_configured',
      message: 'Online payment is not set up yet. Your booking is kept unpaid; please try again later or contact us.',
      test_cards: false,
    });
    const q = await prod.gql(`query($id: String!) { paymentEligibility(bookingId: $id) { canPay reason testCards } }`, { id }, pUser.token);
    expect(q.data.paymentEligibility).toEqual({ canPay: false, reason: 'payments_not_configured', testCards: false });

    const charge = await prod.api('POST', '/api/payment/direct-charge', card(id), pUser.token);
    expect(charge.status).toBe(503);
    expect(charge.body.detail).toBe('Online payment is not set up yet. Your booking is kept unpaid; please try again later or contact us.');
    expect((await prod.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, pUser.token)).status).toBe(503);
    const gql = await prod.gql(`mutation($id: String!) { initiatePayment(bookingId: $id) { success paymentUrl } }`, { id }, pUser.token);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'payments_not_configured' });
    const gqlCard = await prod.gql(
      `mutation($i: CardChargeInput!) { chargeCard(input: $i) { success } }`,
      { i: { bookingId: id, cardHolderName: 'Sara', cardNumber: VISA_OK, expiryMonth: '12', expiryYear: '39', cvv: '123' } },
      pUser.token,
    );
    expect(gqlCard.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'payments_not_configured' });

    expect(await prodSql(`select status, payment_status from bookings where id = ?`, [id])).toEqual([
      { status: 'pending', payment_status: 'pending' },
    ]);
    expect((await prodSql(`select count(*)::int as n from payments`))[0].n).toBe(0);
    expect((await prodSql(`select count(*)::int as n from sandbox_invoices`))[0].n).toBe(0);
    expect((await prod.api('GET', `/api/bookings/${id}/invoice`, undefined, pUser.token)).status).toBe(404);
    expect((await prod.api('GET', '/api/admin/stats', undefined, pAdmin.token)).body).toMatchObject({
      total_revenue: 0,
      payments_configured: false,
    });
  });

  it('has no test gateway routes at all', async () => {
    for (const path of [
      '/api/payment/sandbox/pay/500001/succeed',
      '/api/payment/sandbox/pay/500001/fail',
      `/api/payment/sandbox/pay/${'a'.repeat(32)}/succeed`,
      `/api/payment/sandbox/session/${'a'.repeat(32)}`,
    ]) {
      expect((await prod.api('POST', path, undefined, pUser.token)).status, path).toBe(404);
      expect((await prod.api('POST', path)).status, path).toBe(404);
    }
    expect((await prod.api('GET', '/api/payment/sandbox/pay/500001', undefined, pUser.token)).status).toBe(404);
    // Nor the embedded test card form's script (issue #24).
    expect((await prod.api('GET', '/api/payment/sandbox/session.js')).status).toBe(404);
  });

  it('warns admins until a key is saved; then checkout opens, without test-card hints even in test mode', async () => {
    const before = await prod.gql(`{ adminStats { paymentsConfigured } }`, {}, pAdmin.token);
    expect(before.data.adminStats.paymentsConfigured).toBe(false);
    await saveMyFatoorahKey(prod, pAdmin, 'mf-test-key-0001');
    const after = await prod.gql(`{ adminStats { paymentsConfigured } }`, {}, pAdmin.token);
    expect(after.data.adminStats.paymentsConfigured).toBe(true);
    const id = await prodBooking();
    const e = await prod.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, pUser.token);
    expect(e.body).toMatchObject({ can_pay: true, reason: null, test_mode: true, test_cards: false });
  });
});

describe('MyFatoorah (local fake of their API)', () => {
  let fake: FakeMyFatoorah;
  let mf: TestApp;
  let mfUser: MadeUser;
  let mfHost: MadeUser;
  let mfAdmin: MadeUser;

  async function mfBooking(who: MadeUser = mfUser): Promise<string> {
    const r = await mf.api(
      'POST',
      '/api/resources',
      {
        title: 'Office for 6',
        description: 'Serviced office',
        category: 'Office Space',
        price: 100,
        period: 'day',
        location: 'Riyadh',
        images: [],
      },
      mfHost.token,
    );
    await mf.api('PUT', `/api/admin/resources/${r.body.id}/approve`, undefined, mfAdmin.token);
    const start = new Date(Date.now() + day++ * 86_400_000);
    const b = await mf.api(
      'POST',
      '/api/bookings',
      { resource_id: r.body.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
      who.token,
    );
    expect(b.status).toBe(201);
    return b.body.id;
  }

  beforeAll(async () => {
    ({ fake, t: mf } = await myFatoorahApp('live-looking-key-9876', WEBHOOK_SECRET, { MYFATOORAH_TIMEOUT_MS: String(TIMEOUT_MS) }));
    mfHost = await createUser(mf.app, { role: 'host_seller' });
    mfAdmin = await createUser(mf.app, { role: 'admin' });
    mfUser = await createUser(mf.app);
    await saveMyFatoorahKey(mf, mfAdmin, 'live-looking-key-9876');
  });
  afterAll(async () => {
    // The card number reached the gateway (it must) and nothing of ours: not our database, not our logs.
    if (mf) {
      const dump = JSON.stringify(await mfSql(`select * from payments`)) + JSON.stringify(await mfSql(`select * from audit_log`));
      mfCardCheck = { dump, charged: fake.requests.some((r) => JSON.stringify(r.body).includes(MC_OK)) };
    }
    await mf?.close();
    await fake?.close();
  });

  it('charges a card through MyFatoorah and verifies the invoice before marking it paid', async () => {
    const id = await mfBooking();
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(res.body).toMatchObject({ success: true });
    const exec = fake.requests.find((r) => r.path === '/v2/ExecutePayment' && r.body.UserDefinedField === id);
    expect(exec?.body).toMatchObject({ InvoiceValue: 115, DisplayCurrencyIso: 'SAR' });
    expect(fake.requests.some((r) => r.path === '/v2/GetPaymentStatus')).toBe(true);
  });

  it('reports a gateway refusal as a failed payment, not a server error', async () => {
    const id = await mfBooking();
    await saveMyFatoorahKey(mf, mfAdmin, 'a-revoked-key-0000');
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id), mfUser.token);
    await saveMyFatoorahKey(mf, mfAdmin, 'live-looking-key-9876');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: 'The payment gateway is misconfigured. Please contact support.' });
    const again = await mf.api('POST', '/api/payment/direct-charge', card(id), mfUser.token);
    expect(again.body.success).toBe(true);
  });

  const mfSql = (q: string, params: unknown[] = []) => mf.app.orm.em.fork().getConnection().execute(q, params);
  const directCalls = () => fake.requests.filter((r) => r.path.startsWith('/v2/DirectPayment/')).length;

  it('reports a decline from MyFatoorah through direct-charge and leaves the booking payable', async () => {
    const id = await mfBooking();
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, DECLINED), mfUser.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, status: 'failed', error: 'Insufficient Funds', booking_id: id });
    expect((await mfSql(`select status, payment_status from bookings where id = ?`, [id]))[0]).toEqual({
      status: 'pending',
      payment_status: 'pending',
    });
    expect((await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token)).body.success).toBe(true);
  });

  it('reports a MyFatoorah validation error through direct-charge without sending the card', async () => {
    const id = await mfBooking();
    const before = directCalls();
    fake.rejectNext('ExecutePayment', [{ Name: 'InvoiceValue', Error: 'The invoice value exceeds the limit allowed for this merchant' }]);
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      status: 'failed',
      error: 'The invoice value exceeds the limit allowed for this merchant',
    });
    expect(directCalls()).toBe(before);
    expect((await mf.api('POST', '/api/payment/validate-user-for-payment', { booking_id: id }, mfUser.token)).body.can_pay).toBe(true);
  });

  it('does not treat a time-out on the card charge as a decline: the gateway’s record decides', async () => {
    const id = await mfBooking();
    fake.slow('DirectPayment', SLOW_MS); // the card is charged, the answer comes too late
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(res.body).toMatchObject({ success: true, status: 'paid', error: null });
    expect((await mfSql(`select status, payment_status from bookings where id = ?`, [id]))[0]).toEqual({
      status: 'confirmed',
      payment_status: 'paid',
    });
  });

  it('keeps an unanswered charge processing; a retry settles it from the gateway and does not charge again', async () => {
    const id = await mfBooking();
    fake.slow('DirectPayment', SLOW_MS);
    fake.slow('GetPaymentStatus', SLOW_MS);
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, status: 'processing', error: expect.stringMatching(/Do not pay again/) });
    expect((await mfSql(`select status from payments where booking_id = ?`, [id])).map((p: any) => p.status)).toEqual(['processing']);
    expect((await mfSql(`select payment_status from bookings where id = ?`, [id]))[0].payment_status).toBe('pending');
    const calls = directCalls();
    const retry = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(retry.status).toBe(409);
    expect(retry.body.detail).toBe('This booking is already paid');
    expect(directCalls()).toBe(calls);
    expect((await mfSql(`select status from payments where booking_id = ?`, [id])).map((p: any) => p.status)).toEqual(['paid']);
    expect((await mfSql(`select status, payment_status from bookings where id = ?`, [id]))[0]).toEqual({
      status: 'confirmed',
      payment_status: 'paid',
    });
  });

  it('the scheduler settles attempts left processing (a time-out, a crash) from the gateway', async () => {
    const id = await mfBooking();
    fake.slow('DirectPayment', SLOW_MS);
    fake.slow('GetPaymentStatus', SLOW_MS);
    expect((await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token)).body.status).toBe('processing');
    // A crash before the gateway was reached: a processing row without an invoice, on another booking.
    const crashed = await mfBooking();
    await mfSql(
      `insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'card', 'myfatoorah', 'processing', 100, 15, 115, now() - interval '10 minutes', now())`,
      [crashed, mfUser.user.id],
    );
    await mfSql(`update payments set created_at = now() - interval '2 minutes' where booking_id = ?`, [id]);
    await reconcileStuckPayments(mf.app.deps);
    expect((await mfSql(`select status, payment_status from bookings where id = ?`, [id]))[0]).toEqual({
      status: 'confirmed',
      payment_status: 'paid',
    });
    expect((await mfSql(`select status from payments where booking_id = ?`, [crashed]))[0].status).toBe('failed');
    expect((await mf.api('POST', '/api/payment/direct-charge', card(crashed, MC_OK), mfUser.token)).body.success).toBe(true);
  });

  it('reconciles a crashed attempt before a new one on the same booking instead of blocking it forever', async () => {
    const id = await mfBooking();
    await mfSql(
      `insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'card', 'myfatoorah', 'processing', 100, 15, 115, now() - interval '10 minutes', now())`,
      [id, mfUser.user.id],
    );
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(res.body).toMatchObject({ success: true });
  });

  it('takes the money once across a hosted page and a card, or two hosted tabs', async () => {
    const id = await mfBooking();
    const init = await mf.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, mfUser.token);
    expect(init.body.success).toBe(true);
    const calls = directCalls();
    const byCard = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(byCard.status).toBe(409);
    expect(byCard.body.detail).toBe(
      'A payment for this booking is already open on the payment page. Complete it there, or try again in a few minutes.',
    );
    const secondTab = await mf.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, mfUser.token);
    expect(secondTab.status).toBe(409);
    expect(directCalls()).toBe(calls);
    // The customer pays on the hosted page; the browser never comes back. A card charge now finds it paid.
    fake.payBehindTheScenes(Number(init.body.payment_url.split('/').pop()));
    const after = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(after.status).toBe(409);
    expect(after.body.detail).toBe('This booking is already paid');
    expect((await mfSql(`select status, payment_status from bookings where id = ?`, [id]))[0]).toEqual({
      status: 'confirmed',
      payment_status: 'paid',
    });
    expect((await mfSql(`select count(*)::int as n from payments where booking_id = ? and status = 'paid'`, [id]))[0].n).toBe(1);
    expect(directCalls()).toBe(calls);
  });

  it('lets a new attempt go ahead once an open hosted page is older than the payment session', async () => {
    const id = await mfBooking();
    await mf.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, mfUser.token);
    await mfSql(`update payments set created_at = now() - interval '2 hours' where booking_id = ?`, [id]);
    const res = await mf.api('POST', '/api/payment/direct-charge', card(id, MC_OK), mfUser.token);
    expect(res.body).toMatchObject({ success: true });
    expect(await mfSql(`select method, status from payments where booking_id = ? order by created_at`, [id])).toEqual([
      { method: 'gateway', status: 'failed' },
      { method: 'card', status: 'paid' },
    ]);
  });

  it('settles a payment whose browser never came back from the webhook, once, and refuses bad signatures', async () => {
    const id = await mfBooking();
    const init = await mf.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, mfUser.token);
    expect(init.body.payment_url).toMatch(new RegExp(`^${fake.url}/pay/\\d+$`));
    const invoiceId = Number(init.body.payment_url.split('/').pop());
    fake.payBehindTheScenes(invoiceId);
    const hook = mf.url + '/api/payment/webhook';

    expect((await fake.sendWebhook(hook, invoiceId, null)).status).toBe(401);
    expect((await fake.sendWebhook(hook, invoiceId, 'wrong-secret-000')).status).toBe(401);
    expect((await fake.sendWebhook(hook, invoiceId, WEBHOOK_SECRET, { tamper: true })).status).toBe(401);
    let [b] = await mf.app.orm.em.fork().getConnection().execute(`select payment_status from bookings where id = ?`, [id]);
    expect(b.payment_status).toBe('pending');

    expect((await fake.sendWebhook(hook, invoiceId, WEBHOOK_SECRET)).status).toBe(200);
    [b] = await mf.app.orm.em.fork().getConnection().execute(`select status, payment_status from bookings where id = ?`, [id]);
    expect(b).toEqual({ status: 'confirmed', payment_status: 'paid' });
    const before = (await mf.api('GET', `/api/bookings/${id}/payments`, undefined, mfUser.token)).body;

    expect((await fake.sendWebhook(hook, invoiceId, WEBHOOK_SECRET)).status).toBe(200);
    const after = (await mf.api('GET', `/api/bookings/${id}/payments`, undefined, mfUser.token)).body;
    expect(after).toEqual(before);
    expect(after.filter((p: any) => p.status === 'paid')).toHaveLength(1);
  });

  const executeFor = (id: string) => fake.requests.filter((r) => r.path === '/v2/ExecutePayment' && r.body.UserDefinedField === id);

  it('pays the hosted page with the method chosen: MADA (code md) for mada, VISA/MASTER (code vm) otherwise', async () => {
    const u = await createUser(mf.app);
    const visaId = await mfBooking(u);
    expect((await mf.api('POST', `/api/payment/initiate?booking_id=${visaId}`, undefined, u.token)).body.success).toBe(true);
    expect(executeFor(visaId).map((r) => r.body.PaymentMethodId)).toEqual([2]);

    const madaId = await mfBooking(u);
    const init = await mf.api('POST', `/api/payment/initiate?booking_id=${madaId}&method=mada`, undefined, u.token);
    expect(init.body.success).toBe(true);
    expect(executeFor(madaId).map((r) => r.body.PaymentMethodId)).toEqual([6]);
    const invoiceId = Number(init.body.payment_url.split('/').pop());
    expect(fake.invoices.get(invoiceId)!.PaymentMethodId).toBe(6);
    // The customer pays on MADA's page; the return is checked with the gateway, which reports the mada card.
    const pay = await fetch(init.body.payment_url + '/succeed', { method: 'POST', redirect: 'manual' });
    const back = new URL(pay.headers.get('location')!);
    const confirm = await mf.api(
      'POST',
      '/api/payment/confirm',
      { booking_id: madaId, payment_id: back.searchParams.get('paymentId') },
      u.token,
    );
    expect(confirm.body).toMatchObject({ success: true, status: 'paid' });
    const [paid] = (await mf.api('GET', `/api/bookings/${madaId}/payments`, undefined, u.token)).body;
    expect(paid).toMatchObject({ card_brand: 'mada', card_last4: '0007' });

    // GraphQL takes the same choice.
    const gqlId = await mfBooking(u);
    const r = await mf.gql(
      `mutation($id: String!) { initiatePayment(bookingId: $id, method: "mada") { success paymentUrl } }`,
      { id: gqlId },
      u.token,
    );
    expect(r.data?.initiatePayment.success).toBe(true);
    expect(executeFor(gqlId).map((x) => x.body.PaymentMethodId)).toEqual([6]);
  });

  it('says so when the merchant has no MADA method, without creating an invoice', async () => {
    const u = await createUser(mf.app);
    fake.setDisabledMethods(['md']);
    try {
      const id = await mfBooking(u);
      const res = await mf.api('POST', '/api/payment/initiate', { booking_id: id, method: 'mada' }, u.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        payment_url: null,
        error: 'Payments by mada are not enabled for this merchant yet. Please pay with Visa or Mastercard.',
      });
      expect(executeFor(id)).toHaveLength(0);
      // Visa/Mastercard still works for the same booking.
      expect((await mf.api('POST', `/api/payment/initiate?booking_id=${id}`, undefined, u.token)).body.success).toBe(true);
      expect(executeFor(id).map((r) => r.body.PaymentMethodId)).toEqual([2]);
    } finally {
      fake.setDisabledMethods([]);
    }
  });

  it("sends the admin's success and error URLs to ExecutePayment (APP_URL's otherwise), and shows the webhook URL to register", async () => {
    const u = await createUser(mf.app);
    const appUrl = mf.app.deps.env.appUrl;
    let settings = await mf.gql(`{ adminSettings { myfatoorah { webhookUrl webhookEndpoint } } }`, {}, mfAdmin.token);
    expect(settings.data?.adminSettings.myfatoorah).toEqual({ webhookUrl: '', webhookEndpoint: `${appUrl}/api/payment/webhook` });

    const before = await mfBooking(u);
    await mf.api('POST', `/api/payment/initiate?booking_id=${before}`, undefined, u.token);
    expect(executeFor(before)[0].body).toMatchObject({
      CallBackUrl: `${appUrl}/payment/success?booking_id=${before}`,
      ErrorUrl: `${appUrl}/payment/error?booking_id=${before}`,
    });

    const saved = await mf.api(
      'PUT',
      '/api/admin/settings/myfatoorah',
      {
        value: {
          success_url: 'https://pay.mawarid.sa/payment/success?src=mf',
          error_url: 'https://pay.mawarid.sa/payment/error',
          webhook_url: 'https://hooks.mawarid.sa/api/payment/webhook',
        },
      },
      mfAdmin.token,
    );
    expect(saved.status).toBe(200);
    try {
      const hosted = await mfBooking(u);
      await mf.api('POST', `/api/payment/initiate?booking_id=${hosted}`, undefined, u.token);
      expect(executeFor(hosted)[0].body).toMatchObject({
        CallBackUrl: `https://pay.mawarid.sa/payment/success?src=mf&booking_id=${hosted}`,
        ErrorUrl: `https://pay.mawarid.sa/payment/error?booking_id=${hosted}`,
      });
      const byCard = await mfBooking(u);
      expect((await mf.api('POST', '/api/payment/direct-charge', card(byCard, MC_OK), u.token)).body.success).toBe(true);
      expect(executeFor(byCard)[0].body).toMatchObject({
        CallBackUrl: `https://pay.mawarid.sa/payment/success?src=mf&booking_id=${byCard}`,
      });
      // The return is still never trusted: a forged paymentId is refused and nothing is marked paid.
      expect((await mf.api('POST', '/api/payment/confirm', { booking_id: hosted, payment_id: '99999999' }, u.token)).status).toBe(400);
      expect((await mfSql(`select payment_status from bookings where id = ?`, [hosted]))[0].payment_status).toBe('pending');
      settings = await mf.gql(`{ adminSettings { myfatoorah { webhookEndpoint } } }`, {}, mfAdmin.token);
      expect(settings.data?.adminSettings.myfatoorah.webhookEndpoint).toBe('https://hooks.mawarid.sa/api/payment/webhook');
    } finally {
      await mf.api('PUT', '/api/admin/settings/myfatoorah', { value: { success_url: '', error_url: '', webhook_url: '' } }, mfAdmin.token);
    }
  });
});

describe('payments in flight and cancelled bookings', () => {
  // A user of its own: one user may hold only a few unpaid bookings at a time.
  let payer: MadeUser;
  beforeAll(async () => {
    payer = await createUser(t.app);
  });

  it('keeps the hold while a hosted payment is open (starting one extends it), so the payment confirms the booking', async () => {
    const id = await booking(payer);
    await sql(`update bookings set hold_expires_at = now() + interval '1 minute' where id = ?`, [id]);
    const page = await openHosted(id, payer);
    const [{ left }] = await sql(`select extract(epoch from hold_expires_at - now())::int as left from bookings where id = ?`, [id]);
    expect(left).toBeGreaterThan(15 * 60); // the payment session (20 minutes by default)
    // Time passes beyond the hold while the customer is still on the gateway's page.
    await sql(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [id]);
    await runScheduler();
    expect((await sql(`select status from bookings where id = ?`, [id]))[0].status).toBe('pending');
    const paymentId = await page.pay();
    const confirm = await t.api('POST', '/api/payment/confirm', { booking_id: id, payment_id: paymentId }, payer.token);
    expect(confirm.body).toMatchObject({ success: true, status: 'paid', booking: { status: 'confirmed', payment_status: 'paid' } });
  });

  it('lets the hold lapse once an abandoned attempt is older than the payment session', async () => {
    const id = await booking(payer);
    await openHosted(id, payer);
    await sql(`update payments set created_at = now() - interval '2 hours' where booking_id = ?`, [id]);
    await sql(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [id]);
    await runScheduler();
    expect((await sql(`select status from bookings where id = ?`, [id]))[0].status).toBe('cancelled');
  });

  it('reinstates a booking whose hold lapsed meanwhile when the money arrives and its dates are still free', async () => {
    const id = await booking(payer);
    const page = await openHosted(id, payer);
    // The customer lingers on the gateway's page beyond the payment session: the hold lapses.
    await sql(`update payments set created_at = now() - interval '2 hours' where booking_id = ?`, [id]);
    await sql(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [id]);
    await runScheduler();
    expect((await sql(`select status from bookings where id = ?`, [id]))[0].status).toBe('cancelled');
    const paymentId = await page.pay();
    const confirm = await t.api('POST', '/api/payment/confirm', { booking_id: id, payment_id: paymentId }, payer.token);
    expect(confirm.body).toMatchObject({ success: true, status: 'paid', booking: { status: 'confirmed', payment_status: 'paid' } });
    const [p] = await sql(`select status, invoice_number from payments where booking_id = ? and status = 'paid'`, [id]);
    expect(p.invoice_number).not.toBeNull();
  });

  it('records money taken for a cancelled booking whose dates were rebooked as refund due: never paid, told to admins and the customer', async () => {
    const b = await bookingOn(payer);
    const page = await openHosted(b.id, payer);
    await sql(`update payments set created_at = now() - interval '2 hours' where booking_id = ?`, [b.id]);
    await sql(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [b.id]);
    await runScheduler();
    const other = await createUser(t.app);
    expect((await t.api('POST', '/api/bookings', b.dates, other.token)).status).toBe(201);
    const paymentId = await page.pay();
    const confirm = await t.api('POST', '/api/payment/confirm', { booking_id: b.id, payment_id: paymentId }, payer.token);
    expect(confirm.body).toMatchObject({
      success: false,
      status: 'refund_due',
      booking: { status: 'cancelled', payment_status: 'pending' },
    });
    const [bk] = await sql(`select status, payment_status from bookings where id = ?`, [b.id]);
    expect(bk).toEqual({ status: 'cancelled', payment_status: 'pending' });
    // The customer sees it on the booking, and by email.
    const mine = (await t.api('GET', `/api/bookings/${b.id}/payments`, undefined, payer.token)).body;
    expect(mine[0]).toMatchObject({ status: 'refund_due', error: expect.stringMatching(/refund/i), invoice_number: null, amount: 460 });
    await t.smtp.waitFor(payer.email, (m) => m.raw.includes('Subject: Your payment will be refunded'));
    // Admins see it; nobody else does.
    const refunds = await t.api('GET', '/api/admin/payments/refunds', undefined, admin.token);
    expect(refunds.status).toBe(200);
    expect(refunds.body.some((p: any) => p.booking_id === b.id && p.status === 'refund_due')).toBe(true);
    expect((await t.api('GET', '/api/admin/payments/refunds', undefined, payer.token)).status).toBe(403);
    const [audit] = await sql(`select action, entity_type, actor_email from audit_log where entity_id = ?`, [mine[0].id]);
    expect(audit).toEqual({ action: 'payment.refund_due', entity_type: 'payment', actor_email: 'system' });
    expect(logs.some((l) => l.includes(`refund owed: payment ${mine[0].id}`))).toBe(true);
    // A replay changes nothing.
    const replay = await t.api('POST', '/api/payment/confirm', { booking_id: b.id, payment_id: paymentId }, payer.token);
    expect(replay.body.status).toBe('refund_due');
  });

  it('keeps a booking its user cancelled cancelled when a payment lands afterwards: refund due', async () => {
    const id = await booking(payer);
    const page = await openHosted(id, payer);
    expect((await t.api('DELETE', `/api/bookings/${id}`, undefined, payer.token)).status).toBe(200);
    const paymentId = await page.pay();
    const confirm = await t.api('POST', '/api/payment/confirm', { booking_id: id, payment_id: paymentId }, payer.token);
    expect(confirm.body).toMatchObject({ status: 'refund_due', booking: { status: 'cancelled', payment_status: 'pending' } });
  });

  it('records money taken after the listing was deleted as refund due', async () => {
    const b = await bookingOn(payer);
    const page = await openHosted(b.id, payer);
    expect((await t.api('DELETE', `/api/resources/${b.resourceId}`, undefined, host.token)).status).toBeLessThan(300);
    const paymentId = await page.pay();
    const confirm = await t.api('POST', '/api/payment/confirm', { booking_id: b.id, payment_id: paymentId }, payer.token);
    expect(confirm.body).toMatchObject({ status: 'refund_due', booking: { status: 'cancelled', payment_status: 'pending' } });
  });
});

describe('card data', () => {
  it('is nowhere in the database or the logs after the payments above', async () => {
    const dump =
      JSON.stringify(await sql(`select * from payments`)) +
      JSON.stringify(await sql(`select * from sandbox_invoices`)) +
      JSON.stringify(await sql(`select * from audit_log`).catch(() => []));
    // The app's JSON log (requests, SQL) and whatever else reached the console.
    const logged = [...t.logs(), ...logs].join('\n');
    expect(t.logs().length).toBeGreaterThan(100);
    for (const n of [VISA_OK, MC_OK, DECLINED]) {
      expect(dump).not.toContain(n);
      expect(logged).not.toContain(n);
    }
    expect(dump).not.toMatch(/"cvv"/i);
  });

  it('is nowhere in the database of the app that charged through the fake MyFatoorah either', () => {
    expect(mfCardCheck?.charged).toBe(true);
    for (const n of [VISA_OK, MC_OK, DECLINED]) expect(mfCardCheck!.dump).not.toContain(n);
    expect(mfCardCheck!.dump).not.toMatch(/"cvv"|SecurityCode/i);
    expect(mfCardCheck!.dump).toContain('"card_last4":"0008"');
  });
});
