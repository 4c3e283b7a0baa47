import { describe, expect, it } from 'vitest';
import { dayFullyTaken, withinOpeningHours } from '../../client/src/features/marketplace/booking-days';

// Tuesday 1 December 2026 (weekday 2), Riyadh time; "now" is the morning of 30 November.
const NOW = Date.parse('2026-11-30T09:00:00+03:00');
const at = (hm: string, day = '2026-12-01') => `${day}T${hm}:00+03:00`;
const busy = (from: string, to: string) => ({ startDate: new Date(at(from)).toISOString(), endDate: new Date(at(to)).toISOString() });
const tuesday = [{ weekday: 2, opens: '08:00', closes: '12:00' }];

describe('an hourly listing day in the booking calendar', () => {
  it('stays pickable while an open hour is free, and is taken once every open hour is', () => {
    expect(dayFullyTaken('2026-12-01', [busy('08:00', '10:00')], tuesday, NOW)).toBe(false);
    expect(dayFullyTaken('2026-12-01', [busy('08:00', '10:00'), busy('10:00', '12:00')], tuesday, NOW)).toBe(true);
    // Bookings outside the open hours do not matter; around the clock, the whole day counts.
    expect(dayFullyTaken('2026-12-01', [busy('00:00', '08:00'), busy('12:00', '23:00')], tuesday, NOW)).toBe(false);
    expect(dayFullyTaken('2026-12-01', [busy('00:00', '23:00')], [], NOW)).toBe(false);
    expect(dayFullyTaken('2026-12-01', [{ startDate: at('00:00'), endDate: at('00:00', '2026-12-02') }], [], NOW)).toBe(true);
  });

  it('is taken on a weekday the host left closed, and once its open hours have passed', () => {
    expect(dayFullyTaken('2026-12-02', [], tuesday, NOW)).toBe(true);
    expect(dayFullyTaken('2026-12-01', [], tuesday, Date.parse(at('12:00')))).toBe(true);
    expect(dayFullyTaken('2026-12-01', [busy('08:00', '11:00')], tuesday, Date.parse(at('10:30')))).toBe(false);
  });

  it('accepts times within one day’s opening hours only, as the database does', () => {
    expect(withinOpeningHours(Date.parse(at('10:00')), Date.parse(at('12:00')), tuesday)).toBe(true);
    expect(withinOpeningHours(Date.parse(at('10:00')), Date.parse(at('13:00')), tuesday)).toBe(false);
    expect(withinOpeningHours(Date.parse(at('07:30')), Date.parse(at('09:00')), tuesday)).toBe(false);
    expect(withinOpeningHours(Date.parse(at('09:00', '2026-12-02')), Date.parse(at('10:00', '2026-12-02')), tuesday)).toBe(false);
    expect(withinOpeningHours(Date.parse(at('22:00')), Date.parse(at('09:00', '2026-12-02')), [])).toBe(true);
  });
});
