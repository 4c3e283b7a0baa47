import i18next from 'i18next';

/** Locale-aware formatting. Arabic uses Saudi conventions (ar-SA) with Latin digits for amounts, as banks print them. */
const localeTag = (lng: string) => (lng === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA');

export function formatSAR(amount: number, lng: string, opts: { maximumFractionDigits?: number } = {}): string {
  return new Intl.NumberFormat(localeTag(lng), {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: opts.maximumFractionDigits === 0 ? 0 : 2,
    maximumFractionDigits: opts.maximumFractionDigits ?? 2,
  }).format(amount);
}

/** Revenue in thousands with a K suffix (spec section 9). */
export function formatSARThousands(amount: number, lng: string): string {
  const k = new Intl.NumberFormat(localeTag(lng), { maximumFractionDigits: 1 }).format(amount / 1000);
  return i18next.t('common.sarThousands', { lng, value: k });
}

export function formatDate(value: string | Date, lng: string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(localeTag(lng), { year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

export function formatDateTime(value: string | Date, lng: string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(localeTag(lng), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
