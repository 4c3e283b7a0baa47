/**
 * ZATCA's Fatoora API (e-invoicing "core" gateway, version V2): onboarding (compliance CSID, compliance checks,
 * production CSID) and submission (clearance of standard invoices, reporting of simplified ones). A CSID is the
 * pair binarySecurityToken + secret, sent as HTTP Basic credentials.
 */

export type ZatcaEnvironment = 'simulation' | 'production';

export const FATOORA_BASE_URLS: Record<ZatcaEnvironment, string> = {
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  production: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
};

export interface Csid {
  requestId: string;
  /** Base64 of the certificate's Base64 DER. */
  binarySecurityToken: string;
  secret: string;
}

export interface ValidationMessage {
  type?: string;
  code?: string;
  category?: string;
  message?: string;
  status?: string;
}

export interface SubmissionResult {
  /** HTTP status: 200 accepted, 202 accepted with warnings, 400 rejected, 401 bad credentials, 5xx try again. */
  httpStatus: number;
  /** CLEARED / NOT_CLEARED, REPORTED / NOT_REPORTED (absent on errors outside validation). */
  status: string | null;
  warnings: ValidationMessage[];
  errors: ValidationMessage[];
  /** Standard invoices: the XML ZATCA cleared (with its stamp), as text. */
  clearedXml: string | null;
}

/** What Fatoora answers (the fields we read of any of its endpoints). */
interface Answer {
  requestID?: string | number;
  binarySecurityToken?: string;
  secret?: string;
  dispositionMessage?: string;
  errors?: ValidationMessage[] | null;
  message?: string;
  validationResults?: { warningMessages?: ValidationMessage[]; errorMessages?: ValidationMessage[] };
  clearanceStatus?: string;
  reportingStatus?: string;
  clearedInvoice?: string | null;
}

export class FatooraError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly errors: ValidationMessage[] = [],
  ) {
    super(message);
  }
}

/** The certificate (Base64 DER, as ds:X509Certificate takes it) inside a binarySecurityToken. */
export const certificateOfToken = (token: string) => Buffer.from(token, 'base64').toString('utf8');

export class FatooraClient {
  constructor(
    private baseUrl: string,
    private timeoutMs = 30_000,
  ) {}

  private async call(
    path: string,
    body: unknown,
    headers: Record<string, string>,
    method: 'POST' | 'PATCH' = 'POST',
  ): Promise<{ status: number; json: Answer }> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': 'en',
        'Accept-Version': 'V2',
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let json: Answer = {};
    try {
      json = text ? (JSON.parse(text) as Answer) : {};
    } catch {
      json = { message: text.slice(0, 300) };
    }
    return { status: res.status, json };
  }

  private static basic(csid: Pick<Csid, 'binarySecurityToken' | 'secret'>) {
    return { Authorization: `Basic ${Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`).toString('base64')}` };
  }

  private static csid(status: number, json: Answer): Csid {
    if (status !== 200 || !json.binarySecurityToken || !json.secret) {
      const errors: ValidationMessage[] = Array.isArray(json.errors)
        ? json.errors
        : json.message
          ? [{ message: String(json.message) }]
          : [];
      throw new FatooraError(
        `ZATCA did not issue a CSID (HTTP ${status}): ${errors.map((e) => e.message ?? e.code).join('; ') || json.dispositionMessage || 'no reason given'}`,
        status,
        errors,
      );
    }
    return { requestId: String(json.requestID), binarySecurityToken: String(json.binarySecurityToken), secret: String(json.secret) };
  }

  /** The compliance CSID for a CSR (PEM), with the one-time code from the Fatoora portal. */
  async complianceCsid(csrPem: string, otp: string): Promise<Csid> {
    const { status, json } = await this.call('/compliance', { csr: Buffer.from(csrPem).toString('base64') }, { OTP: otp });
    return FatooraClient.csid(status, json);
  }

  /** The production CSID, once the compliance checks passed. */
  async productionCsid(compliance: Csid): Promise<Csid> {
    const { status, json } = await this.call(
      '/production/csids',
      { compliance_request_id: compliance.requestId },
      FatooraClient.basic(compliance),
    );
    return FatooraClient.csid(status, json);
  }

  /**
   * Renews the production CSID before it expires (ZATCA: `PATCH /production/csids`): a new CSR, the portal's new
   * one-time code in the OTP header, authenticated with the current production CSID. Answers a new production CSID.
   */
  async renewProductionCsid(production: Csid, csrPem: string, otp: string): Promise<Csid> {
    const { status, json } = await this.call(
      '/production/csids',
      { csr: Buffer.from(csrPem).toString('base64') },
      { ...FatooraClient.basic(production), OTP: otp },
      'PATCH',
    );
    return FatooraClient.csid(status, json);
  }

  private static result(status: number, json: Answer): SubmissionResult {
    const v = json.validationResults ?? {};
    const errors: ValidationMessage[] = [...(v.errorMessages ?? []), ...(Array.isArray(json.errors) ? json.errors : [])];
    if (!json.validationResults && json.message) errors.push({ message: String(json.message) });
    return {
      httpStatus: status,
      status: json.clearanceStatus ?? json.reportingStatus ?? null,
      warnings: v.warningMessages ?? [],
      errors,
      clearedXml: json.clearedInvoice ? Buffer.from(String(json.clearedInvoice), 'base64').toString('utf8') : null,
    };
  }

  private static body(doc: { hash: string; uuid: string; xml: string }) {
    return { invoiceHash: doc.hash, uuid: doc.uuid, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') };
  }

  /** One of the sample documents of the compliance checks, signed with the compliance CSID's key. */
  async complianceCheck(compliance: Csid, doc: { hash: string; uuid: string; xml: string }): Promise<SubmissionResult> {
    const { status, json } = await this.call('/compliance/invoices', FatooraClient.body(doc), FatooraClient.basic(compliance));
    return FatooraClient.result(status, json);
  }

  /** A standard invoice (or note) for clearance: the buyer gets the XML ZATCA returns. */
  async clear(production: Csid, doc: { hash: string; uuid: string; xml: string }): Promise<SubmissionResult> {
    const { status, json } = await this.call('/invoices/clearance/single', FatooraClient.body(doc), {
      ...FatooraClient.basic(production),
      'Clearance-Status': '1',
    });
    return FatooraClient.result(status, json);
  }

  /** A simplified invoice (or note), reported within 24 hours of issue. */
  async report(production: Csid, doc: { hash: string; uuid: string; xml: string }): Promise<SubmissionResult> {
    const { status, json } = await this.call('/invoices/reporting/single', FatooraClient.body(doc), {
      ...FatooraClient.basic(production),
      'Clearance-Status': '0',
    });
    return FatooraClient.result(status, json);
  }
}
