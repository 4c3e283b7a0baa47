import type { MailMessage } from './mailer.js';
import { mailBlocks, renderMail } from './layout.js';
import { mailHtml, mailText } from './strings.js';
import type { Locale } from '../../shared/locale.js';
import { formatHijriDate, formatRiyadhDate } from '../../shared/dates.js';

export interface InquiryMailData {
  to: string;
  name: string;
  locale: Locale;
  reference: string;
  consultation: boolean;
  message: string;
  companyName: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  dashboardUrl: string | null;
}

/** "We received your inquiry / consultation request", in the sender's language. */
export function inquiryConfirmationEmail(d: InquiryMailData): MailMessage {
  const { locale } = d;
  const b = mailBlocks(locale);
  const ref = d.reference.slice(0, 8).toUpperCase();
  const kind = d.consultation ? 'Consultation' : '';
  const subject = mailText(locale, `inquiry.subject${kind}`, { ref });
  const thanks = mailText(locale, `inquiry.thanks${kind}`);
  const next = mailText(locale, `inquiry.next${kind}`);
  // Arabic adds the Hijri date to the Gregorian one.
  const date =
    d.preferredDate &&
    (locale === 'ar'
      ? `${formatRiyadhDate(d.preferredDate, 'ar')} (${formatHijriDate(d.preferredDate, 'ar')})`
      : formatRiyadhDate(d.preferredDate, 'en'));
  const rows: Array<[string, string]> = [
    [mailText(locale, 'inquiry.reference'), ref],
    ...(date ? [[mailText(locale, 'inquiry.preferredDate'), date] as [string, string]] : []),
    ...(d.preferredTime ? [[mailText(locale, 'inquiry.preferredTime'), d.preferredTime] as [string, string]] : []),
  ];
  return {
    to: d.to,
    subject,
    text: [
      mailText(locale, 'common.hello', { name: d.name }),
      '',
      thanks,
      next,
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      mailText(locale, 'inquiry.message'),
      d.message,
      '',
      d.dashboardUrl ? mailText(locale, 'inquiry.trackText', { url: d.dashboardUrl }) : '',
    ]
      .join('\n')
      .trim(),
    html: renderMail({
      locale,
      title: subject,
      preheader: `${thanks} ${next}`,
      body: [
        b.p(mailHtml(locale, 'common.hello', { name: d.name })),
        b.text(`${thanks} ${next}`),
        b.rows(rows),
        b.p(`<strong>${mailHtml(locale, 'inquiry.message')}</strong>`),
        b.quote(d.message),
        ...(d.dashboardUrl ? [b.button(d.dashboardUrl, mailText(locale, 'inquiry.track'))] : []),
      ],
    }),
  };
}

/** Where a subscriber's unsubscribe link points: the page (in the mail body) and the one-click endpoint (headers). */
export interface NewsletterRecipient {
  to: string;
  locale: Locale;
  appUrl: string;
  /** The subscriber's unsubscribe token. */
  token: string;
}

/**
 * The one wrapper every newsletter mail goes through: `build` gets the unsubscribe page URL for the body, and
 * the message gets `List-Unsubscribe` (the API endpoint) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058), so mail clients show their own unsubscribe button and a POST to the URL unsubscribes at once.
 */
function newsletterMail(r: NewsletterRecipient, build: (unsubscribePage: string) => Omit<MailMessage, 'to' | 'headers'>): MailMessage {
  const message = build(unsubscribeUrl(r.appUrl, r.token));
  return {
    ...message,
    to: r.to,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(r.appUrl, r.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Welcome mail after subscribing; like every newsletter mail it carries the unsubscribe link and headers. */
export function newsletterWelcomeEmail(r: NewsletterRecipient): MailMessage {
  return newsletterMail(r, (unsubscribePage) => {
    const { locale } = r;
    const b = mailBlocks(locale);
    const subject = mailText(locale, 'newsletterWelcome.subject');
    const body = mailText(locale, 'newsletterWelcome.body');
    const market = `${r.appUrl}/resources`;
    return {
      subject,
      text: [
        body,
        '',
        `${mailText(locale, 'newsletterWelcome.button')}: ${market}`,
        '',
        mailText(locale, 'newsletterWelcome.unsubscribeText', { url: unsubscribePage }),
      ].join('\n'),
      html: renderMail({
        locale,
        title: subject,
        preheader: body,
        body: [b.text(body), b.button(market, mailText(locale, 'newsletterWelcome.button'))],
        footer: [b.noteHtml(b.link(unsubscribePage, mailText(locale, 'newsletterWelcome.unsubscribe')))],
      }),
    };
  });
}

/**
 * The confirmation mail of a newsletter sign-up (double opt-in). Not a newsletter mail: the address is not
 * subscribed yet, so it has no unsubscribe link; ignoring it is how one declines.
 */
export function newsletterConfirmEmail(d: { to: string; locale: Locale; appUrl: string; token: string }): MailMessage {
  const { locale } = d;
  const b = mailBlocks(locale);
  const link = `${d.appUrl}/newsletter/confirm?token=${encodeURIComponent(d.token)}`;
  const subject = mailText(locale, 'newsletterConfirm.subject');
  const intro = mailText(locale, 'newsletterConfirm.intro');
  return {
    to: d.to,
    subject,
    text: `${intro}\n\n${link}`,
    html: renderMail({
      locale,
      title: subject,
      preheader: intro,
      body: [b.text(intro), b.button(link, mailText(locale, 'newsletterConfirm.button')), b.fallback(link)],
    }),
  };
}

/** The API endpoint a mail client POSTs to for one-click unsubscribe (GET on it only looks the link up). */
const oneClickUnsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
const unsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
