import { describe, expect, it } from 'vitest';
import { sarText, toHalalas, withVat } from './money.js';

describe('money', () => {
  it('adds 15% VAT rounded to the halala', () => {
    expect(withVat(1000)).toEqual({ subtotal: 1000, vat: 150, total: 1150 });
    expect(withVat(99.99)).toEqual({ subtotal: 99.99, vat: 15, total: 114.99 });
    expect(withVat(0.1)).toEqual({ subtotal: 0.1, vat: 0.02, total: 0.12 });
  });
  it('converts to halalas without floating point drift', () => {
    expect(toHalalas(1.005)).toBe(101);
    expect(toHalalas(19.99)).toBe(1999);
    expect(sarText(12.5)).toBe('12.50');
  });
});
