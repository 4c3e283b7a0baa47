import type { MailMessage } from '../../integrations/mail/mailer.js';
import type { InvoiceData } from './invoice.types.js';
import { cardBrandLabel } from '../../shared/invoices.rules.js';
import { bookingDisplayRange, formatHijriDate, formatRiyadhDate, formatRiyadhDateTime } from '../../shared/dates.js';

type Locale = 'en' | 'ar';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (n: number, locale: Locale) => (locale === 'ar' ? `${n.toFixed(2)} ر.س` : `SAR ${n.toFixed(2)}`);
/** The booking's first and last day (or its start and end times when hourly), in Riyadh; Arabic adds the Hijri date. */
function bookingDates(start: string, end: string, locale: Locale): [string, string] {
  const r = bookingDisplayRange(start, end);
  const one = (d: Date) => {
    const text = r.wholeDays ? formatRiyadhDate(d, locale) : formatRiyadhDateTime(d, locale);
    return locale === 'ar' ? `${text} (${formatHijriDate(d, locale)})` : text;
  };
  return [one(r.from), one(r.to)];
}

const T = {
  en: {
    subject: (n: string) => `Payment received — invoice ${n}`,
    hello: (name: string) => `Hello ${name},`,
    intro: 'Thank you: your payment was received and your booking is confirmed. Your simplified tax invoice is attached (PDF).',
    booking: 'Booking',
    from: 'From',
    to: 'To',
    service: 'Service',
    meeting: 'Meeting',
    serviceIntro: 'Thank you: your payment was received for your service booking. Your simplified tax invoice is attached (PDF).',
    invoice: 'Invoice number',
    subtotal: 'Subtotal',
    vat: 'VAT 15%',
    total: 'Total paid',
    card: 'Paid with',
    view: 'View invoice',
    footer: 'Mawarid — resources and advisory for Saudi businesses',
  },
  ar: {
    subject: (n: string) => `تم استلام الدفع — الفاتورة ${n}`,
    hello: (name: string) => `مرحباً ${name}،`,
    intro: 'شكراً لك: تم استلام دفعتك وتأكيد حجزك. تجد فاتورتك الضريبية المبسطة مرفقة (PDF).',
    booking: 'الحجز',
    from: 'من',
    to: 'إلى',
    service: 'الخدمة',
    meeting: 'الموعد',
    serviceIntro: 'شكراً لك: تم استلام دفعتك لحجز الخدمة. تجد فاتورتك الضريبية المبسطة مرفقة (PDF).',
    invoice: 'رقم الفاتورة',
    subtotal: 'المجموع قبل الضريبة',
    vat: 'ضريبة القيمة المضافة 15%',
    total: 'الإجمالي المدفوع',
    card: 'طريقة الدفع',
    view: 'عرض الفاتورة',
    footer: 'موارد — منصة الموارد والاستشارات للأعمال السعودية',
  },
};

/** Sent once when a payment is settled paid; the caller attaches the invoice PDF. */
export function paymentConfirmationEmail(opts: { to: string; locale: Locale; invoice: InvoiceData; link: string }): MailMessage {
  const { to, locale, invoice: inv, link } = opts;
  const t = T[locale];
  const card = inv.payment.card_last4 ? `${cardBrandLabel(inv.payment.card_brand)} •••• ${inv.payment.card_last4}` : '';
  const [from, until] = bookingDates(inv.booking.start_date, inv.booking.end_date, locale);
  // A service booking has one meeting time where a booking has its dates.
  const service = !!inv.service_booking_id;
  const meeting = formatRiyadhDateTime(new Date(inv.booking.start_date), locale);
  const rows: Array<[string, string]> = [
    [t.invoice, inv.invoice_number],
    ...((service
      ? [
          [t.service, inv.lines[0]?.description ?? ''],
          [t.meeting, locale === 'ar' ? `${meeting} (${formatHijriDate(new Date(inv.booking.start_date), locale)})` : meeting],
        ]
      : [
          [t.booking, inv.lines[0]?.description ?? ''],
          [t.from, from],
          [t.to, until],
        ]) as Array<[string, string]>),
    [t.subtotal, money(inv.subtotal, locale)],
    [t.vat, money(inv.vat, locale)],
    [t.total, money(inv.total, locale)],
    ...(card ? [[t.card, card] as [string, string]] : []),
  ];
  const subject = t.subject(inv.invoice_number);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:Arial,Tahoma,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px;text-align:${align}">
<h2 style="color:#0f766e;margin-top:0">${escape(subject)}</h2>
<p>${escape(t.hello(inv.buyer.name))}</p><p>${escape(service ? t.serviceIntro : t.intro)}</p>
<table style="width:100%;border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 0;color:#555">${escape(k)}</td><td style="padding:4px 0;text-align:${dir === 'rtl' ? 'left' : 'right'}" dir="auto">${escape(v)}</td></tr>`,
    )
    .join('')}</table>
<p style="margin-top:20px"><a href="${escape(link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(t.view)}</a></p>
<p style="color:#888;font-size:12px;margin-top:32px">${escape(t.footer)}</p>
</div></body></html>`;
  const text = [
    t.hello(inv.buyer.name),
    '',
    service ? t.serviceIntro : t.intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.view}: ${link}`,
  ].join('\n');
  return { to, subject, text, html };
}
