/**
 * Dates as the product shows them, the same in the browser, the emails and the PDFs: the calendar date and wall
 * clock of Riyadh whatever the reader's time zone, in the Gregorian calendar named explicitly (older locale data
 * makes plain ar-SA Hijri), with the Hijri date available beside it (docs/decisions.md "Client").
 */
// No imports: lib/format.ts is on the client's first render, and the rules modules would bring zod with them.

/** The platform's business day is Saudi time: "today" is the calendar date in Asia/Riyadh. */
export const PLATFORM_TIME_ZONE = 'Asia/Riyadh';
/** Riyadh is UTC+3 all year (no daylight saving). */
export const RIYADH_OFFSET_MS = 3 * 3_600_000;

const DAY_MS = 86_400_000;

/** Gregorian locale tags; Arabic keeps Latin digits, as the amounts beside the dates do. */
export const dateLocale = (lng: string) => (lng === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-SA-u-ca-gregory');
/** Umm al-Qura, the calendar of the Saudi civil Hijri date. */
export const hijriLocale = (lng: string) => (lng === 'ar' ? 'ar-SA-u-ca-islamic-umalqura-nu-latn' : 'en-SA-u-ca-islamic-umalqura');

/** What every Gregorian date formatter is given (the tag alone is not enough: a calendar option wins over a tag). */
export const RIYADH_GREGORIAN = { timeZone: PLATFORM_TIME_ZONE, calendar: 'gregory' } as const satisfies Intl.DateTimeFormatOptions;
export const RIYADH_HIJRI = { timeZone: PLATFORM_TIME_ZONE, calendar: 'islamic-umalqura' } as const satisfies Intl.DateTimeFormatOptions;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant to format. A date-only value (YYYY-MM-DD) names a calendar day, not an instant: it is read as noon in
 * Riyadh, so formatting it in Riyadh gives that day back whatever the reader's zone.
 */
export function toInstant(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(DATE_ONLY.test(value) ? `${value}T12:00:00+03:00` : value);
}

const isRiyadhMidnight = (d: Date) => (d.getTime() + RIYADH_OFFSET_MS) % DAY_MS === 0;

/**
 * How a booking's range reads. A day-based booking runs from midnight to midnight in Riyadh: it shows its first and
 * last day (the end instant is the midnight after the last day). Anything else shows its start and end times.
 */
export function bookingDisplayRange(start: string | Date, end: string | Date): { from: Date; to: Date; wholeDays: boolean } {
  const from = toInstant(start);
  const until = toInstant(end);
  const wholeDays = isRiyadhMidnight(from) && isRiyadhMidnight(until) && until.getTime() > from.getTime();
  return { from, to: wholeDays ? new Date(until.getTime() - DAY_MS) : until, wholeDays };
}

/** The Riyadh calendar date of an instant, YYYY-MM-DD (en-CA writes that order). */
export function riyadhYmd(value: string | Date): string {
  return new Intl.DateTimeFormat('en-CA-u-ca-gregory', { ...RIYADH_GREGORIAN, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    toInstant(value),
  );
}

/** E.g. "10 Nov 2026" / "10 نوفمبر 2026" (server side: emails and PDFs; the client caches its formatters in lib/format.ts). */
export function formatRiyadhDate(value: string | Date, lng: string): string {
  return new Intl.DateTimeFormat(dateLocale(lng), { ...RIYADH_GREGORIAN, year: 'numeric', month: 'short', day: 'numeric' }).format(
    toInstant(value),
  );
}

/** E.g. "10 Nov 2026, 14:45". */
export function formatRiyadhDateTime(value: string | Date, lng: string): string {
  return new Intl.DateTimeFormat(dateLocale(lng), { ...RIYADH_GREGORIAN, dateStyle: 'medium', timeStyle: 'short' }).format(
    toInstant(value),
  );
}

/** The Umm al-Qura date, e.g. "30 Jumada I 1448 AH" / "30 جمادى الأولى 1448 هـ". */
export function formatHijriDate(value: string | Date, lng: string): string {
  return new Intl.DateTimeFormat(hijriLocale(lng), { ...RIYADH_HIJRI, year: 'numeric', month: 'long', day: 'numeric' }).format(
    toInstant(value),
  );
}

/** The years a date the platform is given may fall in: every booking, report and filter lives well inside them. */
export const DATE_YEAR_MIN = 2000;
export const DATE_YEAR_MAX = 2100;

const YMD_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * True unless a string starting with YYYY-MM-DD names a day that does not exist (2026-02-30: JavaScript rolls it
 * over to 2 March). A string not starting so is left to the caller's own format check.
 */
export function hasRealCalendarDay(value: string): boolean {
  const m = YMD_PREFIX.exec(value);
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar day as the API takes it: exactly YYYY-MM-DD, existing, in DATE_YEAR_MIN..DATE_YEAR_MAX. */
export function isCalendarDay(value: string): boolean {
  if (!DATE_ONLY.test(value) || !hasRealCalendarDay(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}
