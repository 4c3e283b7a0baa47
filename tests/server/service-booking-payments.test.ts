import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  createUser,
  myFatoorahApp,
  saveMyFatoorahKey,
  serviceCardBody,
  TEST_VISA,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';
import { decodeQuotedPrintable } from '../support/smtp-sink.js';
import { decodeZatcaQr } from '../../server/src/modules/invoices/zatca.js';
import { pdfText } from '../support/pdf-text.js';
import { todayInRiyadh } from '../../server/src/shared/public.rules.js';

const WEBHOOK_SECRET = 'mf-webhook-secret-svc';

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

const sql = <T = any>(app: TestApp, q: string, params: unknown[] = []): Promise<T[]> =>
  app.app.orm.em.fork().getConnection().execute(q, params);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const threeDaysAhead = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) || todayInRiyadh();

/** `who` books a service (pending, no price). */
async function book(app: TestApp, who: MadeUser, over: Record<string, unknown> = {}): Promise<string> {
  const res = await app.api(
    'POST',
    '/api/service-bookings',
    {
      service_id: 'strategic-consulting',
      preferred_date: threeDaysAhead(),
      preferred_time: '10:30',
      contact_number: '0501234567',
      requirements: 'A market study for a logistics hub in Dammam',
      ...over,
    },
    who.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** An admin confirms it with a quote (SAR before VAT) and a meeting in two days. */
async function confirm(app: TestApp, by: MadeUser, id: string, price = '1000.50') {
  const res = await app.api('PUT', `/api/service-bookings/${id}`, { status: 'confirmed', price, scheduled_at: inDays(2) }, by.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** `who`'s service booking, confirmed with a quote. */
async function confirmed(who: MadeUser = customer, price = '1000.50', app: TestApp = t, by: MadeUser = admin): Promise<string> {
  const id = await book(app, who);
  await confirm(app, by, id, price);
  return id;
}

/** Everything a refusal must leave as it was: the booking's payment status and its payments. */
async function state(id: string) {
  const [b] = await sql(t, `select status, payment_status, payment_method from service_bookings where id = ?`, [id]);
  const [{ n }] = await sql(t, `select count(*)::int as n from payments where service_booking_id = ?`, [id]);
  const [{ inv }] = await sql(t, `select count(*)::int as inv from payments where invoice_number is not null`);
  return { ...b, payments: n, invoices: inv };
}

const serviceCard = (id: string, over: Record<string, string> = {}) => serviceCardBody(id, TEST_VISA, over);

/** The built-in test gateway's hosted page: pay on it as `who` and come back to /payment/success. */
async function payHosted(app: TestApp, id: string, who: MadeUser) {
  const init = await app.api('POST', `/api/payment/initiate?service_booking_id=${id}`, undefined, who.token);
  expect(init.body).toMatchObject({ success: true });
  const invoiceId = new URL(init.body.payment_url).pathname.split('/').pop();
  const act = await app.api('POST', `/api/payment/sandbox/pay/${invoiceId}/succeed`, undefined, who.token);
  expect(act.status).toBe(200);
  return new URL(act.body.redirect_url);
}

describe('paying a confirmed service booking', () => {
  it('on the test gateway: paid, a tax invoice for quote + 15% VAT with the service as its line, and one email', async () => {
    const id = await confirmed(customer, '1000.50');
    const before = await sql(t, `select nextval('invoice_number_seq') - 1 as n`);
    const ok = await t.api('POST', '/api/payment/validate-user-for-payment', { service_booking_id: id }, customer.token);
    expect(ok.body).toMatchObject({
      can_pay: true,
      booking_id: null,
      service_booking_id: id,
      resource_title: 'Strategic Consulting',
      subtotal: 1000.5,
      vat: 150.08,
      amount: 1150.58,
    });

    const back = await payHosted(t, id, customer);
    expect(back.pathname).toBe('/payment/success');
    expect(back.searchParams.get('service_booking_id')).toBe(id);
    expect(back.searchParams.get('booking_id')).toBeNull();
    const confirmRes = await t.api(
      'POST',
      '/api/payment/confirm',
      { service_booking_id: id, payment_id: back.searchParams.get('paymentId') },
      customer.token,
    );
    expect(confirmRes.body).toMatchObject({
      success: true,
      status: 'paid',
      service_booking: { id, status: 'confirmed', payment_status: 'paid', payment_method: 'gateway', total_with_vat: 1150.58 },
    });

    const mine = (await t.api('GET', `/api/service-bookings/${id}`, undefined, customer.token)).body;
    expect(mine).toMatchObject({ payment_status: 'paid', payment_method: 'gateway' });
    const [p] = await sql(t, `select booking_id, subtotal, vat, amount, status from payments where service_booking_id = ?`, [id]);
    expect(p).toMatchObject({ booking_id: null, status: 'paid' });
    expect([Number(p.subtotal), Number(p.vat), Number(p.amount)]).toEqual([1000.5, 150.08, 1150.58]);

    const inv = await t.api('GET', `/api/service-bookings/${id}/invoice`, undefined, customer.token);
    expect(inv.status).toBe(200);
    expect(inv.body).toMatchObject({
      service_booking_id: id,
      buyer: { name: 'Noura Al-Qahtani', email: customer.email },
      lines: [{ description: 'Strategic Consulting', quantity: 1, unit_price: 1000.5, amount: 1000.5 }],
      subtotal: 1000.5,
      vat_rate: 0.15,
      vat: 150.08,
      total: 1150.58,
    });
    // Same numbering as bookings' invoices.
    expect(Number(inv.body.invoice_number)).toBeGreaterThan(Number(before[0].n));
    const qr = decodeZatcaQr(inv.body.qr_payload);
    expect(qr[4]).toBe('1150.58');
    expect(qr[5]).toBe('150.08');
    const pdf = await fetch(`${t.url}/api/service-bookings/${id}/invoice.pdf`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${inv.body.invoice_number}.pdf"`);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).join('\n');
    expect(text).toContain('Strategic Consulting');
    expect(text).toContain('1150.58');
    expect(text).toContain('Meeting');

    // Admins read it too; another customer cannot tell it exists.
    expect((await t.api('GET', `/api/service-bookings/${id}/invoice`, undefined, admin.token)).status).toBe(200);
    expect((await t.api('GET', `/api/service-bookings/${id}/invoice`, undefined, other.token)).status).toBe(404);

    const mail = await t.smtp.waitFor(customer.email, (m) => /invoice/i.test(m.raw) && m.raw.includes('application/pdf'), 10_000);
    expect(decodeQuotedPrintable(mail.raw)).toContain(`/service-bookings/${id}/invoice`);
  });

  it('by card (direct charge): paid with the card, and the customer and admins hear it live', async () => {
    const id = await confirmed(customer, '200');
    const customerWs = t.ws(customer.token);
    const adminWs = t.ws(admin.token);
    const heard = (ws: ReturnType<TestApp['ws']>) =>
      new Promise<any>((resolve, reject) => {
        const stop = ws.subscribe(
          { query: `subscription { serviceBookingUpdated { id paymentStatus paymentMethod } }` },
          {
            next: (m: any) => {
              if (m.data?.serviceBookingUpdated?.id === id && m.data.serviceBookingUpdated.paymentStatus === 'paid') {
                stop();
                resolve(m.data.serviceBookingUpdated);
              }
            },
            error: reject,
            complete: () => undefined,
          },
        );
      });
    const live = Promise.all([heard(customerWs), heard(adminWs)]);
    await new Promise((r) => setTimeout(r, 300));
    const charge = await t.api('POST', '/api/payment/direct-charge', serviceCard(id), customer.token);
    expect(charge.body).toMatchObject({ success: true, status: 'paid', booking_id: null, service_booking_id: id });
    const [c, a] = await live;
    expect(c).toEqual({ id, paymentStatus: 'paid', paymentMethod: 'card' });
    expect(a).toEqual(c);
    await customerWs.dispose();
    await adminWs.dispose();
    const inv = (await t.api('GET', `/api/service-bookings/${id}/invoice`, undefined, customer.token)).body;
    expect(inv).toMatchObject({ total: 230, vat: 30, payment: { card_brand: 'visa', card_last4: '1019', method: 'card' } });
  });

  it('paymentUpdated(serviceBookingId): its customer hears the attempt; another customer is refused (NOT_FOUND)', async () => {
    const id = await confirmed(customer, '50');
    const listen = (who: MadeUser) => {
      const ws = t.ws(who.token);
      const result = new Promise<{ status?: string; error?: string }>((resolve) => {
        const stop = ws.subscribe(
          { query: `subscription($s: String!) { paymentUpdated(serviceBookingId: $s) { status } }`, variables: { s: id } },
          {
            next: (m: any) => {
              if (m.errors) return resolve({ error: m.errors[0]?.extensions?.code });
              if (m.data?.paymentUpdated?.status === 'paid') {
                stop();
                resolve({ status: 'paid' });
              }
            },
            error: (e: any) => resolve({ error: Array.isArray(e) ? e[0]?.extensions?.code : String(e) }),
            complete: () => undefined,
          },
        );
      });
      return { ws, result };
    };
    const mine = listen(customer);
    const theirs = listen(other);
    expect(await theirs.result).toEqual({ error: 'NOT_FOUND' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.api('POST', '/api/payment/direct-charge', serviceCard(id), customer.token)).body.success).toBe(true);
    expect(await mine.result).toEqual({ status: 'paid' });
    await mine.ws.dispose();
    await theirs.ws.dispose();
  });

  it('a declined card leaves it payable, with no invoice', async () => {
    const id = await confirmed(customer, '300');
    const res = await t.api('POST', '/api/payment/direct-charge', serviceCard(id, { card_number: '4000000000000002' }), customer.token);
    expect(res.body).toMatchObject({ success: false, status: 'failed' });
    expect(await state(id)).toMatchObject({ payment_status: 'pending', payments: 1 });
    expect((await t.api('GET', `/api/service-bookings/${id}/invoice`, undefined, customer.token)).status).toBe(404);
    expect((await t.api('POST', '/api/payment/validate-user-for-payment', { service_booking_id: id }, customer.token)).body.can_pay).toBe(
      true,
    );
  });
});

describe('refusals change nothing', () => {
  const attempts = (id: string) =>
    [
      ['POST', '/api/payment/direct-charge', serviceCard(id)],
      ['POST', `/api/payment/initiate?service_booking_id=${id}`, undefined],
    ] as const;

  async function refusedEverywhere(id: string, who: MadeUser, status: number, message: string) {
    const before = await state(id);
    for (const [method, path, body] of attempts(id)) {
      const res = await t.api(method, path, body, who.token);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.detail).toBe(message);
    }
    expect(await state(id)).toEqual(before);
  }

  it('another customer: 404 (they cannot tell it exists); an admin: 403, only its customer pays', async () => {
    const id = await confirmed();
    await refusedEverywhere(id, other, 404, 'Service booking not found');
    await refusedEverywhere(id, admin, 403, 'Only the customer who booked this service can pay for it');
    const v = await t.api('POST', '/api/payment/validate-user-for-payment', { service_booking_id: id }, admin.token);
    expect(v.status).toBe(403);
  });

  it('not confirmed yet (no price): 400 with what to wait for', async () => {
    const id = await book(t, customer);
    const v = await t.api('POST', '/api/payment/validate-user-for-payment', { service_booking_id: id }, customer.token);
    expect(v.body).toMatchObject({ can_pay: false, reason: 'not_confirmed', amount: 0 });
    await refusedEverywhere(id, customer, 400, 'This service booking can be paid once we confirm it with a price');
  });

  it('cancelled: 400', async () => {
    const id = await confirmed();
    const c = await t.api('PUT', `/api/service-bookings/${id}`, { status: 'cancelled', reason: 'Client changed plans' }, admin.token);
    expect(c.status).toBe(200);
    await refusedEverywhere(id, customer, 400, 'This service booking was cancelled and can no longer be paid');
  });

  it('already paid: 409, and no second payment or invoice', async () => {
    const id = await confirmed();
    expect((await t.api('POST', '/api/payment/direct-charge', serviceCard(id), customer.token)).body.success).toBe(true);
    await refusedEverywhere(id, customer, 409, 'This service booking is already paid');
  });

  it('an unverified email: 403 before anything is written', async () => {
    const unverified = await createUser(t.app, { verified: false });
    const id = await confirmed(unverified);
    await refusedEverywhere(id, unverified, 403, 'Email verification required for payments');
  });

  it('both a booking and a service booking, or a malformed id: 400 / 404', async () => {
    const id = await confirmed();
    const both = await t.api('POST', '/api/payment/direct-charge', { ...serviceCard(id), booking_id: id }, customer.token);
    expect(both.status).toBe(400);
    expect(both.body.detail).toBe('Please choose one booking or one service booking to pay');
    const bad = await t.api('POST', '/api/payment/validate-user-for-payment', { service_booking_id: 'nope' }, customer.token);
    expect(bad.status).toBe(404);
    expect(await state(id)).toMatchObject({ payment_status: 'pending', payments: 0 });
  });

  it('visitors: 401', async () => {
    const id = await confirmed();
    expect((await t.api('POST', '/api/payment/validate-user-for-payment', { service_booking_id: id })).status).toBe(401);
    expect((await t.api('POST', '/api/payment/direct-charge', serviceCard(id))).status).toBe(401);
  });
});

describe('GraphQL parity', () => {
  it('paymentEligibility, chargeCard, initiatePayment, confirmPayment and serviceBookingInvoice take a service booking', async () => {
    const id = await confirmed(customer, '1000');
    const e = await t.gql(
      `query($id: String!) { paymentEligibility(serviceBookingId: $id) { canPay bookingId serviceBookingId subtotal vat amount resourceTitle } }`,
      { id },
      customer.token,
    );
    expect(e.data.paymentEligibility).toEqual({
      canPay: true,
      bookingId: null,
      serviceBookingId: id,
      subtotal: 1000,
      vat: 150,
      amount: 1150,
      resourceTitle: 'Strategic Consulting',
    });
    const refused = await t.gql(`mutation($id: String!) { initiatePayment(serviceBookingId: $id) { success } }`, { id }, other.token);
    expect(refused.errors?.[0]).toMatchObject({ message: 'Service booking not found', extensions: { code: 'NOT_FOUND' } });

    const init = await t.gql(
      `mutation($id: String!) { initiatePayment(serviceBookingId: $id) { success paymentUrl } }`,
      { id },
      customer.token,
    );
    expect(init.data.initiatePayment.success).toBe(true);
    const invoiceId = new URL(init.data.initiatePayment.paymentUrl).pathname.split('/').pop();
    const act = await t.api('POST', `/api/payment/sandbox/pay/${invoiceId}/succeed`, undefined, customer.token);
    const paymentId = new URL(act.body.redirect_url).searchParams.get('paymentId');
    const c = await t.gql(
      `mutation($id: String!, $p: String!) { confirmPayment(serviceBookingId: $id, paymentId: $p) {
        success status booking { id } serviceBooking { id paymentStatus totalWithVat } } }`,
      { id, p: paymentId },
      customer.token,
    );
    expect(c.data.confirmPayment).toEqual({
      success: true,
      status: 'paid',
      booking: null,
      serviceBooking: { id, paymentStatus: 'paid', totalWithVat: 1150 },
    });
    const inv = await t.gql(
      `query($id: String!) { serviceBookingInvoice(serviceBookingId: $id) { serviceBookingId total vat lines { description quantity } } }`,
      { id },
      customer.token,
    );
    expect(inv.data.serviceBookingInvoice).toEqual({
      serviceBookingId: id,
      total: 1150,
      vat: 150,
      lines: [{ description: 'Strategic Consulting', quantity: 1 }],
    });

    const again = await t.gql(
      `mutation($i: CardChargeInput!) { chargeCard(input: $i) { success } }`,
      {
        i: {
          serviceBookingId: id,
          cardHolderName: 'Noura',
          cardNumber: TEST_VISA,
          expiryMonth: '12',
          expiryYear: '39',
          cvv: '123',
        },
      },
      customer.token,
    );
    expect(again.errors?.[0]).toMatchObject({ message: 'This service booking is already paid', extensions: { code: 'CONFLICT' } });
  });

  it('chargeCard pays a service booking by card', async () => {
    const id = await confirmed(customer, '100');
    const r = await t.gql(
      `mutation($i: CardChargeInput!) { chargeCard(input: $i) { success status bookingId serviceBookingId } }`,
      { i: { serviceBookingId: id, cardHolderName: 'Noura', cardNumber: TEST_VISA, expiryMonth: '12', expiryYear: '39', cvv: '123' } },
      customer.token,
    );
    expect(r.data.chargeCard).toEqual({ success: true, status: 'paid', bookingId: null, serviceBookingId: id });
    expect(await state(id)).toMatchObject({ payment_status: 'paid', payment_method: 'card', payments: 1 });
  });
});

describe('through MyFatoorah: the webhook settles it, and a payment after cancellation is owed back', () => {
  let fake: FakeMyFatoorah;
  let mf: TestApp;
  let a: MadeUser;

  beforeAll(async () => {
    ({ fake, t: mf } = await myFatoorahApp('live-looking-key-svc', WEBHOOK_SECRET));
    a = await createUser(mf.app, { role: 'admin' });
    await saveMyFatoorahKey(mf, a, 'live-looking-key-svc');
  });
  afterAll(async () => {
    await mf?.close();
    await fake?.close();
  });

  it('a signed webhook marks it paid with an invoice, once', async () => {
    const u = await createUser(mf.app);
    const id = await confirmed(u, '500', mf, a);
    const init = await mf.api('POST', `/api/payment/initiate?service_booking_id=${id}`, undefined, u.token);
    expect(init.body.success).toBe(true);
    const invoiceId = Number(init.body.payment_url.split('/').pop());
    fake.payBehindTheScenes(invoiceId, { gateway: 'VISA/MASTER', number: '4508750015741019' });
    const hook = mf.url + '/api/payment/webhook';
    const replies = await Promise.all([1, 2].map(() => fake.sendWebhook(hook, invoiceId, WEBHOOK_SECRET)));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const b = (await mf.api('GET', `/api/service-bookings/${id}`, undefined, u.token)).body;
    expect(b).toMatchObject({ payment_status: 'paid', payment_method: 'gateway' });
    const inv = (await mf.api('GET', `/api/service-bookings/${id}/invoice`, undefined, u.token)).body;
    expect(inv).toMatchObject({ total: 575, vat: 75 });
    const rows = await sql(mf, `select status from payments where service_booking_id = ?`, [id]);
    expect(rows).toEqual([{ status: 'paid' }]);
  });

  it('paid, then cancelled by an admin: refunded in full at the gateway with a credit note, once', async () => {
    const u = await createUser(mf.app);
    const id = await confirmed(u, '500', mf, a);
    const init = await mf.api('POST', `/api/payment/initiate?service_booking_id=${id}`, undefined, u.token);
    const invoiceId = Number(init.body.payment_url.split('/').pop());
    fake.payBehindTheScenes(invoiceId, { gateway: 'VISA/MASTER', number: '4508750015741019' });
    expect((await fake.sendWebhook(mf.url + '/api/payment/webhook', invoiceId, WEBHOOK_SECRET)).status).toBe(200);
    const before = fake.requests.filter((r) => r.path === '/v2/MakeRefund').length;
    const cancel = () => mf.api('PUT', `/api/service-bookings/${id}`, { status: 'cancelled', reason: 'Advisor unavailable' }, a.token);
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409); // cancelled once: nothing refunded twice
    const refunds = await sql(
      mf,
      `select amount_halalas::int as amount, reason, policy, credit_note_number is not null as credited from refunds where service_booking_id = ?`,
      [id],
    );
    expect(refunds).toEqual([{ amount: 57_500, reason: 'admin_cancelled', policy: null, credited: true }]);
    // Asked of the gateway once: the whole 575 SAR back.
    const refundsAsked = () => fake.requests.filter((r) => r.path === '/v2/MakeRefund').slice(before);
    await expect.poll(() => refundsAsked().length).toBe(1);
    expect(Number(refundsAsked()[0].body.Amount)).toBe(575);
  });

  it('paid at the gateway after an admin cancelled it: refund_due, no invoice, the booking stays cancelled and unpaid', async () => {
    const u = await createUser(mf.app);
    const id = await confirmed(u, '500', mf, a);
    const init = await mf.api('POST', `/api/payment/initiate?service_booking_id=${id}`, undefined, u.token);
    const invoiceId = Number(init.body.payment_url.split('/').pop());
    const cancel = await mf.api('PUT', `/api/service-bookings/${id}`, { status: 'cancelled', reason: 'Advisor unavailable' }, a.token);
    expect(cancel.status).toBe(200);
    fake.payBehindTheScenes(invoiceId, { gateway: 'VISA/MASTER', number: '4508750015741019' });
    expect((await fake.sendWebhook(mf.url + '/api/payment/webhook', invoiceId, WEBHOOK_SECRET)).status).toBe(200);
    const [p] = await sql(mf, `select status, invoice_number from payments where service_booking_id = ?`, [id]);
    expect(p).toEqual({ status: 'refund_due', invoice_number: null });
    const b = (await mf.api('GET', `/api/service-bookings/${id}`, undefined, u.token)).body;
    expect(b).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
    const owed = (await mf.api('GET', '/api/admin/payments/refunds', undefined, a.token)).body;
    expect(owed.find((r: { service_booking_id: string }) => r.service_booking_id === id)).toMatchObject({
      status: 'refund_due',
      booking_id: null,
    });
  });
});
