import type { MailMessage } from './mailer.js';
import type { Locale } from './templates.js';
import { formatHijriDate, formatRiyadhDate } from '../../shared/dates.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const br = (s: string) => escape(s).replace(/\r?\n/g, '<br>');

/** Same frame as templates.ts (kept separate so the auth templates stay untouched). */
function layout(locale: Locale, title: string, body: string, footerExtra = '') {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:Arial,Tahoma,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px;text-align:${dir === 'rtl' ? 'right' : 'left'}">
<h2 style="color:#0f766e;margin-top:0">${escape(title)}</h2>${body}
<p style="color:#888;font-size:12px;margin-top:32px">${locale === 'ar' ? 'موارد — منصة الموارد والاستشارات للأعمال السعودية' : 'Mawarid — resources and advisory for Saudi businesses'}</p>${footerExtra}
</div></body></html>`;
}

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
  const ref = d.reference.slice(0, 8).toUpperCase();
  if (d.locale === 'ar') {
    const subject = d.consultation ? `استلمنا طلب الاستشارة القانونية (${ref})` : `استلمنا استفسارك (${ref})`;
    const when = [
      d.preferredDate && `التاريخ المفضل: ${formatRiyadhDate(d.preferredDate, 'ar')} (${formatHijriDate(d.preferredDate, 'ar')})`,
      d.preferredTime && `الوقت المفضل: ${d.preferredTime}`,
    ].filter(Boolean) as string[];
    const next = d.consultation
      ? 'سيتواصل معك أحد مستشارينا خلال 24 ساعة لتحديد موعد الاجتماع.'
      : 'سيتواصل معك فريقنا قريباً، عادةً خلال يوم عمل واحد.';
    const track = d.dashboardUrl ? `يمكنك متابعة حالة طلبك من لوحة التحكم: ${d.dashboardUrl}` : '';
    return {
      to: d.to,
      subject,
      text: [
        `مرحباً ${d.name}،`,
        '',
        d.consultation ? 'شكراً لك، استلمنا طلب الاستشارة القانونية.' : 'شكراً لتواصلك مع موارد، استلمنا استفسارك.',
        next,
        '',
        `رقم المرجع: ${ref}`,
        ...when,
        '',
        'رسالتك:',
        d.message,
        '',
        track,
      ]
        .join('\n')
        .trim(),
      html: layout(
        'ar',
        subject,
        `<p>مرحباً ${escape(d.name)}،</p><p>${d.consultation ? 'شكراً لك، استلمنا طلب الاستشارة القانونية.' : 'شكراً لتواصلك مع موارد، استلمنا استفسارك.'} ${next}</p>
<p><strong>رقم المرجع:</strong> ${ref}</p>${when.map((w) => `<p>${escape(w)}</p>`).join('')}
<p><strong>رسالتك:</strong></p><blockquote style="border-inline-start:3px solid #0f766e;margin:0;padding:4px 12px;color:#333">${br(d.message)}</blockquote>
${d.dashboardUrl ? `<p><a href="${escape(d.dashboardUrl)}">تابع حالة طلبك من لوحة التحكم</a></p>` : ''}`,
      ),
    };
  }
  const subject = d.consultation ? `We received your legal consultation request (${ref})` : `We received your inquiry (${ref})`;
  const when = [
    d.preferredDate && `Preferred date: ${formatRiyadhDate(d.preferredDate, 'en')}`,
    d.preferredTime && `Preferred time: ${d.preferredTime}`,
  ].filter(Boolean) as string[];
  const next = d.consultation
    ? 'One of our legal advisors will contact you within 24 hours to schedule a meeting.'
    : 'Our team will get back to you soon, usually within one business day.';
  const track = d.dashboardUrl ? `You can follow its status on your dashboard: ${d.dashboardUrl}` : '';
  return {
    to: d.to,
    subject,
    text: [
      `Hello ${d.name},`,
      '',
      d.consultation
        ? 'Thank you — we received your legal consultation request.'
        : 'Thank you for contacting Mawarid — we received your inquiry.',
      next,
      '',
      `Reference: ${ref}`,
      ...when,
      '',
      'Your message:',
      d.message,
      '',
      track,
    ]
      .join('\n')
      .trim(),
    html: layout(
      'en',
      subject,
      `<p>Hello ${escape(d.name)},</p><p>${d.consultation ? 'Thank you — we received your legal consultation request.' : 'Thank you for contacting Mawarid — we received your inquiry.'} ${next}</p>
<p><strong>Reference:</strong> ${ref}</p>${when.map((w) => `<p>${escape(w)}</p>`).join('')}
<p><strong>Your message:</strong></p><blockquote style="border-inline-start:3px solid #0f766e;margin:0;padding:4px 12px;color:#333">${br(d.message)}</blockquote>
${d.dashboardUrl ? `<p><a href="${escape(d.dashboardUrl)}">Follow its status on your dashboard</a></p>` : ''}`,
    ),
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
    if (r.locale === 'ar') {
      const subject = 'أهلاً بك في نشرة موارد';
      return {
        subject,
        text: `شكراً لاشتراكك في نشرة موارد الشهرية: أخبار مشاركة الموارد وتنظيمات الأعمال في المملكة.\n\nلإلغاء الاشتراك في أي وقت: ${unsubscribePage}`,
        html: layout(
          'ar',
          subject,
          `<p>شكراً لاشتراكك في نشرة موارد الشهرية: أخبار مشاركة الموارد وتنظيمات الأعمال في المملكة.</p>`,
          `<p style="color:#888;font-size:12px"><a href="${escape(unsubscribePage)}" style="color:#888">إلغاء الاشتراك</a></p>`,
        ),
      };
    }
    const subject = 'Welcome to the Mawarid newsletter';
    return {
      subject,
      text: `Thank you for subscribing to the Mawarid monthly newsletter: news on shared resources and Saudi business regulation.\n\nUnsubscribe at any time: ${unsubscribePage}`,
      html: layout(
        'en',
        subject,
        `<p>Thank you for subscribing to the Mawarid monthly newsletter: news on shared resources and Saudi business regulation.</p>`,
        `<p style="color:#888;font-size:12px"><a href="${escape(unsubscribePage)}" style="color:#888">Unsubscribe</a></p>`,
      ),
    };
  });
}

/**
 * The confirmation mail of a newsletter sign-up (double opt-in). Not a newsletter mail: the address is not
 * subscribed yet, so it has no unsubscribe link; ignoring it is how one declines.
 */
export function newsletterConfirmEmail(d: { to: string; locale: Locale; appUrl: string; token: string }): MailMessage {
  const link = `${d.appUrl}/newsletter/confirm?token=${encodeURIComponent(d.token)}`;
  if (d.locale === 'ar') {
    const subject = 'أكّد اشتراكك في نشرة موارد';
    const intro =
      'طلب أحدهم (نأمل أن تكون أنت) الاشتراك بهذا البريد في نشرة موارد الشهرية. لتأكيد الاشتراك افتح الرابط التالي. إن لم تطلب ذلك فتجاهل هذه الرسالة ولن نرسل إليك شيئاً.';
    return {
      to: d.to,
      subject,
      text: `${intro}\n\n${link}`,
      html: layout('ar', subject, `<p>${escape(intro)}</p><p><a href="${escape(link)}">تأكيد الاشتراك</a></p>`),
    };
  }
  const subject = 'Confirm your Mawarid newsletter subscription';
  const intro =
    'Someone (we hope you) asked to subscribe this address to the Mawarid monthly newsletter. To confirm, open the link below. If it was not you, ignore this email and we will send you nothing.';
  return {
    to: d.to,
    subject,
    text: `${intro}\n\n${link}`,
    html: layout('en', subject, `<p>${escape(intro)}</p><p><a href="${escape(link)}">Confirm my subscription</a></p>`),
  };
}

/** The API endpoint a mail client POSTs to for one-click unsubscribe (GET on it only looks the link up). */
const oneClickUnsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
const unsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
