import { createHash, X509Certificate } from 'node:crypto';
import { children, read } from './der.js';

/**
 * What a signed invoice says about its cryptographic stamp's certificate. ZATCA hands the certificate out as the
 * Base64 of its DER (the PEM body; `binarySecurityToken` is that text Base64-encoded once more).
 */
export interface StampCertificate {
  /** The DER in Base64, as it goes into ds:X509Certificate. */
  base64: string;
  /** ZATCA's certificate digest: Base64 of the hex SHA-256 of the Base64 text (what their SDK computes). */
  hash: string;
  /** "CN=…, DC=…" most specific first, as ZATCA's own signed samples write it. */
  issuerName: string;
  /** Decimal. */
  serialNumber: string;
  /** DER SubjectPublicKeyInfo (QR tag 8). */
  publicKey: Buffer;
  /** The issuer's signature over the certificate (QR tag 9). */
  signature: Buffer;
  validTo: Date;
}

/** The Base64 body of a PEM certificate, or the Base64 itself. */
const certificateBody = (pemOrBase64: string) => pemOrBase64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

export function readCertificate(pemOrBase64: string): StampCertificate {
  const base64 = certificateBody(pemOrBase64);
  const der = Buffer.from(base64, 'base64');
  const cert = new X509Certificate(der);
  const [, , signatureValue] = children(read(der));
  return {
    base64,
    hash: Buffer.from(createHash('sha256').update(base64, 'utf8').digest('hex'), 'utf8').toString('base64'),
    issuerName: cert.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${cert.serialNumber}`).toString(10),
    publicKey: cert.publicKey.export({ type: 'spki', format: 'der' }),
    signature: signatureValue.content.subarray(1),
    validTo: new Date(cert.validTo),
  };
}
