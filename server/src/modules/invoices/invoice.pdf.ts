import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { sfntFont } from './woff.js';
import type { InvoiceBuyerData, InvoiceView } from './invoice.types.js';
import type { CommissionCreditNoteData, CommissionInvoiceData } from './commission-invoice.types.js';
import type { NationalAddressGraphql } from '../../shared/national-address.js';
import { cardBrandLabel, isStandardInvoice, sellerAddressIn } from '../../shared/invoices.rules.js';
import { qrOfDocument } from '../../integrations/zatca/invoice.js';
import { riyadhTimestamp, zatcaQrPayload } from './zatca.js';
import { sarText } from '../common/money.js';
import { bookingDisplayRange, formatHijriDate, RIYADH_GREGORIAN, riyadhYmd } from '../../shared/dates.js';

const require = createRequire(import.meta.url);
/** Noto Sans Arabic (OFL) from the @fontsource package, as WOFF files (read as sfnt: woff.ts); fontkit shapes Arabic. */
const ARABIC_FONT = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff');
const ARABIC_FONT_BOLD = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff');
/**
 * Latin text in the same family's Latin subsets (basic Latin + Latin-1 + punctuation, and Latin Extended): embedded
 * like the Arabic font, as PDF/A requires of every font (the standard Helvetica is never embedded).
 */
const LATIN_FONT = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-latin-400-normal.woff');
const LATIN_FONT_BOLD = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-latin-700-normal.woff');
const LATIN_EXT_FONT = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-latin-ext-400-normal.woff');
const LATIN_EXT_FONT_BOLD = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-latin-ext-700-normal.woff');

// A UMD module whose types declare an ES default export: load it with require to get the factory either way.
const bidiFactory = require('bidi-js') as typeof import('bidi-js').default;
const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

type Doc = InstanceType<typeof PDFDocument>;

interface Run {
  text: string;
  rtl: boolean;
  arabic: boolean;
}

/**
 * Splits one line into runs in visual (left-to-right) order with the Unicode bidi algorithm. fontkit shapes
 * an Arabic run and lays it out right-to-left itself; we only order the runs (and reverse RTL runs that have
 * no Arabic letters, e.g. punctuation between Arabic words).
 */
export function visualRuns(text: string, base?: 'ltr' | 'rtl'): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const chars = [...text];
  // Map code points to UTF-16 indices for `levels`.
  const runs: Array<Run & { level: number }> = [];
  let i16 = 0;
  for (const ch of chars) {
    const level = levels[i16];
    i16 += ch.length;
    const arabic = ARABIC.test(ch);
    const last = runs.at(-1);
    // Arabic and non-Arabic characters need different fonts: a new run at each change (spaces stay put).
    const kind = ch === ' ' ? last?.arabic : arabic;
    if (last && last.level === level && last.arabic === kind) last.text += ch;
    else runs.push({ text: ch, level, rtl: level % 2 === 1, arabic: kind ?? false });
  }
  // Rule L2: from the highest level down to the lowest odd level, reverse every sequence at or above it.
  const max = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), Infinity);
  for (let lvl = max; lvl >= minOdd && lvl > 0; lvl--) {
    for (let s = 0; s < runs.length;) {
      if (runs[s].level < lvl) {
        s++;
        continue;
      }
      let e = s;
      while (e < runs.length && runs[e].level >= lvl) e++;
      runs.splice(s, e - s, ...runs.slice(s, e).reverse());
      s = e;
    }
  }
  const mirror = (c: string) => bidi.getMirroredCharacter(c) ?? c;
  return runs.map(({ text: t, rtl, arabic }) => ({ text: rtl && !arabic ? [...t].reverse().map(mirror).join('') : t, rtl, arabic }));
}

type FontKey = 'ar' | 'latin' | 'latin-ext';
interface FontRun {
  text: string;
  font: FontKey;
}

/** Does the document's registered font `name` have a glyph for `cp`? (pdfkit's embedded font wraps a fontkit font.) */
function hasGlyph(doc: Doc, name: string, cp: number): boolean {
  const key = `${name}:${cp}`;
  let has = glyphs.get(key);
  if (has === undefined) {
    const font = (doc.font(name) as unknown as { _font: { font?: { hasGlyphForCodePoint(c: number): boolean } } })._font.font;
    has = font?.hasGlyphForCodePoint(cp) ?? false;
    glyphs.set(key, has);
  }
  return has;
}
/** The answers of `hasGlyph` (the font files never change while the server runs). */
const glyphs = new Map<string, boolean>();

/**
 * Splits a visual run by the font that has its characters: Arabic runs stay in the Arabic font (shaped as a whole);
 * other text in the Latin font, or Latin Extended, or the Arabic font (its digits and punctuation). A character none
 * of them has is drawn as "?": PDF/A forbids showing the .notdef glyph.
 */
function byFont(doc: Doc, r: Run): FontRun[] {
  if (r.arabic) return [{ text: r.text, font: 'ar' }];
  const out: FontRun[] = [];
  for (const ch of r.text) {
    const cp = ch.codePointAt(0)!;
    const hit = (['latin', 'latin-ext', 'ar'] as const).find((f) => hasGlyph(doc, f, cp));
    const [font, c] = hit ? [hit, ch] : (['latin', '?'] as const);
    const last = out.at(-1);
    // A space stays in the run it is in (every font has one).
    if (last && (last.font === font || ch === ' ')) last.text += c;
    else out.push({ text: c, font });
  }
  return out;
}

interface TextOpts {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  width: number;
  color?: string;
  /** Paragraph direction; by default from the first strong character. */
  dir?: 'ltr' | 'rtl';
}

/** Draws one line of mixed Arabic/Latin text at (x, y) within `width`, aligned, without wrapping. */
function line(doc: Doc, text: string, x: number, y: number, o: TextOpts) {
  const size = o.size ?? 10;
  const runs = visualRuns(text, o.dir).flatMap((r) => byFont(doc, r));
  const fontOf = (r: FontRun) => `${r.font}${o.bold ? '-bold' : ''}`;
  const widths = runs.map((r) => doc.font(fontOf(r)).fontSize(size).widthOfString(r.text, { features: [] }));
  const total = widths.reduce((a, b) => a + b, 0);
  let cx = o.align === 'right' ? x + o.width - total : o.align === 'center' ? x + (o.width - total) / 2 : x;
  doc.fillColor(o.color ?? '#111111');
  runs.forEach((r, i) => {
    // Latin and Arabic fonts have different ascents: align them on a common baseline.
    // `features` (even empty) makes pdfkit lay out the whole run at once instead of word by word from its
    // cache, which would put the words of a right-to-left run in the wrong order.
    const draw = () => doc.font(fontOf(r)).fontSize(size).text(r.text, cx, y, { lineBreak: false, baseline: 'alphabetic', features: [] });
    if (ARABIC.test(r.text)) withActualText(doc, r.text, draw);
    else draw();
    cx += widths[i];
  });
}

/**
 * Draws one pdfkit text call of an Arabic run inside a marked-content span whose ActualText (ISO 32000 14.9.4) is the
 * run's text. Noto's Arabic glyphs are shaped forms whose dots are separate marks, so one glyph stands for several
 * letters (ب ت ث ن ي share a body) and no ToUnicode map can say which: without it, copying or searching gives wrong
 * letters. The text is given in the order the glyphs are drawn (left to right, the reverse of the logical order):
 * pdfium (Chrome, Edge) and poppler place an ActualText's characters where the span's glyphs are, left to right, and
 * put right-to-left text into logical order themselves — in logical order both give every word backwards. The span
 * opens after pdfkit's own `q … cm` and closes before its `Q` (at BT and ET): it nests in the text's graphics state,
 * and poppler places it with the transformation in force at EMC.
 */
function withActualText(doc: Doc, text: string, draw: () => void): void {
  const own = doc.addContent;
  const add = (data: string) => own.call(doc, data);
  const utf16be = Buffer.from(`\ufeff${[...text].reverse().join('')}`, 'utf16le')
    .swap16()
    .toString('hex');
  doc.addContent = (data: string) => {
    if (data === 'BT') add(`/Span <</ActualText <${utf16be}>>> BDC`);
    add(data);
    if (data === 'ET') add('EMC');
    return doc;
  };
  try {
    draw();
  } finally {
    doc.addContent = own;
  }
}

const sar = (n: number) => `${n.toFixed(2)} SAR`;

/** Riyadh local time in the Gregorian calendar, e.g. 2026-11-23 14:45 (UTC+3). */
function riyadhTime(iso: string | Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB-u-ca-gregory', {
      ...RIYADH_GREGORIAN,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} (UTC+3)`;
}

/** The booked days (first – last, Riyadh calendar), or the start and end times of an hourly booking. */
function bookingPeriodText(start: string, end: string): string {
  const r = bookingDisplayRange(start, end);
  return r.wholeDays ? `${riyadhYmd(r.from)} – ${riyadhYmd(r.to)}` : `${riyadhTime(r.from).slice(0, 16)} – ${riyadhTime(r.to)}`;
}

/** The national address as one line, the way an SPL address is written: building street, district, city postal (additional). */
function addressLine(a: NationalAddressGraphql): string {
  return `${a.buildingNumber} ${a.street}, ${a.district}, ${a.city} ${a.postalCode}${a.additionalNumber ? ` (${a.additionalNumber})` : ''}`;
}

/** Writes one "English label | value | Arabic label" row of a bilingual document (`bilingualPdf`). */
type Row = (en: string, value: string, ar: string) => void;

/** The buyer's company tax details, printed on a standard (B2B) tax invoice and on its credit notes. */
function buyerTaxRows(buyer: Omit<InvoiceBuyerData, 'email'>, row: Row): void {
  if (!buyer.vatNumber || !buyer.nationalAddress) return;
  row('Buyer VAT number', buyer.vatNumber, 'الرقم الضريبي للمشتري');
  if (buyer.crNumber) row('Commercial registration', buyer.crNumber, 'السجل التجاري');
  row('National address', addressLine(buyer.nationalAddress), 'العنوان الوطني');
}

/** The seller block of a document as the renderers need it (`SellerData`; `addressAr` absent on older documents). */
interface SellerView {
  name: string;
  vatNumber: string;
  address: string;
  addressAr?: string;
}

/**
 * The seller's address: the English one beside the English label, the Arabic one (`sellerAddressIn`: the English one
 * when the document has none) beside the Arabic label — one row when they are the same, two when they differ.
 */
function sellerAddressRows(seller: SellerView, row: Row): void {
  const en = seller.address;
  const ar = sellerAddressIn(seller, 'ar');
  if (ar === en) {
    if (en) row('Address', en, 'العنوان');
    return;
  }
  if (en) row('Address', en, '');
  row('', ar, 'العنوان');
}

/** Page geometry shared by the documents: left margin and text width (A4 less 40 pt margins). */
const L = 40;
const W = 515;

/** The e-invoice XML a PDF carries as its PDF/A-3 associated file (the buyer's copy, as ZATCA signed or cleared it). */
interface EmbeddedXml {
  /** The file name inside the PDF, e.g. invoice-1042.xml. */
  name: string;
  xml: string;
}

/**
 * pdfkit copies Title and Author into the XMP packet unescaped, and PDF/A wants them equal to the document info: a
 * value with XML markup characters is left out of both (the seller's name is printed on the page anyway).
 */
const xmpInfo = (info: Record<string, string>) => Object.fromEntries(Object.entries(info).filter(([, v]) => !/[<>&]/.test(v)));

/**
 * A bilingual A4 document, PDF/A-3b (PDF 1.7, every font embedded, sRGB output intent, XMP identification), with the
 * e-invoice XML as its associated file when given: its bytes once `doc.end()` is called, the current height `at.y`
 * (from the top), and `row`, which writes "English label | value | Arabic label" at that height and moves down.
 */
function bilingualPdf(title: string, author: string, xml?: EmbeddedXml | null) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    // pdfkit opens any font source here (its types say only a path or a standard font's name).
    font: sfntFont(LATIN_FONT) as unknown as string,
    info: xmpInfo({ Title: title, Author: author }),
  });
  doc.registerFont('ar', sfntFont(ARABIC_FONT));
  doc.registerFont('ar-bold', sfntFont(ARABIC_FONT_BOLD));
  doc.registerFont('latin', sfntFont(LATIN_FONT));
  doc.registerFont('latin-bold', sfntFont(LATIN_FONT_BOLD));
  doc.registerFont('latin-ext', sfntFont(LATIN_EXT_FONT));
  doc.registerFont('latin-ext-bold', sfntFont(LATIN_EXT_FONT_BOLD));
  if (xml) {
    // PDF/A-3 associated file (catalog /AF and the EmbeddedFiles name tree): the XML is the data the page shows.
    doc.file(Buffer.from(xml.xml, 'utf8'), {
      name: xml.name,
      type: 'application/xml',
      description: 'ZATCA e-invoice (UBL 2.1 XML)',
      relationship: 'Data',
      modifiedDate: new Date(),
    } as Parameters<Doc['file']>[1]);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const at = { y: 60 };
  const row = (en: string, value: string, ar: string, opts: { bold?: boolean; size?: number } = {}) => {
    line(doc, en, L, at.y, { width: 170, color: '#555555', ...opts });
    line(doc, value, L + 170, at.y, { width: 175, align: 'center', ...opts });
    line(doc, ar, L + 345, at.y, { width: 170, align: 'right', color: '#555555', dir: 'rtl', ...opts });
    at.y += (opts.size ?? 10) + 10;
  };
  return { doc, done, at, row };
}

/**
 * The bilingual (English left, Arabic right) tax invoice as a PDF/A-3b: standard (B2B) or simplified. Once it has an
 * e-invoice that may be given (`xml`), the QR printed is that e-invoice's and, when `embed`, the XML is embedded
 * (the host's copy prints the QR but carries no XML); without one, the phase-1 QR frozen at issue and no attachment.
 */
export async function renderInvoicePdf(inv: InvoiceView, xml?: string | null, embed = true): Promise<Buffer> {
  const { doc, done, at, row } = bilingualPdf(
    `Tax invoice ${inv.invoiceNumber}`,
    inv.seller.name,
    xml && embed ? { name: `invoice-${inv.invoiceNumber}.xml`, xml } : null,
  );

  const teal = '#0f766e';

  const standard = isStandardInvoice(inv);
  line(doc, standard ? 'Tax Invoice' : 'Simplified Tax Invoice', L, at.y, { width: W / 2, size: 18, bold: true, color: teal });
  line(doc, standard ? 'فاتورة ضريبية' : 'فاتورة ضريبية مبسطة', L + W / 2, at.y, {
    width: W / 2,
    size: 18,
    bold: true,
    align: 'right',
    color: teal,
  });
  at.y += 30;

  const rule = () => {
    doc
      .moveTo(L, at.y - 4)
      .lineTo(L + W, at.y - 4)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    at.y += 8;
  };

  row('Invoice number', inv.invoiceNumber, 'رقم الفاتورة', { bold: true });
  row('Issue date and time', riyadhTime(inv.issuedAt), 'تاريخ ووقت الإصدار');
  // The Umm al-Qura date beside the Gregorian one, as Saudi documents carry it.
  row('Issue date (Hijri)', formatHijriDate(inv.issuedAt, 'ar'), 'تاريخ الإصدار (هجري)');
  rule();
  row('Seller', inv.seller.name, 'البائع');
  row('VAT registration number', inv.seller.vatNumber || '-', 'الرقم الضريبي');
  sellerAddressRows(inv.seller, row);
  rule();
  row('Buyer', inv.buyer.name, 'المشتري');
  if (inv.buyer.companyName) row('Company', inv.buyer.companyName, 'الشركة');
  buyerTaxRows(inv.buyer, row);
  at.y += 6;

  // Lines
  const cols = [
    { en: 'Description', ar: 'الوصف', x: L, w: 215, align: 'left' as const },
    { en: 'Quantity', ar: 'الكمية', x: L + 215, w: 80, align: 'center' as const },
    { en: 'Unit price', ar: 'سعر الوحدة', x: L + 295, w: 105, align: 'center' as const },
    { en: 'Amount', ar: 'المبلغ', x: L + 400, w: 115, align: 'right' as const },
  ];
  doc.rect(L, at.y - 14, W, 34).fill('#f0f5f4');
  for (const c of cols) {
    line(doc, c.en, c.x + 4, at.y, { width: c.w - 8, align: c.align, bold: true, size: 9 });
    line(doc, c.ar, c.x + 4, at.y + 14, { width: c.w - 8, align: c.align, bold: true, size: 9, dir: 'rtl' });
  }
  at.y += 36;
  for (const l of inv.lines) {
    const desc = l.description.length > 48 ? `${l.description.slice(0, 47)}…` : l.description;
    line(doc, desc, cols[0].x + 4, at.y, { width: cols[0].w - 8 });
    line(doc, `${l.quantity} × ${l.period}`, cols[1].x + 4, at.y, { width: cols[1].w - 8, align: 'center' });
    line(doc, sar(l.unitPrice), cols[2].x + 4, at.y, { width: cols[2].w - 8, align: 'center' });
    line(doc, sar(l.amount), cols[3].x + 4, at.y, { width: cols[3].w - 8, align: 'right' });
    at.y += 20;
  }
  rule();
  row('Subtotal (excluding VAT)', sar(inv.subtotal), 'الإجمالي غير شامل الضريبة');
  row(`VAT ${Math.round(inv.vatRate * 100)}%`, sar(inv.vat), `ضريبة القيمة المضافة ${Math.round(inv.vatRate * 100)}%`);
  row('Total (including VAT)', sar(inv.total), 'الإجمالي شامل الضريبة', { bold: true, size: 12 });
  rule();
  if (inv.payment && (inv.payment.cardBrand || inv.payment.cardLast4))
    row('Paid with', `${cardBrandLabel(inv.payment.cardBrand)} •••• ${inv.payment.cardLast4 ?? ''}`.trim(), 'طريقة الدفع');
  if (inv.serviceBookingId) {
    row('Service booking', inv.serviceBookingId.slice(0, 8).toUpperCase(), 'حجز الخدمة');
    row('Meeting', riyadhTime(inv.booking.startDate), 'الموعد');
  } else {
    row('Booking', inv.bookingId.slice(0, 8).toUpperCase(), 'الحجز');
    row('Booking period', bookingPeriodText(inv.booking.startDate, inv.booking.endDate), 'فترة الحجز');
  }

  await drawQr(doc, at, qrToPrint(xml, inv.qrPayload));
  doc.end();
  return done;
}

/** A credit note as the PDF renderer needs it (refunds/refund.types.ts CreditNoteData). */
interface CreditNoteView {
  creditNoteNumber: string;
  issuedAt: string;
  originalInvoiceNumber: string;
  originalInvoiceIssuedAt: string;
  reason: string;
  seller: SellerView;
  buyer: Omit<InvoiceBuyerData, 'email'>;
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
}

const REASONS: Record<string, [string, string]> = {
  customer_cancelled: ['Cancelled by the customer', 'ألغاه العميل'],
  host_cancelled: ['Cancelled by the host', 'ألغاه المضيف'],
  admin_cancelled: ['Cancelled by Mawarid', 'ألغته موارد'],
  refund_due: ['Booking could not be honoured', 'تعذّر تنفيذ الحجز'],
  duplicate: ['Duplicate payment', 'دفعة مكررة'],
};

/**
 * The bilingual credit note (English left, Arabic right), laid out like the invoice it credits; `xml` as for invoices:
 * its e-invoice's QR once there is one, else the phase-1 QR of its frozen figures (`phase1Qr`).
 */
export async function renderCreditNotePdf(cn: CreditNoteView, xml?: string | null): Promise<Buffer> {
  const { doc, done, at, row } = bilingualPdf(
    `Credit note ${cn.creditNoteNumber}`,
    cn.seller.name,
    xml ? { name: `credit-note-${cn.creditNoteNumber}.xml`, xml } : null,
  );
  line(doc, 'Credit Note', L, at.y, { width: W / 2, size: 18, bold: true, color: '#0f766e' });
  line(doc, 'إشعار دائن', L + W / 2, at.y, { width: W / 2, size: 18, bold: true, align: 'right', color: '#0f766e' });
  at.y += 30;
  const [reasonEn, reasonAr] = REASONS[cn.reason] ?? [cn.reason, cn.reason];
  row('Credit note number', cn.creditNoteNumber, 'رقم الإشعار', { bold: true });
  row('Issue date and time', riyadhTime(cn.issuedAt), 'تاريخ ووقت الإصدار');
  row('Original invoice', cn.originalInvoiceNumber, 'الفاتورة الأصلية');
  row('Invoice date', riyadhTime(cn.originalInvoiceIssuedAt), 'تاريخ الفاتورة');
  row('Reason', reasonEn, `السبب: ${reasonAr}`);
  row('Seller', cn.seller.name, 'البائع');
  row('VAT registration number', cn.seller.vatNumber || '-', 'الرقم الضريبي');
  sellerAddressRows(cn.seller, row);
  row('Buyer', cn.buyer.name, 'المشتري');
  if (cn.buyer.companyName) row('Company', cn.buyer.companyName, 'الشركة');
  buyerTaxRows(cn.buyer, row);
  at.y += 6;
  for (const l of cn.lines) row(l.description.length > 40 ? `${l.description.slice(0, 39)}…` : l.description, sar(l.amount), 'البند');
  row('Subtotal credited (excluding VAT)', sar(cn.subtotal), 'المبلغ الدائن غير شامل الضريبة');
  row(`VAT ${Math.round(cn.vatRate * 100)}% credited`, sar(cn.vat), `ضريبة القيمة المضافة ${Math.round(cn.vatRate * 100)}%`);
  row('Total credited (including VAT)', sar(cn.total), 'الإجمالي الدائن شامل الضريبة', { bold: true, size: 12 });
  await drawQr(doc, at, qrToPrint(xml, phase1Qr(cn)));
  doc.end();
  return done;
}

/** A commission document's e-invoice as its reader may be given it (`givenXml` in invoice.service.ts). */
interface CommissionEInvoice {
  xml: string;
  kind: 'standard' | 'simplified';
}

/**
 * The QR to print: the e-invoice's own (tags 1–9, as ZATCA signed or cleared it, byte for byte) once there is one the
 * reader may be given, else the phase-1 payload (tags 1–5).
 */
function qrToPrint(xml: string | null | undefined, phase1: string): string {
  if (!xml) return phase1;
  try {
    return qrOfDocument(xml) ?? phase1;
  } catch {
    return phase1;
  }
}

/**
 * The phase-1 QR (tags 1–5) of a credit note, which freezes no QR of its own: from its frozen seller, issue time
 * (Riyadh, as `riyadhTimestamp`) and amounts, positive as in its e-invoice (whose type says it credits).
 */
function phase1Qr(n: { seller: { name: string; vatNumber: string }; issuedAt: string; total: number; vat: number }): string {
  return zatcaQrPayload({
    sellerName: n.seller.name,
    vatNumber: n.seller.vatNumber,
    timestamp: riyadhTimestamp(new Date(n.issuedAt)),
    total: sarText(Math.abs(n.total)),
    vat: sarText(Math.abs(n.vat)),
  });
}

/** The QR image centred at the current height, with "Scan to verify" under it. */
async function drawQr(doc: Doc, at: { y: number }, payload: string): Promise<void> {
  const qr = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  at.y += 10;
  doc.image(qr, L + W / 2 - 70, at.y, { width: 140, height: 140 });
  at.y += 150;
  line(doc, 'Scan to verify (ZATCA)', L, at.y, { width: W / 2 - 10, align: 'right', size: 8, color: '#555555' });
  line(doc, 'امسح للتحقق (هيئة الزكاة والضريبة والجمارك)', L + W / 2 + 10, at.y, {
    width: W / 2 - 10,
    align: 'left',
    size: 8,
    color: '#555555',
    dir: 'rtl',
  });
}

/**
 * The platform's monthly tax invoice to a host for its commission (the buyer's VAT number, commercial registration and
 * national address shown), bilingual and laid out like the others. Once its e-invoice may be given (`einvoice`), the
 * PDF/A-3 carries that XML and the QR is the e-invoice's; a simplified e-invoice is titled so.
 */
export async function renderCommissionInvoicePdf(inv: CommissionInvoiceData, einvoice?: CommissionEInvoice | null): Promise<Buffer> {
  const { doc, done, at, row } = bilingualPdf(
    `Tax invoice ${inv.invoiceNumber}`,
    inv.seller.name,
    einvoice ? { name: `commission-invoice-${inv.invoiceNumber}.xml`, xml: einvoice.xml } : null,
  );
  const simplified = einvoice?.kind === 'simplified';
  line(doc, simplified ? 'Simplified Tax Invoice — Commission' : 'Tax Invoice — Commission', L, at.y, {
    width: W / 2,
    size: 18,
    bold: true,
    color: '#0f766e',
  });
  line(doc, simplified ? 'فاتورة ضريبية مبسطة — عمولة' : 'فاتورة ضريبية — عمولة', L + W / 2, at.y, {
    width: W / 2,
    size: 18,
    bold: true,
    align: 'right',
    color: '#0f766e',
  });
  at.y += 30;
  row('Invoice number', inv.invoiceNumber, 'رقم الفاتورة', { bold: true });
  row('Issue date and time', riyadhTime(inv.issuedAt), 'تاريخ ووقت الإصدار');
  row('Issue date (Hijri)', formatHijriDate(inv.issuedAt, 'ar'), 'تاريخ الإصدار (هجري)');
  row('Period (month)', inv.month, 'الفترة (الشهر)');
  row('Seller', inv.seller.name, 'البائع');
  row('VAT registration number', inv.seller.vatNumber || '-', 'الرقم الضريبي');
  sellerAddressRows(inv.seller, row);
  row('Buyer', inv.buyer.name, 'المشتري');
  row('Buyer VAT number', inv.buyer.vatNumber || '-', 'الرقم الضريبي للمشتري');
  row('Commercial registration', inv.buyer.commercialRegistration || '-', 'السجل التجاري');
  if (inv.buyer.nationalAddress) row('National address', addressLine(inv.buyer.nationalAddress), 'العنوان الوطني');
  at.y += 6;
  row('Settled payments', String(inv.paymentsCount), 'المدفوعات المسوّاة');
  row('Payments total', sar(inv.gross), 'إجمالي المدفوعات');
  if (inv.refundsCount)
    row(
      `Commission given back on ${inv.refundsCount} refund(s)`,
      sar(-((inv.refundedCommission ?? 0) + (inv.refundedVat ?? 0))),
      'عمولة مستردة بسبب المبالغ المستردة',
    );
  row('Marketplace commission (excluding VAT)', sar(inv.subtotal), 'عمولة المنصة غير شاملة الضريبة');
  row(`VAT ${Math.round(inv.vatRate * 100)}%`, sar(inv.vat), `ضريبة القيمة المضافة ${Math.round(inv.vatRate * 100)}%`);
  row('Total (including VAT)', sar(inv.total), 'الإجمالي شامل الضريبة', { bold: true, size: 12 });
  await drawQr(doc, at, qrToPrint(einvoice?.xml, inv.qrPayload));
  doc.end();
  return done;
}

/**
 * The platform's credit note to a host for commission given back on a refund, laid out like the commission invoice;
 * once its e-invoice may be given, with that XML embedded and its QR; before that, the phase-1 QR of its figures.
 */
export async function renderCommissionCreditNotePdf(cn: CommissionCreditNoteData, einvoice?: CommissionEInvoice | null): Promise<Buffer> {
  const { doc, done, at, row } = bilingualPdf(
    `Credit note ${cn.creditNoteNumber}`,
    cn.seller.name,
    einvoice ? { name: `commission-credit-note-${cn.creditNoteNumber}.xml`, xml: einvoice.xml } : null,
  );
  line(doc, 'Credit Note — Commission', L, at.y, { width: W / 2, size: 18, bold: true, color: '#0f766e' });
  line(doc, 'إشعار دائن — عمولة', L + W / 2, at.y, { width: W / 2, size: 18, bold: true, align: 'right', color: '#0f766e' });
  at.y += 30;
  row('Credit note number', cn.creditNoteNumber, 'رقم الإشعار', { bold: true });
  row('Issue date and time', riyadhTime(cn.issuedAt), 'تاريخ ووقت الإصدار');
  row('Issue date (Hijri)', formatHijriDate(cn.issuedAt, 'ar'), 'تاريخ الإصدار (هجري)');
  row('Original invoice', cn.originalInvoiceNumber, 'الفاتورة الأصلية');
  row('Invoice date', riyadhTime(cn.originalInvoiceIssuedAt), 'تاريخ الفاتورة');
  row('Period (month)', cn.month, 'الفترة (الشهر)');
  row('Reason', 'Refund to the customer', 'السبب: استرداد للعميل');
  if (cn.bookingId) row('Booking', cn.bookingId.slice(0, 8).toUpperCase(), 'الحجز');
  row('Amount refunded', sar(cn.refundAmount), 'المبلغ المسترد');
  row('Seller', cn.seller.name, 'البائع');
  row('VAT registration number', cn.seller.vatNumber || '-', 'الرقم الضريبي');
  sellerAddressRows(cn.seller, row);
  row('Buyer', cn.buyer.name, 'المشتري');
  row('Buyer VAT number', cn.buyer.vatNumber || '-', 'الرقم الضريبي للمشتري');
  row('Commercial registration', cn.buyer.commercialRegistration || '-', 'السجل التجاري');
  if (cn.buyer.nationalAddress) row('National address', addressLine(cn.buyer.nationalAddress), 'العنوان الوطني');
  at.y += 6;
  row('Commission credited (excluding VAT)', sar(cn.subtotal), 'العمولة الدائنة غير شاملة الضريبة');
  row(`VAT ${Math.round(cn.vatRate * 100)}% credited`, sar(cn.vat), `ضريبة القيمة المضافة ${Math.round(cn.vatRate * 100)}%`);
  row('Total credited (including VAT)', sar(cn.total), 'الإجمالي الدائن شامل الضريبة', { bold: true, size: 12 });
  await drawQr(doc, at, qrToPrint(einvoice?.xml, phase1Qr(cn)));
  doc.end();
  return done;
}
