/**
 * A local Fatoora (ZATCA's e-invoicing API, V2): POST /compliance (OTP → compliance CSID), /compliance/invoices
 * (the compliance checks), /production/csids (after every check of the six document kinds passed), PATCH
 * /production/csids (renewal: a new CSR and OTP, authenticated with the current production CSID),
 * /invoices/clearance/single (standard documents) and /invoices/reporting/single (simplified ones), with the CSID as
 * HTTP Basic credentials. It checks what it receives as ZATCA does: the invoice hash against the document, the
 * ECDSA signature with the certificate it issued (and that certificate against its CA), the XAdES certificate
 * digest, issuer, serial and signed-properties digest, and the QR's tags 1–9 against the document; the chain (PIH
 * is the hash of the last document it saw, ICV grows) gives warnings. Answers: 200 accepted, 202 with warnings,
 * 400 rejected with validationResults.errorMessages, 401 bad credentials.
 *
 * Knobs: `otp` (the portal's one-time code, default 123345), `failNext(path, ...statuses)` (the next calls to a path
 * answer these statuses with no body: a gateway having a bad moment) and `recover(path)` (the moment is over).
 */
import { createServer } from 'node:http';
import { createHash, createPublicKey, createVerify, X509Certificate } from 'node:crypto';
import {
  canonicalizeExclusive,
  childrenNamed,
  findElement,
  parseXml,
  textOf,
  type XmlElement,
} from '../../server/src/integrations/zatca/c14n.js';
import { children, read } from '../../server/src/integrations/zatca/der.js';
import { invoiceHash } from '../../server/src/integrations/zatca/invoice.js';
import { readQr } from '../../server/src/integrations/zatca/qr.js';
import { createFakeCa } from './fake-zatca-ca.js';

interface CsidRecord {
  kind: 'compliance' | 'production';
  requestId: string;
  secret: string;
  certificate: string;
  csr: string;
  passed: Set<string>;
}

interface Message {
  type: 'ERROR' | 'WARNING';
  code: string;
  category: string;
  message: string;
  status: 'ERROR' | 'WARNING';
}

interface FakeZatcaRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

const REQUIRED_CHECKS = ['0100000:388', '0100000:381', '0100000:383', '0200000:388', '0200000:381', '0200000:383'];

const first = (root: XmlElement, name: string) => findElement(root, name)?.el;
const textIn = (root: XmlElement, name: string) => {
  const e = first(root, name);
  return e ? textOf(e) : undefined;
};

export async function startFakeZatca(opts: { otp?: string } = {}) {
  const ca = createFakeCa();
  const csids = new Map<string, CsidRecord>();
  const requests: FakeZatcaRequest[] = [];
  const failures = new Map<string, number[]>();
  let nextRequestId = 1234567890123;
  let lastHash: string | null = null;
  let lastIcv = 0;
  const received: Array<{ path: string; uuid: string; icv: number; status: number }> = [];
  const state = { otp: opts.otp ?? '123345' };

  function csidOf(auth: string | undefined, kind: CsidRecord['kind']): CsidRecord | null {
    const m = /^Basic (.+)$/.exec(auth ?? '');
    if (!m) return null;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const i = decoded.lastIndexOf(':');
    const rec = csids.get(decoded.slice(0, i));
    return rec && rec.secret === decoded.slice(i + 1) && rec.kind === kind ? rec : null;
  }

  function issue(kind: CsidRecord['kind'], csr: string, passed = new Set<string>()) {
    const certificate = ca.issue(csr);
    const token = Buffer.from(certificate).toString('base64');
    const rec: CsidRecord = {
      kind,
      requestId: String(nextRequestId++),
      secret: `secret-${Math.random().toString(36).slice(2)}`,
      certificate,
      csr,
      passed,
    };
    csids.set(token, rec);
    return { requestID: Number(rec.requestId), dispositionMessage: 'ISSUED', binarySecurityToken: token, secret: rec.secret, errors: null };
  }

  /** What ZATCA's validation would say about a submitted document. */
  function validate(
    body: any,
    rec: CsidRecord,
    chained: boolean,
  ): { errors: Message[]; warnings: Message[]; root?: XmlElement; subtype?: string; xml?: string; icv?: number } {
    const errors: Message[] = [];
    const warnings: Message[] = [];
    const err = (code: string, message: string, category = 'XSD_ZATCA_INVALID') =>
      errors.push({ type: 'ERROR', code, category, message, status: 'ERROR' });
    const warn = (code: string, message: string) => warnings.push({ type: 'WARNING', code, category: 'KSA', message, status: 'WARNING' });
    let xml: string;
    let root: XmlElement;
    try {
      xml = Buffer.from(String(body?.invoice ?? ''), 'base64').toString('utf8');
      root = parseXml(xml);
    } catch (e) {
      err('XSD_ZATCA_INVALID', `The invoice is not well-formed XML: ${(e as Error).message}`, 'XSD');
      return { errors, warnings };
    }
    if (root.name !== 'Invoice') err('XSD_ZATCA_INVALID', 'The root element must be Invoice');
    const hash = invoiceHash(xml);
    if (body.invoiceHash !== hash)
      err('invalid-invoice-hash', 'The invoice hash API body does not match the (calculated) Hash of the XML', 'INVOICE_HASHING_ERRORS');
    if (textIn(root, 'cbc:UUID') !== body.uuid) err('invalid-uuid', 'The UUID in the request does not match the invoice');
    const digest = findElement(root, 'ds:Reference');
    if (!digest || textIn(digest.el, 'ds:DigestValue') !== hash)
      err('invalid-invoice-hash', 'The signed data digest is not the invoice hash', 'INVOICE_HASHING_ERRORS');

    const certText = textIn(root, 'ds:X509Certificate') ?? '';
    let cert: X509Certificate | null = null;
    try {
      cert = new X509Certificate(Buffer.from(certText, 'base64'));
    } catch {
      err('signature', 'The certificate in the signature cannot be read', 'CERTIFICATE_ERRORS');
    }
    if (cert) {
      if (certText !== rec.certificate)
        err('certificate', 'The signing certificate is not the one of these credentials', 'CERTIFICATE_ERRORS');
      if (!cert.verify(createPublicKey(ca.publicKeyPem)))
        err('certificate', 'The certificate was not issued by ZATCA', 'CERTIFICATE_ERRORS');
      const v = createVerify('sha256');
      v.update(Buffer.from(hash, 'base64'));
      if (!v.verify(cert.publicKey, Buffer.from(textIn(root, 'ds:SignatureValue') ?? '', 'base64')))
        err('signature', 'The invoice signature does not verify', 'SIGNATURE_ERRORS');
      const certDigest = Buffer.from(createHash('sha256').update(certText).digest('hex')).toString('base64');
      if (textIn(first(root, 'xades:CertDigest') ?? root, 'ds:DigestValue') !== certDigest)
        err('signed-properties', 'The certificate digest does not match', 'SIGNATURE_ERRORS');
      if (textIn(root, 'ds:X509SerialNumber') !== BigInt(`0x${cert.serialNumber}`).toString())
        err('signed-properties', 'The certificate serial does not match', 'SIGNATURE_ERRORS');
      if (textIn(root, 'ds:X509IssuerName') !== cert.issuer.split('\n').reverse().join(', '))
        err('signed-properties', 'The certificate issuer does not match', 'SIGNATURE_ERRORS');
      const sp = findElement(root, 'xades:SignedProperties');
      const spRef = childrenNamed(first(root, 'ds:SignedInfo') ?? root, 'ds:Reference').find((r) =>
        r.attrs.some(([k, val]) => k === 'URI' && val === '#xadesSignedProperties'),
      );
      const spDigest = sp
        ? Buffer.from(createHash('sha256').update(canonicalizeExclusive(sp.el, sp.scope)).digest('hex')).toString('base64')
        : null;
      if (!spRef || textIn(spRef, 'ds:DigestValue') !== spDigest)
        err('signed-properties', 'The signed properties digest does not match', 'SIGNATURE_ERRORS');
    }

    const typeCode = first(root, 'cbc:InvoiceTypeCode');
    const subtype = typeCode?.attrs.find(([k]) => k === 'name')?.[1] ?? '';
    const qrRef = childrenNamed(root, 'cac:AdditionalDocumentReference').find((r) =>
      childrenNamed(r, 'cbc:ID').some((id) => textOf(id) === 'QR'),
    );
    const qrText = qrRef ? textIn(qrRef, 'cbc:EmbeddedDocumentBinaryObject') : undefined;
    if (!qrText) {
      if (subtype.startsWith('02')) err('QRCODE_INVALID', 'A simplified invoice must carry its QR code', 'QR_CODE_ERRORS');
    } else {
      const qr = readQr(qrText);
      const s = (tag: number) => qr.get(tag)?.toString('utf8');
      const supplier = first(root, 'cac:AccountingSupplierParty') ?? root;
      const expect = [
        [1, textIn(supplier, 'cbc:RegistrationName')],
        [2, textIn(supplier, 'cbc:CompanyID')],
        [3, `${textIn(root, 'cbc:IssueDate')}T${textIn(root, 'cbc:IssueTime')}`],
        [4, textIn(first(root, 'cac:LegalMonetaryTotal') ?? root, 'cbc:TaxInclusiveAmount')],
        [5, textIn(first(root, 'cac:TaxTotal') ?? root, 'cbc:TaxAmount')],
        [6, hash],
        [7, textIn(root, 'ds:SignatureValue')],
      ] as const;
      for (const [tag, value] of expect)
        if (s(tag) !== value) err('QRCODE_INVALID', `QR tag ${tag} does not match the invoice`, 'QR_CODE_ERRORS');
      if (cert && !qr.get(8)?.equals(cert.publicKey.export({ type: 'spki', format: 'der' })))
        err('QRCODE_INVALID', 'QR tag 8 is not the certificate’s public key', 'QR_CODE_ERRORS');
      if (subtype.startsWith('02') && cert) {
        const [, , sig] = children(read(cert.raw));
        if (!qr.get(9)?.equals(sig.content.subarray(1)))
          err('QRCODE_INVALID', 'QR tag 9 is not the certificate’s signature', 'QR_CODE_ERRORS');
      }
    }
    const refs = childrenNamed(root, 'cac:AdditionalDocumentReference');
    const ref = (id: string) => refs.find((r) => childrenNamed(r, 'cbc:ID').some((x) => textOf(x) === id));
    const icv = Number(textIn(ref('ICV') ?? root, 'cbc:UUID'));
    const pih = textIn(ref('PIH') ?? root, 'cbc:EmbeddedDocumentBinaryObject');
    if (!Number.isInteger(icv) || icv < 1) err('BR-KSA-33', 'The invoice counter (ICV) must be a positive number');
    if (!pih) err('BR-KSA-26', 'The previous invoice hash (PIH) is missing');
    const code = typeCode ? textOf(typeCode) : '';
    if (code !== '388' && !first(root, 'cac:BillingReference'))
      err('BR-KSA-56', 'A credit or debit note must reference the invoice it corrects');
    if (chained && !errors.length) {
      const expectedPih = lastHash ?? Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');
      if (pih !== expectedPih) warn('BR-KSA-61', 'The PIH is not the hash of the previous invoice');
      if (icv <= lastIcv) warn('BR-KSA-33', 'The invoice counter did not increase');
    }
    return { errors, warnings, root, subtype, xml, icv };
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      let body: any = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        body = null;
      }
      requests.push({ path, headers: req.headers, body });
      const send = (status: number, json?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(json === undefined ? '' : JSON.stringify(json));
      };
      const failing = failures.get(path);
      if (failing?.length) return send(failing.shift()!);
      // Renewal of the production CSID before it expires: new CSR + the portal's new OTP, authenticated with the
      // current production CSID; the old one stops working once the new one is issued.
      if (req.method === 'PATCH' && path === '/production/csids' && req.headers['accept-version'] === 'V2' && body !== null) {
        const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
        const current = csidOf(req.headers.authorization, 'production');
        if (!current || !auth) return send(401, { message: 'Unauthorized' });
        if (req.headers.otp !== state.otp) return send(400, { errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] });
        let renewed;
        try {
          renewed = issue('production', Buffer.from(String(body.csr ?? ''), 'base64').toString('utf8'));
        } catch (e) {
          return send(400, { errors: [{ code: 'Invalid-CSR', message: `The provided CSR is invalid: ${(e as Error).message}` }] });
        }
        const oldToken = Buffer.from(auth[1], 'base64').toString('utf8');
        csids.delete(oldToken.slice(0, oldToken.lastIndexOf(':')));
        return send(200, renewed);
      }
      if (req.method !== 'POST' || req.headers['accept-version'] !== 'V2')
        return send(400, { message: 'Invalid Request: Accept-Version V2' });
      if (body === null) return send(400, { message: 'Invalid Request: body is not JSON' });

      if (path === '/compliance') {
        if (req.headers.otp !== state.otp) return send(400, { errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] });
        try {
          return send(200, issue('compliance', Buffer.from(String(body.csr ?? ''), 'base64').toString('utf8')));
        } catch (e) {
          return send(400, { errors: [{ code: 'Invalid-CSR', message: `The provided CSR is invalid: ${(e as Error).message}` }] });
        }
      }
      if (path === '/production/csids') {
        const rec = csidOf(req.headers.authorization, 'compliance');
        if (!rec) return send(401, { message: 'Unauthorized' });
        if (String(body.compliance_request_id) !== rec.requestId)
          return send(400, { errors: [{ code: 'Invalid-Request-ID', message: 'Unknown compliance request ID' }] });
        const missing = REQUIRED_CHECKS.filter((k) => !rec.passed.has(k));
        if (missing.length)
          return send(400, {
            dispositionMessage: 'NOT_COMPLIANT',
            errors: [{ code: 'Missing-Compliance-Steps', message: `Compliance checks not passed: ${missing.join(', ')}` }],
          });
        return send(200, issue('production', rec.csr));
      }
      const kinds: Record<
        string,
        { csid: CsidRecord['kind']; subtype?: string; field: 'clearanceStatus' | 'reportingStatus'; ok: string; no: string }
      > = {
        '/compliance/invoices': { csid: 'compliance', field: 'reportingStatus', ok: 'REPORTED', no: 'NOT_REPORTED' },
        '/invoices/clearance/single': { csid: 'production', subtype: '01', field: 'clearanceStatus', ok: 'CLEARED', no: 'NOT_CLEARED' },
        '/invoices/reporting/single': { csid: 'production', subtype: '02', field: 'reportingStatus', ok: 'REPORTED', no: 'NOT_REPORTED' },
      };
      const kind = kinds[path];
      if (!kind) return send(404, { message: 'Not found' });
      const rec = csidOf(req.headers.authorization, kind.csid);
      if (!rec) return send(401, { message: 'Unauthorized' });
      const v = validate(body, rec, kind.csid === 'production');
      if (kind.subtype && v.subtype && !v.subtype.startsWith(kind.subtype))
        v.errors.push({
          type: 'ERROR',
          code: 'invoiceType',
          category: 'KSA',
          message: kind.subtype === '01' ? 'Only standard invoices are cleared' : 'Only simplified invoices are reported',
          status: 'ERROR',
        });
      const cleared = kind.field === 'clearanceStatus' || (kind.csid === 'compliance' && v.subtype?.startsWith('01'));
      const field = cleared ? 'clearanceStatus' : 'reportingStatus';
      const status = v.errors.length ? 400 : v.warnings.length ? 202 : 200;
      if (kind.csid === 'production' && v.root) {
        // The chain goes on from every document received, accepted or not.
        received.push({ path, uuid: String(body.uuid), icv: v.icv ?? 0, status });
        if (!v.errors.some((e) => e.category === 'INVOICE_HASHING_ERRORS')) {
          lastHash = String(body.invoiceHash);
          lastIcv = Math.max(lastIcv, v.icv ?? 0);
        }
      }
      if (kind.csid === 'compliance' && !v.errors.length && v.root) rec.passed.add(`${v.subtype}:${textIn(v.root, 'cbc:InvoiceTypeCode')}`);
      const ok = !v.errors.length;
      return send(status, {
        validationResults: {
          infoMessages: [
            {
              type: 'INFO',
              code: 'XSD_ZATCA_VALID',
              category: 'XSD validation',
              message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
              status: 'PASS',
            },
          ],
          warningMessages: v.warnings,
          errorMessages: v.errors,
          status: ok ? (v.warnings.length ? 'WARNING' : 'PASS') : 'ERROR',
        },
        [field]: ok ? (cleared ? 'CLEARED' : 'REPORTED') : cleared ? 'NOT_CLEARED' : 'NOT_REPORTED',
        ...(cleared ? { clearedInvoice: ok && v.xml ? Buffer.from(v.xml).toString('base64') : null } : {}),
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received,
    state,
    /** The next call(s) to `path` answer these statuses with no body. */
    failNext(path: string, ...statuses: number[]) {
      failures.set(path, [...(failures.get(path) ?? []), ...statuses]);
    },
    /** The outage at `path` is over: failures still queued there are dropped. */
    recover(path: string) {
      failures.delete(path);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
