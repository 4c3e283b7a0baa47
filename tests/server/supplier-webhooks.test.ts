import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../support/test-app.js';
import {
  createUser,
  myFatoorahApp,
  payoutProfileBody,
  saveMyFatoorahKey,
  type FakeMyFatoorah,
  type MadeUser,
} from '../support/factories.js';

/**
 * Supplier events as MyFatoorah signs them. Each signature here is computed by the documented recipe
 * (docs.myfatoorah.com/docs/webhook-signature: `Path=value` pairs joined by commas, Base64 HMAC-SHA256 with the
 * secret), over the fields MyFatoorah's PHP library lists for the event code (MyFatoorahWebhook::getV2DataModel),
 * written out literally: nothing of our own verifier is used.
 */
const SECRET = 'mf-webhook-secret-suppliers';
const sign = (text: string, secret = SECRET) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(text, 'utf8').digest('base64');

let t: TestApp;
let fake: FakeMyFatoorah;
let admin: MadeUser;
let host: MadeUser;
let code: number;

async function post(code_: number, name: string, data: Record<string, unknown>, signature: string | null) {
  const res = await fetch(`${t.url}/api/payment/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'myfatoorah-signature': signature } : {}) },
    body: JSON.stringify({
      Event: { Code: code_, Name: name, CountryIsoCode: 'SAU', CreationDate: new Date().toISOString(), Reference: `WH-${Math.random()}` },
      Data: data,
    }),
  });
  return res.status;
}

const kyc = (status: string, comments = '') => ({
  Supplier: { Code: code, Name: 'Dammam Equipment Rental Co.', Mobile: '0551234567', Email: 'host-suppliers@example.sa' },
  KycDecision: { Status: status, Comments: comments, RejectionReason: [] },
  BusinessCategory: null,
});
const updateRequest = (status: string, comments = '') => ({
  Supplier: {
    Code: code,
    Name: 'Dammam Equipment Rental Co.',
    Mobile: '0551234567',
    Email: 'host-suppliers@example.sa',
    Status: 'APPROVED',
  },
  RequestStatus: { Status: status, Comments: comments, Reference: '2026-11-29T08:00:00Z' },
});
const profileNow = async () => (await t.api('GET', '/api/host/payout-account', undefined, host.token)).body;

beforeAll(async () => {
  ({ fake, t } = await myFatoorahApp('suppliers-live-key-1234', SECRET));
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller', email: 'host-suppliers@example.sa' });
  await saveMyFatoorahKey(t, admin, 'suppliers-live-key-1234');
  const res = await t.api('PUT', '/api/host/payout-account', payoutProfileBody(), host.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  code = [...fake.suppliers.keys()].at(-1)!;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('SUPPLIER_STATUS_CHANGED (code 4)', () => {
  it('is verified over Supplier.Code and KycDecision.Status only, in that order', async () => {
    const data = kyc('APPROVED');
    // Our old reading (all the supplier's fields) and the reverse order are not MyFatoorah's signature.
    const wide = `Supplier.Code=${code},Supplier.Name=Dammam Equipment Rental Co.,Supplier.Mobile=0551234567,Supplier.Email=host-suppliers@example.sa,KycDecision.Status=APPROVED`;
    expect(await post(4, 'SUPPLIER_STATUS_CHANGED', data, sign(wide))).toBe(401);
    expect(await post(4, 'SUPPLIER_STATUS_CHANGED', data, sign(`KycDecision.Status=APPROVED,Supplier.Code=${code}`))).toBe(401);
    expect(await post(4, 'SUPPLIER_STATUS_CHANGED', data, sign(`Supplier.Code=${code},KycDecision.Status=APPROVED`, 'other'))).toBe(401);
    expect((await profileNow()).supplier_status).toBe('pending');

    const documented = sign(`Supplier.Code=${code},KycDecision.Status=APPROVED`);
    expect(await post(4, 'SUPPLIER_STATUS_CHANGED', data, documented)).toBe(200);
    expect(await post(4, 'SUPPLIER_STATUS_CHANGED', data, documented)).toBe(200); // a retry
    expect((await profileNow()).supplier_status).toBe('approved');
    // Data changed after signing (the decision) is refused.
    expect(await post(4, 'SUPPLIER_STATUS_CHANGED', kyc('REJECTED'), documented)).toBe(401);
    expect((await profileNow()).supplier_status).toBe('approved');
  });
});

describe('SUPPLIER_UPDATE_REQUEST_CHANGED (code 7)', () => {
  it('an approved edit of the profile makes it approved again', async () => {
    const edit = await t.api('PUT', '/api/host/payout-account', payoutProfileBody({ bank: 'Al Rajhi Bank' }), host.token);
    expect(edit.body.supplier_status).toBe('pending');
    const data = updateRequest('APPROVED');
    expect(await post(7, 'SUPPLIER_UPDATE_REQUEST_CHANGED', data, sign(`Supplier.Code=${code},RequestStatus.Status=REJECTED`))).toBe(401);
    expect((await profileNow()).supplier_status).toBe('pending');
    expect(await post(7, 'SUPPLIER_UPDATE_REQUEST_CHANGED', data, sign(`Supplier.Code=${code},RequestStatus.Status=APPROVED`))).toBe(200);
    expect(await profileNow()).toMatchObject({ supplier_status: 'approved', supplier_comment: null });
  });

  it('a refused edit is shown with MyFatoorah’s reason, whatever the supplier’s own status says', async () => {
    await t.api('PUT', '/api/host/payout-account', payoutProfileBody({ bank: 'Saudi National Bank' }), host.token);
    const data = updateRequest('REJECTED', 'The bank letter does not match the new IBAN');
    expect(await post(7, 'SUPPLIER_UPDATE_REQUEST_CHANGED', data, sign(`Supplier.Code=${code},RequestStatus.Status=REJECTED`))).toBe(200);
    expect(await profileNow()).toMatchObject({
      supplier_status: 'rejected',
      supplier_comment: 'The bank letter does not match the new IBAN',
    });
    const gql = await t.gql(`{ payoutAccount { supplierStatus supplierComment } }`, {}, host.token);
    expect(gql.data.payoutAccount).toEqual({ supplierStatus: 'rejected', supplierComment: 'The bank letter does not match the new IBAN' });
  });

  it('the fake gateway’s own update event is accepted (it signs independently too)', async () => {
    await t.api('PUT', '/api/host/payout-account', payoutProfileBody({ bank: 'Riyad Bank' }), host.token);
    expect((await fake.sendSupplierUpdateWebhook(`${t.url}/api/payment/webhook`, code, 'APPROVED', SECRET)).status).toBe(200);
    expect((await profileNow()).supplier_status).toBe('approved');
  });
});
