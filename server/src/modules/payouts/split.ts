/**
 * How one payment is split between the platform and the host, in halalas (integers) only.
 *
 * commission = round_half_up(gross × basis points / 10000) + fixed fee, never more than the gross;
 * VAT on commission = round_half_up(commission × 15 %), never more than what is left;
 * host net = gross − commission − VAT on commission (the remainder: no halala is lost or made up).
 * The commission is taken from the whole amount the customer paid, as MyFatoorah's own CommissionPercentage is
 * ("deduct the percentage from the total amount"); see docs/decisions.md, payments.
 */
export interface CommissionRule {
  /** 0–10000 (two-decimal percent × 100). */
  basisPoints: number;
  fixedHalalas: number;
}

export interface Split {
  gross: number;
  commission: number;
  vatOnCommission: number;
  hostNet: number;
}

/** VAT on the platform's commission (a service the platform sells to the host): 15 %, as basis points. */
const VAT_BP = 1500;

/** a × b / 10000 rounded half up, for non-negative integers (exact: no floating point). */
const mulBp = (a: number, bp: number) => Math.floor((a * bp + 5000) / 10000);

export function splitPayment(grossHalalas: number, rule: CommissionRule): Split {
  const gross = Math.max(0, Math.trunc(grossHalalas));
  const commission = Math.min(gross, mulBp(gross, rule.basisPoints) + Math.max(0, Math.trunc(rule.fixedHalalas)));
  const vatOnCommission = Math.min(gross - commission, mulBp(commission, VAT_BP));
  return { gross, commission, vatOnCommission, hostNet: gross - commission - vatOnCommission };
}

export interface RefundSplit {
  /** Taken back from the host's supplier balance (MakeSupplierRefund's SupplierDeductedAmount). */
  supplier: number;
  /** Given back by the platform from its commission and VAT on it (VendorDeductAmount). */
  platform: number;
}

/**
 * Who gives back a refund of `refundHalalas` of a split payment: each in proportion to what it was paid. The host's
 * part is round_half_up(refund × host net / gross) (BigInt: refund × host net can pass 2^53), the platform's the
 * remainder, so the two add up exactly to the refund; a full refund takes back exactly the host's net.
 */
export function splitRefund(refundHalalas: number, split: { gross: number; hostNet: number }): RefundSplit {
  const refund = Math.max(0, Math.trunc(refundHalalas));
  const gross = BigInt(Math.max(0, Math.trunc(split.gross)));
  if (gross === 0n) return { supplier: 0, platform: refund };
  const net = BigInt(Math.min(Math.max(0, Math.trunc(split.hostNet)), Number(gross)));
  const supplier = Number((2n * BigInt(refund) * net + gross) / (2n * gross));
  return { supplier, platform: refund - supplier };
}
