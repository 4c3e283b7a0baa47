import type { CardDetails, DirectPaymentResult, ExecuteRequest, ExecuteResult, PaymentStatus } from './client.js';
import { MyFatoorahClient, MyFatoorahError } from './client.js';

/** What the payments service needs from a gateway: MyFatoorah for real, or the built-in sandbox. */
export interface PaymentGateway {
  readonly name: 'myfatoorah' | 'sandbox';
  /** The method to use for a direct card charge and for the hosted page. */
  methods(amount: number): Promise<{ direct: number; hosted: number }>;
  executePayment(req: ExecuteRequest): Promise<ExecuteResult>;
  directPayment(paymentUrl: string, card: CardDetails): Promise<DirectPaymentResult>;
  getPaymentStatus(key: string, keyType: 'InvoiceId' | 'PaymentId'): Promise<PaymentStatus>;
}

export class MyFatoorahGateway implements PaymentGateway {
  readonly name = 'myfatoorah' as const;
  constructor(private client: MyFatoorahClient) {}

  async methods(amount: number) {
    const list = await this.client.initiatePayment(amount);
    const direct = list.find((m) => m.IsDirectPayment);
    const hosted = list.find((m) => !m.IsDirectPayment && /vm|visa/i.test(`${m.PaymentMethodCode} ${m.PaymentMethodEn}`)) ?? list.find((m) => !m.IsDirectPayment);
    if (!direct && !hosted) throw new MyFatoorahError('No payment method is enabled for this merchant', 'rejected');
    return { direct: direct?.PaymentMethodId ?? -1, hosted: hosted?.PaymentMethodId ?? -1 };
  }
  executePayment(req: ExecuteRequest) {
    return this.client.executePayment(req);
  }
  directPayment(url: string, card: CardDetails) {
    return this.client.directPayment(url, card);
  }
  getPaymentStatus(key: string, keyType: 'InvoiceId' | 'PaymentId') {
    return this.client.getPaymentStatus(key, keyType);
  }
}
