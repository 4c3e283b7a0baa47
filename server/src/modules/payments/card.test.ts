import { describe, expect, it } from 'vitest';
import { cardFromTransaction } from './card.js';

describe('card of a hosted payment', () => {
  it('recognises mada by gateway name or BIN, and keeps the last 4 digits', () => {
    expect(cardFromTransaction({ PaymentGateway: 'MADA', CardNumber: '446404xxxxxx0007' })).toEqual({ brand: 'mada', last4: '0007' });
    expect(cardFromTransaction({ PaymentGateway: 'VISA/MASTER', CardNumber: '446404xxxxxx0007' })).toEqual({
      brand: 'mada',
      last4: '0007',
    });
    expect(cardFromTransaction({ PaymentGateway: 'VISA/MASTER', CardNumber: '450875xxxxxx1019' })).toEqual({
      brand: 'visa',
      last4: '1019',
    });
    expect(cardFromTransaction({ PaymentGateway: 'VISA/MASTER', CardNumber: '512345xxxxxx0008' })).toEqual({
      brand: 'mastercard',
      last4: '0008',
    });
    expect(cardFromTransaction({})).toEqual({ brand: null, last4: null });
  });
});
