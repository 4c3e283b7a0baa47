import i18next from 'i18next';
import { bookingDisplayRange, dateLocale, hijriLocale, RIYADH_GREGORIAN, RIYADH_HIJRI, toInstant } from '@shared/dates';

/** Locale-aware formatting. Arabic uses Saudi conventions (ar-SA) with Latin digits for amounts, as banks print them. */
const localeTag = (lng: string) => (lng === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA');

/** The locale Chakra's components are given (LocaleProvider: direction, date pickers). */
export const uiLocale = (lng: string) => (lng === 'ar' ? 'ar-SA' : 'en-US');

// Building an Intl formatter costs far more than using one (a marketplace page formats dozens of prices): one per
// language and options, reused.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function numberFormat(lng: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lng} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(localeTag(lng), options)));
  return format;
}
/** Dates are Riyadh's calendar and wall clock for every reader, Gregorian unless Hijri is asked for (@shared/dates). */
function dateFormat(lng: string, options: Intl.DateTimeFormatOptions, hijri = false): Intl.DateTimeFormat {
  const key = `${lng} ${hijri} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format)
    dateFormats.set(
      key,
      (format = new Intl.DateTimeFormat(hijri ? hijriLocale(lng) : dateLocale(lng), {
        ...options,
        ...(hijri ? RIYADH_HIJRI : RIYADH_GREGORIAN),
      })),
    );
  return format;
}

/** A plain number in the language's conventions (Latin digits in Arabic too). */
export function formatNumber(value: number, lng: string, opts: { maximumFractionDigits?: number } = {}): string {
  return numberFormat(lng, opts).format(value);
}

export function formatSAR(amount: number, lng: string, opts: { maximumFractionDigits?: number } = {}): string {
  return numberFormat(lng, {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: opts.maximumFractionDigits === 0 ? 0 : 2,
    maximumFractionDigits: opts.maximumFractionDigits ?? 2,
  }).format(amount);
}

/** Revenue in thousands with a K suffix (spec section 9). */
export function formatSARThousands(amount: number, lng: string): string {
  const k = numberFormat(lng, { maximumFractionDigits: 1 }).format(amount / 1000);
  return i18next.t('common.sarThousands', { lng, value: k });
}

/** The Riyadh calendar date of an instant; a date-only value (YYYY-MM-DD) is that day, never shifted. */
export function formatDate(value: string | Date, lng: string): string {
  return dateFormat(lng, { year: 'numeric', month: 'short', day: 'numeric' }).format(toInstant(value));
}

export function formatDateTime(value: string | Date, lng: string): string {
  return dateFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(toInstant(value));
}

/** The Umm al-Qura (Hijri) date, shown beside the Gregorian one where a Saudi reader expects it (invoice, payment summary). */
export function formatHijriDate(value: string | Date, lng: string): string {
  return dateFormat(lng, { year: 'numeric', month: 'long', day: 'numeric' }, true).format(toInstant(value));
}

/**
 * A booking's first and last day (day-based bookings end at the midnight after their last day), or its start and end
 * times for an hourly one.
 */
export function formatBookingDates(start: string, end: string, lng: string, opts: { hijri?: boolean } = {}): { from: string; to: string } {
  const r = bookingDisplayRange(start, end);
  const fmt = (d: Date) => {
    const text = r.wholeDays ? formatDate(d, lng) : formatDateTime(d, lng);
    return opts.hijri ? `${text} (${formatHijriDate(d, lng)})` : text;
  };
  return { from: fmt(r.from), to: fmt(r.to) };
}

/** Arabic readers get the Hijri date beside the Gregorian one on documents (docs/decisions.md "Client"). */
export const showsHijri = (lng: string) => lng === 'ar';

export function formatBookingRange(start: string, end: string, lng: string): string {
  const r = formatBookingDates(start, end, lng);
  return `${r.from} – ${r.to}`;
}

/**
 * Builds what a page's first render formats with: the first formatter of a language loads its locale data
 * (≈ 10 ms, ≈ 40 ms on a phone), as does the first script lookup (Chakra's LocaleProvider asks which way the
 * locale writes). main.tsx calls it as a task of its own before the page is taken over.
 */
export function prepareFormats(lng: string): void {
  formatSAR(0, lng);
  formatDate(new Date(0), lng);
  new Intl.Locale(uiLocale(lng)).maximize();
}
