/**
 * Every mail the product sends, in both languages, goes out in the one table-based layout (issue #26 "Emails"):
 * what Gmail, Outlook and Apple Mail need to draw it, right to left in Arabic, with a preheader, the action as a
 * button, nothing fetched from elsewhere, and whatever a user typed shown as text.
 */
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../server/src/integrations/mail/mailer.js';
import { verificationEmail } from '../../server/src/integrations/mail/templates.js';
import { accountNoticeEmail, emailChangeEmail, passwordResetEmail } from '../../server/src/integrations/mail/account-templates.js';
import { messageDigestEmail } from '../../server/src/integrations/mail/message-templates.js';
import { notificationEmail } from '../../server/src/integrations/mail/notification-templates.js';
import {
  inquiryConfirmationEmail,
  newsletterConfirmEmail,
  newsletterWelcomeEmail,
} from '../../server/src/integrations/mail/public-templates.js';
import { paymentConfirmationEmail } from '../../server/src/modules/invoices/invoice.emails.js';
import type { InvoiceData } from '../../server/src/modules/invoices/invoice.types.js';
import { refundStatusEmail } from '../../server/src/modules/refunds/refund.emails.js';
import { refundDueEmail } from '../../server/src/modules/payments/payment.emails.js';
import { reviewInvitationEmail } from '../../server/src/modules/reviews/review.emails.js';
import { serviceBookingEmail } from '../../server/src/modules/service-bookings/service-booking.emails.js';
import type { ServiceBooking } from '../../server/src/modules/service-bookings/service-booking.entity.js';
import { LOCALES, type Locale } from '../../server/src/shared/locale.js';

const APP = 'https://app.test';
/** What a hostile user may put in a name, a title or a message. */
const EVIL = '<script>alert(1)</script>&"\'';
const to = 'someone@example.sa';

function invoice(service: boolean): InvoiceData {
  return {
    bookingId: 'b1',
    ...(service ? { serviceBookingId: 'b1' } : {}),
    invoiceNumber: 'INV-2026-000042',
    buyer: { name: EVIL, email: to, companyName: null },
    lines: [{ description: EVIL, period: 'day', quantity: 2, unitPrice: 200, amount: 400 }],
    subtotal: 400,
    vatRate: 0.15,
    vat: 60,
    total: 460,
    payment: { cardBrand: 'VISA', cardLast4: '4242', transactionId: 't1', method: 'card' },
    booking: { startDate: '2026-11-10T06:00:00.000Z', endDate: '2026-11-12T06:00:00.000Z', status: 'confirmed' },
  } as unknown as InvoiceData;
}

const serviceBooking = (locale: Locale) =>
  ({
    id: 'abcdef12-0000-4000-8000-000000000000',
    locale,
    serviceName: EVIL,
    serviceNameAr: EVIL,
    scheduledAt: new Date('2026-11-10T11:30:00Z'),
    preferredDate: '2026-11-10',
    preferredTime: '14:30',
    advisorName: EVIL,
    totalWithVat: 115000,
    cancelReason: EVIL,
    user: { email: to, fullName: EVIL },
  }) as unknown as ServiceBooking;

const NOTIFICATION_KINDS = [
  'listing_approved',
  'listing_rejected',
  'listing_changes_approved',
  'listing_changes_rejected',
  'booking_new',
  'booking_paid',
  'booking_cancelled',
  'review_new',
  'review_reply',
  'hold_expiring',
  'hold_expired',
  'inquiry_status',
  'something_new',
];
const NOTICES = [
  'logout_all',
  'password_reset',
  'password_changed',
  'profile_updated',
  'email_changed',
  'data_exported',
  'account_deleted',
] as const;

/** Every kind of mail, with the address its button must lead to (null: a mail with nothing to do). */
function everyMail(locale: Locale): Array<{ kind: string; mail: MailMessage; button: string | null }> {
  const link = `${APP}/verify-email?token=abc`;
  return [
    { kind: 'verification', mail: verificationEmail({ to, name: EVIL, link, locale }), button: link },
    {
      kind: 'password reset',
      mail: passwordResetEmail({ to, name: EVIL, link: `${APP}/reset-password?token=r`, locale }),
      button: `${APP}/reset-password?token=r`,
    },
    {
      kind: 'email change',
      mail: emailChangeEmail({ to, name: EVIL, link: `${APP}/confirm-email?token=c`, locale }),
      button: `${APP}/confirm-email?token=c`,
    },
    ...NOTICES.map((notice) => ({
      kind: `account notice ${notice}`,
      mail: accountNoticeEmail({ to, name: EVIL, notice, locale, resetLink: `${APP}/forgot-password` }),
      button: `${APP}/forgot-password`,
    })),
    ...[1, 12].map((n) => ({
      kind: `message digest of ${n}`,
      mail: messageDigestEmail({
        to,
        name: EVIL,
        locale,
        appUrl: APP,
        messages: Array.from({ length: n }, (_, i) => ({
          conversationId: `c${i}`,
          senderName: EVIL,
          resourceTitle: EVIL,
          body: `${EVIL}\nline two`,
        })),
      }),
      button: `${APP}/messages`,
    })),
    ...NOTIFICATION_KINDS.map((kind) => ({
      kind: `notification ${kind}`,
      mail: notificationEmail({
        to,
        name: EVIL,
        locale,
        appUrl: APP,
        kind,
        params: { resource_title: EVIL, other_name: EVIL, reason: EVIL, rating: 4, status: 'in_progress' },
        link: '/dashboard?tab=bookings',
      }),
      button: `${APP}/dashboard?tab=bookings`,
    })),
    ...[false, true].map((consultation) => ({
      kind: consultation ? 'consultation confirmation' : 'inquiry confirmation',
      mail: inquiryConfirmationEmail({
        to,
        name: EVIL,
        locale,
        reference: 'abcdef123456',
        consultation,
        message: EVIL,
        companyName: EVIL,
        preferredDate: consultation ? '2026-11-10' : null,
        preferredTime: consultation ? '10:00' : null,
        dashboardUrl: consultation ? `${APP}/dashboard` : null,
      }),
      button: consultation ? `${APP}/dashboard` : null,
    })),
    { kind: 'newsletter welcome', mail: newsletterWelcomeEmail({ to, locale, appUrl: APP, token: 'u1' }), button: `${APP}/resources` },
    {
      kind: 'newsletter confirmation',
      mail: newsletterConfirmEmail({ to, locale, appUrl: APP, token: 'n1' }),
      button: `${APP}/newsletter/confirm?token=n1`,
    },
    ...[false, true].map((service) => ({
      kind: service ? 'service payment confirmation' : 'payment confirmation',
      mail: paymentConfirmationEmail({ to, locale, invoice: invoice(service), link: `${APP}/bookings/b1/invoice` }),
      button: `${APP}/bookings/b1/invoice`,
    })),
    ...(['refunded', 'failed'] as const).map((status) => ({
      kind: `refund ${status}`,
      mail: refundStatusEmail({ to, name: EVIL, locale, title: EVIL, amount: 460, status }),
      button: null,
    })),
    ...[{}, { duplicate: true }, { service: true }].map((flags) => ({
      kind: `refund due ${JSON.stringify(flags)}`,
      mail: refundDueEmail({ to, name: EVIL, locale, title: EVIL, amount: 460, reference: EVIL, ...flags }),
      button: null,
    })),
    {
      kind: 'review invitation',
      mail: reviewInvitationEmail({ to, name: EVIL, locale, title: EVIL, link: `${APP}/dashboard?review=b1` }),
      button: `${APP}/dashboard?review=b1`,
    },
    ...(['confirmed', 'reminder', 'cancelled', 'rescheduled'] as const).map((kind) => ({
      kind: `service booking ${kind}`,
      mail: serviceBookingEmail(serviceBooking(locale), kind, `${APP}/dashboard`),
      button: `${APP}/dashboard`,
    })),
  ];
}

const amp = (s: string) => s.replace(/&/g, '&amp;');

describe.each(LOCALES)('every mail in %s', (locale) => {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const side = locale === 'ar' ? 'right' : 'left';
  const mails = everyMail(locale);

  it('covers each kind of mail the product sends', () => {
    expect(mails.length).toBeGreaterThanOrEqual(40);
  });

  it.each(mails.map((m) => [m.kind, m] as const))('%s: one table layout, in the language and its direction', (_, { mail }) => {
    const { html } = mail;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="${dir}"`));
    expect(html).toContain(`<body dir="${dir}"`);
    // Gmail drops <html>/<body> attributes: the outer table and the content cells carry the direction too.
    expect(html).toMatch(new RegExp(`<table role="presentation"[^>]* lang="${locale}" dir="${dir}"`));
    expect(html).toMatch(new RegExp(`<td dir="${dir}" align="${side}" bgcolor="#ffffff" style="[^"]*text-align:${side}`));
    // Tables all the way: no <div>, every table presentational, the 600 px column (and Outlook's fixed one).
    expect(html).not.toMatch(/<div\b/i);
    const tables = html.match(/<table\b[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThanOrEqual(2);
    for (const t of tables) expect(t).toContain('role="presentation"');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('<!--[if mso]><table role="presentation" width="600"');
    // Nothing fetched from anywhere and no code: no style sheets, scripts, images, fonts or frames.
    expect(html).not.toMatch(/<(script|link|img|style|iframe|object|embed|form)\b/i);
    expect(html).not.toMatch(/@import|url\(|\bsrc=/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href.startsWith(`${APP}/`), href).toBe(true);
    // A hidden preheader with words in it.
    const pre = /<span class="preheader" style="display:none[^"]*">([\s\S]*?)&#847;/.exec(html);
    expect(pre?.[1]?.trim().length).toBeGreaterThan(10);
    // The heading is the subject; the tagline closes it.
    expect(html).toContain(
      `<title>${amp(mail.subject).replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}</title>`,
    );
    expect(html).toContain(
      locale === 'ar' ? 'موارد — منصة الموارد والاستشارات للأعمال السعودية' : 'Mawarid — resources and advisory for Saudi businesses',
    );
  });

  it.each(mails.map((m) => [m.kind, m] as const))('%s: what users typed is text, every string filled', (kind, { mail }) => {
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('"\'');
    // Every mail but the newsletter's shows a name, a title or a message someone typed: escaped, whole.
    if (!kind.startsWith('newsletter')) expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/{{|}}/);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.to).toBe(to);
    // The language of the words: Arabic letters in the Arabic mail, none in the English one's own text.
    if (locale === 'ar') expect(mail.subject + mail.text).toMatch(/[\u0600-\u06FF]/);
    else expect(mail.subject + mail.text.replace(/موارد/g, '')).not.toMatch(/[\u0600-\u06FF]/);
  });

  it.each(mails.map((m) => [m.kind, m] as const))(
    '%s: the action is a bulletproof button, also in the text part',
    (_, { mail, button }) => {
      const buttons = [...mail.html.matchAll(/<td align="center" bgcolor="#0f766e"[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
      if (button === null) return expect(buttons).toEqual([]);
      expect(buttons).toEqual([amp(button)]);
      // In a full-width row of its own, on the reading side: no text flows beside it.
      expect(mail.html).toMatch(
        new RegExp(
          `<table role="presentation" width="100%"[^>]*><tr><td align="${side}"[^>]*><table role="presentation"[^>]*align="${side}"><tr><td align="center" bgcolor`,
        ),
      );
      expect(mail.text).toContain(button);
    },
  );
});

describe('mail strings', () => {
  it('escape what a user typed wherever it appears', () => {
    const mail = reviewInvitationEmail({ to, name: EVIL, locale: 'en', title: EVIL, link: `${APP}/dashboard?review=b1` });
    // Subject and text part are plain text: they keep what was typed.
    expect(mail.subject).toBe(`How was "${EVIL}"? Leave a review`);
    expect(mail.text).toContain(`Hello ${EVIL},`);
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;,');
    expect(mail.html).toContain('<title>How was &quot;&lt;script&gt;');
  });

  it('a notification in Arabic names the inquiry status in Arabic', () => {
    const mail = notificationEmail({
      to,
      name: 'Sara',
      locale: 'ar',
      appUrl: APP,
      kind: 'inquiry_status',
      params: { status: 'in_progress' },
      link: '/dashboard',
    });
    expect(mail.text).toContain('حالة استفسارك الآن: قيد المعالجة.');
  });
});
