import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitPayment, splitRefund } from './split.js';
import { compactIban, ibanChecksumOk, payoutAccountSchema, saudiIbanSchema } from '../../shared/payouts.rules.js';

describe('payment split', () => {
  it('host net + commission + VAT on commission always equals the gross, with no halala lost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (gross, basisPoints, fixedHalalas) => {
          const s = splitPayment(gross, { basisPoints, fixedHalalas });
          expect(s.hostNet + s.commission + s.vatOnCommission).toBe(gross);
          for (const v of [s.hostNet, s.commission, s.vatOnCommission]) {
            expect(Number.isInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          // The commission is the rounded percentage plus the fee whenever the gross covers it.
          const exact = Math.floor((gross * basisPoints + 5000) / 10000) + fixedHalalas;
          if (exact + Math.floor((exact * 1500 + 5000) / 10000) <= gross) {
            expect(s.commission).toBe(exact);
            expect(s.vatOnCommission).toBe(Math.floor((exact * 1500 + 5000) / 10000));
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rounds half up to the halala: 10 % of 1150.05 SAR', () => {
    // 115005 × 10 % = 11500.5 → 11501; VAT 15 % of 11501 = 1725.15 → 1725; host 115005 − 11501 − 1725 = 101779.
    expect(splitPayment(115005, { basisPoints: 1000, fixedHalalas: 0 })).toEqual({
      gross: 115005,
      commission: 11501,
      vatOnCommission: 1725,
      hostNet: 101779,
    });
    // A fixed fee larger than the payment takes it all, never more.
    expect(splitPayment(500, { basisPoints: 0, fixedHalalas: 1000 })).toEqual({
      gross: 500,
      commission: 500,
      vatOnCommission: 0,
      hostNet: 0,
    });
  });
});

describe('refund split (MakeSupplierRefund)', () => {
  it('host part + platform part always equal the refund, each within what it was paid, in proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (gross, basisPoints, fixedHalalas, share) => {
          const s = splitPayment(gross, { basisPoints, fixedHalalas });
          const refund = Math.round(gross * share);
          const r = splitRefund(refund, s);
          expect(r.supplier + r.platform).toBe(refund);
          expect(Number.isInteger(r.supplier) && Number.isInteger(r.platform)).toBe(true);
          expect(r.supplier).toBeGreaterThanOrEqual(0);
          expect(r.platform).toBeGreaterThanOrEqual(0);
          expect(r.supplier).toBeLessThanOrEqual(s.hostNet);
          expect(r.platform).toBeLessThanOrEqual(s.commission + s.vatOnCommission);
          // Proportional to the halala: within half a halala of refund × host net / gross.
          expect(Math.abs(r.supplier * gross - refund * s.hostNet)).toBeLessThanOrEqual(gross / 2);
          // A full refund takes back exactly what each was paid.
          expect(splitRefund(gross, s)).toEqual({ supplier: s.hostNet, platform: s.commission + s.vatOnCommission });
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
            gross: fc.integer({ min: 0, max: 10_000_000 }),
            basisPoints: fc.integer({ min: 0, max: 10_000 }),
            fixedHalalas: fc.integer({ min: 0, max: 100_000 }),
            refunded: fc.double({ min: 0, max: 1, noNaN: true }),
            held: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (payments) => {
          const rows = payments.map((x) => {
            const s = splitPayment(x.gross, { basisPoints: x.basisPoints, fixedHalalas: x.fixedHalalas });
            const refund = Math.floor(x.gross * x.refunded);
            const hostPart = splitRefund(refund, s).supplier;
            return { ...s, hostPart, net: s.hostNet - hostPart, held: x.held };
          });
          const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
          for (const r of rows) {
            expect(r.net).toBeGreaterThanOrEqual(0);
            expect(r.gross - r.commission - r.vatOnCommission - r.hostPart).toBe(r.net);
          }
          expect(sum((r) => r.gross) - sum((r) => r.commission) - sum((r) => r.vatOnCommission) - sum((r) => r.hostPart)).toBe(
            sum((r) => r.net),
          );
          // Pending (held) + what reached the supplier = the whole net after refunds.
          expect(sum((r) => (r.held ? r.net : 0)) + sum((r) => (r.held ? 0 : r.net))).toBe(sum((r) => r.net));
        },
      ),
    );
  });

  it('halves 460 SAR split 388.12 / 71.88: 194.06 from the host, 35.94 from the platform', () => {
    expect(splitRefund(23_000, { gross: 46_000, hostNet: 38_812 })).toEqual({ supplier: 19_406, platform: 3_594 });
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
    const base = { legalName: 'Acme', commercialRegistration: '1010101010', bank: 'Al Rajhi', iban: 'SA0380000000608010167519' };
    expect(payoutAccountSchema.safeParse({ ...base, vatNumber: '' }).data?.vatNumber).toBeNull();
    expect(payoutAccountSchema.safeParse({ ...base, vatNumber: '300000000000003' }).success).toBe(true);
    expect(payoutAccountSchema.safeParse({ ...base, vatNumber: '400000000000003' }).error?.issues[0].path).toEqual(['vatNumber']);
  });
});
