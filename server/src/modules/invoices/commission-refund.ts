import { splitRefund } from '../payouts/payout.service.js';

/** The facts of one refund of a settled split payment, in halalas. */
export interface SplitRefundFacts {
  /** What the customer gets back. */
  amount: number;
  /** The host's part fixed on the refund row (MakeSupplierRefund), or null when it was not split to a supplier. */
  supplierAmount: number | null;
  gross: number;
  hostNet: number;
  commission: number;
  vatOnCommission: number;
}

/**
 * The commission and VAT on commission a refund gives back (halalas). The platform's part of the refund is the one
 * fixed on the refund row (refund − the host's part), or for a held share the same proportional split
 * (`splitRefund`): each party gives back in proportion to what it was paid. That part is the commission and its VAT
 * in the proportion they were charged: commission = round_half_up(part × commission / (commission + VAT)), VAT the
 * rest, so a full refund gives back exactly the commission and the VAT charged, and neither exceeds it.
 */
export function commissionReturned(r: SplitRefundFacts): { commission: number; vat: number } {
  const charged = r.commission + r.vatOnCommission;
  if (charged <= 0 || r.amount <= 0) return { commission: 0, vat: 0 };
  const platform =
    r.supplierAmount !== null ? r.amount - r.supplierAmount : splitRefund(r.amount, { gross: r.gross, hostNet: r.hostNet }).platform;
  const part = BigInt(Math.min(charged, Math.max(0, Math.trunc(platform))));
  const commission = Number((2n * part * BigInt(r.commission) + BigInt(charged)) / (2n * BigInt(charged)));
  return { commission, vat: Number(part) - commission };
}
