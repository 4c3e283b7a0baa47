import type { MailMessage } from '../../integrations/mail/mailer.js';
import { mailBlocks, renderMail } from '../../integrations/mail/layout.js';
import { mailText } from '../../integrations/mail/strings.js';
import type { Locale } from '../../shared/locale.js';

/** To the customer when the gateway's word on their refund arrives (refunded, or failed), in their language. */
export function refundStatusEmail(o: {
  to: string;
  name: string;
  locale: Locale;
  title: string;
  amount: number;
  status: 'refunded' | 'failed';
}): MailMessage {
  const { locale } = o;
  const b = mailBlocks(locale);
  const subject = mailText(locale, `refundStatus.${o.status}.subject`);
  const hello = mailText(locale, 'common.hello', { name: o.name });
  const body = mailText(locale, `refundStatus.${o.status}.body`, { title: o.title, amount: o.amount.toFixed(2) });
  const text = [hello, '', body, '', mailText(locale, 'layout.tagline')].join('\n');
  const html = renderMail({ locale, title: subject, preheader: body, body: [b.text(hello), b.text(body)] });
  return { to: o.to, subject, text, html };
}
