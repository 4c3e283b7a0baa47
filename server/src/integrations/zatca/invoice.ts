import { createHash, createPrivateKey, createSign } from 'node:crypto';
import { canonicalize, canonicalizeExclusive, childrenNamed, findElement, parseXml, textOf, type XmlElement } from './c14n.js';
import { readCertificate } from './certificate.js';
import { qrTlv } from './qr.js';
import { el, txt } from './xml.js';

/**
 * ZATCA e-invoices (phase 2) as UBL 2.1 XML: standard (B2B, cleared) and simplified (B2C, reported) tax invoices,
 * credit notes (381) and debit notes (383), chained by the invoice counter (ICV) and the previous document's hash
 * (PIH), signed with the cryptographic stamp (ECDSA secp256k1 + XAdES) and carrying the QR with tags 1–9.
 * Written without indentation: the hash is over the canonical form, and whitespace between elements would be part
 * of it.
 */

type InvoiceKind = 'standard' | 'simplified';
type DocumentType = 'invoice' | 'credit_note' | 'debit_note';

const TYPE_CODES: Record<DocumentType, string> = { invoice: '388', credit_note: '381', debit_note: '383' };
/** KSA-2: positions 1–2 are 01 standard / 02 simplified; third party, nominal, export, summary, self-billed off. */
const SUBTYPES: Record<InvoiceKind, string> = { standard: '0100000', simplified: '0200000' };

/** The previous-invoice hash of the first document: Base64 of the hex SHA-256 of "0", as ZATCA specifies. */
export const FIRST_PIH = Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');

interface NationalAddress {
  street: string;
  building: string;
  district: string;
  city: string;
  postalCode: string;
  /** ISO 3166 alpha-2; SA when absent. */
  country?: string;
}

export interface EInvoiceInput {
  kind: InvoiceKind;
  type: DocumentType;
  /** Our invoice (or credit note) number. */
  number: string;
  uuid: string;
  issuedAt: Date;
  /** When the service is supplied (KSA-5, required on standard invoices). */
  supplyDate: Date;
  icv: number;
  pih: string;
  seller: { name: string; vatNumber: string; crn: string; address: NationalAddress };
  buyer: { name: string; vatNumber?: string | null; crn?: string | null; address?: NationalAddress | null };
  lines: Array<{ name: string; quantity: number; unitPriceHalalas: number; netHalalas: number }>;
  /** 15 for the standard rate. */
  vatPercent: number;
  subtotalHalalas: number;
  vatHalalas: number;
  totalHalalas: number;
  /** UN/CEFACT 4461: 48 card, 10 cash, 30 credit transfer, 42 to a bank account. */
  paymentMeansCode: string;
  /** Credit and debit notes: the invoice they correct and why (KSA-10). */
  billingReference?: { invoiceNumber: string; reason: string };
}

export interface StampKey {
  /** PKCS#8 or SEC1 PEM of the secp256k1 private key. */
  privateKeyPem: string;
  /** The stamp certificate (PEM or its Base64 body). */
  certificate: string;
}

export interface SignedInvoice {
  xml: string;
  /** Base64 SHA-256 of the canonical invoice without UBLExtensions, cac:Signature and the QR reference. */
  hash: string;
  /** Base64 DER ECDSA signature of the hash. */
  signature: string;
  qr: string;
}

const NS = {
  xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const XPATH = 'http://www.w3.org/TR/1999/REC-xpath-19991116';
const C14N11 = 'http://www.w3.org/2006/12/xml-c14n11';

/** Halalas as SAR with two decimals ("460.00"). */
function sar(halalas: number): string {
  if (!Number.isInteger(halalas)) throw new Error(`Amount in halalas is not whole: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const a = Math.abs(halalas);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Date and time in Riyadh (UTC+3, no daylight saving), as ZATCA checks issue dates: ["2026-11-23", "13:00:00"]. */
function riyadh(d: Date): [string, string] {
  const iso = new Date(d.getTime() + 3 * 3600_000).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 19)];
}

const money = (name: string, halalas: number) => txt(name, sar(halalas), { currencyID: 'SAR' });

function address(a: NationalAddress): string {
  return el(
    'cac:PostalAddress',
    null,
    txt('cbc:StreetName', a.street),
    txt('cbc:BuildingNumber', a.building),
    txt('cbc:CitySubdivisionName', a.district),
    txt('cbc:CityName', a.city),
    txt('cbc:PostalZone', a.postalCode),
    el('cac:Country', null, txt('cbc:IdentificationCode', a.country ?? 'SA')),
  );
}

const vatScheme = el('cac:TaxScheme', null, txt('cbc:ID', 'VAT'));

function taxCategory(name: string, percent: number): string {
  return el(name, null, txt('cbc:ID', 'S'), txt('cbc:Percent', percent.toFixed(2)), vatScheme);
}

function supplier(s: EInvoiceInput['seller']): string {
  return el(
    'cac:AccountingSupplierParty',
    null,
    el(
      'cac:Party',
      null,
      el('cac:PartyIdentification', null, txt('cbc:ID', s.crn, { schemeID: 'CRN' })),
      address(s.address),
      el('cac:PartyTaxScheme', null, txt('cbc:CompanyID', s.vatNumber), vatScheme),
      el('cac:PartyLegalEntity', null, txt('cbc:RegistrationName', s.name)),
    ),
  );
}

function customer(b: EInvoiceInput['buyer']): string {
  return el(
    'cac:AccountingCustomerParty',
    null,
    el(
      'cac:Party',
      null,
      b.crn ? el('cac:PartyIdentification', null, txt('cbc:ID', b.crn, { schemeID: 'CRN' })) : null,
      b.address ? address(b.address) : null,
      b.vatNumber ? el('cac:PartyTaxScheme', null, txt('cbc:CompanyID', b.vatNumber), vatScheme) : null,
      el('cac:PartyLegalEntity', null, txt('cbc:RegistrationName', b.name)),
    ),
  );
}

/** The values a document must have before it can be signed; throws with what is wrong. */
function check(inv: EInvoiceInput): void {
  const problems: string[] = [];
  if (!/^3\d{13}3$/.test(inv.seller.vatNumber)) problems.push('seller VAT number must be 15 digits starting and ending with 3');
  if (inv.kind === 'standard') {
    if (!inv.buyer.vatNumber || !/^3\d{13}3$/.test(inv.buyer.vatNumber)) problems.push('a standard invoice needs the buyer’s VAT number');
    if (!inv.buyer.address) problems.push('a standard invoice needs the buyer’s national address');
  }
  if (inv.type !== 'invoice' && !inv.billingReference?.reason.trim())
    problems.push('a credit or debit note needs the invoice it corrects and a reason');
  if (!Number.isInteger(inv.icv) || inv.icv < 1) problems.push('ICV must be a positive whole number');
  const net = inv.lines.reduce((s, l) => s + l.netHalalas, 0);
  if (net !== inv.subtotalHalalas) problems.push('lines do not add up to the subtotal');
  if (inv.subtotalHalalas + inv.vatHalalas !== inv.totalHalalas) problems.push('subtotal + VAT is not the total');
  if (problems.length) throw new Error(`E-invoice ${inv.number}: ${problems.join('; ')}`);
}

/** The invoice without its signature (UBLExtensions absent) and, when `qr` is null, without the QR reference. */
function document(inv: EInvoiceInput, extensions: string | null, qr: string | null): string {
  const [date, time] = riyadh(inv.issuedAt);
  const docRef = (id: string, body: string) => el('cac:AdditionalDocumentReference', null, txt('cbc:ID', id), body);
  const attachment = (value: string) =>
    el('cac:Attachment', null, txt('cbc:EmbeddedDocumentBinaryObject', value, { mimeCode: 'text/plain' }));
  return el(
    'Invoice',
    NS,
    extensions,
    txt('cbc:ProfileID', 'reporting:1.0'),
    txt('cbc:ID', inv.number),
    txt('cbc:UUID', inv.uuid),
    txt('cbc:IssueDate', date),
    txt('cbc:IssueTime', time),
    txt('cbc:InvoiceTypeCode', TYPE_CODES[inv.type], { name: SUBTYPES[inv.kind] }),
    txt('cbc:DocumentCurrencyCode', 'SAR'),
    txt('cbc:TaxCurrencyCode', 'SAR'),
    inv.billingReference &&
      el('cac:BillingReference', null, el('cac:InvoiceDocumentReference', null, txt('cbc:ID', inv.billingReference.invoiceNumber))),
    docRef('ICV', txt('cbc:UUID', String(inv.icv))),
    docRef('PIH', attachment(inv.pih)),
    qr !== null && docRef('QR', attachment(qr)),
    el(
      'cac:Signature',
      null,
      txt('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
      txt('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
    ),
    supplier(inv.seller),
    customer(inv.buyer),
    el('cac:Delivery', null, txt('cbc:ActualDeliveryDate', riyadh(inv.supplyDate)[0])),
    el(
      'cac:PaymentMeans',
      null,
      txt('cbc:PaymentMeansCode', inv.paymentMeansCode),
      inv.billingReference && inv.type !== 'invoice' && txt('cbc:InstructionNote', inv.billingReference.reason),
    ),
    el(
      'cac:TaxTotal',
      null,
      money('cbc:TaxAmount', inv.vatHalalas),
      el(
        'cac:TaxSubtotal',
        null,
        money('cbc:TaxableAmount', inv.subtotalHalalas),
        money('cbc:TaxAmount', inv.vatHalalas),
        taxCategory('cac:TaxCategory', inv.vatPercent),
      ),
    ),
    // KSA: a second TaxTotal in the tax currency (SAR here too), without breakdown.
    el('cac:TaxTotal', null, money('cbc:TaxAmount', inv.vatHalalas)),
    el(
      'cac:LegalMonetaryTotal',
      null,
      money('cbc:LineExtensionAmount', inv.subtotalHalalas),
      money('cbc:TaxExclusiveAmount', inv.subtotalHalalas),
      money('cbc:TaxInclusiveAmount', inv.totalHalalas),
      money('cbc:AllowanceTotalAmount', 0),
      money('cbc:PrepaidAmount', 0),
      money('cbc:PayableAmount', inv.totalHalalas),
    ),
    ...inv.lines.map((l, i) => {
      // The line's VAT: the document's VAT split over the lines by their net, the last taking the rounding.
      const before = inv.lines.slice(0, i).reduce((s, x) => s + Math.round((inv.vatHalalas * x.netHalalas) / inv.subtotalHalalas || 0), 0);
      const vat =
        i === inv.lines.length - 1 ? inv.vatHalalas - before : Math.round((inv.vatHalalas * l.netHalalas) / inv.subtotalHalalas || 0);
      // Quantity × price must give the line's net (BR-KSA-EN16931-11); otherwise the line is one unit of its net.
      const exact = l.quantity * l.unitPriceHalalas === l.netHalalas;
      return el(
        'cac:InvoiceLine',
        null,
        txt('cbc:ID', String(i + 1)),
        txt('cbc:InvoicedQuantity', String(exact ? l.quantity : 1), { unitCode: 'PCE' }),
        money('cbc:LineExtensionAmount', l.netHalalas),
        el('cac:TaxTotal', null, money('cbc:TaxAmount', vat), money('cbc:RoundingAmount', l.netHalalas + vat)),
        el('cac:Item', null, txt('cbc:Name', l.name), taxCategory('cac:ClassifiedTaxCategory', inv.vatPercent)),
        el('cac:Price', null, money('cbc:PriceAmount', exact ? l.unitPriceHalalas : l.netHalalas)),
      );
    }),
  );
}

/** The root's children ZATCA's hash leaves out: UBLExtensions, cac:Signature and the QR document reference. */
function withoutSignature(root: XmlElement): XmlElement {
  return {
    ...root,
    children: root.children.filter((c) => {
      if (typeof c === 'string') return true;
      if (c.name === 'ext:UBLExtensions' || c.name === 'cac:Signature') return false;
      return !(c.name === 'cac:AdditionalDocumentReference' && childrenNamed(c, 'cbc:ID').some((id) => textOf(id) === 'QR'));
    }),
  };
}

/** ZATCA's invoice hash of any invoice XML (signed or not): Base64 SHA-256 of its canonical form without the signature parts. */
export function invoiceHash(xml: string): string {
  return createHash('sha256')
    .update(canonicalize(withoutSignature(parseXml(xml))), 'utf8')
    .digest('base64');
}

/**
 * The digest ds:Reference "#xadesSignedProperties" carries: Base64 of the hex SHA-256 (as ZATCA's SDK encodes its
 * digests) of the SignedProperties element in exclusive canonical form: `xmlns:xades` on it and `xmlns:ds` on each
 * ds: element, not the document's other namespaces in scope. That is the form ZATCA's validator hashes (an
 * inclusive form fails its "signed-properties-hashing" check); zatca.test.ts pins it as literal text.
 */
export function signedPropertiesHash(xml: string): string {
  const found = findElement(parseXml(xml), 'xades:SignedProperties');
  if (!found) throw new Error('No xades:SignedProperties in the document');
  return Buffer.from(createHash('sha256').update(canonicalizeExclusive(found.el, found.scope), 'utf8').digest('hex')).toString('base64');
}

function ublExtensions(p: {
  hash: string;
  signature: string;
  signedPropsHash: string;
  signingTime: string;
  cert: ReturnType<typeof readCertificate>;
}): string {
  const xpath = (expr: string) => el('ds:Transform', { Algorithm: XPATH }, txt('ds:XPath', expr));
  const digest = (value: string) => el('ds:DigestMethod', { Algorithm: SHA256 }) + txt('ds:DigestValue', value);
  const signedProperties = el(
    'xades:SignedProperties',
    { Id: 'xadesSignedProperties' },
    el(
      'xades:SignedSignatureProperties',
      null,
      txt('xades:SigningTime', p.signingTime),
      el(
        'xades:SigningCertificate',
        null,
        el(
          'xades:Cert',
          null,
          el('xades:CertDigest', null, digest(p.cert.hash)),
          el('xades:IssuerSerial', null, txt('ds:X509IssuerName', p.cert.issuerName), txt('ds:X509SerialNumber', p.cert.serialNumber)),
        ),
      ),
    ),
  );
  const signature = el(
    'ds:Signature',
    { 'xmlns:ds': DS, Id: 'signature' },
    el(
      'ds:SignedInfo',
      null,
      el('ds:CanonicalizationMethod', { Algorithm: C14N11 }),
      el('ds:SignatureMethod', { Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256' }),
      el(
        'ds:Reference',
        { Id: 'invoiceSignedData', URI: '' },
        el(
          'ds:Transforms',
          null,
          xpath('not(//ancestor-or-self::ext:UBLExtensions)'),
          xpath('not(//ancestor-or-self::cac:Signature)'),
          xpath("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
          el('ds:Transform', { Algorithm: C14N11 }),
        ),
        digest(p.hash),
      ),
      el(
        'ds:Reference',
        { Type: 'http://www.w3.org/2000/09/xmldsig#SignatureProperties', URI: '#xadesSignedProperties' },
        digest(p.signedPropsHash),
      ),
    ),
    txt('ds:SignatureValue', p.signature),
    el('ds:KeyInfo', null, el('ds:X509Data', null, txt('ds:X509Certificate', p.cert.base64))),
    el('ds:Object', null, el('xades:QualifyingProperties', { 'xmlns:xades': XADES, Target: 'signature' }, signedProperties)),
  );
  return el(
    'ext:UBLExtensions',
    null,
    el(
      'ext:UBLExtension',
      null,
      txt('ext:ExtensionURI', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
      el(
        'ext:ExtensionContent',
        null,
        el(
          'sig:UBLDocumentSignatures',
          {
            'xmlns:sac': 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
            'xmlns:sbc': 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
            'xmlns:sig': 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
          },
          el(
            'sac:SignatureInformation',
            null,
            txt('cbc:ID', 'urn:oasis:names:specification:ubl:signature:1'),
            txt('sbc:ReferencedSignatureID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
            signature,
          ),
        ),
      ),
    ),
  );
}

/**
 * Signs a document with the cryptographic stamp: the hash, the ECDSA signature of the hash's bytes (as ZATCA's SDK
 * signs), the XAdES signed properties naming the certificate, and the QR (tag 9 on simplified documents only).
 */
export function signInvoice(inv: EInvoiceInput, key: StampKey, signingTime: Date = new Date()): SignedInvoice {
  check(inv);
  const hash = invoiceHash(document(inv, null, null));
  const signer = createSign('sha256');
  signer.update(Buffer.from(hash, 'base64'));
  const signature = signer.sign(createPrivateKey(key.privateKeyPem), 'base64');
  const cert = readCertificate(key.certificate);
  const [date, time] = riyadh(inv.issuedAt);
  const qr = qrTlv([
    [1, inv.seller.name],
    [2, inv.seller.vatNumber],
    [3, `${date}T${time}`],
    [4, sar(inv.totalHalalas)],
    [5, sar(inv.vatHalalas)],
    [6, hash],
    [7, signature],
    [8, cert.publicKey],
    ...(inv.kind === 'simplified' ? [[9, cert.signature] as [number, Buffer]] : []),
  ]);
  const [sd, st] = riyadh(signingTime);
  const PLACEHOLDER = 'SIGNED-PROPERTIES-DIGEST';
  const draft = document(inv, ublExtensions({ hash, signature, signedPropsHash: PLACEHOLDER, signingTime: `${sd}T${st}`, cert }), qr);
  const xml = draft.replace(PLACEHOLDER, signedPropertiesHash(draft));
  return { xml, hash, signature, qr };
}

/**
 * The QR (TLV tags 1–9, Base64) a signed or cleared document carries in its `QR` AdditionalDocumentReference, for
 * printing; null when it has none. Read from the parsed XML, so ZATCA's cleared copy may be laid out as it likes.
 */
export function qrOfDocument(xml: string): string | null {
  const ref = childrenNamed(parseXml(xml), 'cac:AdditionalDocumentReference').find((r) =>
    childrenNamed(r, 'cbc:ID').some((id) => textOf(id).trim() === 'QR'),
  );
  const value = ref && findElement(ref, 'cbc:EmbeddedDocumentBinaryObject');
  return value ? textOf(value.el).trim() || null : null;
}
