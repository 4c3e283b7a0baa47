import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitPayment, splitRefund, vatModelFor, type Split, type VatModel } from './split.js';
import { CATEGORIES } from '../../shared/marketplace.messages.js';
import { compactIban, ibanChecksumOk, payoutAccountSchema, saudiIbanSchema } from '../../shared/payouts.rules.js';

/** A booking's payment: its price before VAT and the 15 % VAT on it rounded half up, as withVat charges it. */
const payment = (price: number, model: VatModel) => {
  const salesVat = Math.floor((price * 1500 + 5000) / 10000);
  return { gross: price + salesVat, salesVat, model };
};

describe('payment split', () => {
  it('takes the commission on the price before VAT: 12.5 % + 2.50 of 999.99 + 150.00 VAT is 127.50, not 146.25', () => {
    const rule = { basisPoints: 1250, fixedHalalas: 250 };
    // VAT-registered host (agent): its share carries the customer's 150.00 VAT; Mawarid keeps 127.50 + 19.13 VAT.
    expect(splitPayment({ gross: 114_999, salesVat: 15_000, model: 'agent' }, rule)).toEqual({
      gross: 114_999,
      salesVat: 15_000,
      model: 'agent',
      commission: 12_750,
      vatOnCommission: 1_913,
      platformVat: 0,
      hostNet: 100_336,
    });
    // Unregistered host (Mawarid deemed supplier): Mawarid keeps and remits the 150.00 VAT, no VAT on commission.
    expect(splitPayment({ gross: 114_999, salesVat: 15_000, model: 'deemed_supplier' }, rule)).toEqual({
      gross: 114_999,
      salesVat: 15_000,
      model: 'deemed_supplier',
      commission: 12_750,
      vatOnCommission: 0,
      platformVat: 15_000,
      hostNet: 87_249,
    });
  });

  it('rounds half up to the halala: 10 % of 1000.05 before VAT', () => {
    // 100005 × 10 % = 10000.5 → 10001; VAT 15 % of 10001 = 1500.15 → 1500; host 115006 − 10001 − 1500 = 103505.
    expect(splitPayment({ gross: 115_006, salesVat: 15_001, model: 'agent' }, { basisPoints: 1000, fixedHalalas: 0 })).toMatchObject({
      commission: 10_001,
      vatOnCommission: 1_500,
      hostNet: 103_505,
    });
    // A fixed fee larger than the price takes the whole price, never the VAT.
    expect(splitPayment({ gross: 575, salesVat: 75, model: 'deemed_supplier' }, { basisPoints: 0, fixedHalalas: 1000 })).toMatchObject({
      commission: 500,
      platformVat: 75,
      hostNet: 0,
    });
  });

  it('a VAT number 3…3 makes the host the supplier (agent); none or a malformed one makes Mawarid the deemed supplier', () => {
    expect(vatModelFor('300000000000003')).toBe('agent');
    expect(vatModelFor(null)).toBe('deemed_supplier');
    expect(vatModelFor(undefined)).toBe('deemed_supplier');
    expect(vatModelFor('')).toBe('deemed_supplier');
    expect(vatModelFor('400000000000003')).toBe('deemed_supplier');
  });

  /**
   * The documents of one payment under its model (docs/money.md), as an accountant reads them: who supplies the
   * customer (the customer's tax invoice: net + VAT), the commission invoice to the host (agent model only), and
   * what each party earned (before VAT) and must remit (output VAT − input VAT).
   */
  const documents = (s: Split) => {
    const price = s.gross - s.salesVat;
    if (s.model === 'agent') {
      const commissionInvoice = { net: s.commission, vat: s.vatOnCommission };
      return {
        customerInvoice: { seller: 'host', net: price, vat: s.salesVat },
        commissionInvoice,
        platform: { earned: commissionInvoice.net, remits: commissionInvoice.vat },
        // The host's output VAT on its sale, less the input VAT on the commission invoice it received.
        host: { earned: price - commissionInvoice.net, remits: s.salesVat - commissionInvoice.vat },
      };
    }
    // Mawarid is deemed to have bought from the host at price − commission (no VAT: the host is unregistered) and
    // resold at the price + VAT.
    const purchase = price - s.commission;
    return {
      customerInvoice: { seller: 'platform', net: price, vat: s.salesVat },
      commissionInvoice: null,
      platform: { earned: price - purchase, remits: s.salesVat },
      host: { earned: purchase, remits: 0 },
    };
  };

  it('each party receives what its documents say it earned plus the VAT it must remit; Mawarid declares only VAT it collected', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...CATEGORIES),
        fc.constantFrom<VatModel>('agent', 'deemed_supplier'),
        (price, basisPoints, fixedHalalas, category, model) => {
          // A category's own commission, or the default: the rule is all a category changes.
          const rule = category === 'Equipment' ? { basisPoints, fixedHalalas } : { basisPoints: (basisPoints * 7) % 10_001, fixedHalalas };
          const s = splitPayment(payment(price, model), rule);
          const d = documents(s);
          for (const v of [s.commission, s.vatOnCommission, s.platformVat, s.hostNet]) {
            expect(Number.isInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          // Halalas add up exactly: the customer paid what its invoice says, and all of it reaches someone.
          expect(d.customerInvoice.net + d.customerInvoice.vat).toBe(s.gross);
          expect(s.hostNet + s.commission + s.vatOnCommission + s.platformVat).toBe(s.gross);
          const platformReceives = s.gross - s.hostNet;
          expect(platformReceives).toBe(d.platform.earned + d.platform.remits);
          expect(s.hostNet).toBe(d.host.earned + d.host.remits);
          // Never a commission on tax: the commission is the rule applied to the price before VAT (capped by it).
          expect(s.commission).toBe(Math.min(price, Math.floor((price * rule.basisPoints + 5000) / 10000) + fixedHalalas));
          // Mawarid declares VAT only on documents it issued in its own name, and only VAT it kept.
          const declared = (d.customerInvoice.seller === 'platform' ? d.customerInvoice.vat : 0) + (d.commissionInvoice?.vat ?? 0);
          expect(declared).toBe(d.platform.remits);
          expect(declared).toBeLessThanOrEqual(platformReceives);
          // The customer's VAT is declared exactly once, by whoever supplied the customer.
          expect(d.customerInvoice.seller === 'platform' ? s.platformVat : s.salesVat).toBe(s.salesVat);
          if (model === 'agent') {
            expect(s.platformVat).toBe(0);
            expect(s.vatOnCommission).toBe(Math.min(s.gross - s.commission, Math.floor((s.commission * 1500 + 5000) / 10000)));
          } else {
            expect(s.vatOnCommission).toBe(0);
            expect(s.platformVat).toBe(s.salesVat);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('refund split (MakeSupplierRefund)', () => {
  it('host part + platform part always equal the refund, each within what it was paid, in proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 80_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom<VatModel>('agent', 'deemed_supplier'),
        (price, basisPoints, fixedHalalas, share, model) => {
          const s = splitPayment(payment(price, model), { basisPoints, fixedHalalas });
          const gross = s.gross;
          const refund = Math.round(gross * share);
          const r = splitRefund(refund, s);
          expect(r.supplier + r.platform).toBe(refund);
          expect(Number.isInteger(r.supplier) && Number.isInteger(r.platform)).toBe(true);
          expect(r.supplier).toBeGreaterThanOrEqual(0);
          expect(r.platform).toBeGreaterThanOrEqual(0);
          expect(r.supplier).toBeLessThanOrEqual(s.hostNet);
          expect(r.platform).toBeLessThanOrEqual(s.commission + s.vatOnCommission + s.platformVat);
          // Proportional to the halala: within half a halala of refund × host net / gross.
          expect(Math.abs(r.supplier * gross - refund * s.hostNet)).toBeLessThanOrEqual(gross / 2);
          // A full refund takes back exactly what each was paid.
          expect(splitRefund(gross, s)).toEqual({ supplier: s.hostNet, platform: s.commission + s.vatOnCommission + s.platformVat });
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('earnings after refunds add up: each row and the totals keep gross − commission − VAT − host part, never below 0', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 8_000_000 }),
            model: fc.constantFrom<VatModel>('agent', 'deemed_supplier'),
            basisPoints: fc.integer({ min: 0, max: 10_000 }),
            fixedHalalas: fc.integer({ min: 0, max: 100_000 }),
            refunded: fc.double({ min: 0, max: 1, noNaN: true }),
            held: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (payments) => {
          const rows = payments.map((x) => {
            const s = splitPayment(payment(x.price, x.model), { basisPoints: x.basisPoints, fixedHalalas: x.fixedHalalas });
            const refund = Math.floor(s.gross * x.refunded);
            const hostPart = splitRefund(refund, s).supplier;
            return { ...s, hostPart, net: s.hostNet - hostPart, held: x.held };
          });
          const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
          for (const r of rows) {
            expect(r.net).toBeGreaterThanOrEqual(0);
            expect(r.gross - r.commission - r.vatOnCommission - r.platformVat - r.hostPart).toBe(r.net);
          }
          expect(
            sum((r) => r.gross) -
              sum((r) => r.commission) -
              sum((r) => r.vatOnCommission) -
              sum((r) => r.platformVat) -
              sum((r) => r.hostPart),
          ).toBe(sum((r) => r.net));
          // Pending (held) + what reached the supplier = the whole net after refunds.
          expect(sum((r) => (r.held ? r.net : 0)) + sum((r) => (r.held ? 0 : r.net))).toBe(sum((r) => r.net));
        },
      ),
    );
  });

  it('halves 460 SAR split 396.75 / 63.25: 198.38 from the host (198.375 rounded half up), 31.62 from the platform', () => {
    expect(splitRefund(23_000, { gross: 46_000, hostNet: 39_675 })).toEqual({ supplier: 19_838, platform: 3_162 });
    // 1 halala of 3: rounds half up to the host's side only when the host holds at least half.
    expect(splitRefund(1, { gross: 3, hostNet: 2 })).toEqual({ supplier: 1, platform: 0 });
    expect(splitRefund(1, { gross: 3, hostNet: 1 })).toEqual({ supplier: 0, platform: 1 });
  });
});

describe('Saudi IBAN rule', () => {
  it('accepts a valid IBAN (spaces and case forgiven) and refuses a bad checksum or shape with its message', () => {
    expect(saudiIbanSchema.parse('sa03 8000 0000 6080 1016 7519')).toBe('SA0380000000608010167519');
    expect(ibanChecksumOk('SA0380000000608010167519')).toBe(true);
    expect(saudiIbanSchema.safeParse('SA0480000000608010167519').error?.issues[0].message).toBe(
      'This IBAN is not valid: please check it for a typing mistake',
    );
    for (const bad of ['GB82WEST12345698765432', 'SA03800000006080101675', 'SA038000000060801016751X', ''])
      expect(saudiIbanSchema.safeParse(bad).error?.issues[0].message).toBe('Please enter a valid Saudi IBAN (SA followed by 22 digits)');
    expect(compactIban(' sa03 ')).toBe('SA03');
  });

  it('every IBAN made with the mod-97 rule passes, and changing one digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18}$/), fc.integer({ min: 4, max: 23 }), (bban, pos) => {
        const body = `80${bban}`; // bank code 80 + account
        const n = BigInt(
          `${body}${'SA'
            .split('')
            .map((c) => c.charCodeAt(0) - 55)
            .join('')}00`,
        );
        const check = String(98n - (n % 97n)).padStart(2, '0');
        const iban = `SA${check}${body}`;
        expect(saudiIbanSchema.safeParse(iban).success).toBe(true);
        const d = Number(iban[pos]);
        const changed = iban.slice(0, pos) + String((d + 1) % 10) + iban.slice(pos + 1);
        expect(saudiIbanSchema.safeParse(changed).success).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('VAT number, when given, is 15 digits starting and ending with 3', () => {
    const base = {
      legalName: 'Acme',
      commercialRegistration: '1010101010',
      mobile: '0551234567',
      bank: 'Al Rajhi',
      iban: 'SA0380000000608010167519',
    };
    expect(payoutAccountSchema.safeParse({ ...base, vatNumber: '' }).data?.vatNumber).toBeNull();
    expect(payoutAccountSchema.safeParse({ ...base, vatNumber: '300000000000003' }).success).toBe(true);
    expect(payoutAccountSchema.safeParse({ ...base, vatNumber: '400000000000003' }).error?.issues[0].path).toEqual(['vatNumber']);
  });
});
