import { describe, expect, it } from 'vitest';
import {
  bookingTotal,
  createResourceSchema,
  periodsBetween,
  priceSchema,
  riyadhInstant,
  startOfRiyadhDay,
} from './marketplace.rules.js';

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
    expect(priceSchema.safeParse('abc').error?.issues[0].message).toBe('Please fill in all required fields');
  });
  it('needs a file for a digital resource', () => {
    const base = { title: 'T', description: 'D', category: 'Equipment', price: 1, period: 'day', location: 'L' };
    expect(createResourceSchema.safeParse(base).success).toBe(true);
    expect(createResourceSchema.safeParse({ ...base, resource_type: 'digital' }).error?.issues[0].message).toBe(
      'Please attach the file of a digital resource',
    );
  });
});
