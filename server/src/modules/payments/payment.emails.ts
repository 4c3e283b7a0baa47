import type { MailMessage } from '../../integrations/mail/mailer.js';
import { mailBlocks, renderMail } from '../../integrations/mail/layout.js';
import { mailText } from '../../integrations/mail/strings.js';
import type { Locale } from '../../shared/locale.js';

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
  const { locale } = o;
  const b = mailBlocks(locale);
  const subject = mailText(locale, 'refundDue.subject');
  const hello = mailText(locale, 'common.hello', { name: o.name });
  const body = mailText(locale, o.duplicate ? 'refundDue.duplicate' : o.service ? 'refundDue.service' : 'refundDue.booking', {
    title: o.title,
    amount: o.amount.toFixed(2),
  });
  const ref = mailText(locale, 'refundDue.reference');
  const text = [hello, '', body, '', `${ref}: ${o.reference}`, '', mailText(locale, 'layout.tagline')].join('\n');
  const html = renderMail({
    locale,
    title: subject,
    preheader: body,
    body: [b.text(hello), b.text(body), b.rows([[ref, o.reference]])],
  });
  return { to: o.to, subject, text, html };
}
