import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  FORKLIFT,
  bookedListing,
  cardBody,
  createUser,
  myFatoorahApp,
  saveMyFatoorahKey,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';

const WEBHOOK_SECRET = 'mf-webhook-secret-payouts';
const MC_OK = '5123450000000008';
/** A valid Saudi IBAN (mod-97 check 03) and the same with one digit changed. */
const IBAN = 'SA0380000000608010167519';
const IBAN_BAD_CHECK = 'SA0380000000608010167518';
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n% commercial register\n').toString('base64')}`;

const profile = (over: Record<string, unknown> = {}) => ({
  legal_name: 'Dammam Equipment Rental Co.',
  commercial_registration: '2050123456',
  vat_number: '300123456700003',
  mobile: '+966 55 123 4567',
  bank: 'Saudi National Bank',
  iban: IBAN,
  ...over,
});

let t: TestApp;
let fake: FakeMyFatoorah;
let admin: MadeUser;
let host: MadeUser;
let otherHost: MadeUser;
let user: MadeUser;
let day = 20;

const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const supplierCalls = (path: string) => fake.requests.filter((r) => r.path === path);

/** A fresh FORKLIFT listing of `owner` (Equipment, 200 SAR/day) booked for 2 days by `user`: 400 + 60 VAT = 460 SAR. */
async function twoDayBooking(owner: MadeUser) {
  const start = new Date(Date.now() + day++ * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  return bookedListing(t, { owner, admin, who: user }, { start, end: new Date(start.getTime() + 2 * 86_400_000) }, FORKLIFT);
}

async function payByCard(bookingId: string) {
  const res = await t.api('POST', '/api/payment/direct-charge', cardBody(bookingId, MC_OK), user.token);
  expect(res.body).toMatchObject({ success: true });
}

const executeFor = (bookingId: string) =>
  fake.requests.find((r) => r.path === '/v2/ExecutePayment' && r.body.UserDefinedField === bookingId);

beforeAll(async () => {
  ({ fake, t } = await myFatoorahApp('payouts-live-key-1234', WEBHOOK_SECRET));
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller', email: 'host-payouts@example.sa' });
  otherHost = await createUser(t.app, { role: 'host_seller' });
  user = await createUser(t.app);
  await saveMyFatoorahKey(t, admin, 'payouts-live-key-1234');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('admin commission settings', () => {
  it('only admins read or change the commission', async () => {
    const body = { commission_percent: 10, commission_fixed: 0, by_category: {} };
    expect((await t.api('PUT', '/api/admin/settings/marketplace', body)).status).toBe(401);
    expect((await t.api('PUT', '/api/admin/settings/marketplace', body, user.token)).status).toBe(403);
    expect((await t.api('PUT', '/api/admin/settings/marketplace', body, host.token)).status).toBe(403);
    expect((await t.api('GET', '/api/admin/settings/marketplace', undefined, host.token)).status).toBe(403);
  });

  it('refuses a bad percentage, fee or category with its message and keeps the saved value', async () => {
    const before = (await t.api('GET', '/api/admin/settings/marketplace', undefined, admin.token)).body;
    for (const [body, message] of [
      [{ commission_percent: 101 }, 'Commission must be a percentage between 0 and 100, with at most two decimals'],
      [{ commission_percent: 10.125 }, 'Commission must be a percentage between 0 and 100, with at most two decimals'],
      [{ commission_percent: '10' }, 'Commission must be a percentage between 0 and 100, with at most two decimals'],
      [
        { commission_percent: 10, commission_fixed: -1 },
        'The fixed fee must be an amount in SAR between 0 and 10000, with at most two decimals',
      ],
      [
        { commission_percent: 10, by_category: { Boats: { commission_percent: 5 } } },
        'Category must be one of: Office Space, Equipment, Human Resources, Vehicles',
      ],
    ] as const) {
      const res = await t.api('PUT', '/api/admin/settings/marketplace', body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    expect((await t.api('GET', '/api/admin/settings/marketplace', undefined, admin.token)).body).toEqual(before);
  });

  it('saves a default and a per-category commission (12.5 % + 5 SAR on Equipment)', async () => {
    const body = {
      commission_percent: 10,
      commission_fixed: 0,
      by_category: { Equipment: { commission_percent: 12.5, commission_fixed: 5 } },
    };
    const res = await t.api('PUT', '/api/admin/settings/marketplace', body, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
    expect((await t.api('GET', '/api/admin/settings/marketplace', undefined, admin.token)).body).toEqual(body);
    const gql = await t.gql(
      `{ marketplaceSettings { commissionPercent byCategory { category commissionPercent commissionFixed } } }`,
      {},
      admin.token,
    );
    expect(gql.data.marketplaceSettings).toEqual({
      commissionPercent: 10,
      byCategory: [{ category: 'Equipment', commissionPercent: 12.5, commissionFixed: 5 }],
    });
  });
});

describe('payout profile', () => {
  it('is for hosts only, each their own', async () => {
    expect((await t.api('GET', '/api/host/payout-account')).status).toBe(401);
    expect((await t.api('PUT', '/api/host/payout-account', profile())).status).toBe(401);
    const res = await t.api('PUT', '/api/host/payout-account', profile(), user.token);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Only hosts can set up payouts');
    expect((await t.api('GET', '/api/host/payout-account', undefined, otherHost.token)).body).toEqual({ supplier_status: 'none' });
  });

  it('refuses an invalid IBAN at the field, a bad checksum included, and writes nothing', async () => {
    for (const [iban, message] of [
      ['GB82WEST12345698765432', 'Please enter a valid Saudi IBAN (SA followed by 22 digits)'],
      ['SA038000000060801016751', 'Please enter a valid Saudi IBAN (SA followed by 22 digits)'],
      [IBAN_BAD_CHECK, 'This IBAN is not valid: please check it for a typing mistake'],
    ]) {
      const res = await t.api('PUT', '/api/host/payout-account', profile({ iban }), host.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: message, field: 'iban' });
    }
    // MyFatoorah reaches the supplier on its mobile: a Saudi mobile is required (no placeholder is sent).
    for (const mobile of [undefined, '', '0112345678', '+44 7700 900123', '05512345', 'call me']) {
      const res = await t.api('PUT', '/api/host/payout-account', profile({ mobile }), host.token);
      expect(res.status, String(mobile)).toBe(400);
      expect(res.body).toMatchObject({
        detail: 'Please enter a Saudi mobile number (for example 05XXXXXXXX or +966 5X XXX XXXX)',
        field: 'mobile',
      });
    }
    const vat = await t.api('PUT', '/api/host/payout-account', profile({ vat_number: '123' }), host.token);
    expect(vat.body).toMatchObject({
      detail: 'VAT registration number must be 15 digits, starting and ending with 3',
      field: 'vat_number',
    });
    const doc = await t.api(
      'PUT',
      '/api/host/payout-account',
      profile({ documents: [{ type: 'other', name: 'x.exe', data_url: 'data:application/octet-stream;base64,TVqQAAMAAAA=' }] }),
      host.token,
    );
    expect(doc.body).toMatchObject({ detail: 'Documents must be PDF, JPEG or PNG files' });
    expect(await sql(`select * from payout_accounts`)).toEqual([]);
    expect(supplierCalls('/v2/CreateSupplier')).toEqual([]);
  });

  it('creates the host as a MyFatoorah supplier with the exact fields, uploads the documents, and answers the IBAN masked', async () => {
    const res = await t.api(
      'PUT',
      '/api/host/payout-account',
      profile({ iban: 'sa03 8000 0000 6080 1016 7519', documents: [{ type: 'commercial_register', name: 'cr.pdf', data_url: PDF }] }),
      host.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      legal_name: 'Dammam Equipment Rental Co.',
      iban: 'SA•• •••• •••• •••• •••• 7519',
      iban_last4: '7519',
      supplier_status: 'pending',
      documents: [{ type: 'commercial_register', name: 'cr.pdf' }],
    });
    expect(res.body.mobile).toBe('+966551234567');
    expect(JSON.stringify(res.body)).not.toContain('608010167519');
    const [create] = supplierCalls('/v2/CreateSupplier');
    expect(create.body).toEqual({
      SupplierName: 'Dammam Equipment Rental Co.',
      Mobile: '0551234567',
      Email: 'host-payouts@example.sa',
      CommissionValue: 0,
      CommissionPercentage: 0,
      DepositTerms: 'Daily',
      BankAccountHolderName: 'Dammam Equipment Rental Co.',
      Iban: IBAN,
      IsActive: true,
      BusinessName: 'Dammam Equipment Rental Co.',
    });
    const code = [...fake.suppliers.keys()][0];
    const [upload] = supplierCalls('/v2/UploadSupplierDocument');
    expect(upload.body).toMatchObject({
      SupplierCode: String(code),
      FileType: '20',
      FileUpload: { FileName: 'cr.pdf', MediaType: 'application/pdf' },
    });
    // At rest: encrypted, never in clear.
    const [row] = await sql(`select * from payout_accounts`);
    expect(JSON.stringify(row)).not.toContain('608010167519');
    expect(row).toMatchObject({ supplier_code: code, supplier_status: 'pending', iban_last4: '7519' });
    const got = await t.api('GET', '/api/host/payout-account', undefined, host.token);
    expect(got.body).toMatchObject({ iban: 'SA•• •••• •••• •••• •••• 7519', supplier_status: 'pending' });
    expect(JSON.stringify(got.body)).not.toContain('608010167519');
    const gql = await t.gql(`{ payoutAccount { iban supplierStatus } }`, {}, host.token);
    expect(gql.data.payoutAccount).toEqual({ iban: 'SA•• •••• •••• •••• •••• 7519', supplierStatus: 'pending' });
    // Another host sees only their own (none).
    expect((await t.api('GET', '/api/host/payout-account', undefined, otherHost.token)).body).toEqual({ supplier_status: 'none' });
  });

  it('edits the same supplier on the next save', async () => {
    const code = [...fake.suppliers.keys()][0];
    const res = await t.api('PUT', '/api/host/payout-account', profile({ bank: 'Al Rajhi Bank', vat_number: null }), host.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bank: 'Al Rajhi Bank', vat_number: null, documents: [{ name: 'cr.pdf' }] });
    expect(supplierCalls('/v2/CreateSupplier')).toHaveLength(1);
    const [edit] = supplierCalls('/v2/EditSupplier');
    expect(edit.body).toMatchObject({ SupplierCode: code, SupplierName: 'Dammam Equipment Rental Co.', Iban: IBAN });
  });

  it('takes a document uploaded ahead as its bytes, on its uploader’s save only, once', async () => {
    const bytes = Buffer.from(PDF.split(',')[1]!, 'base64');
    const send = (body: Uint8Array, token?: string) =>
      fetch(`${t.url}/api/uploads/payout-documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    expect((await send(new Uint8Array(bytes))).status).toBe(401);
    const exe = await send(new Uint8Array(Buffer.from('MZ not a document')), host.token);
    expect(exe.status).toBe(400);
    expect(await exe.json()).toMatchObject({ detail: 'Documents must be PDF, JPEG or PNG files', field: 'documents' });
    const up = await send(new Uint8Array(bytes), host.token);
    expect(up.status).toBe(201);
    const { upload } = (await up.json()) as { upload: string };
    expect(upload).toMatch(/^upload:payouts\/[0-9a-f-]{36}\.pdf$/);
    const doc = { type: 'commercial_register', name: 'cr-2026.pdf', upload };
    const stolen = await t.api('PUT', '/api/host/payout-account', profile({ documents: [doc] }), otherHost.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ detail: 'Documents must be PDF, JPEG or PNG files', field: 'documents' });
    const before = supplierCalls('/v2/UploadSupplierDocument').length;
    const res = await t.api('PUT', '/api/host/payout-account', profile({ documents: [doc] }), host.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.documents.map((d: { name: string }) => d.name)).toEqual(['cr.pdf', 'cr-2026.pdf']);
    const sent = supplierCalls('/v2/UploadSupplierDocument');
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.body).toMatchObject({ FileUpload: { FileName: 'cr-2026.pdf', MediaType: 'application/pdf' } });
    // Taken once: a second save naming it is refused and adds nothing.
    expect((await t.api('PUT', '/api/host/payout-account', profile({ documents: [doc] }), host.token)).status).toBe(400);
    expect((await t.api('GET', '/api/host/payout-account', undefined, host.token)).body.documents).toHaveLength(2);
  });

  it('keeps at most 3 documents, the newest, and refuses names with text-direction controls', async () => {
    const before = (await t.api('GET', '/api/host/payout-account', undefined, host.token)).body.documents.map((d: any) => d.name);
    expect(before).toEqual(['cr.pdf', 'cr-2026.pdf']);
    const [oldest] = await sql(`select documents->0->>'key' as key from payout_accounts where user_id = ?`, [host.user.id]);
    const docs = ['bank-letter.pdf', 'address.pdf'].map((name) => ({ type: 'other', name, data_url: PDF }));
    const res = await t.api('PUT', '/api/host/payout-account', profile({ documents: docs }), host.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.documents.map((d: any) => d.name)).toEqual(['cr-2026.pdf', 'bank-letter.pdf', 'address.pdf']);
    expect(await t.app.deps.stores.files.open(oldest.key)).toBeNull();

    const bidi = 'Names and titles cannot contain text-direction control characters';
    for (const [over, field] of [
      [{ legal_name: 'Dammam \u202EoC latneR' }, 'legal_name'],
      [{ bank: 'Saudi \u2066National\u2069 Bank' }, 'bank'],
      [{ documents: [{ type: 'other', name: 'report\u202Egnp.exe', data_url: PDF }] }, 'documents'],
    ] as const) {
      const refused = await t.api('PUT', '/api/host/payout-account', profile(over), host.token);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(bidi);
      expect(refused.body.field.split('.')[0]).toBe(field);
    }
    expect((await t.api('GET', '/api/host/payout-account', undefined, host.token)).body.documents).toHaveLength(3);
  });

  it('shows MyFatoorah’s approval from its signed webhook, and refuses a bad signature', async () => {
    const code = [...fake.suppliers.keys()][0];
    const hook = `${t.url}/api/payment/webhook`;
    expect((await fake.sendSupplierWebhook(hook, code, 'APPROVED', 'wrong-secret')).status).toBe(401);
    expect((await fake.sendSupplierWebhook(hook, code, 'APPROVED', null)).status).toBe(401);
    expect((await t.api('GET', '/api/host/payout-account', undefined, host.token)).body.supplier_status).toBe('pending');
    expect((await fake.sendSupplierWebhook(hook, code, 'APPROVED', WEBHOOK_SECRET)).status).toBe(200);
    expect((await fake.sendSupplierWebhook(hook, code, 'APPROVED', WEBHOOK_SECRET)).status).toBe(200); // a replay
    expect((await t.api('GET', '/api/host/payout-account', undefined, host.token)).body.supplier_status).toBe('approved');
  });
});

describe('split payments and earnings', () => {
  let approvedBooking: string;

  it('sends the approved host’s exact share in Suppliers[] and records the split at settlement', async () => {
    const code = [...fake.suppliers.keys()][0];
    const b = await twoDayBooking(host);
    approvedBooking = b.id;
    await payByCard(b.id);
    // 460 SAR = 400 + 60 VAT; Equipment: 12.5 % of the 400 before VAT = 50.00 + 5.00 fee = 55.00 commission; VAT 15 %
    // on it = 8.25; the host is VAT-registered (agent), so the customer's 60 VAT stays in its share: 460 − 55 − 8.25 = 396.75.
    expect(executeFor(b.id)?.body.Suppliers).toEqual([{ SupplierCode: code, InvoiceShare: 460, ProposedShare: 396.75 }]);
    const [split] = await sql(
      `select s.gross, s.commission, s.vat_on_commission, s.host_net, s.supplier_code, s.settled_at is not null as settled
         from payment_splits s join payments p on p.id = s.payment_id where p.booking_id = ?`,
      [b.id],
    );
    expect(split).toEqual({ gross: 46000, commission: 5500, vat_on_commission: 825, host_net: 39675, supplier_code: code, settled: true });
  });

  it('books a host without an approved payout profile: no split sent, the share held and reported as pending', async () => {
    const b = await twoDayBooking(otherHost);
    await payByCard(b.id);
    expect(executeFor(b.id)?.body.Suppliers).toBeUndefined();
    const e = await t.api('GET', '/api/host/earnings', undefined, otherHost.token);
    expect(e.status).toBe(200);
    // No VAT number: Mawarid is the deemed supplier, keeps the customer's 60 VAT and charges no VAT on its 55.00.
    expect(e.body).toMatchObject({
      gross: 460,
      commission: 55,
      vat_on_commission: 0,
      platform_vat: 60,
      net: 345,
      pending: 345,
      paid_out: 0,
    });
    expect(e.body.items).toEqual([
      expect.objectContaining({ booking_id: b.id, status: 'held', net: 345, platform_vat: 60, resource_title: 'Forklift 3t' }),
    ]);
  });

  it('answers the approved host’s earnings with paid out from GetSupplierDeposits, over Riyadh dates', async () => {
    const code = [...fake.suppliers.keys()][0];
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const [y, m, d] = today.split('-');
    fake.addDeposit(code, 396.75, `${d}/${m}/${y}`);
    fake.addDeposit(code, 100, '01/01/2020');
    const all = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(all.body).toMatchObject({
      gross: 460,
      commission: 55,
      vat_on_commission: 8.25,
      platform_vat: 0,
      net: 396.75,
      pending: 0,
      paid_out: 496.75,
    });
    const range = await t.api('GET', `/api/host/earnings?from=${today}&to=${today}`, undefined, host.token);
    expect(range.body).toMatchObject({ from: today, to: today, gross: 460, net: 396.75, paid_out: 396.75 });
    expect(range.body.items).toEqual([expect.objectContaining({ booking_id: approvedBooking, status: 'split', gross: 460 })]);
    expect(supplierCalls('/v2/GetSupplierDeposits').at(-1)?.body).toMatchObject({ SupplierCode: String(code) });
    const none = await t.api('GET', '/api/host/earnings?from=2030-01-01&to=2030-01-31', undefined, host.token);
    expect(none.body).toMatchObject({ gross: 0, net: 0, paid_out: 0, items: [] });
    const gql = await t.gql(`{ hostEarnings { gross net pending paidOut items { status } } }`, {}, host.token);
    expect(gql.data.hostEarnings).toEqual({ gross: 460, net: 396.75, pending: 0, paidOut: 496.75, items: [{ status: 'split' }] });
  });

  it('keeps a settled split when the commission changes later', async () => {
    await t.api('PUT', '/api/admin/settings/marketplace', { commission_percent: 30, by_category: {} }, admin.token);
    const e = await t.api('GET', '/api/host/earnings', undefined, host.token);
    expect(e.body).toMatchObject({ gross: 460, commission: 55, net: 396.75 });
  });

  it('refuses bad earnings dates with a message, and customers', async () => {
    const bad = await t.api('GET', '/api/host/earnings?from=2026-13-40', undefined, host.token);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Dates must be YYYY-MM-DD');
    const order = await t.api('GET', '/api/host/earnings?from=2026-02-01&to=2026-01-01', undefined, host.token);
    expect(order.body.detail).toBe('The start date must not be after the end date');
    expect((await t.api('GET', '/api/host/earnings', undefined, user.token)).status).toBe(403);
    expect((await t.api('GET', '/api/host/earnings')).status).toBe(401);
  });
});

describe('built-in test gateway', () => {
  it('approves a supplier by itself, so the journey works offline', async () => {
    const sandbox = await createTestApp();
    try {
      const h = await createUser(sandbox.app, { role: 'host_seller' });
      const res = await sandbox.api('PUT', '/api/host/payout-account', profile(), h.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.supplier_status).toBe('approved');
    } finally {
      await sandbox.close();
    }
  });
});
