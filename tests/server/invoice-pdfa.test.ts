import { describe, expect, it } from 'vitest';
import {
  renderCommissionCreditNotePdf,
  renderCommissionInvoicePdf,
  renderCreditNotePdf,
  renderInvoicePdf,
} from '../../server/src/modules/invoices/invoice.pdf.js';
import { decodeZatcaQr } from '../../server/src/modules/invoices/zatca.js';
import { qrTlv } from '../../server/src/integrations/zatca/qr.js';
import type { CommissionCreditNoteData, CommissionInvoiceData } from '../../server/src/modules/invoices/commission-invoice.types.js';
import type { InvoiceView } from '../../server/src/modules/invoices/invoice.types.js';
import {
  ARABIC_ADDRESS,
  ARABIC_ADDRESS_RUNS,
  pdfCatalog,
  pdfEmbeddedFiles,
  pdfObjects,
  pdfQrMatrices,
  pdfText,
  pdfXmp,
  qrMatrix,
} from '../support/pdf-text.js';

const invoice = {
  bookingId: '0b6c4c2e-4a55-4c52-9a43-0d0c3e1f2a10',
  serviceBookingId: null,
  invoiceNumber: '1042',
  issuedAt: '2026-11-20T10:00:00.000Z',
  currency: 'SAR',
  seller: { name: 'Mawarid', vatNumber: '310122393500003', address: 'Riyadh', contactEmail: 'a@b.sa', contactPhone: '+966500000000' },
  buyer: { name: 'Şükrü Ölçer', email: 's@example.com', companyName: 'شركة الأفق' },
  lines: [{ description: 'Office in Olaya — مكتب خاص', period: 'day', quantity: 2, unitPrice: 200, amount: 400 }],
  subtotal: 400,
  vatRate: 0.15,
  vat: 60,
  total: 460,
  payment: { cardBrand: 'visa', cardLast4: '1111' },
  booking: { startDate: '2026-11-21T06:00:00.000Z', endDate: '2026-11-23T06:00:00.000Z', status: 'confirmed' },
  qrPayload: 'AQdNYXdhcmlk',
} as unknown as InvoiceView;

const creditNote = {
  creditNoteNumber: '7',
  issuedAt: '2026-11-22T10:00:00.000Z',
  originalInvoiceNumber: '1042',
  originalInvoiceIssuedAt: '2026-11-20T10:00:00.000Z',
  reason: 'customer_cancelled',
  seller: { name: 'Mawarid', vatNumber: '310122393500003', address: 'Riyadh' },
  buyer: invoice.buyer,
  lines: [{ description: 'Office in Olaya', amount: -200 }],
  subtotal: -200,
  vatRate: 0.15,
  vat: -30,
  total: -230,
};

// Signed UBL with Arabic text: the embedded bytes must be the XML's UTF-8 bytes exactly.
const XML =
  '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID>1042</cbc:ID><cbc:Note>مكتب خاص</cbc:Note></Invoice>';

/** What PDF/A-3b asks of every one of our PDFs: identification, output intent, every font embedded. */
function expectPdfA3b(pdf: Buffer) {
  expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  const xmp = pdfXmp(pdf)!;
  expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
  expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
  const catalog = pdfCatalog(pdf);
  expect(catalog).toMatch(/\/Metadata \d+ 0 R/);
  const intent = /\/OutputIntents \[(\d+) 0 R\]/.exec(catalog);
  expect(intent).not.toBeNull();
  const objects = pdfObjects(pdf);
  const oi = objects.get(Number(intent![1]))!.dict;
  expect(oi).toMatch(/\/S \/GTS_PDFA1/);
  expect(oi).toMatch(/\/OutputConditionIdentifier \(sRGB IEC61966-2.1\)/);
  const profile = objects.get(Number(/\/DestOutputProfile (\d+) 0 R/.exec(oi)![1]))!;
  expect(profile.stream!.subarray(36, 40).toString('latin1')).toBe('acsp'); // an ICC profile
  // Every font is embedded (PDF/A): a descriptor with a font file for each, and no standard (unembedded) font.
  const fonts = [...objects.values()].filter((o) => /\/Type \/Font\b/.test(o.dict) && !/\/Subtype \/Type0/.test(o.dict));
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f.dict).not.toMatch(/\/Subtype \/Type1/);
  const descriptors = [...objects.values()].filter((o) => /\/Type \/FontDescriptor/.test(o.dict));
  expect(descriptors.length).toBe(fonts.length);
  for (const d of descriptors) expect(d.dict).toMatch(/\/FontFile2 \d+ 0 R/);
  expect(pdf.toString('latin1')).toMatch(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/);
}

describe('invoice PDFs are PDF/A-3b with the e-invoice XML as associated file', () => {
  it('embeds the invoice XML byte for byte, as Data, application/xml, listed in the catalog /AF', async () => {
    const pdf = await renderInvoicePdf(invoice, XML);
    expectPdfA3b(pdf);
    const files = pdfEmbeddedFiles(pdf);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'invoice-1042.xml', relationship: 'Data', subtype: 'application/xml' });
    expect(files[0].bytes.equals(Buffer.from(XML, 'utf8'))).toBe(true);
    expect(pdfCatalog(pdf)).toMatch(new RegExp(`/AF \\[${files[0].ref} 0 R\\]`));
    // The drawn text is still the invoice, in embedded fonts (read back through their ToUnicode maps).
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('Simplified Tax Invoice');
    expect(text).toContain('1042');
    // Ş is in the Latin Extended font, the rest in the Latin one: two runs, every glyph embedded.
    expect(text).toContain('Ş\nükrü Ölçer');
    expect(text).toContain('460.00 SAR');
  });

  it('is the same PDF/A-3b without an attachment when there is no e-invoice yet (phase 1)', async () => {
    const pdf = await renderInvoicePdf(invoice, null);
    expectPdfA3b(pdf);
    expect(pdfEmbeddedFiles(pdf)).toEqual([]);
    expect(pdfCatalog(pdf)).not.toMatch(/\/AF/);
  });

  it('embeds a credit note XML in the credit note PDF', async () => {
    const pdf = await renderCreditNotePdf(creditNote, XML);
    expectPdfA3b(pdf);
    const [file] = pdfEmbeddedFiles(pdf);
    expect(file).toMatchObject({ name: 'credit-note-7.xml', relationship: 'Data', subtype: 'application/xml' });
    expect(file.bytes.toString('utf8')).toBe(XML);
    expect(pdfText(pdf).join('\n')).toContain('Credit Note');
  });

  it('draws a character no embedded font has as "?" (never the .notdef glyph)', async () => {
    const pdf = await renderInvoicePdf({ ...invoice, buyer: { ...invoice.buyer, name: 'Li 李' } } as InvoiceView);
    expect(pdfText(pdf).join('\n')).toContain('Li ?');
  });
});

describe('Arabic text copied from a PDF', () => {
  it('reads as the letters written: each Arabic run carries its text, where its glyphs are drawn', async () => {
    const pdf = await renderInvoicePdf(invoice);
    const runs = pdfText(pdf);
    // Through the glyphs alone these came out with letters that share a shape swapped (الضرتبي, تارتخ).
    for (const words of ['الرقم الضريبي', 'تاريخ ووقت الإصدار', 'شركة الأفق']) expect(runs).toContain(words);
    // Each span sits inside the text's own graphics state (q … cm, then BT … ET), where readers place its text.
    const content = [...pdfObjects(pdf).values()].map((o) => o.stream?.toString('latin1') ?? '').join('\n');
    const spans = content.match(/BDC/g) ?? [];
    const nested = content.match(/\bq\n1 0 0 -1 0 [\d.]+ cm\n\/Span <<\/ActualText <feff[0-9a-f]+>>> BDC\nBT\n[^]*?\nET\nEMC\nQ\b/g) ?? [];
    expect(spans.length).toBeGreaterThan(10);
    expect(nested).toHaveLength(spans.length);
  });
});

describe('the seller’s address on the bilingual invoice', () => {
  const AR = ARABIC_ADDRESS;
  /** What is drawn after the seller's VAT number row (its Arabic label last) up to the buyer's row. */
  const addressRows = async (seller: Partial<InvoiceView['seller']>) => {
    const runs = pdfText(await renderInvoicePdf({ ...invoice, seller: { ...invoice.seller, ...seller } } as InvoiceView));
    return runs.slice(runs.indexOf('الرقم الضريبي') + 1, runs.indexOf('Buyer'));
  };

  it('prints the English address beside the English label and the Arabic one beside the Arabic label', async () => {
    const rows = await addressRows({ address: 'King Fahd Road, Riyadh', addressAr: AR });
    expect(rows).toEqual(['Address', 'King Fahd Road, Riyadh', ...ARABIC_ADDRESS_RUNS, 'العنوان']);
  });

  it('prints one row under both labels when the document has no Arabic address, an empty one or the same one', async () => {
    const english = await addressRows({ address: 'King Fahd Road, Riyadh' });
    expect(english).toEqual(['Address', 'King Fahd Road, Riyadh', 'العنوان']);
    expect(await addressRows({ address: 'King Fahd Road, Riyadh', addressAr: '' })).toEqual(english);
    expect(await addressRows({ address: 'King Fahd Road, Riyadh', addressAr: 'King Fahd Road, Riyadh' })).toEqual(english);
  });

  it('leaves the English side empty when only the Arabic address is set, and prints nothing when neither is', async () => {
    const rows = await addressRows({ address: '', addressAr: AR });
    expect(rows).toEqual([...ARABIC_ADDRESS_RUNS, 'العنوان']);
    expect(await addressRows({ address: '', addressAr: '' })).toEqual([]);
  });
});

describe('the QR each document prints', () => {
  // An e-invoice's QR: tags 1–9 (the stamp's bytes stand in for a real signature here).
  const PHASE2 = qrTlv([
    [1, 'Mawarid Marketplace Co.'],
    [2, '310122393500003'],
    [3, '2026-11-20T13:00:00'],
    [4, '460.00'],
    [5, '60.00'],
    [6, 'aGFzaA=='],
    [7, 'c2lnbmF0dXJl'],
    [8, Buffer.alloc(88, 1)],
    [9, Buffer.alloc(72, 2)],
  ]);
  const SIGNED = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>1042</cbc:ID><cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${PHASE2}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference></Invoice>`;

  it('prints the e-invoice’s QR on an invoice that has one, on every copy, and the frozen phase-1 QR before', async () => {
    expect(pdfQrMatrices(await renderInvoicePdf(invoice, SIGNED))).toEqual([qrMatrix(PHASE2)]);
    // The host's copy carries no XML but prints the same QR.
    const hosts = await renderInvoicePdf(invoice, SIGNED, false);
    expect(pdfEmbeddedFiles(hosts)).toEqual([]);
    expect(pdfQrMatrices(hosts)).toEqual([qrMatrix(PHASE2)]);
    expect(pdfQrMatrices(await renderInvoicePdf(invoice, null))).toEqual([qrMatrix(invoice.qrPayload)]);
  });

  it('prints a credit note’s phase-1 QR in Riyadh time before its e-invoice, and the e-invoice’s QR after', async () => {
    const [printed] = pdfQrMatrices(await renderCreditNotePdf(creditNote, null));
    const phase1 = { 1: 'Mawarid', 2: '310122393500003', 3: '2026-11-22T13:00:00', 4: '230.00', 5: '30.00' };
    const expected = Buffer.concat(
      Object.entries(phase1).map(([tag, v]) => Buffer.concat([Buffer.from([Number(tag), Buffer.byteLength(v)]), Buffer.from(v)])),
    ).toString('base64');
    expect(decodeZatcaQr(expected)).toEqual(phase1);
    expect(printed).toEqual(qrMatrix(expected));
    expect(pdfQrMatrices(await renderCreditNotePdf(creditNote, SIGNED))).toEqual([qrMatrix(PHASE2)]);
  });

  it('prints a commission invoice’s and credit note’s e-invoice QR once they have one, their phase-1 QR before', async () => {
    const seller = { name: 'Mawarid', vatNumber: '310122393500003', address: 'Riyadh', contactEmail: '', contactPhone: '' };
    const buyer = { name: 'Dossary Co.', email: 'd@example.com', vatNumber: '300123456700003', commercialRegistration: null };
    const inv = {
      invoiceNumber: 'COM-000001',
      month: '2026-10',
      issuedAt: '2026-11-01T00:10:00.000Z',
      seller,
      buyer,
      paymentsCount: 1,
      gross: 460,
      subtotal: 40,
      vatRate: 0.15,
      vat: 6,
      total: 46,
      lines: [],
      qrPayload: 'AQdNYXdhcmlk',
    } as unknown as CommissionInvoiceData;
    expect(pdfQrMatrices(await renderCommissionInvoicePdf(inv, null))).toEqual([qrMatrix('AQdNYXdhcmlk')]);
    expect(pdfQrMatrices(await renderCommissionInvoicePdf(inv, { xml: SIGNED, kind: 'simplified' }))).toEqual([qrMatrix(PHASE2)]);
    const note = {
      creditNoteNumber: 'CCN-000001',
      issuedAt: '2026-11-22T10:00:00.000Z',
      originalInvoiceNumber: 'COM-000001',
      originalInvoiceIssuedAt: inv.issuedAt,
      month: '2026-10',
      refundAmount: 230,
      seller,
      buyer,
      subtotal: -20,
      vatRate: 0.15,
      vat: -3,
      total: -23,
      lines: [],
    } as unknown as CommissionCreditNoteData;
    const [phase1] = pdfQrMatrices(await renderCommissionCreditNotePdf(note, null));
    expect(phase1).toEqual(
      qrMatrix(
        qrTlv([
          [1, 'Mawarid'],
          [2, '310122393500003'],
          [3, '2026-11-22T13:00:00'],
          [4, '23.00'],
          [5, '3.00'],
        ]),
      ),
    );
    expect(pdfQrMatrices(await renderCommissionCreditNotePdf(note, { xml: SIGNED, kind: 'standard' }))).toEqual([qrMatrix(PHASE2)]);
  });
});
