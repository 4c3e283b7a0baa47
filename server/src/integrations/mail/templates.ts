import type { MailMessage } from './mailer.js';

export type Locale = 'en' | 'ar';

export const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(locale: Locale, title: string, body: string) {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:Arial,Tahoma,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px;text-align:${dir === 'rtl' ? 'right' : 'left'}">
<h2 style="color:#0f766e;margin-top:0">${escape(title)}</h2>${body}
<p style="color:#888;font-size:12px;margin-top:32px">${locale === 'ar' ? 'موارد — منصة الموارد والاستشارات للأعمال السعودية' : 'Mawarid — resources and advisory for Saudi businesses'}</p>
</div></body></html>`;
}

export function verificationEmail(opts: { to: string; name: string; link: string; locale: Locale }): MailMessage {
  const { to, name, link, locale } = opts;
  if (locale === 'ar') {
    const subject = 'تأكيد بريدك الإلكتروني في موارد';
    return {
      to,
      subject,
      text: `مرحباً ${name}،\n\nلتأكيد بريدك الإلكتروني افتح الرابط التالي (صالح لمدة 24 ساعة):\n${link}\n\nإذا لم تنشئ حساباً فتجاهل هذه الرسالة.`,
      html: layout(
        locale,
        subject,
        `<p>مرحباً ${escape(name)}،</p><p>لتأكيد بريدك الإلكتروني اضغط على الزر أدناه. الرابط صالح لمدة 24 ساعة ويُستخدم مرة واحدة.</p>
<p><a href="${escape(link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">تأكيد البريد الإلكتروني</a></p>
<p style="font-size:12px;color:#666">${escape(link)}</p><p>إذا لم تنشئ حساباً فتجاهل هذه الرسالة.</p>`,
      ),
    };
  }
  const subject = 'Verify your email for Mawarid';
  return {
    to,
    subject,
    text: `Hello ${name},\n\nPlease verify your email address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create an account, ignore this email.`,
    html: layout(
      locale,
      subject,
      `<p>Hello ${escape(name)},</p><p>Please confirm your email address. The link is valid for 24 hours and can be used once.</p>
<p><a href="${escape(link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Verify email</a></p>
<p style="font-size:12px;color:#666">${escape(link)}</p><p>If you did not create an account, ignore this email.</p>`,
    ),
  };
}
