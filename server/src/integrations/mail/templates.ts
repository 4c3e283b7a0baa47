import type { MailMessage } from './mailer.js';
import { mailBlocks, renderMail } from './layout.js';
import { mailHtml, mailText } from './strings.js';
import type { Locale } from '../../shared/locale.js';

/** The link that confirms a new account's address: 24 hours. */
export function verificationEmail(opts: { to: string; name: string; link: string; locale: Locale }): MailMessage {
  const { to, name, link, locale } = opts;
  const b = mailBlocks(locale);
  const subject = mailText(locale, 'verification.subject');
  return {
    to,
    subject,
    text: [
      mailText(locale, 'common.hello', { name }),
      '',
      mailText(locale, 'verification.leadText'),
      link,
      '',
      mailText(locale, 'verification.ignore'),
    ].join('\n'),
    html: renderMail({
      locale,
      title: subject,
      preheader: mailText(locale, 'verification.preheader'),
      body: [
        b.p(mailHtml(locale, 'common.hello', { name })),
        b.p(mailHtml(locale, 'verification.lead')),
        b.button(link, mailText(locale, 'verification.button')),
        b.fallback(link),
        b.p(mailHtml(locale, 'verification.ignore')),
      ],
    }),
  };
}
