import { describe, expect, it } from 'vitest';
import { canCompletePayment, createServiceBookingSchema, normalizePhone, updateServiceBookingSchema } from './service-bookings.rules.js';
import { todayInRiyadh } from './public.rules.js';

const base = {
  serviceId: 'logistics',
  preferredDate: todayInRiyadh(),
  preferredTime: '10:30',
  contactNumber: '0501234567',
  requirements: 'Route planning for 3 trucks',
};
const refusal = (input: object) => {
  const r = createServiceBookingSchema.safeParse(input);
  return r.success ? 'ok' : [r.error.issues[0].path.join('.'), r.error.issues[0].message];
};

describe('service booking rules', () => {
  it('normalises Saudi numbers written locally or with the country code, and international ones', () => {
    for (const n of ['0501234567', '050 123 4567', '+966 50 123 4567', '00966501234567', '966501234567', '+966 (0) 50-123-4567'])
      expect(normalizePhone(n), n).toBe('+966501234567');
    expect(normalizePhone('011 234 5678')).toBe('+966112345678');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+1 (415) 555-2671')).toBe('+14155552671');
  });
  it('refuses what cannot be called', () => {
    for (const n of ['12345', '050123', '+966123', '+966 60 123 4567', 'call me', '0501234567x', '+0 123 456 789', '++966501234567'])
      expect(normalizePhone(n), n).toBeNull();
  });
  it('accepts a complete request and answers each refusal at its field', () => {
    expect(createServiceBookingSchema.parse(base)).toMatchObject({ contactNumber: '+966501234567', preferredTime: '10:30' });
    expect(createServiceBookingSchema.parse({ ...base, preferredTime: '' }).preferredTime).toBeNull();
    expect(refusal({ ...base, preferredDate: '2020-01-01' })).toEqual(['preferredDate', 'Preferred date cannot be in the past']);
    expect(refusal({ ...base, preferredDate: '' })).toEqual(['preferredDate', 'Please choose a preferred date']);
    expect(refusal({ ...base, preferredDate: '2027-02-30' })).toEqual(['preferredDate', 'Please enter a valid date']);
    expect(refusal({ ...base, contactNumber: undefined })).toEqual(['contactNumber', 'Please enter a contact number']);
    expect(refusal({ ...base, contactNumber: '12' })[0]).toBe('contactNumber');
    expect(refusal({ ...base, requirements: '   ' })).toEqual(['requirements', 'Please describe your requirements']);
    expect(refusal({ ...base, preferredTime: '25:00' })).toEqual(['preferredTime', 'Please enter a valid time']);
  });
  it('reads a quote in SAR and a meeting time with its offset', () => {
    const r = updateServiceBookingSchema.parse({ status: 'confirmed', price: '1500.50', scheduledAt: '2030-01-02T10:00:00+03:00' });
    expect(r.price).toBe(1500.5);
    expect(r.scheduledAt?.toISOString()).toBe('2030-01-02T07:00:00.000Z');
    for (const price of ['0', '-5', '1.005', '1e3', 'abc', 20_000_000])
      expect(updateServiceBookingSchema.safeParse({ status: 'confirmed', price }).success, String(price)).toBe(false);
    expect(updateServiceBookingSchema.safeParse({ status: 'confirmed', scheduledAt: '2030-01-02 10:00' }).success).toBe(false);
    expect(updateServiceBookingSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
  it('shows Complete Payment only for a verified user, a confirmed booking and a pending payment (spec section 4)', () => {
    expect(canCompletePayment({ status: 'confirmed', paymentStatus: 'pending' }, true)).toBe(true);
    expect(canCompletePayment({ status: 'confirmed', paymentStatus: 'pending' }, false)).toBe(false);
    expect(canCompletePayment({ status: 'pending', paymentStatus: 'pending' }, true)).toBe(false);
    expect(canCompletePayment({ status: 'confirmed', paymentStatus: 'paid' }, true)).toBe(false);
  });
});
