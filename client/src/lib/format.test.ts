import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../tests/client/browser-globals';
import i18n from './i18n';
import {
  formatBookingDates,
  formatBookingRange,
  formatDate,
  formatDateTime,
  formatHijriDate,
  formatSAR,
  formatSARThousands,
} from './format';

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

describe('dates are Riyadh calendar dates for every reader', () => {
  // A day-based booking of the 10th and 11th of November 2026: midnight to midnight in Riyadh (UTC+3).
  const start = '2026-11-09T21:00:00.000Z';
  const end = '2026-11-11T21:00:00.000Z';
  const zones = ['Europe/London', 'Asia/Dubai', 'America/Los_Angeles', 'Asia/Riyadh'];
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(zones)('shows the booking as the 10th–11th in a %s browser', (zone) => {
    process.env.TZ = zone; // the browser's zone must not matter
    expect(formatDate(start, 'en')).toBe('Nov 10, 2026');
    expect(formatBookingRange(start, end, 'en')).toBe('Nov 10, 2026 – Nov 11, 2026');
    expect(formatBookingDates(start, end, 'ar')).toEqual({ from: '10 نوفمبر 2026', to: '11 نوفمبر 2026' });
  });

  it.each(zones)('keeps a date-only value on its day in %s', (zone) => {
    process.env.TZ = zone;
    expect(formatDate('2026-11-10', 'en')).toBe('Nov 10, 2026');
    expect(formatDate('2026-01-01', 'ar')).toBe('1 يناير 2026');
  });

  it('shows times in Riyadh time, and an hourly booking with its hours', () => {
    process.env.TZ = 'Europe/London';
    expect(formatDateTime('2026-11-10T06:30:00.000Z', 'en')).toMatch(/^Nov 10, 2026,? 9:30\sAM$/);
    expect(formatBookingRange('2026-11-10T06:00:00.000Z', '2026-11-10T08:00:00.000Z', 'en')).toMatch(
      /^Nov 10, 2026,? 9:00\sAM – Nov 10, 2026,? 11:00\sAM$/,
    );
  });

  it('writes Arabic dates in the Gregorian calendar and gives the Umm al-Qura date beside them', () => {
    process.env.TZ = 'Asia/Dubai';
    expect(formatDate(start, 'ar')).toBe('10 نوفمبر 2026');
    expect(formatHijriDate(start, 'ar')).toBe('30 جمادى الأولى 1448 هـ');
    expect(formatHijriDate('2026-11-10', 'en')).toMatch(/Jumada I.*30.*1448 AH|30.*Jumada I.*1448 AH/);
  });
});
