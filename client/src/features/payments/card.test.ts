import { describe, expect, it } from 'vitest';
import { digits, expiryYears, groupCardNumber } from './card';

describe('card inputs', () => {
  it('keeps digits only, grouped by four, at most 19 characters', () => {
    expect(groupCardNumber('4508-7500 1574abc1019')).toBe('4508 7500 1574 1019');
    expect(groupCardNumber('45087500157410199999')).toHaveLength(19);
  });
  it('limits the CVV to 4 digits', () => {
    expect(digits('12a345', 4)).toBe('1234');
  });
  it('offers the current year and the next nine as two digits', () => {
    expect(expiryYears(new Date(2026, 0, 1))).toEqual(['26', '27', '28', '29', '30', '31', '32', '33', '34', '35']);
  });
});
