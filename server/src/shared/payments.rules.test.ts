import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpired, cardPaymentSchema, luhnValid } from './payments.rules.js';

const base = {
  bookingId: 'b1',
  cardHolderName: 'Sara',
  cardNumber: '4508 7500 1574 1019',
  expiryMonth: '12',
  expiryYear: '39',
  cvv: '123',
};
const message = (input: object) => {
  const r = cardPaymentSchema.safeParse(input);
  return r.success ? 'ok' : r.error.issues[0].message;
};

describe('card rules', () => {
  it('accepts a valid card and removes spaces', () => {
    const r = cardPaymentSchema.parse(base);
    expect(r).toMatchObject({ number: '4508750015741019', month: '12', year: '2039', cvv: '123' });
  });
  it('uses the spec messages', () => {
    expect(message({ ...base, cardHolderName: '' })).toBe('Please fill in all card details');
    expect(message({ ...base, cvv: '' })).toBe('Please fill in all card details');
    expect(message({ ...base, cardNumber: '4508 7500 1574' })).toBe('Invalid card number');
    expect(message({ ...base, cardNumber: '4508750015741018' })).toBe('Invalid card number'); // fails Luhn
    expect(message({ ...base, cvv: '12' })).toBe('Invalid CVV');
    expect(message({ ...base, cvv: '12a4' })).toBe('Invalid CVV');
  });
  it('checks Luhn', () => {
    expect(luhnValid('5123450000000008')).toBe(true);
    expect(luhnValid('5123450000000009')).toBe(false);
  });
  it('recognises mada before Visa', () => {
    expect(cardBrand('4464040000000007')).toBe('mada');
    expect(cardBrand('4508750015741019')).toBe('visa');
    expect(cardBrand('5123450000000008')).toBe('mastercard');
  });
  it('treats a card as valid through its expiry month', () => {
    const now = new Date(Date.UTC(2026, 10, 23));
    expect(cardExpired('11', '2026', now)).toBe(false);
    expect(cardExpired('10', '2026', now)).toBe(true);
    expect(cardExpired('01', '2025', now)).toBe(true);
  });
});
