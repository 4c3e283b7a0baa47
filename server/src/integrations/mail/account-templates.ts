import type { MailMessage } from './mailer.js';
import { mailBlocks, renderMail } from './layout.js';
import { mailHtml, mailText } from './strings.js';
import type { Locale } from '../../shared/locale.js';

/** A mail whose point is one single-use link: hello, what it does, the button (and its address), "not you?". */
function linkEmail(kind: 'passwordReset' | 'emailChange', opts: { to: string; name: string; link: string; locale: Locale }): MailMessage {
  const { to, name, link, locale } = opts;
  const b = mailBlocks(locale);
  const subject = mailText(locale, `${kind}.subject`);
  return {
    to,
    subject,
    text: [
      mailText(locale, 'common.hello', { name }),
      '',
      mailText(locale, `${kind}.leadText`),
      link,
      '',
      mailText(locale, `${kind}.ignore`),
    ].join('\n'),
    html: renderMail({
      locale,
      title: subject,
      preheader: mailText(locale, `${kind}.preheader`),
      body: [
        b.p(mailHtml(locale, 'common.hello', { name })),
        b.p(mailHtml(locale, `${kind}.lead`)),
        b.button(link, mailText(locale, `${kind}.button`)),
        b.fallback(link),
        b.p(mailHtml(locale, `${kind}.ignore`)),
      ],
    }),
  };
}

/** The link that sets a new password: one hour, single use. */
export const passwordResetEmail = (opts: { to: string; name: string; link: string; locale: Locale }) => linkEmail('passwordReset', opts);

/** The link that confirms a new login email, sent to that new address. */
export const emailChangeEmail = (opts: { to: string; name: string; link: string; locale: Locale }) => linkEmail('emailChange', opts);

/**
 * Sent to the owner of an address another account asked to move its login email to: the asker is answered as if the
 * address were free (so the answer tells nobody who has an account), and the owner learns of it here, in their language.
 */
export function emailTakenEmail(opts: { to: string; name: string; locale: Locale; signInLink: string }): MailMessage {
  const { to, name, locale, signInLink } = opts;
  const b = mailBlocks(locale);
  const subject = mailText(locale, 'emailTaken.subject');
  return {
    to,
    subject,
    text: [
      mailText(locale, 'common.hello', { name }),
      '',
      mailText(locale, 'emailTaken.body'),
      '',
      mailText(locale, 'emailTaken.signIn'),
      signInLink,
    ].join('\n'),
    html: renderMail({
      locale,
      title: subject,
      preheader: mailText(locale, 'emailTaken.preheader'),
      body: [
        b.p(mailHtml(locale, 'common.hello', { name })),
        b.p(mailHtml(locale, 'emailTaken.body')),
        b.p(mailHtml(locale, 'emailTaken.signIn')),
        b.button(signInLink, mailText(locale, 'emailTaken.button')),
        b.fallback(signInLink),
      ],
    }),
  };
}

export type AccountNotice =
  'logout_all' | 'password_reset' | 'password_changed' | 'profile_updated' | 'email_changed' | 'data_exported' | 'account_deleted';

/** Tells the owner that something happened to their account's security, with what to do if it was not them. */
export function accountNoticeEmail(opts: {
  to: string;
  name: string;
  notice: AccountNotice;
  locale: Locale;
  resetLink: string;
}): MailMessage {
  const { to, name, notice, locale, resetLink } = opts;
  const b = mailBlocks(locale);
  const subject = mailText(locale, `accountNotice.${notice}.subject`);
  const body = mailText(locale, `accountNotice.${notice}.body`);
  return {
    to,
    subject,
    text: [mailText(locale, 'common.hello', { name }), '', body, '', mailText(locale, 'accountNotice.notYou'), resetLink].join('\n'),
    html: renderMail({
      locale,
      title: subject,
      preheader: body,
      body: [
        b.p(mailHtml(locale, 'common.hello', { name })),
        b.text(body),
        b.p(mailHtml(locale, 'accountNotice.notYou')),
        b.button(resetLink, mailText(locale, 'accountNotice.button')),
        b.fallback(resetLink),
      ],
    }),
  };
}
