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
