import type { InvoiceTransaction } from '../../integrations/myfatoorah/client.js';
import { cardBrand } from '../../shared/payments.rules.js';

/**
 * The brand and last 4 digits of the card a hosted-page payment was made with, from MyFatoorah's
 * transaction (PaymentGateway such as "MADA" or "VISA/MASTER", CardNumber masked as 446404xxxxxx0007).
 * mada is recognised by the gateway name or by its BIN, before Visa/Mastercard (mada cards are co-badged).
 */
export function cardFromTransaction(tx: Pick<InvoiceTransaction, 'PaymentGateway' | 'CardNumber'>): {
  brand: string | null;
  last4: string | null;
} {
  const masked = String(tx.CardNumber ?? '').replace(/\s/g, '');
  const last4 = /(\d{4})$/.exec(masked)?.[1] ?? null;
  const gw = String(tx.PaymentGateway ?? '').toLowerCase();
  const bin = /^\d{6}/.exec(masked)?.[0];
  let brand: string | null = null;
  if (gw.includes('mada') || (bin && cardBrand(`${bin}0000000000`) === 'mada')) brand = 'mada';
  else if (gw.includes('amex') || gw.includes('american')) brand = 'amex';
  else if (bin && cardBrand(`${bin}0000000000`) !== 'unknown') brand = cardBrand(`${bin}0000000000`);
  else if (gw.includes('visa') && !gw.includes('master')) brand = 'visa';
  else if (gw.includes('master') && !gw.includes('visa')) brand = 'mastercard';
  return { brand, last4 };
}
