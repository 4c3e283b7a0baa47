import { beforeAll, describe, expect, it } from 'vitest';
import '../../../tests/client/browser-globals';
import i18n from './i18n';
import { formatSAR, formatSARThousands } from './format';

describe('SAR amounts', () => {
  // Only the UI language's strings load at start; the Arabic ones are fetched on demand.
  beforeAll(() => i18n.loadLanguages('ar'));
  it('formats for English with the SAR code and two decimals', () => {
    expect(formatSAR(1234.5, 'en')).toMatch(/^SAR\s1,234\.50$/);
  });
  it('formats for Arabic with the riyal sign and Latin digits', () => {
    const s = formatSAR(1234.5, 'ar');
    expect(s).toContain('1,234.50');
    expect(s).toContain('ر.س');
  });
  it('shows revenue in thousands with K, the wording from the locale files', () => {
    expect(formatSARThousands(125400, 'en')).toBe('SAR 125.4K');
    expect(formatSARThousands(125400, 'ar')).toBe('125.4 ألف ر.س');
    expect(i18n.t('common.sarThousands', { lng: 'ar', value: '125.4' })).toBe('125.4 ألف ر.س');
  });
});
