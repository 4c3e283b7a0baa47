import type { MailMessage } from './mailer.js';
import { mailBlocks, renderMail } from './layout.js';
import { hasMailKey, mailText } from './strings.js';
import type { Locale } from '../../shared/locale.js';

/** What a notification shows besides its kind (stored with it as JSON; every field optional). */
export interface NotificationParams {
  resource_title?: string;
  other_name?: string;
  reason?: string;
  rating?: number;
  status?: string;
  service?: string;
  service_ar?: string;
  expires_at?: string;
}

/** The sentence of a notification kind in the recipient's language (mail/locales: notification.kinds). */
function line(locale: Locale, kind: string, p: NotificationParams): string {
  const key = `notification.kinds.${kind === 'listing_rejected' && p.reason ? 'listing_rejected_reason' : kind}`;
  if (!hasMailKey(key)) return mailText(locale, 'notification.fallback');
  const statusKey = `notification.inquiryStatus.${p.status ?? ''}`;
  const status = hasMailKey(statusKey) ? mailText(locale, statusKey) : (p.status ?? '');
  return mailText(locale, key, {
    resource_title: p.resource_title ?? '',
    other_name: p.other_name ?? '',
    reason: p.reason ?? '',
    rating: p.rating ?? '',
    status,
  });
}

/** One notification by mail, in the recipient's language, with the link to what it is about. */
export function notificationEmail(d: {
  to: string;
  name: string;
  locale: Locale;
  appUrl: string;
  kind: string;
  params: NotificationParams;
  link: string;
}): MailMessage {
  const { locale } = d;
  const b = mailBlocks(locale);
  const sentence = line(locale, d.kind, d.params);
  const subject = mailText(locale, 'notification.subject');
  const hello = mailText(locale, 'common.hello', { name: d.name });
  const open = mailText(locale, 'notification.open');
  const url = `${d.appUrl}${d.link}`;
  const settingsUrl = `${d.appUrl}/dashboard`;
  const settings = mailText(locale, 'notification.settings');
  const text = [hello, '', sentence, '', `${open}: ${url}`, '', `${settings}: ${settingsUrl}`].join('\n');
  const html = renderMail({
    locale,
    title: subject,
    preheader: sentence,
    body: [b.text(hello), b.text(sentence), b.button(url, open)],
    footer: [b.noteHtml(`${b.link(settingsUrl, settings)}`)],
  });
  return { to: d.to, subject, text, html };
}
