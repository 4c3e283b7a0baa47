import type {
  CardDetails,
  DirectPaymentResult,
  ExecuteRequest,
  ExecuteResult,
  InitiateSessionRequest,
  InitiateSessionResult,
  PaymentStatus,
  RefundRequest,
  RefundResult,
  RefundStatusEntry,
  SupplierRefundRequest,
} from './client.js';
import { MyFatoorahClient, MyFatoorahError } from './client.js';

/** GetPaymentStatus's KeyType. */
export type PaymentKeyType = 'InvoiceId' | 'PaymentId' | 'CustomerReference';

export interface GatewayMethods {
  direct: number;
  hosted: number;
  mada: number;
}

/** The hosted-page methods a customer can choose: MyFatoorah's VISA/MASTER ('vm') or MADA ('md'). */
export const HOSTED_METHODS = ['visa_mastercard', 'mada'] as const;
export type HostedMethod = (typeof HOSTED_METHODS)[number];

/** What the payments service needs from a gateway: MyFatoorah for real, or the built-in sandbox. */
export interface PaymentGateway {
  readonly name: 'myfatoorah' | 'sandbox';
  /** The PaymentMethodIds for a direct card charge, the hosted VISA/MASTER page and the hosted MADA page (-1: not enabled). */
  methods(amount: number): Promise<GatewayMethods>;
  executePayment(req: ExecuteRequest): Promise<ExecuteResult>;
  directPayment(paymentUrl: string, card: CardDetails): Promise<DirectPaymentResult>;
  /** By CustomerReference: the invoice our ExecutePayment created for that attempt (we send the attempt's id). */
  getPaymentStatus(key: string, keyType: PaymentKeyType): Promise<PaymentStatus>;
  makeRefund(req: RefundRequest): Promise<RefundResult>;
  /** The refund of a payment split to a host's supplier: the host's part from the supplier, the rest from us. */
  makeSupplierRefund(req: SupplierRefundRequest): Promise<RefundResult>;
  getRefundStatus(refundId: string): Promise<RefundStatusEntry | null>;
  /** Every refund the gateway holds for an invoice (asked before a refund request is ever sent again). */
  refundsOfInvoice(invoiceId: string): Promise<RefundStatusEntry[]>;
  /** Embedded Payment: a session for the card form, and where the form's script is loaded from. */
  initiateSession(req: InitiateSessionRequest): Promise<InitiateSessionResult>;
  readonly scriptUrl: string;
}

/**
 * MyFatoorah's embedded card form (Embedded Payment v2): the test script, or the Saudi live one. Their origins are
 * the ones the CSP allows (rest/headers.ts). A gateway pointed at another base URL (the tests' fake) serves it there.
 */
export function embeddedScriptUrl(testMode: boolean, baseUrl?: string): string {
  if (baseUrl) return `${baseUrl.replace(/\/$/, '')}/payment/v1/session.js`;
  return testMode ? 'https://demo.myfatoorah.com/payment/v1/session.js' : 'https://sa.myfatoorah.com/payment/v1/session.js';
}

export class MyFatoorahGateway implements PaymentGateway {
  readonly name = 'myfatoorah' as const;
  constructor(
    private client: MyFatoorahClient,
    readonly scriptUrl: string,
  ) {}

  /** Chosen by PaymentMethodCode from InitiatePayment's answer: 'vm' is VISA/MASTER, 'md' is MADA. */
  async methods(amount: number): Promise<GatewayMethods> {
    const list = await this.client.initiatePayment(amount);
    const code = (m: { PaymentMethodCode?: string | null }) =>
      String(m.PaymentMethodCode ?? '')
        .trim()
        .toLowerCase();
    const direct = list.find((m) => m.IsDirectPayment);
    const hosted = list.find((m) => !m.IsDirectPayment && code(m) === 'vm');
    const mada = list.find((m) => !m.IsDirectPayment && code(m) === 'md');
    if (!direct && !hosted && !mada) throw new MyFatoorahError('No payment method is enabled for this merchant', 'rejected');
    return { direct: direct?.PaymentMethodId ?? -1, hosted: hosted?.PaymentMethodId ?? -1, mada: mada?.PaymentMethodId ?? -1 };
  }
  executePayment(req: ExecuteRequest) {
    return this.client.executePayment(req);
  }
  directPayment(url: string, card: CardDetails) {
    return this.client.directPayment(url, card);
  }
  getPaymentStatus(key: string, keyType: PaymentKeyType) {
    return this.client.getPaymentStatus(key, keyType);
  }
  makeRefund(req: RefundRequest) {
    return this.client.makeRefund(req);
  }
  makeSupplierRefund(req: SupplierRefundRequest) {
    return this.client.makeSupplierRefund(req);
  }
  getRefundStatus(refundId: string) {
    return this.client.getRefundStatus(refundId);
  }
  refundsOfInvoice(invoiceId: string) {
    return this.client.refundsOfInvoice(invoiceId);
  }
  initiateSession(req: InitiateSessionRequest) {
    return this.client.initiateSession(req);
  }
}
