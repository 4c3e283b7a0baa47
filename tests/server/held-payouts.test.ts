import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import {
  approvedSupplier,
  createUser,
  FORKLIFT,
  myFatoorahApp,
  paidBooking,
  payoutProfileBody,
  saveMyFatoorahKey,
  twoDaysFrom,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';

/**
 * Held shares paid out (issue #24): a host booked before its payout profile was approved has its share held; once its
 * supplier is approved an admin sees the held balance in the finance console and pays it out with MyFatoorah's
 * TransferBalance (push), once, audited; the host's earnings show the transfer and nothing held any more.
 * Default commission 10 % of the price before VAT: each 460 SAR booking (400 + 60 VAT) of a host that is not VAT-registered
 * (Mawarid the deemed supplier, keeping the 60 VAT) leaves the host 400 − 40 = 360.00.
 */
const WEBHOOK_SECRET = 'mf-held-payouts-secret';
const H = 3_600_000;
const D = 24 * H;

let t: TestApp;
let fake: FakeMyFatoorah;
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
  const when = twoDaysFrom((startsIn += 3 * D));
  return (await paidBooking(t, { owner, admin, who: user }, when, { ...FORKLIFT, cancellation_policy: policy })).id;
}
/** `owner` saves its payout profile (named `legal_name`, with `cr`) and MyFatoorah approves its supplier. */
const approved = (owner: MadeUser, legal_name: string, commercial_registration: string) =>
  approvedSupplier(t, owner, { legal_name, commercial_registration }, { fake, webhookSecret: WEBHOOK_SECRET });

beforeAll(async () => {
  // A short gateway time-out, for the unanswered transfer below.
  ({ fake, t } = await myFatoorahApp('held-payouts-key-1234', WEBHOOK_SECRET, { MYFATOORAH_TIMEOUT_MS: '1500' }));
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller', email: 'held-host@example.sa' });
  user = await createUser(t.app);
  await saveMyFatoorahKey(t, admin, 'held-payouts-key-1234');
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
      held_halalas: 72_000,
      held: 720,
      payable: false,
      in_flight: false,
    });
    const early = await pay({ amount_halalas: 72_000 });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe("This host's payout profile is not approved yet");

    const profile = await t.api(
      'PUT',
      '/api/host/payout-account',
      payoutProfileBody({ legal_name: 'Jazan Cranes Co.', commercial_registration: '5900123456' }),
      host.token,
    );
    expect(profile.body.supplier_status).toBe('pending');
    expect((await pay({ amount_halalas: 72_000 })).status).toBe(409);
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
    const stale = await pay({ amount_halalas: 36_000 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('The held balance has changed: reload and try again');
    expect((await pay({ amount_halalas: 72_000 }, admin.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await sql(`select id from held_payouts`)).toEqual([]);
    expect(transfers()).toHaveLength(0);

    fake.rejectNext('TransferBalance', [{ Name: 'TransferAmount', Error: 'Your available balance is not enough' }]);
    const refused = await pay({ amount_halalas: 72_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('The payment gateway refused the transfer: Your available balance is not enough');
    expect(await sql(`select status, amount_halalas::int as amount from held_payouts`)).toEqual([{ status: 'failed', amount: 72_000 }]);
    expect(await heldOf(host.user.id)).toMatchObject({ held_halalas: 72_000, payable: true });
  });

  it('transfers exactly the held balance once, audited, and the host’s earnings show it with nothing held', async () => {
    const code = [...fake.suppliers.keys()][0];
    const before = transfers().length;
    // Two admins (or a double click) at once: one transfer.
    const [a, b] = await Promise.all([pay({ amount_halalas: 72_000 }), pay({ amount_halalas: 72_000 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const done = a.status === 201 ? a.body : b.body;
    expect(done).toMatchObject({ host_id: host.user.id, amount_halalas: 72_000, amount: 720, status: 'transferred' });
    expect(done.gateway_reference).toMatch(/^\d+$/);
    expect(
      transfers()
        .slice(before)
        .map((r) => r.body),
    ).toEqual([{ SupplierCode: code, TransferAmount: 720, TransferType: 'push', InternalNotes: `Mawarid held-payout:${done.id}` }]);
    expect(fake.suppliers.get(code)!.transfers).toEqual([expect.objectContaining({ TransferAmount: 720, TransferType: 'push' })]);
    // Each attempt is audited before MyFatoorah is asked (the refused one above, then this one).
    const audit = await sql(
      `select actor_id, action, entity_id, "after" from audit_log where action = 'payout.held_transfer' order by created_at`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      actor_id: admin.user.id,
      entity_id: host.user.id,
      after: { held_payout_id: done.id, amount_halalas: 72_000 },
    });

    expect(await heldOf(host.user.id)).toBeUndefined();
    const again = await pay({ amount_halalas: 72_000 });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Nothing is held for this host');

    const e = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(e.body).toMatchObject({ net: 720, pending: 0, transferred: 720 });
    expect(e.body.payouts).toEqual([expect.objectContaining({ id: done.id, amount: 720, status: 'transferred' })]);
    const gql = await t.gql(`{ hostEarnings { pending transferred payouts { amount status gatewayReference } } }`, {}, host.token);
    expect(gql.data.hostEarnings).toEqual({
      pending: 0,
      transferred: 720,
      payouts: [{ amount: 720, status: 'transferred', gatewayReference: done.gateway_reference }],
    });
  });

  it('offers the same through GraphQL: held balances and paying one out (admins only)', async () => {
    const other = await createUser(t.app, { role: 'host_seller' });
    await paid(other);
    await approved(other, 'Abha Tools Co.', '5850123456');
    const list = await t.gql(`{ adminHeldBalances { hostId heldHalalas payable } }`, {}, admin.token);
    expect(list.data.adminHeldBalances).toEqual([{ hostId: other.user.id, heldHalalas: 36_000, payable: true }]);
    const mutation = `mutation($h: ID!, $a: Int!) { payHeldBalance(hostId: $h, amountHalalas: $a) { amountHalalas status } }`;
    const denied = await t.gql(mutation, { h: other.user.id, a: 36_000 }, other.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await t.gql(mutation, { h: other.user.id, a: 36_000 }, admin.token);
    expect(res.data.payHeldBalance).toEqual({ amountHalalas: 36_000, status: 'transferred' });
    expect((await t.gql(`{ adminHeldBalances { hostId } }`, {}, admin.token)).data.adminHeldBalances).toEqual([]);
  });

  it('keeps an unanswered transfer in flight (it may have happened): no second payout until someone checks', async () => {
    const third = await createUser(t.app, { role: 'host_seller' });
    await paid(third);
    const code = (await approved(third, 'Hail Scaffolding Co.', '3350123456'))!;
    fake.slow('TransferBalance', 3000);
    const res = await pay({ amount_halalas: 36_000 }, admin.token, third.user.id);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(
      'The payment gateway did not confirm the transfer: check it in the MyFatoorah portal before paying this host again',
    );
    expect(await sql(`select status from held_payouts where host_id = ?`, [third.user.id])).toEqual([{ status: 'requested' }]);
    expect(await heldOf(third.user.id)).toMatchObject({ held_halalas: 0, in_flight: true, payable: false });
    const again = await pay({ amount_halalas: 36_000 }, admin.token, third.user.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("A payout of this host's held balance is already in progress");
    // It did happen at MyFatoorah (the answer came too late): one transfer, never two.
    await new Promise((r) => setTimeout(r, 2000));
    expect(fake.suppliers.get(code)!.transfers).toHaveLength(1);
    const e = await t.api('GET', '/api/host/earnings', undefined, third.token);
    expect(e.body).toMatchObject({ pending: 0, transferred: 0 });
    expect(e.body.payouts).toEqual([expect.objectContaining({ status: 'requested', amount: 360 })]);
  });

  it('lets an admin resolve an unanswered transfer that did happen as transferred (GraphQL), the balance staying paid', async () => {
    const [row] = await sql(`select p.id, p.host_id from held_payouts p where p.status = 'requested'`);
    const resolve = `mutation($id: ID!, $o: String!, $r: String!, $g: String) {
      resolveHeldPayout(id: $id, outcome: $o, reason: $r, gatewayReference: $g) { status gatewayReference } }`;
    // Too early: MyFatoorah may still answer.
    const early = await t.gql(resolve, { id: row.id, o: 'transferred', r: 'Seen in the portal', g: '771234' }, admin.token);
    expect(early.errors?.[0]?.message).toBe(
      'This transfer was sent less than 10 minutes ago: wait for MyFatoorah to answer before resolving it',
    );
    await sql(`update held_payouts set created_at = now() - interval '11 minutes' where id = ?`, [row.id]);
    const list = await t.gql(`{ adminHeldBalances { hostId inFlight resolvable inFlightPayout { id status } } }`, {}, admin.token);
    expect(list.data.adminHeldBalances).toContainEqual({
      hostId: row.host_id,
      inFlight: true,
      resolvable: true,
      inFlightPayout: { id: row.id, status: 'requested' },
    });
    const noRef = await t.gql(resolve, { id: row.id, o: 'transferred', r: 'Seen in the portal' }, admin.token);
    expect(noRef.errors?.[0]?.message).toBe("Enter MyFatoorah's reference of the transfer (its invoice id in the portal)");
    const denied = await t.gql(resolve, { id: row.id, o: 'transferred', r: 'Seen in the portal', g: '771234' }, user.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const ok = await t.gql(resolve, { id: row.id, o: 'transferred', r: 'Seen in the portal', g: '771234' }, admin.token);
    expect(ok.data.resolveHeldPayout).toEqual({ status: 'transferred', gatewayReference: '771234' });
    expect(await heldOf(row.host_id)).toBeUndefined();
    const transfersBefore = transfers().length;
    const again = await t.gql(resolve, { id: row.id, o: 'not_sent', r: 'Changed my mind' }, admin.token);
    expect(again.errors?.[0]?.message).toBe('Only a transfer still in progress can be resolved');
    expect(transfers()).toHaveLength(transfersBefore);
  });

  it('lets an admin mark a lost transfer as not sent, once, audited with the reason: the balance can then be paid once', async () => {
    const fourth = await createUser(t.app, { role: 'host_seller' });
    await paid(fourth);
    const code = (await approved(fourth, 'Tabuk Lifts Co.', '3550123456'))!;
    fake.loseNext('TransferBalance');
    const lost = await pay({ amount_halalas: 36_000 }, admin.token, fourth.user.id);
    expect(lost.status).toBe(503);
    const [row] = await sql(`select id, status from held_payouts where host_id = ?`, [fourth.user.id]);
    expect(row.status).toBe('requested');
    const resolve = (body: unknown, token = admin.token, id = row.id) =>
      t.api('POST', `/api/admin/payouts/held-transfers/${id}/resolve`, body, token);

    const early = await resolve({ outcome: 'not_sent', reason: 'No such transfer in the portal' });
    expect(early.status).toBe(409);
    await sql(`update held_payouts set created_at = now() - interval '11 minutes' where id = ?`, [row.id]);
    for (const [body, detail] of [
      [{}, 'Choose whether the transfer was not sent or was transferred'],
      [{ outcome: 'lost', reason: 'x' }, 'Choose whether the transfer was not sent or was transferred'],
      [{ outcome: 'not_sent' }, 'Please give the reason (what the MyFatoorah portal shows), at most 500 characters'],
      [
        { outcome: 'not_sent', reason: 'x'.repeat(501) },
        'Please give the reason (what the MyFatoorah portal shows), at most 500 characters',
      ],
    ] as const) {
      const res = await resolve(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect(
      (await resolve({ outcome: 'not_sent', reason: 'No such transfer' }, admin.token, '00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await resolve({ outcome: 'not_sent', reason: 'No such transfer' }, fourth.token)).status).toBe(403);
    expect(await sql(`select status from held_payouts where id = ?`, [row.id])).toEqual([{ status: 'requested' }]);

    // Two admins at once: resolved once.
    const [a, b] = await Promise.all([
      resolve({ outcome: 'not_sent', reason: 'No transfer with this note in the portal' }),
      resolve({ outcome: 'not_sent', reason: 'No transfer with this note in the portal' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 200 ? a : b).body).toMatchObject({
      id: row.id,
      status: 'failed',
      error: 'Marked as not sent by an admin: No transfer with this note in the portal',
    });
    const audit = await sql(
      `select actor_id, entity_id, "before", "after" from audit_log where action = 'payout.held_resolve' and entity_id = ?`,
      [fourth.user.id],
    );
    expect(audit).toEqual([
      {
        actor_id: admin.user.id,
        entity_id: fourth.user.id,
        before: expect.objectContaining({ held_payout_id: row.id, status: 'requested', amount_halalas: 36_000 }),
        after: expect.objectContaining({ status: 'failed', outcome: 'not_sent', reason: 'No transfer with this note in the portal' }),
      },
    ]);
    expect(await heldOf(fourth.user.id)).toMatchObject({ held_halalas: 36_000, payable: true, in_flight: false, in_flight_payout: null });
    expect(fake.suppliers.get(code)!.transfers).toHaveLength(0);
    const paidNow = await pay({ amount_halalas: 36_000 }, admin.token, fourth.user.id);
    expect(paidNow.status).toBe(201);
    expect(fake.suppliers.get(code)!.transfers).toHaveLength(1);
    expect((await pay({ amount_halalas: 36_000 }, admin.token, fourth.user.id)).status).toBe(409);
  });

  it('shows finance every held transfer: a row of the payouts export each, and on the held payments’ timelines', async () => {
    const res = await fetch(`${t.url}/api/admin/exports/payouts.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    const lines = new TextDecoder()
      .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
      .trimEnd()
      .split('\r\n');
    expect(lines[0].split(',').slice(-4)).toEqual(['host_share_sar', 'held_transfer_id', 'held_transfer_status', 'gateway_reference']);
    const made = await sql<{ id: string; status: string; amount: number; ref: string | null }>(
      `select id, status, amount_halalas::int as amount, gateway_reference as ref from held_payouts order by created_at`,
    );
    const rows = lines.filter((l) => l.includes(',held_transfer,'));
    // The refused transfer and the one marked as not sent moved nothing: left out; the others are each one row.
    const moved = made.filter((m) => m.status !== 'failed');
    expect(made).toHaveLength(moved.length + 2);
    expect(rows).toHaveLength(moved.length);
    for (const m of moved) {
      const row = rows.find((l) => l.includes(m.id))!;
      expect(row, m.id).toMatch(
        new RegExp(`^,[^,]+,,[^,]*,[^,]*,,\\d+,held_transfer,,,,,,${(m.amount / 100).toFixed(2)},${m.id},${m.status},${m.ref ?? ''}$`),
      );
    }
    // The first host's held payments left with its transfer of 720.00.
    const [p] = await sql<{ payment_id: string }>(
      `select s.payment_id from payment_splits s join payments p on p.id = s.payment_id where s.host_id = ? and p.status = 'paid' limit 1`,
      [host.user.id],
    );
    const detail = await t.api('GET', `/api/admin/payments/${p.payment_id}`, undefined, admin.token);
    const kinds = (detail.body.timeline as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds.indexOf('held.transferred')).toBeGreaterThan(kinds.indexOf('split.held'));
    const event = detail.body.timeline.find((e: any) => e.kind === 'held.transferred');
    expect(event).toMatchObject({ amount_halalas: 72_000, detail: expect.stringMatching(/^supplier \d+ · transfer \d+$/) });
  });

  it('carries a held share refunded after its transfer as owed by the host, and collects it once (TransferBalance pull)', async () => {
    // The first host's two remaining held bookings were paid out (7200); its customer now cancels one (flexible: all back).
    const [b] = await sql<{ id: string }>(
      `select b.id from bookings b join resources r on r.id = b.resource_id
        where r.owner_id = ? and b.status = 'confirmed' and b.payment_status = 'paid' order by b.created_at limit 1`,
      [host.user.id],
    );
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, user.token)).status).toBe(200);
    expect(await heldOf(host.user.id)).toMatchObject({ held_halalas: -36_000, owed_halalas: 36_000, owed: 360, payable: true });
    const e = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(e.body).toMatchObject({ pending: 0, owed: 360, transferred: 720 });
    const gql = await t.gql(`{ adminHeldBalances { hostId heldHalalas owedHalalas owed } }`, {}, admin.token);
    expect(gql.data.adminHeldBalances).toContainEqual({ hostId: host.user.id, heldHalalas: -36_000, owedHalalas: 36_000, owed: 360 });
    // A host that owes cannot leave with the money: its account stays until the debt is settled.
    const leave = await t.api('DELETE', '/api/account', { password: host.password }, host.token);
    expect(leave.status).toBe(409);
    expect(leave.body.detail).toBe(
      'Your account cannot be deleted while you owe the platform money (a refund of a share already paid out to you). It is collected from your next shares or your MyFatoorah balance; contact support to settle it.',
    );
    expect((await t.api('GET', '/api/host/earnings', undefined, host.token)).status).toBe(200);

    const code = [...fake.suppliers.keys()][0];
    const before = transfers().length;
    expect((await pay({ amount_halalas: 72_000 })).status).toBe(409);
    const [x, y] = await Promise.all([pay({ amount_halalas: 36_000 }), pay({ amount_halalas: 36_000 })]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    const done = x.status === 201 ? x.body : y.body;
    expect(done).toMatchObject({ amount_halalas: 36_000, status: 'transferred', transfer_type: 'pull' });
    expect(
      transfers()
        .slice(before)
        .map((r) => r.body),
    ).toEqual([{ SupplierCode: code, TransferAmount: 360, TransferType: 'pull', InternalNotes: `Mawarid held-payout:${done.id}` }]);
    expect(await heldOf(host.user.id)).toBeUndefined();
    const after = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(after.body).toMatchObject({ pending: 0, owed: 0, transferred: 720 });
    expect(after.body.payouts[0]).toMatchObject({ id: done.id, transfer_type: 'pull', amount: 360 });
    const res = await fetch(`${t.url}/api/admin/exports/payouts.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    const csv = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));
    expect(csv).toMatch(new RegExp(`,held_collection,,,,,,-360\\.00,${done.id},transferred,\\d+\r\n`));
  });
});
