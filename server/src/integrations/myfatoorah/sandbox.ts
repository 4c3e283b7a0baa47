/**
 * The built-in test gateway: stands in for MyFatoorah when test mode is on and no API key is set (a fresh
 * install), so the whole payment flow works offline. It answers like MyFatoorah and keeps its invoices in
 * the database (table sandbox_invoices), so it survives restarts and serves several instances.
 * MyFatoorah's published test cards succeed; every other card is declined with a reason.
 *
 * The published cards come with fixed expiries (5123450000000008 01/39, mada 4464040000000007 02/29) that a real
 * card form cannot always offer (its year list is the current year + 9): the sandbox accepts each published card
 * with ANY expiry that is not in the past (the payments service refuses past ones before the gateway is asked),
 * and checks the published CVV where there is one (100 for the Mastercard, 123 for mada; the Visa takes any).
 * mada never goes through the direct form (mada refuses 2D): the hosted test page lets the tester pick the
 * published card to pay with, and records it as MyFatoorah does (PaymentGateway "MADA", masked CardNumber).
 */
import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CardDetails, DirectPaymentResult, ExecuteRequest, ExecuteResult, PaymentStatus } from './client.js';
import { MyFatoorahError } from './client.js';
import type { PaymentGateway } from './gateway.js';

/** MyFatoorah's published test cards; `published` is the expiry they publish (informative: any non-past expiry is accepted). */
export const SANDBOX_CARDS: Record<string, { key: SandboxCardKey; cvv?: string; published?: string; gateway: string; label: string }> = {
  '4508750015741019': { key: 'visa', gateway: 'VISA/MASTER', label: 'Visa' },
  '5123450000000008': { key: 'mastercard', cvv: '100', published: '01/39', gateway: 'VISA/MASTER', label: 'Mastercard' },
  '4464040000000007': { key: 'mada', cvv: '123', published: '02/29', gateway: 'MADA', label: 'mada' },
};
export type SandboxCardKey = 'visa' | 'mastercard' | 'mada';
/** The sandbox's payment method ids, as MyFatoorah's InitiatePayment lists them. */
export const SANDBOX_METHODS = { direct: 20, hosted: 2, mada: 6 } as const;
const cardByKey = (key: string) => Object.entries(SANDBOX_CARDS).find(([, c]) => c.key === key);
const masked = (n: string) => `${n.slice(0, 6)}xxxxxx${n.slice(-4)}`;
export const SANDBOX_DECLINES: Record<string, string> = {
  '4000000000000002': 'Insufficient funds',
  '4000000000000069': 'Expired card',
  '4000000000000127': 'Incorrect CVV',
};

interface Row {
  invoice_id: string;
  value: string;
  status: string;
  customer_reference: string;
  callback_url: string;
  error_url: string;
  direct: boolean;
  transactions: Array<{ TransactionId: string; PaymentId: string; TransactionStatus: string; Error: string | null; PaymentGateway?: string | null; CardNumber?: string | null }>;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  constructor(private em: EntityManager, private appUrl: string) {}

  private conn() {
    return this.em.getConnection();
  }

  async methods() {
    return { ...SANDBOX_METHODS };
  }

  async executePayment(req: ExecuteRequest): Promise<ExecuteResult> {
    if (!(req.InvoiceValue > 0)) throw new MyFatoorahError('The invoice value must be greater than zero', 'rejected');
    if (!(Object.values(SANDBOX_METHODS) as number[]).includes(req.PaymentMethodId)) throw new MyFatoorahError('Invalid payment method', 'rejected');
    const direct = req.PaymentMethodId === SANDBOX_METHODS.direct;
    const [row] = await this.conn().execute<Array<{ invoice_id: string }>>(
      `insert into sandbox_invoices (value, customer_reference, callback_url, error_url, direct) values (?, ?, ?, ?, ?) returning invoice_id`,
      [req.InvoiceValue, req.CustomerReference, req.CallBackUrl, req.ErrorUrl, direct],
    );
    const id = String(row.invoice_id);
    return {
      InvoiceId: Number(id),
      IsDirectPayment: direct,
      // The hosted page offers the cards of the chosen method (mada, or Visa/Mastercard), as MyFatoorah's page does.
      PaymentURL: direct
        ? `${this.appUrl}/api/payment/sandbox/direct/${id}`
        : `${this.appUrl}/api/payment/sandbox/pay/${id}${req.PaymentMethodId === SANDBOX_METHODS.mada ? '?method=mada' : ''}`,
      CustomerReference: req.CustomerReference,
    };
  }

  private async row(invoiceId: string): Promise<Row | null> {
    if (!/^\d{1,12}$/.test(invoiceId)) return null;
    const [r] = await this.conn().execute<Row[]>(`select * from sandbox_invoices where invoice_id = ?`, [invoiceId]);
    return r ?? null;
  }

  /** Records a transaction on the invoice; returns the PaymentId. */
  async settle(invoiceId: string, success: boolean, error: string | null, card?: { number: string; gateway: string }): Promise<string> {
    const paymentId = `SBX${Date.now()}${randomInt(1000, 9999)}`;
    const tx = {
      TransactionId: paymentId.slice(3),
      PaymentId: paymentId,
      TransactionStatus: success ? 'Succss' : 'Failed',
      Error: error,
      // Only the masked number, as MyFatoorah reports it.
      ...(card ? { PaymentGateway: card.gateway, CardNumber: masked(card.number) } : {}),
    };
    await this.conn().execute(
      `update sandbox_invoices set transactions = transactions || ?::jsonb, status = case when ? then 'Paid' else status end where invoice_id = ?`,
      [JSON.stringify([tx]), success, invoiceId],
    );
    return paymentId;
  }

  async directPayment(paymentUrl: string, card: CardDetails): Promise<DirectPaymentResult> {
    const m = /\/api\/payment\/sandbox\/direct\/(\d+)$/.exec(paymentUrl);
    const inv = m ? await this.row(m[1]) : null;
    if (!inv || !inv.direct) throw new MyFatoorahError('Invalid payment token', 'rejected');
    const known = SANDBOX_CARDS[card.Number];
    let error: string | null = SANDBOX_DECLINES[card.Number] ?? (known ? null : 'Declined by the issuing bank (test gateway)');
    // Any expiry is accepted for a published card (see above); its published CVV must match.
    if (known?.cvv && known.cvv !== card.SecurityCode) error = 'Incorrect card details';
    const paymentId = await this.settle(inv.invoice_id, !error, error);
    return { Status: error ? 'FAILED' : 'SUCCESS', ErrorMessage: error, PaymentId: paymentId };
  }

  async getPaymentStatus(key: string, keyType: 'InvoiceId' | 'PaymentId'): Promise<PaymentStatus> {
    let inv: Row | null = null;
    if (keyType === 'InvoiceId') inv = await this.row(key);
    else {
      const [r] = await this.conn().execute<Row[]>(`select * from sandbox_invoices where transactions @> ?::jsonb`, [JSON.stringify([{ PaymentId: key }])]);
      inv = r ?? null;
    }
    if (!inv) throw new MyFatoorahError('Invoice not found', 'rejected');
    return {
      InvoiceId: Number(inv.invoice_id),
      InvoiceStatus: inv.status,
      InvoiceValue: Number(inv.value),
      CustomerReference: inv.customer_reference,
      InvoiceTransactions: inv.transactions.map((t) => ({ ...t, PaidCurrency: 'SAR', PaidCurrencyValue: inv!.value, ErrorCode: t.Error ? 'SBX' : null })),
    };
  }

  /**
   * The hosted test page: the tester picks one of the published cards of the invoice's method (mada, or
   * Visa/Mastercard) and pays, or fails the payment; then back to our success or error URL with ?paymentId=…
   * like MyFatoorah. Only the card's key is posted, never a card number.
   */
  async page(invoiceId: string, method?: unknown): Promise<{ html: string } | null> {
    const inv = await this.row(invoiceId);
    if (!inv || inv.direct) return null;
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const amount = esc(Number(inv.value).toFixed(2));
    const mada = method === 'mada';
    const cards = Object.entries(SANDBOX_CARDS).filter(([, c]) => (c.key === 'mada') === mada);
    const buttons = cards
      .map(
        ([n, c]) => `<form method="post" action="/api/payment/sandbox/pay/${esc(inv.invoice_id)}/succeed?card=${c.key}"><button class="b p">Pay ${amount} SAR with ${esc(c.label)} ${esc(masked(n).replace(/x+/, ' •••• '))}</button></form>`,
      )
      .join('\n');
    return {
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Test payment gateway</title>
<style>body{font-family:system-ui,Tahoma,sans-serif;background:#f4f6f8;margin:0;padding:40px}main{max-width:420px;margin:auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0001}
.b{display:block;width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;margin-top:12px;cursor:pointer}.p{background:#0f766e;color:#fff}.f{background:#fee2e2;color:#991b1b}.n{background:#fef3c7;padding:10px;border-radius:8px;font-size:14px}</style></head>
<body><main><h1>Test payment gateway</h1><p class="n">This is a TEST payment: no money moves. / هذه عملية دفع تجريبية ولا تُحوَّل فيها أموال.</p>
<p>Invoice ${esc(inv.invoice_id)} — <strong>${amount} SAR</strong> — ${mada ? 'mada' : 'Visa / Mastercard'}</p>
<p>Pick the test card to pay with: / اختر بطاقة الاختبار:</p>
${buttons}
<form method="post" action="/api/payment/sandbox/pay/${esc(inv.invoice_id)}/fail"><button class="b f">Fail payment</button></form></main></body></html>`,
    };
  }

  /** Pays (with the published card `cardKey`, Visa by default) or fails the invoice; answers where the browser goes next. */
  async act(invoiceId: string, succeed: boolean, cardKey?: unknown): Promise<string | null> {
    const inv = await this.row(invoiceId);
    if (!inv || inv.direct) return null;
    const picked = cardByKey(typeof cardKey === 'string' && cardKey ? cardKey : 'visa');
    if (!picked) return null;
    const card = succeed ? { number: picked[0], gateway: picked[1].gateway } : undefined;
    const paymentId = await this.settle(inv.invoice_id, succeed, succeed ? null : 'Payment declined (test gateway)', card);
    const target = new URL(succeed ? inv.callback_url : inv.error_url);
    target.searchParams.set('paymentId', paymentId);
    return target.toString();
  }
}
