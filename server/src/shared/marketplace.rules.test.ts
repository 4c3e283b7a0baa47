import { describe, expect, it } from 'vitest';
import {
  bookingTotal,
  createBookingSchema,
  createResourceSchema,
  MARKET_LIMITS,
  periodsBetween,
  priceSchema,
  riyadhInstant,
  startOfRiyadhDay,
} from './marketplace.rules.js';
import { toHalalas, withVat } from './money.js';
import { profileSchema, registerSchema } from './rules.js';

const H = 3_600_000;

describe('pricing', () => {
  it('counts a started period whole', () => {
    const start = new Date('2026-12-01T00:00:00+03:00');
    expect(periodsBetween(start, new Date(start.getTime() + 24 * H), 'day')).toBe(1);
    expect(periodsBetween(start, new Date(start.getTime() + 24 * H + 1), 'day')).toBe(2);
    expect(periodsBetween(start, new Date(start.getTime() + 90 * 60_000), 'hour')).toBe(2);
    expect(periodsBetween(start, new Date(start.getTime() + 8 * 24 * H), 'week')).toBe(2);
    expect(periodsBetween(start, new Date(start.getTime() + 31 * 24 * H), 'month')).toBe(2);
  });

  it('multiplies in halalas, without binary fractions', () => {
    expect(bookingTotal(99.99, 3)).toBe(299.97);
    expect(bookingTotal(0.1, 3)).toBe(0.3);
    expect(bookingTotal(1234567.89, 12)).toBe(14814814.68);
  });
});

describe('Riyadh calendar days', () => {
  it('starts today at midnight in Riyadh (UTC+3)', () => {
    expect(startOfRiyadhDay(new Date('2026-11-23T20:59:00Z')).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(startOfRiyadhDay(new Date('2026-11-23T21:00:00Z')).toISOString()).toBe('2026-11-23T21:00:00.000Z');
  });
  it('reads form dates as Riyadh time', () => {
    expect(new Date(riyadhInstant('2026-12-01')).toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(new Date(riyadhInstant('2026-12-01T09:30')).toISOString()).toBe('2026-12-01T06:30:00.000Z');
  });
});

describe('listing rules', () => {
  it('accepts prices > 0 with at most two decimals, as numbers or numeric strings', () => {
    expect(priceSchema.parse('250.50')).toBe(250.5);
    expect(priceSchema.parse(0.01)).toBe(0.01);
    expect(priceSchema.safeParse(0).error?.issues[0].message).toBe('Price must be greater than 0');
    expect(priceSchema.safeParse(-1).error?.issues[0].message).toBe('Price must be greater than 0');
    expect(priceSchema.safeParse(1.005).error?.issues[0].message).toBe('Price can have at most 2 decimal places');
    expect(priceSchema.safeParse('abc').error?.issues[0].message).toBe('Price must be a number, such as 150 or 99.50');
  });
  it('reads a price string as a plain decimal only ("0x10" is not 16)', () => {
    for (const ok of ['150', '99.50', ' 7 ', '.5', '12.']) expect(priceSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0x10', '0b11', '0o7', '1e3', 'Infinity', '1_000', '1,5', '١٥٠'])
      expect(priceSchema.safeParse(bad).error?.issues[0].message, bad).toBe('Price must be a number, such as 150 or 99.50');
  });
  it('bounds a price so the largest booking total with VAT fits the amount columns and safe integer halalas', () => {
    expect(priceSchema.parse(900_000)).toBe(900_000);
    expect(priceSchema.safeParse(900_000.01).error?.issues[0].message).toBe('Price can be at most 900,000 SAR per period');
    expect(priceSchema.safeParse('9999999999.99').error?.issues[0].message).toBe('Price can be at most 900,000 SAR per period');
    // The most periods a booking can span: hourly, over the longest booking.
    const maxPeriods = periodsBetween(new Date(0), new Date(MARKET_LIMITS.bookingMaxDays * 86_400_000), 'hour');
    expect(maxPeriods).toBe(8784);
    const worst = withVat(bookingTotal(MARKET_LIMITS.priceMax, maxPeriods));
    expect(worst.total).toBeLessThanOrEqual(MARKET_LIMITS.totalMax);
    expect(Number.isSafeInteger(toHalalas(worst.total))).toBe(true);
    expect(toHalalas(worst.total)).toBe(toHalalas(worst.subtotal) + toHalalas(worst.vat));
  });
  it('needs a file for a digital resource', () => {
    const base = { title: 'T', description: 'D', category: 'Equipment', price: 1, period: 'day', location: 'L' };
    expect(createResourceSchema.safeParse(base).success).toBe(true);
    expect(createResourceSchema.safeParse({ ...base, resourceType: 'digital' }).error?.issues[0].message).toBe(
      'Please attach the file of a digital resource',
    );
  });
});

describe('dates', () => {
  const booking = (startDate: string, endDate: string) =>
    createBookingSchema.safeParse({ resourceId: '00000000-0000-4000-8000-000000000000', startDate, endDate });
  it('accepts the years 2000 to 2100 (Riyadh time) and refuses others with a message', () => {
    expect(booking('2000-01-01T00:00:00+03:00', '2100-12-31T23:59:59+03:00').success).toBe(true);
    for (const [start, end] of [
      ['+275760-09-13T00:00:00Z', '+275760-09-13T00:00:00Z'],
      ['2026-12-01', '275760-09-13'],
      ['1999-12-31T23:59:59+03:00', '2026-12-01'],
      ['2026-12-01', '2101-01-01T00:00:00+03:00'],
      ['-000001-01-01T00:00:00Z', '2026-12-01'],
    ])
      expect(booking(start, end).error?.issues[0].message, `${start} ${end}`).toBe('Dates must be between the years 2000 and 2100');
  });
});

describe('text-direction controls', () => {
  const BIDI = 'Names and titles cannot contain text-direction control characters';
  const listing = { title: 'T', description: 'D', category: 'Equipment', price: 1, period: 'day', location: 'L' };
  it('are refused in names, titles and file names, each of U+202A–U+202E and U+2066–U+2069', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const spoof = `invoice${c}gnp.exe`;
      expect(createResourceSchema.safeParse({ ...listing, title: spoof }).error?.issues[0].message, c).toBe(BIDI);
      expect(
        createResourceSchema.safeParse({ ...listing, resourceType: 'digital', file: 'data:', fileFormat: 'pdf', fileName: spoof }).error
          ?.issues[0].message,
      ).toBe(BIDI);
      expect(registerSchema.safeParse({ full_name: spoof, email: 'a@example.sa', password: 'riyadh-2026' }).error?.issues[0].message).toBe(
        BIDI,
      );
      expect(profileSchema.safeParse({ full_name: 'Ali', company_name: spoof }).error?.issues[0].message).toBe(BIDI);
    }
  });
  it('leave Arabic, mixed text and the direction marks U+200E/U+200F alone', () => {
    expect(createResourceSchema.safeParse({ ...listing, title: 'قاعة اجتماعات Al Olaya \u200F(10)' }).success).toBe(true);
    expect(registerSchema.safeParse({ full_name: 'خالد Al-Mutairi', email: 'a@example.sa', password: 'riyadh-2026' }).success).toBe(true);
  });
});
