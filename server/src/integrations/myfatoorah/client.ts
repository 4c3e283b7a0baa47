/**
 * MyFatoorah API v2 client (https://docs.myfatoorah.com): InitiatePayment, ExecutePayment, direct card
 * payment, GetPaymentStatus, and the webhook signature. Nothing else lives here: the payments service decides.
 * Card data passes through in memory only; it is never logged or stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

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
  PaymentMethodId: number;
  InvoiceValue: number;
  DisplayCurrencyIso: 'SAR';
  CustomerName: string;
  CustomerEmail: string;
  CallBackUrl: string;
  ErrorUrl: string;
  Language: 'en' | 'ar';
  CustomerReference: string;
  UserDefinedField?: string;
  /** When the invoice stops accepting payment (MyFatoorah's default is three days). */
  ExpiryDate?: string;
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

  getPaymentStatus(key: string, keyType: 'InvoiceId' | 'PaymentId' | 'CustomerReference'): Promise<PaymentStatus> {
    return this.call<PaymentStatus>('/v2/GetPaymentStatus', { Key: key, KeyType: keyType });
  }
}

/** The parts of a MyFatoorah v2 webhook ("PAYMENT_STATUS_CHANGED") that we read. */
export interface WebhookV2Data {
  Invoice: {
    Id: string | number;
    Status: string;
    Reference?: string | null;
    ExternalIdentifier?: string | null;
    UserDefinedField?: string | null;
  };
  Transaction: {
    Id?: string | null;
    Status: string;
    PaymentId: string | number | null;
    PaymentMethod?: string | null;
    Error?: { Code?: string | null; Message?: string | null } | null;
  };
  Customer?: { Reference?: string | null } | null;
  Amount?: Record<string, unknown> | null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * MyFatoorah v2 webhook signature (header `myfatoorah-signature`): Base64 HMAC-SHA256, with the portal's
 * webhook secret, of `Invoice.Id=…,Invoice.Status=…,Transaction.Status=…,Transaction.PaymentId=…,Invoice.ExternalIdentifier=…`
 * (nulls as empty).
 */
export function webhookSignature(data: WebhookV2Data, secret: string): string {
  const signed = [
    `Invoice.Id=${text(data.Invoice?.Id)}`,
    `Invoice.Status=${text(data.Invoice?.Status)}`,
    `Transaction.Status=${text(data.Transaction?.Status)}`,
    `Transaction.PaymentId=${text(data.Transaction?.PaymentId)}`,
    `Invoice.ExternalIdentifier=${text(data.Invoice?.ExternalIdentifier)}`,
  ].join(',');
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(signed, 'utf8').digest('base64');
}

export function verifyWebhookSignature(data: unknown, secret: string, signature: unknown): data is WebhookV2Data {
  if (!secret || typeof signature !== 'string' || !signature) return false;
  const d = data as WebhookV2Data | null;
  if (!d || typeof d !== 'object' || !d.Invoice || typeof d.Invoice !== 'object' || !d.Transaction || typeof d.Transaction !== 'object')
    return false;
  const expected = Buffer.from(webhookSignature(d, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
