import type { MailMessage } from './mailer.js';
import { mailBlocks, renderMail } from './layout.js';
import { mailHtml, mailText } from './strings.js';
import type { Locale } from '../../shared/locale.js';

/** Messages shown in one digest; the rest are counted ("and 3 more"). */
const SHOWN = 10;
/** Characters of each message shown; the whole text is on the site. */
const EXCERPT = 300;

interface DigestMessage {
  conversationId: string;
  senderName: string;
  resourceTitle: string;
  body: string;
}

export interface MessageDigestData {
  to: string;
  name: string;
  locale: Locale;
  appUrl: string;
  messages: DigestMessage[];
}

const excerpt = (s: string) => (s.length > EXCERPT ? `${s.slice(0, EXCERPT)}…` : s);

/** "You have N unread messages": one mail for everything unread since the last one, in the recipient's language. */
export function messageDigestEmail(d: MessageDigestData): MailMessage {
  const { locale } = d;
  const b = mailBlocks(locale);
  const n = d.messages.length;
  const shown = d.messages.slice(0, SHOWN);
  const more = n - shown.length;
  const link = (id: string) => `${d.appUrl}/messages/${id}`;
  const all = `${d.appUrl}/messages`;
  const subject = n === 1 ? mailText(locale, 'messageDigest.subjectOne') : mailText(locale, 'messageDigest.subjectMany', { count: n });
  const about = (m: DigestMessage) => ({ sender: m.senderName, title: m.resourceTitle });
  const open = mailText(locale, 'messageDigest.open');
  const text = [
    mailText(locale, 'common.hello', { name: d.name }),
    '',
    mailText(locale, 'messageDigest.intro'),
    '',
    ...shown.flatMap((m) => [`${mailText(locale, 'messageDigest.about', about(m))}:`, excerpt(m.body), link(m.conversationId), '']),
    more > 0 ? mailText(locale, 'messageDigest.more', { count: more }) : '',
    `${open}: ${all}`,
  ]
    .join('\n')
    .trim();
  const html = renderMail({
    locale,
    title: subject,
    preheader: shown.length ? `${mailText(locale, 'messageDigest.about', about(shown[0]!))}: ${excerpt(shown[0]!.body)}` : subject,
    body: [
      b.p(mailHtml(locale, 'common.hello', { name: d.name })),
      b.p(mailHtml(locale, 'messageDigest.intro')),
      ...shown.flatMap((m) => [
        b.p(`<strong>${mailHtml(locale, 'messageDigest.about', about(m))}</strong>`),
        b.quote(excerpt(m.body)),
        b.p(b.link(link(m.conversationId), open)),
      ]),
      ...(more > 0 ? [b.p(mailHtml(locale, 'messageDigest.more', { count: more }))] : []),
      b.button(all, open),
    ],
  });
  return { to: d.to, subject, text, html };
}
