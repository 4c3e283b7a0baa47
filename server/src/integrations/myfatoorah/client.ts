/**
 * MyFatoorah API v2 client (https://docs.myfatoorah.com): InitiatePayment, InitiateSession, ExecutePayment, direct
 * card payment, GetPaymentStatus (webhook signatures: webhook.ts). Nothing else lives here: the payments service decides.
 * Card data passes through in memory only; it is never logged or stored.
 */
export const MYFATOORAH_TEST_URL = 'https://apitest.myfatoorah.com';
export const MYFATOORAH_SAUDI_URL = 'https://api-sa.myfatoorah.com';

export interface MyFatoorahConfig {
  apiKey: string;
  testMode: boolean;
  /** Overrides the environment's base URL (tests point it at a local fake server). */
  baseUrl?: string;
  timeoutMs?: number;
}

export interface PaymentMethod {
  PaymentMethodId: number;
  PaymentMethodEn: string;
  PaymentMethodCode: string;
  IsDirectPayment: boolean;
  TotalAmount: number;
  CurrencyIso: string;
}

export interface ExecuteRequest {
  /** A hosted or direct method; left out when paying an embedded session (SessionId). */
  PaymentMethodId?: number;
  /** Embedded Payment: the session the customer's card was entered into (InitiateSession). */
  SessionId?: string;
  InvoiceValue: number;
  DisplayCurrencyIso: 'SAR';
  CustomerName: string;
  CustomerEmail: string;
  CallBackUrl: string;
  ErrorUrl: string;
  /** MyFatoorah's own field (the languages its payment pages offer), not ours: a language we add must be mapped. */
  Language: 'en' | 'ar';
  CustomerReference: string;
  UserDefinedField?: string;
  /** When the invoice stops accepting payment (MyFatoorah's default is three days). */
  ExpiryDate?: string;
  /** Multi-Vendors: the host's share of the invoice (payouts module, `supplierShares`). */
  Suppliers?: Array<{ SupplierCode: number; InvoiceShare: number; ProposedShare: number }>;
}

export interface ExecuteResult {
  /** MyFatoorah's is a number; the built-in test gateway's is a random hex string. */
  InvoiceId: number | string;
  IsDirectPayment: boolean;
  PaymentURL: string;
  CustomerReference?: string;
}

export interface CardDetails {
  Number: string;
  ExpiryMonth: string;
  ExpiryYear: string;
  SecurityCode: string;
  CardHolderName: string;
}

export interface DirectPaymentResult {
  Status: 'SUCCESS' | 'FAILED' | string;
  ErrorMessage?: string | null;
  PaymentId?: string;
  PaymentURL?: string;
}

export interface InvoiceTransaction {
  TransactionId: string;
  PaymentId: string;
  TransactionStatus: 'Succss' | 'Success' | 'Failed' | 'InProgress' | 'Canceled' | string;
  PaidCurrency?: string;
  PaidCurrencyValue?: string | number;
  Error?: string | null;
  ErrorCode?: string | null;
  /** The scheme the customer paid with on the hosted page, e.g. MADA, VISA/MASTER, AMEX. */
  PaymentGateway?: string | null;
  /** Masked card number, e.g. 446404xxxxxx0007. */
  CardNumber?: string | null;
}

export interface PaymentStatus {
  InvoiceId: number | string;
  InvoiceStatus: 'Paid' | 'Pending' | 'Canceled' | 'Failed' | string;
  InvoiceValue: number;
  CustomerReference?: string | null;
  InvoiceTransactions: InvoiceTransaction[];
}

export interface InitiateSessionRequest {
  /** Our customer's id: MyFatoorah keys saved cards by it (we never ask it to save one). */
  CustomerIdentifier?: string;
  SaveToken?: boolean;
}

export interface InitiateSessionResult {
  SessionId: string;
  /** Three letters, e.g. SAU: passed to the card form with the session. */
  CountryCode: string;
}

/** A refusal by MyFatoorah (validation error, declined card, bad key) or a failure to reach it. */
export class MyFatoorahError extends Error {
  constructor(
    message: string,
    /** timeout: the request may have reached the gateway and its outcome is unknown (never a decline). */
    readonly kind: 'rejected' | 'unreachable' | 'unauthorized' | 'timeout',
    readonly validationErrors: Array<{ Name: string; Error: string }> = [],
  ) {
    super(message);
  }
}

interface Envelope<T> {
  IsSuccess: boolean;
  Message?: string | null;
  ValidationErrors?: Array<{ Name: string; Error: string }> | null;
  Data?: T | null;
}

export class MyFatoorahClient {
  constructor(private config: MyFatoorahConfig) {}

  get baseUrl() {
    return (this.config.baseUrl ?? (this.config.testMode ? MYFATOORAH_TEST_URL : MYFATOORAH_SAUDI_URL)).replace(/\/$/, '');
  }

  private async call<T>(urlOrPath: string, body: unknown): Promise<T> {
    const url = urlOrPath.startsWith('http') ? urlOrPath : `${this.baseUrl}${urlOrPath}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.config.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
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
    } catch (err) {
      if ((err as Error)?.name === 'TimeoutError') throw new MyFatoorahError('The payment gateway did not answer in time', 'timeout');
      throw new MyFatoorahError(`The payment gateway answered with HTTP ${res.status}`, res.status >= 500 ? 'timeout' : 'unreachable');
    }
    // A refusal is an answer only from a gateway that worked: a 5xx or 429 (even with a JSON body saying
    // IsSuccess: false) says nothing about what happened, so it is an unknown outcome like a time-out. Reading it
    // as "refused" or "not found" would let a caller fail a payment that went through, or send a refund again.
    if (res.status >= 500 || res.status === 429)
      throw new MyFatoorahError(`The payment gateway answered with HTTP ${res.status}`, 'timeout');
    if (!env.IsSuccess || !env.Data) {
      const first = env.ValidationErrors?.[0]?.Error;
      throw new MyFatoorahError(first ?? env.Message ?? 'The payment gateway refused the request', 'rejected', env.ValidationErrors ?? []);
    }
    return env.Data;
  }

  async initiatePayment(amount: number): Promise<PaymentMethod[]> {
    const data = await this.call<{ PaymentMethods: PaymentMethod[] }>('/v2/InitiatePayment', { InvoiceAmount: amount, CurrencyIso: 'SAR' });
    return data.PaymentMethods;
  }

  executePayment(req: ExecuteRequest): Promise<ExecuteResult> {
    return this.call<ExecuteResult>('/v2/ExecutePayment', req);
  }

  /** Direct (2D) card payment on the PaymentURL that ExecutePayment returned for a direct-payment method. */
  async directPayment(paymentUrl: string, card: CardDetails): Promise<DirectPaymentResult> {
    if (!paymentUrl.startsWith(this.baseUrl + '/')) throw new MyFatoorahError('Unexpected direct payment URL', 'rejected');
    return this.call<DirectPaymentResult>(paymentUrl, { PaymentType: 'card', Bypass3DS: true, SaveToken: false, Card: card });
  }

  /** Embedded Payment: a one-payment session for MyFatoorah's card form (the card goes to MyFatoorah, never to us). */
  initiateSession(req: InitiateSessionRequest): Promise<InitiateSessionResult> {
    return this.call<InitiateSessionResult>('/v2/InitiateSession', req);
  }

  getPaymentStatus(key: string, keyType: 'InvoiceId' | 'PaymentId' | 'CustomerReference'): Promise<PaymentStatus> {
    return this.call<PaymentStatus>('/v2/GetPaymentStatus', { Key: key, KeyType: keyType });
  }

  /** v2 MakeRefund: gives `req.Amount` (SAR) of a paid invoice back to the card it was paid with. */
  makeRefund(req: RefundRequest): Promise<RefundResult> {
    return this.call<RefundResult>('/v2/MakeRefund', req);
  }

  /**
   * v2 MakeSupplierRefund: the refund of an invoice paid with Suppliers[], each party giving back its part (the
   * vendor's VendorDeductAmount from the platform's balance, each supplier's SupplierDeductedAmount from theirs).
   */
  makeSupplierRefund(req: SupplierRefundRequest): Promise<RefundResult> {
    return this.call<RefundResult>('/v2/MakeSupplierRefund', req);
  }

  /** v2 GetRefundStatus of one refund (by its RefundId). */
  async getRefundStatus(refundId: string): Promise<RefundStatusEntry | null> {
    const data = await this.call<{ RefundStatusResult?: RefundStatusEntry[] | null }>('/v2/GetRefundStatus', {
      Key: refundId,
      KeyType: 'RefundId',
    });
    return data.RefundStatusResult?.find((r) => String(r.RefundId) === refundId) ?? data.RefundStatusResult?.[0] ?? null;
  }

  /**
   * v2 GetRefundStatus by InvoiceId: every refund the gateway holds for that invoice (none: an empty list). The
   * gateway answers "not found" as a refusal, which here means none; a time-out or an unreachable gateway throws.
   */
  async refundsOfInvoice(invoiceId: string): Promise<RefundStatusEntry[]> {
    try {
      const data = await this.call<{ RefundStatusResult?: RefundStatusEntry[] | null }>('/v2/GetRefundStatus', {
        Key: invoiceId,
        KeyType: 'InvoiceId',
      });
      return data.RefundStatusResult ?? [];
    } catch (err) {
      if (err instanceof MyFatoorahError && err.kind === 'rejected') return [];
      throw err;
    }
  }
}

export interface RefundRequest {
  /** The payment's PaymentId (or InvoiceId, with KeyType saying which). */
  Key: string;
  KeyType: 'PaymentId' | 'InvoiceId';
  RefundChargeOnCustomer: boolean;
  ServiceChargeOnCustomer: boolean;
  /** SAR, at most what was paid. */
  Amount: number;
  Comment: string;
  /** Our refund's id: MyFatoorah keeps it with the refund and sends it back in the refund webhook. */
  ExternalIdentifier?: string;
}

/** MakeSupplierRefund's body (no Amount: the refund is VendorDeductAmount + the suppliers' deducted amounts, SAR). */
export interface SupplierRefundRequest {
  Key: string;
  KeyType: 'PaymentId' | 'InvoiceId';
  VendorDeductAmount: number;
  Comment: string;
  /** Our refund's id, as for MakeRefund. */
  ExternalIdentifier?: string;
  Suppliers: Array<{ SupplierCode: number; SupplierDeductedAmount: number }>;
}

export interface RefundResult {
  Key?: string;
  RefundId: number | string;
  RefundReference?: string | null;
  Amount?: number;
  Comment?: string | null;
}

export interface RefundStatusEntry {
  RefundId: number | string;
  /** PENDING, REFUNDED, CANCELED (MyFatoorah's spelling). */
  RefundStatus: string;
  InvoiceId?: number | string;
  Amount?: number;
  RefundReference?: string | null;
}
