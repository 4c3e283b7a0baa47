/**
 * MyFatoorah's Multi-Vendors (supplier) API v2 (https://docs.myfatoorah.com/docs/multiple-suppliers): CreateSupplier,
 * EditSupplier, UploadSupplierDocument (multipart PUT), GetSupplierDeposits (GET) and TransferBalance (POST: moves
 * an amount from the vendor's (our) balance to a supplier's, `push`, or back, `pull`). The payouts module decides;
 * this file only speaks the protocol. The built-in test gateway's stand-in is `SandboxSuppliers` below: it approves
 * every supplier at once, so the payout journey works offline.
 */
import { randomInt } from 'node:crypto';
import { MyFatoorahError, type MyFatoorahConfig } from './client.js';
import { MYFATOORAH_SAUDI_URL, MYFATOORAH_TEST_URL } from './client.js';

/** The fields of CreateSupplier / EditSupplier that we send (EditSupplier adds SupplierCode). */
export interface SupplierRequest {
  SupplierName: string;
  Mobile: string;
  Email: string;
  /** Our commission is decided per payment (ProposedShare), so the supplier's own is zero. */
  CommissionValue: number;
  CommissionPercentage: number;
  DepositTerms: 'Daily' | 'Weekly' | 'Monthly' | 'OnDemand';
  BankAccountHolderName: string;
  Iban: string;
  IsActive: boolean;
  BusinessName: string;
}

export interface SupplierDocument {
  /** MyFatoorah's FileType (20 commercial register, 21 bank account letter, …). */
  fileType: number;
  fileName: string;
  mediaType: string;
  data: Buffer;
}

export interface SupplierDeposit {
  DepositId: number | string;
  DepositReference: string;
  TotalValue: number;
  DepositDate: string;
}

/** The supplier part of SendPayment / ExecutePayment: the host's share of the invoice. */
export interface SupplierShare {
  SupplierCode: number;
  /** The part of the invoice that belongs to this supplier, SAR. */
  InvoiceShare: number;
  /** What the supplier is deposited from it, SAR (the rest is the platform's commission). */
  ProposedShare: number;
}

export interface SupplierGateway {
  readonly name: 'myfatoorah' | 'sandbox';
  /** Answers the new SupplierCode, and the status when the gateway decides at once (the sandbox approves). */
  createSupplier(req: SupplierRequest): Promise<{ code: number; status: 'pending' | 'approved' }>;
  editSupplier(code: number, req: SupplierRequest): Promise<{ status: 'pending' | 'approved' }>;
  uploadDocument(code: number, doc: SupplierDocument): Promise<void>;
  deposits(code: number): Promise<SupplierDeposit[]>;
  /**
   * TransferBalance with TransferType `push`: `amount` SAR from our available balance to the supplier's (MyFatoorah
   * then deposits it to the supplier's bank by its deposit terms); `pull` moves it from the supplier's available
   * balance to ours (money the host owes back). Answers MyFatoorah's reference (InvoiceId).
   */
  transferToSupplier(code: number, amount: number, notes: string, type?: 'push' | 'pull'): Promise<{ reference: string }>;
}

interface Envelope<T> {
  IsSuccess: boolean;
  Message?: string | null;
  ValidationErrors?: Array<{ Name: string; Error: string }> | null;
  Data?: T | null;
}

export class MyFatoorahSuppliers implements SupplierGateway {
  readonly name = 'myfatoorah' as const;
  constructor(private config: MyFatoorahConfig) {}

  private get baseUrl() {
    return (this.config.baseUrl ?? (this.config.testMode ? MYFATOORAH_TEST_URL : MYFATOORAH_SAUDI_URL)).replace(/\/$/, '');
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    let res: Response;
    const json = body !== undefined && !(body instanceof FormData);
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.config.apiKey}`,
          accept: 'application/json',
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 20000),
      });
    } catch (err) {
      if ((err as Error)?.name === 'TimeoutError') throw new MyFatoorahError('The payment gateway did not answer in time', 'timeout');
      throw new MyFatoorahError('The payment gateway could not be reached. Please try again.', 'unreachable');
    }
    if (res.status === 401 || res.status === 403) throw new MyFatoorahError('The payment gateway refused our credentials', 'unauthorized');
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new MyFatoorahError(`The payment gateway answered with HTTP ${res.status}`, 'unreachable');
    }
    if (!env.IsSuccess) {
      const first = env.ValidationErrors?.[0]?.Error;
      throw new MyFatoorahError(first ?? env.Message ?? 'The payment gateway refused the request', 'rejected', env.ValidationErrors ?? []);
    }
    return env.Data as T;
  }

  async createSupplier(req: SupplierRequest) {
    const data = await this.call<{ SupplierCode: number }>('POST', '/v2/CreateSupplier', req);
    return { code: Number(data.SupplierCode), status: 'pending' as const };
  }

  async editSupplier(code: number, req: SupplierRequest) {
    await this.call('POST', '/v2/EditSupplier', { SupplierCode: code, ...req });
    return { status: 'pending' as const };
  }

  async uploadDocument(code: number, doc: SupplierDocument) {
    const form = new FormData();
    form.append('FileUpload', new Blob([new Uint8Array(doc.data)], { type: doc.mediaType }), doc.fileName);
    form.append('FileType', String(doc.fileType));
    form.append('SupplierCode', String(code));
    await this.call('PUT', '/v2/UploadSupplierDocument', form);
  }

  async deposits(code: number) {
    const data = await this.call<{ Records: number; Data: SupplierDeposit[] } | null>(
      'GET',
      `/v2/GetSupplierDeposits?SupplierCode=${encodeURIComponent(String(code))}&start=0&length=1000`,
    );
    return data?.Data ?? [];
  }

  async transferToSupplier(code: number, amount: number, notes: string, type: 'push' | 'pull' = 'push') {
    const data = await this.call<{ InvoiceId: number | string; Date?: string } | null>('POST', '/v2/TransferBalance', {
      SupplierCode: code,
      TransferAmount: amount,
      TransferType: type,
      InternalNotes: notes,
    });
    return { reference: String(data?.InvoiceId ?? '') };
  }
}

/** The built-in test gateway's suppliers: approved at once, with a random code, and never paid out. */
export class SandboxSuppliers implements SupplierGateway {
  readonly name = 'sandbox' as const;
  async createSupplier() {
    return { code: randomInt(900_000, 999_999), status: 'approved' as const };
  }
  async editSupplier() {
    return { status: 'approved' as const };
  }
  async uploadDocument() {}
  async deposits() {
    return [];
  }
  async transferToSupplier() {
    return { reference: `SANDBOX-${randomInt(100_000, 999_999)}` };
  }
}

/** The parts of a v2 SUPPLIER_STATUS_CHANGED / SUPPLIER_UPDATE_REQUEST_CHANGED webhook's Data that we read. */
export interface SupplierEventData {
  Supplier: { Code: number | string; Name?: string | null; Mobile?: string | null; Email?: string | null; Status?: string | null };
  KycDecision?: { Status?: string | null; Comments?: string | null } | null;
  RequestStatus?: { Status?: string | null; Comments?: string | null } | null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The KYC decision a SUPPLIER_STATUS_CHANGED event (code 4) carries. */
export const supplierDecisionOf = (d: SupplierEventData) => text(d.KycDecision?.Status ?? d.Supplier?.Status);
