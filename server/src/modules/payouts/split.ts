/**
 * How one payment is split between the platform and the host, in halalas (integers) only. The VAT model is in
 * docs/money.md; in short (VAT Implementing Regulations Art. 47(3), from 1 January 2026):
 *
 * - The commission is taken on the price before VAT: commission = round_half_up(price × basis points / 10000) + fixed
 *   fee, never more than the price. Hosts are not charged a commission on tax.
 * - `agent` (the host is VAT-registered): the host is the supplier and the customer's VAT is the host's to remit, so
 *   it travels in the host's share; Mawarid sells the host its commission plus 15 % VAT (the commission invoice).
 *   host net = gross − commission − VAT on commission.
 * - `deemed_supplier` (the host is not VAT-registered): Mawarid is deemed to have bought the supply from the host (no
 *   VAT: the host is unregistered) and resold it in its own name, so the customer's VAT is Mawarid's to remit
 *   (`platformVat`) and there is no VAT on a commission (the commission is Mawarid's margin, not a supply to the
 *   host). host net = price before VAT − commission.
 *
 * Either way host net + commission + VAT on commission + platform VAT = gross: no halala is lost or made up.
 */
export interface CommissionRule {
  /** 0–10000 (two-decimal percent × 100). */
  basisPoints: number;
  fixedHalalas: number;
}

/** Who is the supplier to the customer for VAT: the host (Mawarid its agent) or Mawarid (deemed supplier). */
export type VatModel = 'agent' | 'deemed_supplier';

/** The host's VAT registration decides the model: a valid VAT number (15 digits, 3…3) makes it the supplier. */
export const vatModelFor = (hostVatNumber: string | null | undefined): VatModel =>
  hostVatNumber && /^3\d{13}3$/.test(hostVatNumber) ? 'agent' : 'deemed_supplier';

export interface Split {
  gross: number;
  /** The VAT in what the customer paid (on the customer's tax invoice). */
  salesVat: number;
  model: VatModel;
  commission: number;
  /** VAT on the commission (agent model only): Mawarid's output VAT on its service to the host. */
  vatOnCommission: number;
  /** The customer's VAT Mawarid keeps and remits as deemed supplier (0 under the agent model). */
  platformVat: number;
  hostNet: number;
}

/** 15 %, as basis points. */
const VAT_BP = 1500;

/** a × b / 10000 rounded half up, for non-negative integers (exact: no floating point). */
const mulBp = (a: number, bp: number) => Math.floor((a * bp + 5000) / 10000);

const halalas = (n: number) => Math.max(0, Math.trunc(n));

/**
 * The split of a payment of `gross` halalas of which `salesVat` is the customer's VAT, under `model`. A `salesVat`
 * outside 0…gross is clamped into it.
 */
export function splitPayment(payment: { gross: number; salesVat: number; model: VatModel }, rule: CommissionRule): Split {
  const gross = halalas(payment.gross);
  const salesVat = Math.min(gross, halalas(payment.salesVat));
  const price = gross - salesVat;
  const commission = Math.min(price, mulBp(price, rule.basisPoints) + halalas(rule.fixedHalalas));
  if (payment.model === 'deemed_supplier')
    return {
      gross,
      salesVat,
      model: 'deemed_supplier',
      commission,
      vatOnCommission: 0,
      platformVat: salesVat,
      hostNet: price - commission,
    };
  const vatOnCommission = Math.min(gross - commission, mulBp(commission, VAT_BP));
  return { gross, salesVat, model: 'agent', commission, vatOnCommission, platformVat: 0, hostNet: gross - commission - vatOnCommission };
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
