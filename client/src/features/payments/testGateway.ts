import { apiFetch } from '../../lib/api';

/** The built-in test gateway's page data (development only: the server has no such routes in production). */
export interface TestGatewayPage {
  invoice_id: string;
  amount: number;
  status: string;
  method: 'mada' | 'visa_mastercard';
  /** An embedded-form payment at its 3-D Secure step: one card, the one entered in the form. */
  challenge: boolean;
  cards: Array<{ key: string; label: string; masked: string }>;
}

export class TestGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The test gateway's REST calls, with the payer's login: the server shows and settles a test payment for the
 * user who started it only. (No GraphQL operation: the routes exist only outside production.)
 */
async function call<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const res = await apiFetch(`/payment/sandbox/pay/${path}`, { method });
  const json = (await res.json().catch(() => ({}))) as { detail?: string };
  if (!res.ok) throw new TestGatewayError(json.detail ?? res.statusText, res.status);
  return json as T;
}

export const loadTestPayment = (invoiceId: string, method: string | null) =>
  call<TestGatewayPage>('GET', `${encodeURIComponent(invoiceId)}${method ? `?method=${encodeURIComponent(method)}` : ''}`);

/** Pays with the published card `card` (its key, never a number) or fails the payment; answers where to go next. */
export const settleTestPayment = (invoiceId: string, outcome: 'succeed' | 'fail', card?: string) =>
  call<{ redirect_url: string }>('POST', `${encodeURIComponent(invoiceId)}/${outcome}${card ? `?card=${encodeURIComponent(card)}` : ''}`);
