import type { MailMessage } from '../../integrations/mail/mailer.js';

type Locale = 'en' | 'ar';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const T = {
  en: {
    subject: 'Your payment will be refunded',
    hello: (name: string) => `Hello ${name},`,
    body: (title: string, amount: string, duplicate: boolean, service: boolean) =>
      duplicate
        ? `We received a second payment of SAR ${amount} for "${title}", which was already paid. A full refund of the second payment is on its way to your card.`
        : service
          ? `We received your payment of SAR ${amount} for "${title}", but this service booking had been cancelled before the payment arrived. A full refund is on its way to your card.`
          : `We received your payment of SAR ${amount} for "${title}", but the booking could no longer be honoured: it had been cancelled and its dates were no longer available. A full refund is on its way to your card.`,
    ref: 'Payment reference',
    footer: 'Mawarid — resources and advisory for Saudi businesses',
  },
  ar: {
    subject: 'سيتم استرداد مبلغ دفعتك',
    hello: (name: string) => `مرحباً ${name}،`,
    body: (title: string, amount: string, duplicate: boolean, service: boolean) =>
      duplicate
        ? `استلمنا دفعة ثانية بمبلغ ${amount} ر.س مقابل "${title}" الذي سبق دفعه. سيُعاد مبلغ الدفعة الثانية كاملاً إلى بطاقتك.`
        : service
          ? `استلمنا دفعتك بمبلغ ${amount} ر.س مقابل "${title}"، لكن حجز الخدمة كان قد أُلغي قبل وصول الدفعة. سيُعاد المبلغ كاملاً إلى بطاقتك.`
          : `استلمنا دفعتك بمبلغ ${amount} ر.س مقابل "${title}"، لكن تعذّر تنفيذ الحجز: فقد أُلغي ولم تعد تواريخه متاحة. سيُعاد المبلغ كاملاً إلى بطاقتك.`,
    ref: 'مرجع الدفع',
    footer: 'موارد — منصة الموارد والاستشارات للأعمال السعودية',
  },
};

/** To the customer when the gateway took money for a booking we cannot honour (refund_due or a second payment). */
export function refundDueEmail(o: {
  to: string;
  name: string;
  locale: Locale;
  title: string;
  amount: number;
  reference: string;
  duplicate?: boolean;
  /** A service booking (no dates to lose: it was cancelled). */
  service?: boolean;
}): MailMessage {
  const t = T[o.locale];
  const amount = o.amount.toFixed(2);
  const text = [
    t.hello(o.name),
    '',
    t.body(o.title, amount, !!o.duplicate, !!o.service),
    '',
    `${t.ref}: ${o.reference}`,
    '',
    t.footer,
  ].join('\n');
  const dir = o.locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${o.locale}" dir="${dir}"><body style="font-family:Tahoma,Arial,sans-serif">
<p>${escape(t.hello(o.name))}</p><p>${escape(t.body(o.title, amount, !!o.duplicate, !!o.service))}</p><p>${escape(t.ref)}: <strong>${escape(o.reference)}</strong></p>
<p style="color:#666">${escape(t.footer)}</p></body></html>`;
  return { to: o.to, subject: t.subject, text, html };
}
