import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createBooking, createUser, FORKLIFT, payBooking, type MadeUser } from '../support/factories.js';
import { startFakeMyFatoorah } from '../support/fake-myfatoorah.js';

/**
 * Held shares paid out (issue #24): a host booked before its payout profile was approved has its share held; once its
 * supplier is approved an admin sees the held balance in the finance console and pays it out with MyFatoorah's
 * TransferBalance (push), once, audited; the host's earnings show the transfer and nothing held any more.
 * Default commission 10 %: each 460 SAR booking leaves the host 407.10.
 */
const WEBHOOK_SECRET = 'mf-held-payouts-secret';
const H = 3_600_000;
const D = 24 * H;

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeMyFatoorah>>;
let admin: MadeUser;
let host: MadeUser;
let user: MadeUser;
let startsIn = 3 * D;
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const pay = (body: unknown, token = admin.token, hostId = host.user.id) => t.api('POST', `/api/admin/payouts/held/${hostId}`, body, token);
const heldOf = async (id: string) =>
  ((await t.api('GET', '/api/admin/payouts/held', undefined, admin.token)).body.items as any[]).find((i) => i.host_id === id);
const transfers = () => fake.requests.filter((r) => r.path === '/v2/TransferBalance');

async function paid(owner: MadeUser, policy = 'flexible') {
  const resourceId = await activeListing(t, { owner, admin }, { ...FORKLIFT, cancellation_policy: policy });
  const start = new Date(Date.now() + (startsIn += 3 * D));
  const b = await createBooking(t, user, resourceId, start, new Date(start.getTime() + 2 * D - H));
  await payBooking(t, user, b.id);
  return b.id;
}

beforeAll(async () => {
  fake = await startFakeMyFatoorah({ apiKey: 'held-payouts-key-1234' });
  // A short gateway time-out, for the unanswered transfer below.
  t = await createTestApp({ MYFATOORAH_BASE_URL: fake.url, MYFATOORAH_WEBHOOK_SECRET: WEBHOOK_SECRET, MYFATOORAH_TIMEOUT_MS: '1500' });
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller', email: 'held-host@example.sa' });
  user = await createUser(t.app);
  const saved = await t.api(
    'PUT',
    '/api/admin/settings/myfatoorah',
    { value: { api_key: 'held-payouts-key-1234', test_mode: true } },
    admin.token,
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('held shares paid out', () => {
  it('lists the held balance after refunds, and refuses to pay it before the supplier is approved', async () => {
    await paid(host);
    await paid(host);
    const refunded = await paid(host);
    expect((await t.api('DELETE', `/api/bookings/${refunded}`, undefined, user.token)).status).toBe(200);
    expect(await heldOf(host.user.id)).toMatchObject({
      host_email: 'held-host@example.sa',
      supplier_status: 'none',
      held_halalas: 81_420,
      held: 814.2,
      payable: false,
      in_flight: false,
    });
    const early = await pay({ amount_halalas: 81_420 });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe("This host's payout profile is not approved yet");

    const profile = await t.api(
      'PUT',
      '/api/host/payout-account',
      { legal_name: 'Jazan Cranes Co.', commercial_registration: '5900123456', bank: 'Riyad Bank', iban: 'SA0380000000608010167519' },
      host.token,
    );
    expect(profile.body.supplier_status).toBe('pending');
    expect((await pay({ amount_halalas: 81_420 })).status).toBe(409);
    const code = [...fake.suppliers.keys()][0];
    expect((await fake.sendSupplierWebhook(`${t.url}/api/payment/webhook`, code, 'APPROVED', WEBHOOK_SECRET)).status).toBe(200);
    expect(await heldOf(host.user.id)).toMatchObject({ supplier_code: code, supplier_status: 'approved', payable: true });
    expect(transfers()).toHaveLength(0);
  });

  it('refuses a bad or stale amount and a refused transfer, keeping the balance held', async () => {
    for (const body of [{}, { amount_halalas: 0 }, { amount_halalas: 12.5 }, { amount_halalas: '81420' }]) {
      const res = await pay(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe('The amount must be a whole number of halalas above 0');
    }
    const stale = await pay({ amount_halalas: 40_710 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('The held balance has changed: reload and try again');
    expect((await pay({ amount_halalas: 81_420 }, admin.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await sql(`select id from held_payouts`)).toEqual([]);
    expect(transfers()).toHaveLength(0);

    fake.rejectNext('TransferBalance', [{ Name: 'TransferAmount', Error: 'Your available balance is not enough' }]);
    const refused = await pay({ amount_halalas: 81_420 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('The payment gateway refused the transfer: Your available balance is not enough');
    expect(await sql(`select status, amount_halalas::int as amount from held_payouts`)).toEqual([{ status: 'failed', amount: 81_420 }]);
    expect(await heldOf(host.user.id)).toMatchObject({ held_halalas: 81_420, payable: true });
  });

  it('transfers exactly the held balance once, audited, and the host’s earnings show it with nothing held', async () => {
    const code = [...fake.suppliers.keys()][0];
    const before = transfers().length;
    // Two admins (or a double click) at once: one transfer.
    const [a, b] = await Promise.all([pay({ amount_halalas: 81_420 }), pay({ amount_halalas: 81_420 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const done = a.status === 201 ? a.body : b.body;
    expect(done).toMatchObject({ host_id: host.user.id, amount_halalas: 81_420, amount: 814.2, status: 'transferred' });
    expect(done.gateway_reference).toMatch(/^\d+$/);
    expect(
      transfers()
        .slice(before)
        .map((r) => r.body),
    ).toEqual([{ SupplierCode: code, TransferAmount: 814.2, TransferType: 'push', InternalNotes: `Mawarid held-payout:${done.id}` }]);
    expect(fake.suppliers.get(code)!.transfers).toEqual([expect.objectContaining({ TransferAmount: 814.2, TransferType: 'push' })]);
    // Each attempt is audited before MyFatoorah is asked (the refused one above, then this one).
    const audit = await sql(
      `select actor_id, action, entity_id, "after" from audit_log where action = 'payout.held_transfer' order by created_at`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      actor_id: admin.user.id,
      entity_id: host.user.id,
      after: { held_payout_id: done.id, amount_halalas: 81_420 },
    });

    expect(await heldOf(host.user.id)).toBeUndefined();
    const again = await pay({ amount_halalas: 81_420 });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Nothing is held for this host');

    const e = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(e.body).toMatchObject({ net: 814.2, pending: 0, transferred: 814.2 });
    expect(e.body.payouts).toEqual([expect.objectContaining({ id: done.id, amount: 814.2, status: 'transferred' })]);
    const gql = await t.gql(`{ hostEarnings { pending transferred payouts { amount status gatewayReference } } }`, {}, host.token);
    expect(gql.data.hostEarnings).toEqual({
      pending: 0,
      transferred: 814.2,
      payouts: [{ amount: 814.2, status: 'transferred', gatewayReference: done.gateway_reference }],
    });
  });

  it('offers the same through GraphQL: held balances and paying one out (admins only)', async () => {
    const other = await createUser(t.app, { role: 'host_seller' });
    await paid(other);
    await t.api(
      'PUT',
      '/api/host/payout-account',
      { legal_name: 'Abha Tools Co.', commercial_registration: '5850123456', bank: 'Riyad Bank', iban: 'SA0380000000608010167519' },
      other.token,
    );
    const code = [...fake.suppliers.keys()].at(-1)!;
    expect((await fake.sendSupplierWebhook(`${t.url}/api/payment/webhook`, code, 'APPROVED', WEBHOOK_SECRET)).status).toBe(200);
    const list = await t.gql(`{ adminHeldBalances { hostId heldHalalas payable } }`, {}, admin.token);
    expect(list.data.adminHeldBalances).toEqual([{ hostId: other.user.id, heldHalalas: 40_710, payable: true }]);
    const mutation = `mutation($h: ID!, $a: Int!) { payHeldBalance(hostId: $h, amountHalalas: $a) { amountHalalas status } }`;
    const denied = await t.gql(mutation, { h: other.user.id, a: 40_710 }, other.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await t.gql(mutation, { h: other.user.id, a: 40_710 }, admin.token);
    expect(res.data.payHeldBalance).toEqual({ amountHalalas: 40_710, status: 'transferred' });
    expect((await t.gql(`{ adminHeldBalances { hostId } }`, {}, admin.token)).data.adminHeldBalances).toEqual([]);
  });

  it('keeps an unanswered transfer in flight (it may have happened): no second payout until someone checks', async () => {
    const third = await createUser(t.app, { role: 'host_seller' });
    await paid(third);
    await t.api(
      'PUT',
      '/api/host/payout-account',
      { legal_name: 'Hail Scaffolding Co.', commercial_registration: '3350123456', bank: 'Riyad Bank', iban: 'SA0380000000608010167519' },
      third.token,
    );
    const code = [...fake.suppliers.keys()].at(-1)!;
    expect((await fake.sendSupplierWebhook(`${t.url}/api/payment/webhook`, code, 'APPROVED', WEBHOOK_SECRET)).status).toBe(200);
    fake.slow('TransferBalance', 3000);
    const res = await pay({ amount_halalas: 40_710 }, admin.token, third.user.id);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(
      'The payment gateway did not confirm the transfer: check it in the MyFatoorah portal before paying this host again',
    );
    expect(await sql(`select status from held_payouts where host_id = ?`, [third.user.id])).toEqual([{ status: 'requested' }]);
    expect(await heldOf(third.user.id)).toMatchObject({ held_halalas: 0, in_flight: true, payable: false });
    const again = await pay({ amount_halalas: 40_710 }, admin.token, third.user.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("A payout of this host's held balance is already in progress");
    // It did happen at MyFatoorah (the answer came too late): one transfer, never two.
    await new Promise((r) => setTimeout(r, 2000));
    expect(fake.suppliers.get(code)!.transfers).toHaveLength(1);
    const e = await t.api('GET', '/api/host/earnings', undefined, third.token);
    expect(e.body).toMatchObject({ pending: 0, transferred: 0 });
    expect(e.body.payouts).toEqual([expect.objectContaining({ status: 'requested', amount: 407.1 })]);
  });
});
