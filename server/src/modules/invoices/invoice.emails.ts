import type { MailMessage } from '../../integrations/mail/mailer.js';
import type { InvoiceData } from './invoice.types.js';
import { cardBrandLabel } from '../../shared/invoices.rules.js';
import { bookingDisplayRange, formatHijriDate, formatRiyadhDate, formatRiyadhDateTime } from '../../shared/dates.js';
import { mailBlocks, renderMail } from '../../integrations/mail/layout.js';
import { mailText } from '../../integrations/mail/strings.js';
import type { Locale } from '../../shared/locale.js';

/** The booking's first and last day (or its start and end times when hourly), in Riyadh; Arabic adds the Hijri date. */
function bookingDates(start: string, end: string, locale: Locale): [string, string] {
  const r = bookingDisplayRange(start, end);
  const one = (d: Date) => {
    const text = r.wholeDays ? formatRiyadhDate(d, locale) : formatRiyadhDateTime(d, locale);
    return locale === 'ar' ? `${text} (${formatHijriDate(d, locale)})` : text;
  };
  return [one(r.from), one(r.to)];
}

/** Sent once when a payment is settled paid; the caller attaches the invoice PDF. */
export function paymentConfirmationEmail(opts: { to: string; locale: Locale; invoice: InvoiceData; link: string }): MailMessage {
  const { to, locale, invoice: inv, link } = opts;
  const b = mailBlocks(locale);
  const t = (key: Parameters<typeof mailText>[1]) => mailText(locale, key);
  const money = (n: number) => mailText(locale, 'common.sar', { amount: n.toFixed(2) });
  const card = inv.payment.cardLast4 ? `${cardBrandLabel(inv.payment.cardBrand)} •••• ${inv.payment.cardLast4}` : '';
  const [from, until] = bookingDates(inv.booking.startDate, inv.booking.endDate, locale);
  // A service booking has one meeting time where a booking has its dates.
  const service = !!inv.serviceBookingId;
  const meeting = formatRiyadhDateTime(new Date(inv.booking.startDate), locale);
  const rows: Array<[string, string]> = [
    [t('invoice.invoice'), inv.invoiceNumber],
    ...((service
      ? [
          [t('invoice.service'), inv.lines[0]?.description ?? ''],
          [t('invoice.meeting'), locale === 'ar' ? `${meeting} (${formatHijriDate(new Date(inv.booking.startDate), locale)})` : meeting],
        ]
      : [
          [t('invoice.booking'), inv.lines[0]?.description ?? ''],
          [t('invoice.from'), from],
          [t('invoice.to'), until],
        ]) as Array<[string, string]>),
    [t('invoice.subtotal'), money(inv.subtotal)],
    [t('invoice.vat'), money(inv.vat)],
    [t('invoice.total'), money(inv.total)],
    ...(card ? [[t('invoice.card'), card] as [string, string]] : []),
  ];
  const subject = mailText(locale, 'invoice.subject', { number: inv.invoiceNumber });
  const hello = mailText(locale, 'common.hello', { name: inv.buyer.name });
  const intro = t(service ? 'invoice.serviceIntro' : 'invoice.intro');
  const html = renderMail({
    locale,
    title: subject,
    preheader: intro,
    body: [b.text(hello), b.text(intro), b.rows(rows), b.button(link, t('invoice.view'))],
  });
  const text = [hello, '', intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${t('invoice.view')}: ${link}`].join('\n');
  return { to, subject, text, html };
}
