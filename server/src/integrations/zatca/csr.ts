import { createPublicKey, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { bits, context, integer, oid, octets, printable, seq, set, utf8 } from './der.js';

/**
 * The certificate signing request ZATCA's onboarding takes (Security Features Implementation Standards, CSR field
 * contents): a secp256k1 key, subject C/OU/O/CN, and the extensions naming the stamp's template and, in a directory
 * name in subjectAltName, the EGS unit (SN), the VAT number (UID), the invoice types (title), the branch address
 * (registeredAddress) and the industry (businessCategory).
 */
export interface CsrFields {
  /** The EGS unit's name, e.g. "Mawarid-1-310122393500003". */
  commonName: string;
  organizationName: string;
  /** The branch; for a VAT group the 10-digit TIN. */
  organizationUnit: string;
  vatNumber: string;
  /** "1-<solution>|2-<model or version>|3-<serial>" */
  egsSerial: string;
  /** TSCZ: standard, simplified, future, future — "1100" for both kinds of invoice. */
  invoiceTypes: string;
  address: string;
  industry: string;
}

/** The certificate template each environment issues: the developer portal, simulation, production. */
export const TEMPLATE_NAMES = {
  developer: 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
} as const;

const OIDS = {
  country: '2.5.4.6',
  org: '2.5.4.10',
  orgUnit: '2.5.4.11',
  cn: '2.5.4.3',
  surname: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  extensionRequest: '1.2.840.113549.1.9.14',
  templateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  ecdsaSha256: '1.2.840.10045.4.3.2',
};

const rdn = (type: string, value: Buffer) => set(seq(oid(type), value));

export function generateStampKey(): { privateKey: KeyObject; privateKeyPem: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return { privateKey, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The CSR as PEM (ZATCA's API takes this text Base64-encoded). */
export function buildCsr(fields: CsrFields, template: string, privateKey: KeyObject): string {
  const subject = seq(
    rdn(OIDS.country, printable('SA')),
    rdn(OIDS.orgUnit, utf8(fields.organizationUnit)),
    rdn(OIDS.org, utf8(fields.organizationName)),
    rdn(OIDS.cn, utf8(fields.commonName)),
  );
  const dirName = seq(
    rdn(OIDS.surname, utf8(fields.egsSerial)),
    rdn(OIDS.uid, utf8(fields.vatNumber)),
    rdn(OIDS.title, utf8(fields.invoiceTypes)),
    rdn(OIDS.registeredAddress, utf8(fields.address)),
    rdn(OIDS.businessCategory, utf8(fields.industry)),
  );
  const extensions = seq(
    seq(oid(OIDS.templateName), octets(utf8(template))),
    seq(oid(OIDS.subjectAltName), octets(seq(context(4, dirName)))),
  );
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const info = seq(integer(Buffer.from([0])), subject, spki, context(0, seq(oid(OIDS.extensionRequest), set(extensions))));
  const signer = createSign('sha256');
  signer.update(info);
  const signature = signer.sign(privateKey);
  const der = seq(info, seq(oid(OIDS.ecdsaSha256)), bits(signature));
  const body = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return `-----BEGIN CERTIFICATE REQUEST-----\n${body}\n-----END CERTIFICATE REQUEST-----\n`;
}
