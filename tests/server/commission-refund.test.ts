import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commissionReturned } from '../../server/src/modules/invoices/commission-refund.js';
import { splitPayment, splitRefund } from '../../server/src/modules/payouts/split.js';

/** 460 SAR with VAT (400 + 60) paid to a VAT-registered host: only agent splits have commission documents. */
const PAID = { gross: 46_000, salesVat: 6_000, model: 'agent' as const };

describe('commission given back on a refund of a split payment', () => {
  it('gives back the whole commission and VAT on a full refund (460 SAR, 10 % of the 400 before VAT: 40 + 6.00)', () => {
    const s = splitPayment(PAID, { basisPoints: 1000, fixedHalalas: 0 });
    const supplier = splitRefund(46_000, s).supplier;
    expect(commissionReturned({ amount: 46_000, supplierAmount: supplier, ...s })).toEqual({ commission: 4_000, vat: 600 });
    expect(commissionReturned({ amount: 46_000, supplierAmount: null, ...s })).toEqual({ commission: 4_000, vat: 600 });
  });

  it('gives back half on a half refund, and nothing when the commission was 0', () => {
    const s = splitPayment(PAID, { basisPoints: 1000, fixedHalalas: 0 });
    expect(commissionReturned({ amount: 23_000, supplierAmount: splitRefund(23_000, s).supplier, ...s })).toEqual({
      commission: 2_000,
      vat: 300,
    });
    const none = splitPayment(PAID, { basisPoints: 0, fixedHalalas: 0 });
    expect(commissionReturned({ amount: 46_000, supplierAmount: 46_000, ...none })).toEqual({ commission: 0, vat: 0 });
  });

  it('never gives back more than was charged, nor a negative amount, and the parts add up to the platform part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        (price, bp, fixed, refundRaw, supplier) => {
          const salesVat = Math.floor((price * 1500 + 5000) / 10000);
          const s = splitPayment({ gross: price + salesVat, salesVat, model: 'agent' }, { basisPoints: bp, fixedHalalas: fixed });
          const gross = s.gross;
          const amount = refundRaw % (gross + 1);
          const part = splitRefund(amount, s);
          const r = commissionReturned({ amount, supplierAmount: supplier ? part.supplier : null, ...s });
          expect(r.commission).toBeGreaterThanOrEqual(0);
          expect(r.vat).toBeGreaterThanOrEqual(0);
          expect(r.commission).toBeLessThanOrEqual(s.commission);
          expect(r.vat).toBeLessThanOrEqual(s.vatOnCommission);
          if (s.commission + s.vatOnCommission > 0)
            expect(r.commission + r.vat).toBe(Math.min(part.platform, s.commission + s.vatOnCommission));
          if (amount === gross) expect(r).toEqual({ commission: s.commission, vat: s.vatOnCommission });
        },
      ),
    );
  });
});
