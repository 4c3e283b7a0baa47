/**
 * The built-in test gateway: stands in for MyFatoorah when test mode is on and no API key is set (a fresh
 * development install), so the whole payment flow works offline. It never runs in production (the payments
 * service refuses to pick it there and its routes are not mounted). Its invoice and payment ids are random
 * (128 bits), and the payments service lets only the attempt's own payer, logged in, see or act on its page. It answers like MyFatoorah and keeps its invoices in
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
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  CardDetails,
  DirectPaymentResult,
  ExecuteRequest,
  ExecuteResult,
  InitiateSessionResult,
  PaymentStatus,
  RefundRequest,
  RefundResult,
  RefundStatusEntry,
  SupplierRefundRequest,
} from './client.js';
import { MyFatoorahError } from './client.js';
import type { PaymentGateway, PaymentKeyType } from './gateway.js';

/** MyFatoorah's published test cards; `published` is the expiry they publish (informative: any non-past expiry is accepted). */
const SANDBOX_CARDS: Record<string, { key: SandboxCardKey; cvv?: string; published?: string; gateway: string; label: string }> = {
  '4508750015741019': { key: 'visa', gateway: 'VISA/MASTER', label: 'Visa' },
  '5123450000000008': { key: 'mastercard', cvv: '100', published: '01/39', gateway: 'VISA/MASTER', label: 'Mastercard' },
  '4464040000000007': { key: 'mada', cvv: '123', published: '02/29', gateway: 'MADA', label: 'mada' },
};
type SandboxCardKey = 'visa' | 'mastercard' | 'mada';
/** The sandbox's payment method ids, as MyFatoorah's InitiatePayment lists them. */
const SANDBOX_METHODS = { direct: 20, hosted: 2, mada: 6 } as const;
/** Sandbox invoice and payment ids: 128 random bits, so a page cannot be found by counting. */
export const SANDBOX_ID = /^[0-9a-f]{32}$/;
const randomId = () => randomBytes(16).toString('hex');
const cardByKey = (key: string) => Object.entries(SANDBOX_CARDS).find(([, c]) => c.key === key);
const masked = (n: string) => `${n.slice(0, 6)}xxxxxx${n.slice(-4)}`;
const SANDBOX_DECLINES: Record<string, string> = {
  '4000000000000002': 'Insufficient funds',
  '4000000000000069': 'Expired card',
  '4000000000000127': 'Incorrect CVV',
};

/**
 * What a tester can pick in the embedded test card form (sandbox-session.js): a published card (then a 3-D Secure
 * challenge step), Apple Pay (succeeds without a challenge), or the declined card (fails at once).
 */
const SESSION_CHOICES = ['visa', 'mastercard', 'mada', 'apple_pay', 'declined'] as const;
type SessionChoice = (typeof SESSION_CHOICES)[number];
const DECLINED_CARD = '4000000000000002';

export interface SandboxPage {
  invoiceId: string;
  amount: number;
  status: string;
  method: 'mada' | 'visa_mastercard';
  /** An embedded-session payment waiting for its 3-D Secure step: only the card entered in the form is offered. */
  challenge: boolean;
  cards: Array<{ key: SandboxCardKey; label: string; masked: string }>;
}

interface Row {
  invoice_id: string;
  value: string;
  status: string;
  customer_reference: string;
  callback_url: string;
  error_url: string;
  direct: boolean;
  session_card: string | null;
  transactions: Array<{
    TransactionId: string;
    PaymentId: string;
    TransactionStatus: string;
    Error: string | null;
    PaymentGateway?: string | null;
    CardNumber?: string | null;
  }>;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  constructor(
    private em: EntityManager,
    private appUrl: string,
  ) {}

  /** The test card form's script, at our own origin (served only outside production). */
  get scriptUrl() {
    return `${this.appUrl}/api/payment/sandbox/session.js`;
  }

  async initiateSession(): Promise<InitiateSessionResult> {
    const id = randomId();
    await this.conn().execute(`insert into sandbox_sessions (session_id) values (?)`, [id]);
    return { SessionId: id, CountryCode: 'SAU' };
  }

  /**
   * The test form's submit: records which test card (its key, never a number) the tester chose for the session, as
   * MyFatoorah's form keeps the card with the session. Whoever holds the 128-bit session id may do it, as there.
   */
  async fillSession(sessionId: unknown, choice: unknown): Promise<boolean> {
    if (typeof sessionId !== 'string' || !SANDBOX_ID.test(sessionId)) return false;
    if (!(SESSION_CHOICES as readonly unknown[]).includes(choice)) return false;
    const rows = await this.conn().execute(
      `update sandbox_sessions set card = ? where session_id = ? and used_at is null and created_at > now() - interval '1 hour' returning session_id`,
      [choice, sessionId],
    );
    return rows.length > 0;
  }

  /** ExecutePayment with a SessionId: published cards go to a 3-D Secure step, Apple Pay is paid, the declined card fails. */
  private async executeSession(req: ExecuteRequest): Promise<ExecuteResult> {
    const [session] = await this.conn().execute<Array<{ card: SessionChoice | null }>>(
      `update sandbox_sessions set used_at = now() where session_id = ? and used_at is null and card is not null returning card`,
      [req.SessionId],
    );
    if (!session?.card) throw new MyFatoorahError('The session has no card details or was already used', 'rejected');
    const id = randomId();
    const challenge = session.card !== 'apple_pay' && session.card !== 'declined';
    await this.conn().execute(
      `insert into sandbox_invoices (invoice_id, value, customer_reference, callback_url, error_url, direct, session_card) values (?, ?, ?, ?, ?, false, ?)`,
      [id, req.InvoiceValue, req.CustomerReference, req.CallBackUrl, req.ErrorUrl, challenge ? session.card : null],
    );
    if (session.card === 'declined') {
      const paymentId = await this.settle(id, false, SANDBOX_DECLINES[DECLINED_CARD]);
      return { InvoiceId: id, IsDirectPayment: false, PaymentURL: `${req.ErrorUrl}&paymentId=${paymentId}` };
    }
    if (session.card === 'apple_pay') {
      const paymentId = await this.settle(id, true, null, { number: '4508750015741019', gateway: 'APPLE PAY' });
      return { InvoiceId: id, IsDirectPayment: false, PaymentURL: `${req.CallBackUrl}&paymentId=${paymentId}` };
    }
    return { InvoiceId: id, IsDirectPayment: false, PaymentURL: `${this.appUrl}/payment/test-gateway/${id}?method=3ds` };
  }

  private conn() {
    return this.em.getConnection();
  }

  async methods() {
    return { ...SANDBOX_METHODS };
  }

  async executePayment(req: ExecuteRequest): Promise<ExecuteResult> {
    if (!(req.InvoiceValue > 0)) throw new MyFatoorahError('The invoice value must be greater than zero', 'rejected');
    if (req.SessionId) return this.executeSession(req);
    if (!(Object.values(SANDBOX_METHODS) as Array<number | undefined>).includes(req.PaymentMethodId))
      throw new MyFatoorahError('Invalid payment method', 'rejected');
    const direct = req.PaymentMethodId === SANDBOX_METHODS.direct;
    const id = randomId();
    await this.conn().execute(
      `insert into sandbox_invoices (invoice_id, value, customer_reference, callback_url, error_url, direct) values (?, ?, ?, ?, ?, ?)`,
      [id, req.InvoiceValue, req.CustomerReference, req.CallBackUrl, req.ErrorUrl, direct],
    );
    return {
      InvoiceId: id,
      IsDirectPayment: direct,
      // The hosted page (a page of the app, so the payer is logged in) offers the cards of the chosen method (mada,
      // or Visa/Mastercard), as MyFatoorah's page does.
      PaymentURL: direct
        ? `${this.appUrl}/api/payment/sandbox/direct/${id}`
        : `${this.appUrl}/payment/test-gateway/${id}${req.PaymentMethodId === SANDBOX_METHODS.mada ? '?method=mada' : ''}`,
      CustomerReference: req.CustomerReference,
    };
  }

  private async row(invoiceId: string): Promise<Row | null> {
    // Invoices made before ids were random keep their numbers: still readable, so in-flight attempts settle.
    if (!SANDBOX_ID.test(invoiceId) && !/^\d{1,12}$/.test(invoiceId)) return null;
    const [r] = await this.conn().execute<Row[]>(`select * from sandbox_invoices where invoice_id = ?`, [invoiceId]);
    return r ?? null;
  }

  /** Records a transaction on the invoice; returns the PaymentId. */
  async settle(invoiceId: string, success: boolean, error: string | null, card?: { number: string; gateway: string }): Promise<string> {
    const paymentId = `SBX${randomId()}`;
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
    const m = /\/api\/payment\/sandbox\/direct\/([0-9a-f]{32})$/.exec(paymentUrl);
    const inv = m ? await this.row(m[1]) : null;
    if (!inv || !inv.direct) throw new MyFatoorahError('Invalid payment token', 'rejected');
    const known = SANDBOX_CARDS[card.Number];
    let error: string | null = SANDBOX_DECLINES[card.Number] ?? (known ? null : 'Declined by the issuing bank (test gateway)');
    // Any expiry is accepted for a published card (see above); its published CVV must match.
    if (known?.cvv && known.cvv !== card.SecurityCode) error = 'Incorrect card details';
    const paymentId = await this.settle(inv.invoice_id, !error, error);
    return { Status: error ? 'FAILED' : 'SUCCESS', ErrorMessage: error, PaymentId: paymentId };
  }

  async getPaymentStatus(key: string, keyType: PaymentKeyType): Promise<PaymentStatus> {
    let inv: Row | null = null;
    if (keyType === 'InvoiceId') inv = await this.row(key);
    else if (keyType === 'CustomerReference') {
      // As MyFatoorah: the latest invoice created with that reference.
      const [r] = await this.conn().execute<Row[]>(
        `select * from sandbox_invoices where customer_reference = ? order by created_at desc limit 1`,
        [key],
      );
      inv = r ?? null;
    } else {
      const [r] = await this.conn().execute<Row[]>(`select * from sandbox_invoices where transactions @> ?::jsonb`, [
        JSON.stringify([{ PaymentId: key }]),
      ]);
      inv = r ?? null;
    }
    if (!inv) throw new MyFatoorahError('Invoice not found', 'rejected');
    return {
      InvoiceId: inv.invoice_id,
      InvoiceStatus: inv.status,
      InvoiceValue: Number(inv.value),
      CustomerReference: inv.customer_reference,
      InvoiceTransactions: inv.transactions.map((t) => ({
        ...t,
        PaidCurrency: 'SAR',
        PaidCurrencyValue: inv!.value,
        ErrorCode: t.Error ? 'SBX' : null,
      })),
    };
  }

  /**
   * A refund on the test gateway settles by itself: it is accepted for a paid sandbox payment and up to what was
   * paid, and GetRefundStatus answers REFUNDED at once (the refund id carries nothing else, so nothing is stored).
   */
  async makeRefund(req: RefundRequest): Promise<RefundResult> {
    const status = await this.getPaymentStatus(req.Key, req.KeyType).catch(() => null);
    if (!status || String(status.InvoiceStatus).toLowerCase() !== 'paid')
      throw new MyFatoorahError('Only a paid invoice can be refunded', 'rejected');
    if (!(req.Amount > 0) || req.Amount > status.InvoiceValue) throw new MyFatoorahError('Invalid refund amount', 'rejected');
    return { Key: req.Key, RefundId: `SBXR${randomId()}`, Amount: req.Amount, Comment: req.Comment };
  }

  /** A split payment's refund: accepted like MakeRefund for the sum of the parts (no part negative). */
  async makeSupplierRefund(req: SupplierRefundRequest): Promise<RefundResult> {
    const parts = [req.VendorDeductAmount, ...req.Suppliers.map((x) => x.SupplierDeductedAmount)];
    if (parts.some((v) => !(v >= 0))) throw new MyFatoorahError('Invalid refund amount', 'rejected');
    const Amount = Math.round(parts.reduce((a, v) => a + v, 0) * 100) / 100;
    const r = await this.makeRefund({
      Key: req.Key,
      KeyType: req.KeyType,
      RefundChargeOnCustomer: false,
      ServiceChargeOnCustomer: false,
      Amount,
      Comment: req.Comment,
    });
    return { ...r, Amount };
  }

  async getRefundStatus(refundId: string): Promise<RefundStatusEntry | null> {
    return /^SBXR[0-9a-f]{32}$/.test(refundId) ? { RefundId: refundId, RefundStatus: 'REFUNDED' } : null;
  }

  /** Nothing is stored (see makeRefund), and the test gateway runs in our process: a request never times out. */
  async refundsOfInvoice(): Promise<RefundStatusEntry[]> {
    return [];
  }

  /**
   * What the hosted test page shows (the app draws it): the invoice's amount and the published cards of its
   * method (mada, or Visa/Mastercard) to pay with; the tester pays or fails the payment, then goes back to our
   * success or error URL with ?paymentId=… like MyFatoorah. Only a card's key is ever posted, never a number.
   */
  async details(invoiceId: string, method?: unknown): Promise<SandboxPage | null> {
    const inv = await this.row(invoiceId);
    if (!inv || inv.direct) return null;
    const challenge = !!inv.session_card;
    const mada = challenge ? inv.session_card === 'mada' : method === 'mada';
    return {
      invoiceId: inv.invoice_id,
      amount: Number(inv.value),
      status: inv.status,
      method: mada ? 'mada' : 'visa_mastercard',
      challenge,
      cards: Object.entries(SANDBOX_CARDS)
        .filter(([, c]) => (challenge ? c.key === inv.session_card : (c.key === 'mada') === mada))
        .map(([n, c]) => ({ key: c.key, label: c.label, masked: masked(n).replace(/x+/, ' •••• ') })),
    };
  }

  /** Pays (with the published card `cardKey`, Visa by default) or fails the invoice; answers where the browser goes next. */
  async act(invoiceId: string, succeed: boolean, cardKey?: unknown): Promise<string | null> {
    const inv = await this.row(invoiceId);
    if (!inv || inv.direct) return null;
    // A 3-D Secure step settles with the card entered in the embedded form, whatever is posted.
    const picked = cardByKey(inv.session_card ?? (typeof cardKey === 'string' && cardKey ? cardKey : 'visa'));
    if (!picked) return null;
    const card = succeed ? { number: picked[0], gateway: picked[1].gateway } : undefined;
    const paymentId = await this.settle(inv.invoice_id, succeed, succeed ? null : 'Payment declined (test gateway)', card);
    const target = new URL(succeed ? inv.callback_url : inv.error_url);
    target.searchParams.set('paymentId', paymentId);
    return target.toString();
  }
}
