import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  FORKLIFT,
  ZATCA_SELLER,
  approvedSupplier,
  companyProfile,
  createUser,
  onboardZatca,
  paidBooking,
  type MadeUser,
} from '../support/factories.js';
import { startFakeZatca } from '../support/fake-zatca.js';
import { expectUnbrokenChain } from '../support/zatca-chain.js';
import { pdfEmbeddedFiles, pdfText, pdfXmp } from '../support/pdf-text.js';
import { issueCommissionInvoices, riyadhMonth, riyadhMonthRange } from '../../server/src/modules/invoices/commission-invoice.service.js';
import { invoiceHash, qrOfDocument } from '../../server/src/integrations/zatca/invoice.js';
import { readQr } from '../../server/src/integrations/zatca/qr.js';

/**
 * The platform's commission invoices (COM-) and commission credit notes (CCN-) to hosts as ZATCA phase-2 e-invoices,
 * in the one chain with the buyers' documents, against the local Fatoora (tests/support/fake-zatca.ts), which
 * verifies the hash chain, signature, certificate and QR of every document it receives.
 */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeZatca>>;
let admin: MadeUser;
let customer: MadeUser;
/** VAT-registered, national address in its account profile: standard commission invoices (cleared). */
let vatHost: MadeUser;
/** VAT-registered, no national address: simplified (reported). */
let bareHost: MadeUser;
let day = 10;
const D = 86_400_000;
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
/** Just after this Riyadh month ends: the monthly pass then issues this month's invoices. */
const monthEnd = new Date(riyadhMonthRange(riyadhMonth(new Date())).end.getTime() + 3_600_000);

const payoutProfile = (host: MadeUser, legal_name: string, vat_number: string) =>
  approvedSupplier(t, host, { legal_name, commercial_registration: '2050123456', vat_number, bank: 'Saudi National Bank' });

/** A paid 2-day booking of a fresh 200 SAR/day listing of `owner`, flexible: 460 SAR (400 + 60 VAT), 10 % commission on the 400 = 40 + VAT 6.00. */
async function booked(owner: MadeUser) {
  const start = new Date(Date.now() + day++ * D);
  start.setUTCHours(6, 0, 0, 0);
  return (
    await paidBooking(
      t,
      { owner, admin, who: customer },
      { start, end: new Date(start.getTime() + 2 * D) },
      {
        ...FORKLIFT,
        cancellation_policy: 'flexible',
      },
    )
  ).id;
}

/**
 * Waits for the queued ZATCA pass (woken by each settlement, refund and commission pass) to have signed every
 * document and had ZATCA's answer. Not run here by hand: two passes at once would send a document twice.
 */
async function drain() {
  await expect
    .poll(
      async () =>
        (
          await sql(
            `select ((select count(*) from e_invoices where status = 'pending')
                  + (select count(*) from commission_invoices c where not exists (select 1 from e_invoices e where e.commission_invoice_id = c.id))
                  + (select count(*) from commission_credit_notes c
                      where not exists (select 1 from e_invoices e where e.commission_credit_note_id = c.id)))::int as n`,
          )
        )[0].n,
      { timeout: 80_000, interval: 250 },
    )
    .toBe(0);
}

const docOf = async (column: 'commission_invoice_id' | 'commission_credit_note_id', id: string) =>
  (await sql(`select * from e_invoices where ${column} = ? and superseded_at is null`, [id]))[0];
const commissionInvoiceOf = async (host: MadeUser) =>
  (await sql(`select id, snapshot from commission_invoices where host_id = ?`, [host.user.id]))[0];

async function download(path: string, who: MadeUser) {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  fake = await startFakeZatca();
  t = await createTestApp({ ZATCA_ENV: 'simulation', ZATCA_BASE_URL: fake.url });
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app, { fullName: 'Sara Al-Otaibi' });
  vatHost = await createUser(t.app, { role: 'host_seller', fullName: 'Omar Al-Dossary' });
  bareHost = await createUser(t.app, { role: 'host_seller', fullName: 'Nasser Al-Harbi' });
  expect((await t.api('PUT', '/api/admin/settings/marketplace', { commission_percent: 10, by_category: {} }, admin.token)).status).toBe(
    200,
  );
  const general = await t.api(
    'PUT',
    '/api/admin/settings/general',
    { value: { platform_name: ZATCA_SELLER.name, vat_number: ZATCA_SELLER.vat_number, address: 'King Fahd Road, Riyadh' } },
    admin.token,
  );
  expect(general.status).toBe(200);
  await payoutProfile(vatHost, 'Dossary Equipment Rental Co.', '300123456700003');
  await payoutProfile(bareHost, 'Harbi Lifts Est.', '300987654300003');
  // The national address "Invoice to my company" keeps on the account profile.
  await companyProfile(t, vatHost, {
    company_name: 'Dossary Equipment Rental Co.',
    vat_number: '300123456700003',
    cr_number: '2050123456',
  });
  await onboardZatca(t, admin);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('commission documents as ZATCA e-invoices', { timeout: 120_000 }, () => {
  it('clears the commission invoice of a VAT host with a national address as a standard invoice; host downloads XML and PDF/A-3', async () => {
    await booked(vatHost);
    await booked(bareHost);
    expect(await issueCommissionInvoices(t.app.deps, monthEnd)).toBe(2);
    await drain();
    const inv = await commissionInvoiceOf(vatHost);
    // The address is frozen into the snapshot at issue, beside the payout profile's VAT number.
    expect(inv.snapshot.buyer).toMatchObject({
      name: 'Dossary Equipment Rental Co.',
      vat_number: '300123456700003',
      national_address: { building_number: '8228', street: 'Imam Saud', postal_code: '12382' },
    });
    const doc = await docOf('commission_invoice_id', inv.id);
    expect(doc).toMatchObject({ kind: 'standard', type: 'invoice', status: 'cleared', number: inv.snapshot.invoice_number });
    expect(doc.number).toMatch(/^COM-\d{6}$/);
    expect(doc.payment_id).toBeNull();
    expect(invoiceHash(doc.xml)).toBe(doc.hash);
    expect(doc.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(doc.xml).toContain(`<cbc:ID>${inv.snapshot.invoice_number}</cbc:ID>`);
    expect(doc.xml).toMatch(/<cac:AccountingCustomerParty>.*<cbc:CompanyID>300123456700003<\/cbc:CompanyID>/);
    expect(doc.xml).toMatch(/<cac:AccountingCustomerParty>.*<cbc:StreetName>Imam Saud<\/cbc:StreetName>/);
    expect(doc.xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">46.00</cbc:TaxInclusiveAmount>');
    expect(fake.received.filter((r) => r.uuid === doc.id).map((r) => [r.path, r.status])).toContainEqual([
      '/invoices/clearance/single',
      200,
    ]);

    // The host (and admins) download the cleared XML; another host cannot tell it exists; customers are refused.
    for (const who of [vatHost, admin]) {
      const { res, body } = await download(`/api/host/commission-invoices/${inv.id}.xml`, who);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="commission-invoice-${doc.number}.xml"`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(body.toString('utf8')).toBe(doc.cleared_xml);
    }
    const other = await t.api('GET', `/api/host/commission-invoices/${inv.id}.xml`, undefined, bareHost.token);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe('Commission invoice not found');
    expect((await t.api('GET', `/api/host/commission-invoices/${inv.id}.xml`, undefined, customer.token)).status).toBe(403);
    expect((await t.api('GET', `/api/host/commission-invoices/${inv.id}.xml`)).status).toBe(401);

    // The PDF is PDF/A-3 with that XML as its associated file, and prints the e-invoice's QR (tags 1–8: standard).
    const { body: pdf } = await download(`/api/host/commission-invoices/${inv.id}.pdf`, vatHost);
    expect(pdfXmp(pdf)).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    const [file, ...more] = pdfEmbeddedFiles(pdf);
    expect(more).toEqual([]);
    expect(file).toMatchObject({ name: `commission-invoice-${doc.number}.xml`, relationship: 'Data', subtype: 'application/xml' });
    expect(file.bytes.toString('utf8')).toBe(doc.cleared_xml);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('Tax Invoice — Commission');
    expect(text).toContain('8228 Imam Saud, Al Nakheel, Riyadh 12382 (2917)');
    expect([...readQr(qrOfDocument(doc.cleared_xml)!).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The Earnings page offers the XML once it may be downloaded.
    const gql = await t.gql(`{ hostCommissionInvoices { invoiceNumber zatcaXml } }`, {}, vatHost.token);
    expect(gql.data?.hostCommissionInvoices).toEqual([{ invoiceNumber: doc.number, zatcaXml: true }]);
  });

  it('reports the commission invoice of a VAT host without a national address as a simplified invoice', async () => {
    const inv = await commissionInvoiceOf(bareHost);
    expect(inv.snapshot.buyer.vat_number).toBe('300987654300003');
    expect(inv.snapshot.buyer.national_address).toBeUndefined();
    const doc = await docOf('commission_invoice_id', inv.id);
    expect(doc).toMatchObject({ kind: 'simplified', type: 'invoice', status: 'reported', zatca_messages: [] });
    expect(doc.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    expect(doc.xml).toContain('<cbc:RegistrationName>Harbi Lifts Est.</cbc:RegistrationName>');
    expect([...readQr(qrOfDocument(doc.xml)!).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const { res, body } = await download(`/api/host/commission-invoices/${inv.id}.xml`, bareHost);
    expect(res.status).toBe(200);
    expect(body.toString('utf8')).toBe(doc.xml);
    const { body: pdf } = await download(`/api/host/commission-invoices/${inv.id}.pdf`, bareHost);
    expect(pdfEmbeddedFiles(pdf)[0].bytes.toString('utf8')).toBe(doc.xml);
    expect(pdfText(pdf).join('\n')).toContain('Simplified Tax Invoice — Commission');
  });

  it('issues a credit note (381) referring to the COM- invoice for commission given back on a later refund', async () => {
    const inv = await commissionInvoiceOf(vatHost);
    const [b] = await sql(`select b.id from bookings b join resources r on r.id = b.resource_id where r.owner_id = ?`, [vatHost.user.id]);
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, vatHost.token)).status).toBeLessThan(300);
    await expect
      .poll(async () => (await sql(`select status from refunds where booking_id = ?`, [b.id]))[0]?.status, { timeout: 20_000 })
      .toBe('refunded');
    await issueCommissionInvoices(t.app.deps, monthEnd);
    const [note] = await sql(`select id, snapshot from commission_credit_notes where invoice_id = ?`, [inv.id]);
    expect(note.snapshot.credit_note_number).toBe('CCN-000001');
    await drain();
    const doc = await docOf('commission_credit_note_id', note.id);
    // Of its invoice's kind (standard), so cleared.
    expect(doc).toMatchObject({ kind: 'standard', type: 'credit_note', status: 'cleared', number: 'CCN-000001' });
    expect(doc.xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(doc.xml).toContain(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${inv.snapshot.invoice_number}</cbc:ID>`);
    expect(doc.xml).toMatch(/<cbc:InstructionNote>Marketplace commission given back on a refund/);
    expect(doc.xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">46.00</cbc:TaxInclusiveAmount>');

    const { res, body } = await download(`/api/host/commission-credit-notes/${note.id}.xml`, vatHost);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="commission-credit-note-CCN-000001.xml"');
    expect(body.toString('utf8')).toBe(doc.cleared_xml);
    expect((await download(`/api/host/commission-credit-notes/${note.id}.xml`, admin)).res.status).toBe(200);
    const other = await t.api('GET', `/api/host/commission-credit-notes/${note.id}.xml`, undefined, bareHost.token);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe('Commission credit note not found');
    expect((await t.api('GET', `/api/host/commission-credit-notes/${note.id}.xml`, undefined, customer.token)).status).toBe(403);
    const { body: pdf } = await download(`/api/host/commission-credit-notes/${note.id}.pdf`, vatHost);
    const [file] = pdfEmbeddedFiles(pdf);
    expect(file).toMatchObject({ name: 'commission-credit-note-CCN-000001.xml', subtype: 'application/xml' });
    expect(file.bytes.toString('utf8')).toBe(doc.cleared_xml);
    expect(pdfText(pdf).join('\n')).toContain('Scan to verify (ZATCA)');
    const gql = await t.gql(`{ hostCommissionCreditNotes { creditNoteNumber zatcaXml } }`, {}, vatHost.token);
    expect(gql.data?.hostCommissionCreditNotes).toEqual([{ creditNoteNumber: 'CCN-000001', zatcaXml: true }]);
  });

  it('keeps one gap-free chain across buyers’ and commission documents, and the admin card counts them all', async () => {
    const rows = await sql(
      `select icv::int as icv, type, payment_id, refund_id, commission_invoice_id, commission_credit_note_id from e_invoices order by icv`,
    );
    // Two buyers' invoices, their refund's credit note, two commission invoices and a commission credit note.
    expect(rows.filter((r) => r.payment_id && !r.refund_id)).toHaveLength(2);
    expect(rows.filter((r) => r.refund_id)).toHaveLength(1);
    expect(rows.filter((r) => r.commission_invoice_id)).toHaveLength(2);
    expect(rows.filter((r) => r.commission_credit_note_id)).toHaveLength(1);
    // The commission documents come after the buyers' documents they follow, in the same counter.
    expect(rows.findIndex((r) => r.commission_invoice_id)).toBeGreaterThan(rows.findIndex((r) => r.payment_id));
    await expectUnbrokenChain(t.app.orm, rows.length);
    const status = await t.api('GET', '/api/admin/zatca', undefined, admin.token);
    const total = Object.values(status.body.documents as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(total).toBe(rows.length);
    expect(status.body.documents.cleared).toBeGreaterThanOrEqual(2);
  });

  it('corrects a rejected commission document as a new one for the same commission invoice', async () => {
    const inv = await commissionInvoiceOf(bareHost);
    const old = await docOf('commission_invoice_id', inv.id);
    // As if ZATCA had rejected it (how a rejection is reached: tests/server/zatca.test.ts).
    await sql(`update e_invoices set status = 'rejected' where id = ?`, [old.id]);
    const res = await t.api('POST', `/api/admin/zatca/documents/${old.id}/resubmit`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: inv.snapshot.invoice_number, status: 'pending', replaces: old.id });
    await drain();
    const doc = await docOf('commission_invoice_id', inv.id);
    expect(doc).toMatchObject({ id: res.body.id, kind: 'simplified', type: 'invoice', replaces: old.id });
    expect(doc.status).toMatch(/^reported/);
    expect(doc.xml).toContain(`<cbc:ID>${inv.snapshot.invoice_number}</cbc:ID>`);
    const { body } = await download(`/api/host/commission-invoices/${inv.id}.xml`, bareHost);
    expect(body.toString('utf8')).toBe(doc.xml);
    await expectUnbrokenChain(t.app.orm, (await sql(`select id from e_invoices`)).length);
  });

  it('refuses an e-invoice naming no source, or two', async () => {
    const [any] = await sql(`select id from e_invoices where commission_invoice_id is not null limit 1`);
    await expect(sql(`update e_invoices set commission_invoice_id = null where id = ?`, [any.id])).rejects.toThrow(/e_invoices_one_source/);
    const [pay] = await sql(`select payment_id from e_invoices where payment_id is not null limit 1`);
    await expect(sql(`update e_invoices set payment_id = ? where id = ?`, [pay.payment_id, any.id])).rejects.toThrow(
      /e_invoices_one_source/,
    );
  });
});
