import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  FORKLIFT,
  ZATCA_SELLER,
  companyProfile,
  createUser,
  paidBooking,
  zatcaSellerSettings,
  type MadeUser,
} from '../support/factories.js';
import { startFakeZatca } from '../support/fake-zatca.js';
import { decodeZatcaQr } from '../../server/src/modules/invoices/zatca.js';
import { runZatcaPass, ZatcaService } from '../../server/src/modules/invoices/einvoice.service.js';
import { User } from '../../server/src/modules/users/user.entity.js';
import { FIRST_PIH, invoiceHash } from '../../server/src/integrations/zatca/invoice.js';
import { readQr } from '../../server/src/integrations/zatca/qr.js';
import { pdfEmbeddedFiles, pdfQrMatrices, pdfText, pdfXmp, qrMatrix } from '../support/pdf-text.js';

/** The PDF at `path` as `who` downloads it. */
async function pdfOf(path: string, who: MadeUser): Promise<Buffer> {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The files embedded in the PDF at `path` as `who` downloads it (PDF/A-3 associated files). */
async function embedded(path: string, who: MadeUser) {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(200);
  const pdf = Buffer.from(await res.arrayBuffer());
  expect(pdfXmp(pdf)).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
  return pdfEmbeddedFiles(pdf);
}

/**
 * ZATCA phase 2 against the local Fatoora (tests/support/fake-zatca.ts), which verifies hash, signature,
 * certificate, signed properties and QR of every document it gets, as ZATCA does.
 */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeZatca>>;
let host: MadeUser;
let admin: MadeUser;
let user: MadeUser;
let day = 10;

async function sql<T = any>(q: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().getConnection().execute(q, params);
}
function twoDays() {
  const start = new Date(Date.now() + day++ * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  return { start, end: new Date(start.getTime() + 2 * 86_400_000) };
}
const paid = async (who: MadeUser = user, listing: Record<string, unknown> = FORKLIFT) =>
  (await paidBooking(t, { owner: host, admin, who }, twoDays(), listing)).id;
const service = () => new ZatcaService(t.app.orm.em.fork() as EntityManager, t.app.deps);
const adminUser = () => t.app.orm.em.fork().findOneOrFail(User, { id: admin.user.id });
const paymentOf = async (bookingId: string) =>
  (
    await sql(`select id, invoice_number::text as n, invoice_snapshot from payments where booking_id = ? and status = 'paid'`, [bookingId])
  )[0];
async function documentOf(paymentId: string, type = 'invoice', status?: string) {
  await expect
    .poll(async () => (await sql(`select status from e_invoices where payment_id = ? and type = ?`, [paymentId, type]))[0]?.status, {
      timeout: 15000,
    })
    .toBe(status ?? expect.stringMatching(/./));
  return (await sql(`select * from e_invoices where payment_id = ? and type = ?`, [paymentId, type]))[0];
}

beforeAll(async () => {
  fake = await startFakeZatca();
  t = await createTestApp({ ZATCA_ENV: 'simulation', ZATCA_BASE_URL: fake.url });
  host = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app, { fullName: 'Sara Al-Otaibi' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('ZATCA phase 2', () => {
  it('keeps invoices phase 1 until the platform is onboarded', async () => {
    const b = await paid();
    const p = await paymentOf(b);
    await runZatcaPass(t.app.deps);
    expect(await sql(`select id from e_invoices`)).toEqual([]);
    expect(Object.keys(decodeZatcaQr(p.invoice_snapshot.qr_payload)).map(Number)).toEqual([1, 2, 3, 4, 5]);
    const xml = await t.api('GET', `/api/bookings/${b}/invoice.xml`, undefined, user.token);
    expect(xml.status).toBe(404);
    expect(xml.body.detail).toMatch(/no ZATCA e-invoice/);
    expect((await service().status(await adminUser())).status).toBe('none');
    // No e-invoice: the PDF is PDF/A-3b all the same, with nothing embedded, and prints the phase-1 QR.
    expect(await embedded(`/api/bookings/${b}/invoice.pdf`, user)).toEqual([]);
    expect(pdfQrMatrices(await pdfOf(`/api/bookings/${b}/invoice.pdf`, user))).toEqual([qrMatrix(p.invoice_snapshot.qr_payload)]);
  });

  it('takes the seller from General settings: refuses another name or VAT number, saying where it comes from', async () => {
    const name = { detail: 'The seller’s name must be the platform name in Admin › Settings › General', field: 'seller.name' };
    const vat = {
      detail: 'The seller’s VAT number must be the VAT registration number in Admin › Settings › General',
      field: 'seller.vat_number',
    };
    const onboard = (seller: typeof ZATCA_SELLER) => t.api('POST', '/api/admin/zatca/onboarding', { otp: '123345', seller }, admin.token);
    // General settings still say "Mawarid", without a VAT number.
    expect(await onboard(ZATCA_SELLER)).toMatchObject({ status: 400, body: name });
    expect(await onboard({ ...ZATCA_SELLER, name: 'Mawarid' })).toMatchObject({ status: 400, body: vat });
    await zatcaSellerSettings(t, admin);
    expect(await onboard({ ...ZATCA_SELLER, name: 'Other Co.' })).toMatchObject({ status: 400, body: name });
    expect(await onboard({ ...ZATCA_SELLER, vat_number: '300000000000003' })).toMatchObject({ status: 400, body: vat });
    // Refused before anything was asked of ZATCA or stored.
    expect(fake.requests).toEqual([]);
    expect((await service().status(await adminUser())).status).toBe('none');
  });

  it('refuses a wrong one-time code, and a non-admin', async () => {
    await expect(service().onboard(await adminUser(), { otp: '000000', seller: ZATCA_SELLER })).rejects.toMatchObject({
      message: 'Enter the 6-digit one-time code from the Fatoora portal',
      extensions: { field: 'otp' },
    });
    await expect(
      service().onboard(await adminUser(), { otp: '123345', seller: { ...ZATCA_SELLER, vat_number: '123' } }),
    ).rejects.toMatchObject({
      extensions: { field: 'seller.vat_number' },
    });
    const someone = await t.app.orm.em.fork().findOneOrFail(User, { id: user.user.id });
    await expect(service().onboard(someone, { otp: '123345', seller: ZATCA_SELLER })).rejects.toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await service().status(await adminUser())).status).toBe('failed');
  });

  it('onboards: CSR → compliance CSID → six compliance checks → production CSID, keys encrypted at rest', async () => {
    const res = await t.api('POST', '/api/admin/zatca/onboarding', { otp: '123345', seller: ZATCA_SELLER }, admin.token);
    expect(res.status).toBe(200);
    const status = res.body;
    expect(status).toMatchObject({ environment: 'simulation', status: 'active', error: null });
    expect((await t.api('GET', '/api/admin/zatca', undefined, admin.token)).body).toEqual(status);
    const gql = await t.gql(
      `{ zatcaStatus { environment status error activatedAt certificateExpiresAt documents { status count } } }`,
      {},
      admin.token,
    );
    expect(gql.data?.zatcaStatus).toEqual({
      environment: 'simulation',
      status: 'active',
      error: null,
      activatedAt: status.activated_at,
      certificateExpiresAt: status.certificate_expires_at,
      documents: [],
    });
    const again = await t.gql(
      `mutation { onboardZatca(input: { otp: "123345", seller: { name: "M", vatNumber: "310122393500003", crn: "1010010000", street: "S", building: "1234", district: "D", city: "C", postalCode: "12211", branch: "B", industry: "I" } }) { status } }`,
      {},
      admin.token,
    );
    expect(again.errors?.[0]).toMatchObject({ message: 'ZATCA onboarding is already complete', extensions: { code: 'CONFLICT' } });
    expect(new Date(status.certificate_expires_at!).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    const checks = fake.requests.filter((r) => r.path === '/compliance/invoices');
    expect(checks).toHaveLength(6);
    const [row] = await sql(`select * from zatca_onboarding`);
    expect(row.compliance_results.map((r: any) => r.http_status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const secret of [row.private_key, row.compliance_csid, row.production_csid]) {
      expect(secret).toMatch(/^v1\./);
      expect(secret).not.toMatch(/PRIVATE KEY|binarySecurityToken/);
    }
    expect(fake.requests.filter((r) => r.path === '/production/csids')).toHaveLength(1);
  });

  it('reports a simplified invoice for a buyer without a VAT number, chained to the hash of "0"', async () => {
    const b = await paid();
    const p = await paymentOf(b);
    const doc = await documentOf(p.id, 'invoice', 'reported');
    expect(doc).toMatchObject({ kind: 'simplified', icv: '1', pih: FIRST_PIH, number: p.n, environment: 'simulation', zatca_messages: [] });
    expect(invoiceHash(doc.xml)).toBe(doc.hash);
    expect(doc.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    expect(doc.xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">460.00</cbc:TaxInclusiveAmount>');
    expect(doc.xml).toContain('<cbc:RegistrationName>Sara Al-Otaibi</cbc:RegistrationName>');
    const qr = readQr(/<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(doc.xml)![1]);
    expect([...qr.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(qr.get(1)!.toString()).toBe('Mawarid Marketplace Co.');
    expect(fake.received.at(-1)).toMatchObject({ path: '/invoices/reporting/single', uuid: doc.id, status: 200 });
    // The buyer and admins download the signed XML; the listing's host and anyone else cannot tell it exists.
    const other = await createUser(t.app);
    for (const who of [user, admin]) {
      const res = await fetch(`${t.url}/api/bookings/${b}/invoice.xml`, { headers: { authorization: `Bearer ${who.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${p.n}.xml"`);
      expect(await res.text()).toBe(doc.xml);
    }
    for (const who of [host, other]) expect((await t.api('GET', `/api/bookings/${b}/invoice.xml`, undefined, who.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/${b}/invoice.xml`)).status).toBe(401);
    // The buyer's (and an admin's) PDF/A-3 carries that XML as its associated file; the host's copy carries none.
    for (const who of [user, admin]) {
      const [file, ...more] = await embedded(`/api/bookings/${b}/invoice.pdf`, who);
      expect(more).toEqual([]);
      expect(file).toMatchObject({ name: `invoice-${p.n}.xml`, relationship: 'Data', subtype: 'application/xml' });
      expect(file.bytes.equals(Buffer.from(doc.xml, 'utf8'))).toBe(true);
    }
    expect(await embedded(`/api/bookings/${b}/invoice.pdf`, host)).toEqual([]);
    // Every copy prints the e-invoice's QR (tags 1–9, exactly as in the XML), not the phase-1 one.
    const printed = qrMatrix(/<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(doc.xml)![1]);
    for (const who of [user, admin, host]) expect(pdfQrMatrices(await pdfOf(`/api/bookings/${b}/invoice.pdf`, who))).toEqual([printed]);
    // The phase-1 invoice the buyer sees is unchanged.
    expect((await t.api('GET', `/api/bookings/${b}/invoice`, undefined, user.token)).body.invoice_number).toBe(p.n);
  });

  it('clears a standard invoice for a VAT-registered buyer with a national address, and keeps ZATCA’s cleared XML', async () => {
    const company = await createUser(t.app, { fullName: 'Khalid Al-Harbi' });
    await companyProfile(t, company);
    fake.failNext('/invoices/clearance/single', 503, 503, 503, 503, 503, 503);
    const b = await paid(company);
    const p = await paymentOf(b);
    // Not cleared yet: the buyer gets no XML (a standard invoice is handed over once ZATCA cleared it).
    await expect
      .poll(async () => (await sql(`select attempts from e_invoices where payment_id = ?`, [p.id]))[0]?.attempts ?? 0, { timeout: 15000 })
      .toBeGreaterThan(0);
    expect((await t.api('GET', `/api/bookings/${b}/invoice.xml`, undefined, company.token)).status).toBe(404);
    expect(await embedded(`/api/bookings/${b}/invoice.pdf`, company)).toEqual([]);
    fake.recover('/invoices/clearance/single');
    while ((await sql(`select status from e_invoices where payment_id = ?`, [p.id]))[0].status === 'pending') {
      await runZatcaPass(t.app.deps).catch(() => undefined);
    }
    const doc = await documentOf(p.id, 'invoice', 'cleared');
    const xml = await t.api('GET', `/api/bookings/${b}/invoice.xml`, undefined, company.token);
    expect(xml.status).toBe(200);
    expect(doc).toMatchObject({ kind: 'standard', icv: '2', pih: (await sql(`select hash from e_invoices where icv = 1`))[0].hash });
    expect(doc.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(doc.xml).toMatch(
      /<cac:AccountingCustomerParty>.*<cbc:CompanyID>300000000000003<\/cbc:CompanyID>.*<cbc:RegistrationName>Harbi Logistics</,
    );
    expect(doc.cleared_xml).toContain(`<cbc:UUID>${doc.id}</cbc:UUID>`);
    // Once cleared, the PDF embeds ZATCA's cleared XML (with its stamp), the same bytes as the XML download.
    const [file] = await embedded(`/api/bookings/${b}/invoice.pdf`, company);
    expect(file.bytes.toString('utf8')).toBe(doc.cleared_xml);
    expect(file.bytes.toString('utf8')).toBe(xml.body);
    // ZATCA accepted it without warnings. (The loop above and the queued job may both have sent it: a second copy of a
    // document ZATCA has chained already comes back with a warning, so look at this document's answers, not the last.)
    const answers = fake.received.filter((r) => r.path === '/invoices/clearance/single' && r.uuid === doc.id).map((r) => r.status);
    expect(answers).toContain(200);
  });

  it('reports a credit note for a refund, referring to the invoice and saying why', async () => {
    const b = await paid(user, { ...FORKLIFT, cancellation_policy: 'flexible' });
    const p = await paymentOf(b);
    await documentOf(p.id, 'invoice', 'reported');
    expect((await t.api('DELETE', `/api/bookings/${b}`, undefined, user.token)).status).toBeLessThan(300);
    const [refund] = await sql(`select credit_note_number::text as n from refunds where payment_id = ?`, [p.id]);
    expect(refund.n).toMatch(/^\d+$/);
    const note = await documentOf(p.id, 'credit_note', 'reported');
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(note.xml).toContain(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${p.n}</cbc:ID>`);
    expect(note.xml).toMatch(/<cbc:InstructionNote>Booking cancelled by the customer/);
    expect(note.xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">460.00</cbc:TaxInclusiveAmount>');
    expect(note.number).toBe(refund.n);
    // The credit note's PDF/A-3 carries the reported credit note XML.
    const [file] = await embedded(`/api/bookings/${b}/credit-notes/${refund.n}.pdf`, user);
    expect(file).toMatchObject({ name: `credit-note-${refund.n}.xml`, relationship: 'Data', subtype: 'application/xml' });
    expect(file.bytes.toString('utf8')).toBe(note.xml);
    // It prints that e-invoice's QR (tags 1–9).
    const qr = /<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(note.xml)![1];
    expect([...readQr(qr).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pdfQrMatrices(await pdfOf(`/api/bookings/${b}/credit-notes/${refund.n}.pdf`, user))).toEqual([qrMatrix(qr)]);
    // The same XML on its own, for the readers of the credit note (its buyer and admins); nobody else can tell it exists.
    for (const who of [user, admin]) {
      const res = await fetch(`${t.url}/api/bookings/${b}/credit-notes/${refund.n}.xml`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="credit-note-${refund.n}.xml"`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toBe(note.xml);
    }
    const other = await createUser(t.app);
    for (const who of [host, other])
      expect((await t.api('GET', `/api/bookings/${b}/credit-notes/${refund.n}.xml`, undefined, who.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/${b}/credit-notes/${refund.n}.xml`)).status).toBe(401);
    expect((await t.api('GET', `/api/bookings/${b}/credit-notes/999999.xml`, undefined, user.token)).status).toBe(404);
  });

  it('retries when ZATCA is unreachable, and keeps ZATCA’s reasons when it rejects a document', async () => {
    fake.failNext('/invoices/reporting/single', 503, 503, 503, 503, 503, 503);
    const p1 = await paymentOf(await paid());
    await expect
      .poll(async () => (await sql(`select attempts from e_invoices where payment_id = ?`, [p1.id]))[0]?.attempts ?? 0, { timeout: 15000 })
      .toBeGreaterThan(0);
    expect((await sql(`select status from e_invoices where payment_id = ?`, [p1.id]))[0].status).toBe('pending');
    // A document altered after signing (here: in the database) no longer matches its hash and signature.
    await sql(
      `update e_invoices set xml = replace(xml, '<cbc:PayableAmount currencyID="SAR">460.00', '<cbc:PayableAmount currencyID="SAR">46.00') where payment_id = ?`,
      [p1.id],
    );
    fake.recover('/invoices/reporting/single');
    while ((await sql(`select status from e_invoices where payment_id = ?`, [p1.id]))[0].status === 'pending') {
      await runZatcaPass(t.app.deps).catch(() => undefined);
    }
    const rejected = (await sql(`select status, zatca_messages from e_invoices where payment_id = ?`, [p1.id]))[0];
    expect(rejected.status).toBe('rejected');
    expect(rejected.zatca_messages).toContainEqual(expect.objectContaining({ code: 'invalid-invoice-hash', type: 'ERROR' }));
    const status = await service().status(await adminUser());
    expect(status.documents).toMatchObject({ rejected: 1, cleared: 1 });
    const [number] = (await sql(`select number from e_invoices where payment_id = ?`, [p1.id])).map((r) => r.number);
    expect(status.rejected).toHaveLength(1);
    expect(status.rejected[0]).toMatchObject({ number, type: 'invoice', kind: 'simplified' });
    expect(status.rejected[0].messages).toContainEqual(expect.objectContaining({ code: 'invalid-invoice-hash', type: 'ERROR' }));
    const gql = await t.gql(`{ zatcaStatus { rejected { number type kind submittedAt messages } } }`, {}, admin.token);
    expect(gql.errors).toBeUndefined();
    const [doc] = gql.data?.zatcaStatus.rejected ?? [];
    expect(doc).toMatchObject({ number, type: 'invoice', kind: 'simplified' });
    expect(new Date(doc.submittedAt).getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(doc.messages).toContainEqual(expect.stringMatching(/^ERROR invalid-invoice-hash: \S/));
  });

  it('corrects a rejected document as a new one (next ICV, PIH, new UUID) for the same sale; admins only, once, audited, live', async () => {
    const [old] = await sql(`select * from e_invoices where status = 'rejected' and superseded_at is null order by icv desc limit 1`);
    expect(old).toBeTruthy();
    const other = await createUser(t.app);
    // Only admins; a document that is not rejected is refused with 409 and nothing is issued.
    expect((await t.api('POST', `/api/admin/zatca/documents/${old.id}/resubmit`, undefined, other.token)).status).toBe(403);
    expect((await t.api('POST', `/api/admin/zatca/documents/${old.id}/resubmit`)).status).toBe(401);
    const [good] = await sql(`select id from e_invoices where status = 'cleared' limit 1`);
    const refused = await t.api('POST', `/api/admin/zatca/documents/${good.id}/resubmit`, undefined, admin.token);
    expect(refused.status).toBe(409);
    expect(
      (await t.api('POST', `/api/admin/zatca/documents/00000000-0000-4000-8000-000000000000/resubmit`, undefined, admin.token)).status,
    ).toBe(404);
    const [before] = await sql(`select icv::text as icv, last_hash from zatca_chain`);

    // An admin's screen hears about it live.
    const heard: any[] = [];
    const ws = t.ws(admin.token);
    const connected = new Promise<void>((resolve) => ws.on('connected', () => resolve()));
    ws.subscribe(
      { query: `subscription { zatcaStatusUpdated { documents { status count } } }` },
      { next: (v) => heard.push(v), error: (e) => heard.push({ errors: [e] }), complete: () => {} },
    );
    await connected;
    await new Promise((r) => setTimeout(r, 500));
    const res = await t.api('POST', `/api/admin/zatca/documents/${old.id}/resubmit`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ icv: Number(before.icv) + 1, number: old.number, status: 'pending', replaces: old.id });
    expect(res.body.id).not.toBe(old.id);
    await expect
      .poll(async () => (await sql(`select status from e_invoices where id = ?`, [res.body.id]))[0]?.status, { timeout: 15000 })
      .toMatch(/^reported/);
    const [doc] = await sql(`select * from e_invoices where id = ?`, [res.body.id]);
    expect(doc).toMatchObject({ id: res.body.id, replaces: old.id, pih: before.last_hash, number: old.number });
    expect(invoiceHash(doc.xml)).toBe(doc.hash);
    expect(doc.xml).toContain(`<cbc:UUID>${doc.id}</cbc:UUID>`);
    // Accepted; the only remark ZATCA may make is on the PIH, since the rejected document it saw was altered (above)
    // after it had been signed and chained.
    expect(fake.received.at(-1)).toMatchObject({ path: '/invoices/reporting/single', uuid: doc.id });
    expect(doc.zatca_messages.filter((m: any) => m.code !== 'BR-KSA-61')).toEqual([]);
    const [kept] = await sql(`select status, superseded_at from e_invoices where id = ?`, [old.id]);
    expect(kept.status).toBe('rejected');
    expect(kept.superseded_at).not.toBeNull();
    await expect
      .poll(() => heard.some((v) => v.data?.zatcaStatusUpdated.documents.some((d: any) => d.status === 'resubmitted')))
      .toBe(true);
    expect(heard.filter((v) => v.errors)).toEqual([]);
    await ws.dispose();
    // Once: the superseded document cannot be resubmitted again (REST and GraphQL).
    expect((await t.api('POST', `/api/admin/zatca/documents/${old.id}/resubmit`, undefined, admin.token)).status).toBe(409);
    const gql: any = await t.gql(`mutation($id: String!) { resubmitZatcaDocument(id: $id) { id } }`, { id: old.id }, admin.token);
    expect(gql.errors?.[0].extensions?.code).toBe('CONFLICT');
    const status = await service().status(await adminUser());
    expect(status.rejected.map((d) => d.id)).not.toContain(old.id);
    const [audit] = await sql(`select actor_id, action, entity_id, after from audit_log where action = 'zatca.resubmit'`);
    expect(audit).toMatchObject({ actor_id: admin.user.id, entity_id: old.id, after: expect.objectContaining({ id: doc.id }) });
  });

  it('renews the production CSID with a new one-time code before it expires; the new certificate signs what follows', async () => {
    const status0 = await service().status(await adminUser());
    // A year left: no warning yet. Thirty days before expiry the card asks for renewal.
    expect(status0.renewal_due).toBe(false);
    await sql(`update zatca_onboarding set certificate_expires_at = now() + interval '20 days'`);
    expect((await service().status(await adminUser())).renewal_due).toBe(true);
    const gql0: any = await t.gql(`{ zatcaStatus { renewalDue certificateExpiresAt } }`, {}, admin.token);
    expect(gql0.data.zatcaStatus.renewalDue).toBe(true);
    const [before] = await sql(`select private_key, production_csid from zatca_onboarding`);

    // A bad code: refused at its field, nothing changes; ZATCA's wrong code: the same.
    const bad = await t.api('POST', '/api/admin/zatca/renewal', { otp: '12' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('otp');
    const wrong = await t.api('POST', '/api/admin/zatca/renewal', { otp: '999999' }, admin.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('otp');
    expect((await t.api('POST', '/api/admin/zatca/renewal', { otp: '123345' }, user.token)).status).toBe(403);
    expect((await sql(`select private_key from zatca_onboarding`))[0].private_key).toBe(before.private_key);

    const res = await t.api('POST', '/api/admin/zatca/renewal', { otp: '123345' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.renewal_due).toBe(false);
    expect(new Date(res.body.certificate_expires_at).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    const renewal = fake.requests.filter((r) => r.path === '/production/csids').at(-1)!;
    expect(renewal.headers.otp).toBe('123345');
    expect(String(renewal.body.csr)).not.toBe('');
    const [after] = await sql(`select private_key, production_csid from zatca_onboarding`);
    expect(after.private_key).not.toBe(before.private_key);
    expect(after.production_csid).not.toBe(before.production_csid);
    expect(after.private_key).not.toContain('PRIVATE KEY'); // still encrypted at rest
    const [audit] = await sql(`select action, entity_type from audit_log where action = 'zatca.renew'`);
    expect(audit).toMatchObject({ entity_type: 'zatca_onboarding' });

    // The next document is signed with the new key and accepted with the new credentials (the old CSID is void).
    const p = await paymentOf(await paid());
    await expect
      .poll(async () => (await sql(`select status from e_invoices where payment_id = ? and type = 'invoice'`, [p.id]))[0]?.status, {
        timeout: 15000,
      })
      .toMatch(/^reported/);
    expect(fake.received.at(-1)).toMatchObject({ path: '/invoices/reporting/single' });
    expect([200, 202]).toContain(fake.received.at(-1)!.status);
  });

  it('keeps one seller: General refuses another VAT number while onboarded; a new platform name is the seller PDF and XML print', async () => {
    const refused = await t.api('PUT', '/api/admin/settings/general', { value: { vat_number: '300000000000003' } }, admin.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'vat_number',
      detail: 'The VAT registration number is the one onboarded with ZATCA: it cannot change while e-invoicing is active',
    });
    const renamed = await t.api('PUT', '/api/admin/settings/general', { value: { platform_name: 'Mawarid Holding Co.' } }, admin.token);
    expect(renamed.status).toBe(200);
    expect((await sql(`select seller from zatca_onboarding`))[0].seller).toMatchObject({
      name: 'Mawarid Holding Co.',
      vat_number: ZATCA_SELLER.vat_number,
    });
    const b = await paid();
    const p = await paymentOf(b);
    const doc = await documentOf(p.id, 'invoice', 'reported');
    expect(p.invoice_snapshot.seller).toMatchObject({ name: 'Mawarid Holding Co.', vat_number: ZATCA_SELLER.vat_number });
    expect(doc.xml).toMatch(/<cac:AccountingSupplierParty>.*<cbc:RegistrationName>Mawarid Holding Co\.<\/cbc:RegistrationName>/);
    const qr = readQr(/<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(doc.xml)![1]);
    expect(qr.get(1)!.toString()).toBe('Mawarid Holding Co.');
    const pdf = await pdfOf(`/api/bookings/${b}/invoice.pdf`, user);
    expect(pdfText(pdf)).toContain('Mawarid Holding Co.');
  });
});
