import { describe, expect, it } from 'vitest';
import { visualRuns } from './invoice.pdf.js';

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
