import { describe, expect, it } from 'vitest';
import { visualRuns } from './invoice.pdf.js';
import { cardFromTransaction } from './card.js';

const visual = (text: string, base?: 'ltr' | 'rtl') => visualRuns(text, base).map((r) => r.text);

describe('visual order of mixed Arabic/Latin lines in the PDF', () => {
  it('keeps a pure Arabic line as one run (fontkit shapes it and lays it out right to left)', () => {
    expect(visualRuns('رقم الفاتورة', 'rtl')).toEqual([{ text: 'رقم الفاتورة', rtl: true, arabic: true }]);
  });
  it('puts the Arabic part of an English-first title after the English part', () => {
    expect(visual('Office in Olaya — مكتب خاص')).toEqual(['Office in Olaya — ', 'مكتب خاص']);
  });
  it('puts the English part of an Arabic-first title on the left', () => {
    expect(visual('مكتب خاص Olaya')).toEqual(['Olaya', 'مكتب خاص ']);
  });
  it('mirrors brackets inside right-to-left text', () => {
    expect(visual('امسح (هيئة)', 'rtl')).toEqual(['(', 'هيئة', ')', 'امسح ']);
  });
});

describe('card of a hosted payment', () => {
  it('recognises mada by gateway name or BIN, and keeps the last 4 digits', () => {
    expect(cardFromTransaction({ PaymentGateway: 'MADA', CardNumber: '446404xxxxxx0007' })).toEqual({ brand: 'mada', last4: '0007' });
    expect(cardFromTransaction({ PaymentGateway: 'VISA/MASTER', CardNumber: '446404xxxxxx0007' })).toEqual({ brand: 'mada', last4: '0007' });
    expect(cardFromTransaction({ PaymentGateway: 'VISA/MASTER', CardNumber: '450875xxxxxx1019' })).toEqual({ brand: 'visa', last4: '1019' });
    expect(cardFromTransaction({ PaymentGateway: 'VISA/MASTER', CardNumber: '512345xxxxxx0008' })).toEqual({ brand: 'mastercard', last4: '0008' });
    expect(cardFromTransaction({})).toEqual({ brand: null, last4: null });
  });
});
