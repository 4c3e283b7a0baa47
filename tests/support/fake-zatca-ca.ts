import { createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { children, context, integer, oid, read, seq, set, tlv, bits } from '../../server/src/integrations/zatca/der.js';
import { buildCsr, generateStampKey, TEMPLATE_NAMES } from '../../server/src/integrations/zatca/csr.js';

/**
 * A stand-in for ZATCA's certificate authority: issues X.509 v3 certificates (ecdsa-with-SHA256) for the CSRs the
 * onboarding sends, named the way ZATCA's e-invoicing CA names itself, with the CSR's subject, key and extensions.
 */
export interface FakeCa {
  /** Verifies the CSR's own signature and issues a certificate for it; throws on a bad CSR. Returns the DER as Base64. */
  issue(csrPem: string, validDays?: number): string;
  /** The CA's public key (to check a certificate's signature, tag 9 of a QR). */
  publicKeyPem: string;
}

const ia5 = (s: string) => tlv(0x16, Buffer.from(s, 'ascii'));
const utc = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));
const rdn = (type: string, value: Buffer) => set(seq(oid(type), value));

const ISSUER = seq(
  rdn('0.9.2342.19200300.100.1.25', ia5('local')),
  rdn('0.9.2342.19200300.100.1.25', ia5('gov')),
  rdn('0.9.2342.19200300.100.1.25', ia5('extgazt')),
  rdn('2.5.4.3', tlv(0x13, Buffer.from('PRZEINVOICESCA4-CA', 'ascii'))),
);
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

export function createFakeCa(): FakeCa {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    issue(csrPem, validDays = 365) {
      const der = Buffer.from(csrPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
      const [info, , signature] = children(read(der));
      const [, subject, spki, attributes] = children(info);
      const key = createPublicKey({ key: spki.raw, format: 'der', type: 'spki' });
      const verifier = createVerify('sha256');
      verifier.update(info.raw);
      if (!verifier.verify(key, signature.content.subarray(1))) throw new Error('CSR signature does not verify');
      const [extensionRequest] = children(attributes);
      const [, values] = children(extensionRequest);
      const [extensions] = children(values);
      const now = new Date();
      const tbs = seq(
        context(0, integer(Buffer.from([2]))),
        integer(Buffer.concat([Buffer.from([0x11]), randomBytes(18)])),
        ECDSA_SHA256,
        ISSUER,
        seq(utc(new Date(now.getTime() - 60_000)), utc(new Date(now.getTime() + validDays * 86_400_000))),
        subject.raw,
        spki.raw,
        context(3, extensions.raw),
      );
      const signer = createSign('sha256');
      signer.update(tbs);
      return seq(tbs, ECDSA_SHA256, bits(signer.sign(privateKey))).toString('base64');
    },
  };
}

/** A stamp key with a certificate the CA issued for it, as onboarding ends up with (for tests that only sign). */
export function testStamp(ca: FakeCa = createFakeCa()): { ca: FakeCa; csr: string; key: { privateKeyPem: string; certificate: string } } {
  const { privateKey, privateKeyPem } = generateStampKey();
  const csr = buildCsr(
    {
      commonName: 'Mawarid-1-310122393500003',
      organizationName: 'Mawarid',
      organizationUnit: 'Riyadh Branch',
      vatNumber: '310122393500003',
      egsSerial: '1-Mawarid|2-1|3-4f8ac0a2-1b1e-4a44-9d2b-2a0d0f1c3b7e',
      invoiceTypes: '1100',
      address: 'King Fahd Road, Riyadh',
      industry: 'Marketplace',
    },
    TEMPLATE_NAMES.simulation,
    privateKey,
  );
  return { ca, csr, key: { privateKeyPem, certificate: ca.issue(csr) } };
}
