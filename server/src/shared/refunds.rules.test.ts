import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CANCELLATION_POLICIES, refundFor, type CancelledBy } from './refunds.rules.js';

const H = 3_600_000;
const D = 24 * H;
const START = new Date('2026-12-20T09:00:00+03:00');
const at = (msBefore: number) => new Date(START.getTime() - msBefore);

describe('refundFor', () => {
  it('applies each policy at its boundary (the boundary instant still refunds)', () => {
    const paid = 46_001; // odd: half rounds down
    expect(refundFor('none', paid, START, at(30 * D), 'customer')).toBe(0);
    expect(refundFor('flexible', paid, START, at(D), 'customer')).toBe(paid);
    expect(refundFor('flexible', paid, START, at(D - 1), 'customer')).toBe(0);
    expect(refundFor('moderate', paid, START, at(5 * D), 'customer')).toBe(paid);
    expect(refundFor('moderate', paid, START, at(5 * D - 1), 'customer')).toBe(23_000);
    expect(refundFor('moderate', paid, START, at(0), 'customer')).toBe(23_000);
    expect(refundFor('strict', paid, START, at(7 * D), 'customer')).toBe(23_000);
    expect(refundFor('strict', paid, START, at(7 * D - 1), 'customer')).toBe(0);
  });

  it('refunds in full when the host or an admin cancels, whatever the policy', () => {
    for (const policy of CANCELLATION_POLICIES)
      for (const by of ['host', 'admin'] as const) expect(refundFor(policy, 46_000, START, at(H), by)).toBe(46_000);
  });

  it('refunds a digital purchase in full when its host or an admin cancels, nothing when its buyer does', () => {
    expect(refundFor('flexible', 11_500, START, at(30 * D), 'customer', 'digital')).toBe(0);
    expect(refundFor('none', 11_500, START, at(30 * D), 'host', 'digital')).toBe(11_500);
    expect(refundFor('none', 11_500, START, at(30 * D), 'admin', 'digital')).toBe(11_500);
  });

  it('never refunds less than nothing or more than was paid, and refund + kept = paid (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICIES),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: -60 * D, max: 400 * D }),
        fc.constantFrom<CancelledBy>('customer', 'host', 'admin'),
        fc.constantFrom<'physical' | 'digital'>('physical', 'digital'),
        (policy, paid, before, by, kind) => {
          const refund = refundFor(policy, paid, START, at(before), by, kind);
          const kept = paid - refund;
          expect(Number.isInteger(refund)).toBe(true);
          expect(refund).toBeGreaterThanOrEqual(0);
          expect(refund).toBeLessThanOrEqual(paid);
          expect(refund + kept).toBe(paid);
          expect(kept).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
