import { createHash, createPublicKey, createVerify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testStamp } from '../../../../tests/support/fake-zatca-ca.js';
import { canonicalize, parseXml } from './c14n.js';
import { readCertificate } from './certificate.js';
import { children, read } from './der.js';
import { FIRST_PIH, invoiceHash, signedPropertiesHash, signInvoice, type EInvoiceInput } from './invoice.js';
import { readQr } from './qr.js';

/** The certificate in ZATCA's published SDK samples (EGS "TST-886431145-399999999900003"). */
const ZATCA_SAMPLE_CERT = `MIID3jCCA4SgAwIBAgITEQAAOAPF90Ajs/xcXwABAAA4AzAKBggqhkjOPQQDAjBiMRUwEwYKCZImiZPyLGQBGRYFbG9jYWwxEzARBgoJkiaJk/IsZAEZFgNnb3YxFzAVBgoJkiaJk/IsZAEZFgdleHRnYXp0MRswGQYDVQQDExJQUlpFSU5WT0lDRVNDQTQtQ0EwHhcNMjQwMTExMDkxOTMwWhcNMjkwMTA5MDkxOTMwWjB1MQswCQYDVQQGEwJTQTEmMCQGA1UEChMdTWF4aW11bSBTcGVlZCBUZWNoIFN1cHBseSBMVEQxFjAUBgNVBAsTDVJpeWFkaCBCcmFuY2gxJjAkBgNVBAMTHVRTVC04ODY0MzExNDUtMzk5OTk5OTk5OTAwMDAzMFYwEAYHKoZIzj0CAQYFK4EEAAoDQgAEoWCKa0Sa9FIErTOv0uAkC1VIKXxU9nPpx2vlf4yhMejy8c02XJblDq7tPydo8mq0ahOMmNo8gwni7Xt1KT9UeKOCAgcwggIDMIGtBgNVHREEgaUwgaKkgZ8wgZwxOzA5BgNVBAQMMjEtVFNUfDItVFNUfDMtZWQyMmYxZDgtZTZhMi0xMTE4LTliNTgtZDlhOGYxMWU0NDVmMR8wHQYKCZImiZPyLGQBAQwPMzk5OTk5OTk5OTAwMDAzMQ0wCwYDVQQMDAQxMTAwMREwDwYDVQQaDAhSUlJEMjkyOTEaMBgGA1UEDwwRU3VwcGx5IGFjdGl2aXRpZXMwHQYDVR0OBBYEFEX+YvmmtnYoDf9BGbKo7ocTKYK1MB8GA1UdIwQYMBaAFJvKqqLtmqwskIFzVvpP2PxT+9NnMHsGCCsGAQUFBwEBBG8wbTBrBggrBgEFBQcwAoZfaHR0cDovL2FpYTQuemF0Y2EuZ292LnNhL0NlcnRFbnJvbGwvUFJaRUludm9pY2VTQ0E0LmV4dGdhenQuZ292LmxvY2FsX1BSWkVJTlZPSUNFU0NBNC1DQSgxKS5jcnQwDgYDVR0PAQH/BAQDAgeAMDwGCSsGAQQBgjcVBwQvMC0GJSsGAQQBgjcVCIGGqB2E0PsShu2dJIfO+xnTwFVmh/qlZYXZhD4CAWQCARIwHQYDVR0lBBYwFAYIKwYBBQUHAwMGCCsGAQUFBwMCMCcGCSsGAQQBgjcVCgQaMBgwCgYIKwYBBQUHAwMwCgYIKwYBBQUHAwIwCgYIKoZIzj0EAwIDSAAwRQIhALE/ichmnWXCUKUbca3yci8oqwaLvFdHVjQrveI9uqAbAiA9hC4M8jgMBADPSzmd2uiPJA6gKR3LE03U75eqbC/rXA==`;

const seller = {
  name: 'Mawarid',
  vatNumber: '310122393500003',
  crn: '1010010000',
  address: { street: 'King Fahd Road', building: '1234', district: 'Al Olaya', city: 'Riyadh', postalCode: '12211' },
};

const stamp = () => testStamp();

const simplified: EInvoiceInput = {
  kind: 'simplified',
  type: 'invoice',
  number: '1001',
  uuid: '8e6000cf-1a98-4174-b3e7-b5d5954bc10d',
  issuedAt: new Date('2026-11-23T10:00:00Z'),
  supplyDate: new Date('2026-12-01T00:00:00Z'),
  icv: 1,
  pih: FIRST_PIH,
  seller,
  buyer: { name: 'Sara Al-Qahtani' },
  lines: [{ name: 'Meeting room <A> & co', quantity: 4, unitPriceHalalas: 10000, netHalalas: 40000 }],
  vatPercent: 15,
  subtotalHalalas: 40000,
  vatHalalas: 6000,
  totalHalalas: 46000,
  paymentMeansCode: '48',
};

const text = (xml: string, tag: string) => new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml)?.[1];

describe('ZATCA phase-2 documents', () => {
  it('chains the first document to ZATCA’s published hash of "0"', () => {
    expect(FIRST_PIH).toBe('NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==');
  });

  it('reads ZATCA’s sample certificate as their signed samples name it', () => {
    const c = readCertificate(`-----BEGIN CERTIFICATE-----\n${ZATCA_SAMPLE_CERT}\n-----END CERTIFICATE-----`);
    expect(c.issuerName).toBe('CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local');
    expect(c.serialNumber).toBe('379112742831380471835263969587287663520528387');
    expect(c.base64).toBe(ZATCA_SAMPLE_CERT);
    // secp256k1 public key (id-ecPublicKey + 1.3.132.0.10) and a DER ECDSA signature.
    expect(c.publicKey.toString('base64')).toMatch(/^MFYwEAYHKoZIzj0CAQYFK4EEAAoDQgAEoWCKa0Sa9F/);
    expect(c.signature[0]).toBe(0x30);
    expect(c.validTo.toISOString()).toBe('2029-01-09T09:19:30.000Z');
  });

  it('canonicalises as C14N 1.1 does: no declaration, sorted attributes, open-close empty elements, escapes', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<a xmlns:z="urn:z" xmlns="urn:d" z:k="1" b='x &quot; y' a="&#x41;"><z:c/><d>1 &lt; 2 &amp; 3 &gt; 0 "q"</d></a>`;
    expect(canonicalize(parseXml(xml))).toBe(
      `<a xmlns="urn:d" xmlns:z="urn:z" a="A" b="x &quot; y" z:k="1"><z:c></z:c><d>1 &lt; 2 &amp; 3 &gt; 0 "q"</d></a>`,
    );
    expect(() => parseXml('<a><![CDATA[x]]></a>')).toThrow(/CDATA/);
  });

  it('signs a simplified invoice: hash, ECDSA signature, XAdES properties and QR tags 1–9 that all check out', () => {
    const { ca, key } = stamp();
    const signed = signInvoice(simplified, key, new Date('2026-11-23T10:00:05Z'));
    const cert = new X509Certificate(Buffer.from(key.certificate, 'base64'));

    expect(text(signed.xml, 'cbc:ProfileID')).toBe('reporting:1.0');
    expect(signed.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    expect(text(signed.xml, 'cbc:IssueDate')).toBe('2026-11-23');
    expect(text(signed.xml, 'cbc:IssueTime')).toBe('13:00:00');
    expect(signed.xml).toContain('<cbc:ID>ICV</cbc:ID><cbc:UUID>1</cbc:UUID>');
    expect(signed.xml).toContain(
      `<cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${FIRST_PIH}<`,
    );
    expect(signed.xml).toContain('<cbc:Name>Meeting room &lt;A&gt; &amp; co</cbc:Name>');
    expect(signed.xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">460.00</cbc:TaxInclusiveAmount>');

    // The hash is the one the document carries and the one recomputed from it (signature parts left out).
    expect(invoiceHash(signed.xml)).toBe(signed.hash);
    expect(text(signed.xml, 'ds:DigestValue')).toBe(signed.hash);
    expect(signedPropertiesHash(signed.xml)).toBe(
      signed.xml.match(/URI="#xadesSignedProperties"><ds:DigestMethod [^>]*><\/ds:DigestMethod><ds:DigestValue>([^<]+)</)?.[1],
    );
    // ...and it is taken over this exact text: namespaces declared where they are used (xmlns:ds on each ds:
    // element), none of the invoice's own, empty elements written open and closed — the form implementations
    // accepted by ZATCA's sandbox hash, not the inclusive form with every namespace in scope on the first element.
    const ds = 'xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';
    const signedPropertiesText =
      '<xades:SignedProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Id="xadesSignedProperties">' +
      '<xades:SignedSignatureProperties><xades:SigningTime>2026-11-23T13:00:05</xades:SigningTime>' +
      '<xades:SigningCertificate><xades:Cert><xades:CertDigest>' +
      `<ds:DigestMethod ${ds} Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></ds:DigestMethod>` +
      `<ds:DigestValue ${ds}>${text(signed.xml.slice(signed.xml.indexOf('<xades:CertDigest>')), 'ds:DigestValue')}</ds:DigestValue>` +
      '</xades:CertDigest><xades:IssuerSerial>' +
      `<ds:X509IssuerName ${ds}>CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local</ds:X509IssuerName>` +
      `<ds:X509SerialNumber ${ds}>${BigInt(`0x${cert.serialNumber}`).toString()}</ds:X509SerialNumber>` +
      '</xades:IssuerSerial></xades:Cert></xades:SigningCertificate></xades:SignedSignatureProperties></xades:SignedProperties>';
    expect(signedPropertiesHash(signed.xml)).toBe(
      Buffer.from(createHash('sha256').update(signedPropertiesText).digest('hex')).toString('base64'),
    );
    const verify = createVerify('sha256');
    verify.update(Buffer.from(signed.hash, 'base64'));
    expect(verify.verify(cert.publicKey, Buffer.from(text(signed.xml, 'ds:SignatureValue')!, 'base64'))).toBe(true);
    expect(text(signed.xml, 'ds:X509Certificate')).toBe(key.certificate);
    expect(text(signed.xml, 'ds:X509IssuerName')).toBe('CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local');
    expect(text(signed.xml, 'ds:X509SerialNumber')).toBe(BigInt(`0x${cert.serialNumber}`).toString());
    expect(text(signed.xml, 'xades:SigningTime')).toBe('2026-11-23T13:00:05');

    const qr = readQr(text(signed.xml.slice(signed.xml.indexOf('<cbc:ID>QR</cbc:ID>')), 'cbc:EmbeddedDocumentBinaryObject')!);
    expect([...qr.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(qr.get(1)!.toString()).toBe('Mawarid');
    expect(qr.get(2)!.toString()).toBe('310122393500003');
    expect(qr.get(3)!.toString()).toBe('2026-11-23T13:00:00');
    expect(qr.get(4)!.toString()).toBe('460.00');
    expect(qr.get(5)!.toString()).toBe('60.00');
    expect(qr.get(6)!.toString()).toBe(signed.hash);
    expect(qr.get(7)!.toString()).toBe(signed.signature);
    expect(qr.get(8)!.equals(cert.publicKey.export({ type: 'spki', format: 'der' }))).toBe(true);
    // Tag 9 is the CA's signature over the certificate.
    const [tbs] = children(read(cert.raw));
    const caVerify = createVerify('sha256');
    caVerify.update(tbs.raw);
    expect(caVerify.verify(createPublicKey(ca.publicKeyPem), qr.get(9)!)).toBe(true);
  });

  it('gives a different hash, which the signature no longer matches, when an amount is changed', () => {
    const { key } = stamp();
    const signed = signInvoice(simplified, key);
    const forged = signed.xml.replace('<cbc:PayableAmount currencyID="SAR">460.00', '<cbc:PayableAmount currencyID="SAR">46.00');
    expect(invoiceHash(forged)).not.toBe(signed.hash);
    // The QR and the signature are left out of the hash: the same document signed twice hashes the same.
    expect(invoiceHash(signInvoice(simplified, key, new Date('2027-01-01T00:00:00Z')).xml)).toBe(signed.hash);
  });

  it('signs a standard invoice with the buyer’s VAT number and address, and no tag 9', () => {
    const { key } = stamp();
    expect(() => signInvoice({ ...simplified, kind: 'standard' }, key)).toThrow(/buyer’s VAT number/);
    const signed = signInvoice(
      {
        ...simplified,
        kind: 'standard',
        buyer: { name: 'Acme Trading', vatNumber: '300000000000003', crn: '1010101010', address: { ...seller.address, building: '4321' } },
      },
      key,
    );
    expect(signed.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(signed.xml).toMatch(
      /<cac:AccountingCustomerParty>.*<cbc:CompanyID>300000000000003<\/cbc:CompanyID>.*<\/cac:AccountingCustomerParty>/,
    );
    expect(signed.xml).toContain('<cbc:ActualDeliveryDate>2026-12-01</cbc:ActualDeliveryDate>');
    expect([...readQr(signed.qr).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('writes a credit note (381) referring to the invoice it credits, with the reason', () => {
    const { key } = stamp();
    expect(() => signInvoice({ ...simplified, type: 'credit_note' }, key)).toThrow(/a reason/);
    const signed = signInvoice(
      {
        ...simplified,
        type: 'credit_note',
        number: 'CN-1001',
        icv: 2,
        pih: 'cHJldmlvdXM=',
        billingReference: { invoiceNumber: '1001', reason: 'Booking cancelled by the customer' },
      },
      key,
    );
    expect(signed.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(signed.xml).toContain(
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>1001</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>',
    );
    expect(signed.xml).toContain('<cbc:InstructionNote>Booking cancelled by the customer</cbc:InstructionNote>');
    expect(signed.xml).toContain('<cbc:UUID>2</cbc:UUID>');
  });

  it('builds the CSR ZATCA asks for: subject, template name and the EGS directory name', () => {
    const { key } = stamp();
    const cert = new X509Certificate(Buffer.from(key.certificate, 'base64'));
    expect(cert.subject.split('\n')).toEqual(['C=SA', 'OU=Riyadh Branch', 'O=Mawarid', 'CN=Mawarid-1-310122393500003']);
    const der = cert.raw.toString('latin1');
    for (const v of [
      'PREZATCA-Code-Signing',
      '1-Mawarid|2-1|3-4f8ac0a2-1b1e-4a44-9d2b-2a0d0f1c3b7e',
      '310122393500003',
      '1100',
      'Marketplace',
    ]) {
      expect(der).toContain(v);
    }
    expect(cert.subjectAltName).toMatch(/DirName/i);
  });
});
