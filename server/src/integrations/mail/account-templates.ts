import type { MailMessage } from './mailer.js';
import { escape, layout, type Locale } from './templates.js';

const button = (link: string, label: string) =>
  `<p><a href="${escape(link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(label)}</a></p>
<p style="font-size:12px;color:#666">${escape(link)}</p>`;

/** The link that sets a new password: one hour, single use. */
export function passwordResetEmail(opts: { to: string; name: string; link: string; locale: Locale }): MailMessage {
  const { to, name, link, locale } = opts;
  if (locale === 'ar') {
    const subject = 'إعادة تعيين كلمة المرور في موارد';
    const ignore = 'إذا لم تطلب ذلك فتجاهل هذه الرسالة؛ تبقى كلمة مرورك كما هي.';
    return {
      to,
      subject,
      text: `مرحباً ${name}،\n\nلتعيين كلمة مرور جديدة افتح الرابط التالي (صالح لمدة ساعة واحدة ويُستخدم مرة واحدة):\n${link}\n\n${ignore}`,
      html: layout(
        locale,
        subject,
        `<p>مرحباً ${escape(name)}،</p><p>لتعيين كلمة مرور جديدة اضغط على الزر أدناه. الرابط صالح لمدة ساعة واحدة ويُستخدم مرة واحدة، وسيتم تسجيل خروجك من جميع الأجهزة.</p>
${button(link, 'تعيين كلمة مرور جديدة')}<p>${ignore}</p>`,
      ),
    };
  }
  const subject = 'Reset your Mawarid password';
  const ignore = 'If you did not ask for this, ignore this email; your password stays as it is.';
  return {
    to,
    subject,
    text: `Hello ${name},\n\nTo set a new password, open this link (valid for one hour, single use):\n${link}\n\n${ignore}`,
    html: layout(
      locale,
      subject,
      `<p>Hello ${escape(name)},</p><p>To set a new password, press the button below. The link is valid for one hour and can be used once; every device signed in to your account will be signed out.</p>
${button(link, 'Set a new password')}<p>${ignore}</p>`,
    ),
  };
}

/** The link that confirms a new login email, sent to that new address. */
export function emailChangeEmail(opts: { to: string; name: string; link: string; locale: Locale }): MailMessage {
  const { to, name, link, locale } = opts;
  if (locale === 'ar') {
    const subject = 'تأكيد بريدك الإلكتروني الجديد في موارد';
    const ignore = 'إذا لم تطلب ذلك فتجاهل هذه الرسالة؛ لن يتغير شيء.';
    return {
      to,
      subject,
      text: `مرحباً ${name}،\n\nلجعل هذا العنوان البريد الإلكتروني لحسابك افتح الرابط التالي (صالح لمدة 24 ساعة ويُستخدم مرة واحدة):\n${link}\n\n${ignore}`,
      html: layout(
        locale,
        subject,
        `<p>مرحباً ${escape(name)}،</p><p>لجعل هذا العنوان البريد الإلكتروني لحسابك اضغط على الزر أدناه. الرابط صالح لمدة 24 ساعة ويُستخدم مرة واحدة.</p>
${button(link, 'تأكيد البريد الإلكتروني الجديد')}<p>${ignore}</p>`,
      ),
    };
  }
  const subject = 'Confirm your new Mawarid email';
  const ignore = 'If you did not ask for this, ignore this email; nothing changes.';
  return {
    to,
    subject,
    text: `Hello ${name},\n\nTo make this address the email of your account, open this link (valid for 24 hours, single use):\n${link}\n\n${ignore}`,
    html: layout(
      locale,
      subject,
      `<p>Hello ${escape(name)},</p><p>To make this address the email of your account, press the button below. The link is valid for 24 hours and can be used once.</p>
${button(link, 'Confirm new email')}<p>${ignore}</p>`,
    ),
  };
}

export type AccountNotice =
  'logout_all' | 'password_reset' | 'password_changed' | 'profile_updated' | 'email_changed' | 'data_exported' | 'account_deleted';

const NOTICES: Record<AccountNotice, Record<Locale, { subject: string; body: string }>> = {
  logout_all: {
    en: {
      subject: 'You were signed out of Mawarid everywhere',
      body: 'Every session of your account has just been ended, on every device.',
    },
    ar: { subject: 'تم تسجيل خروجك من موارد على جميع الأجهزة', body: 'تم للتو إنهاء جميع جلسات حسابك على جميع الأجهزة.' },
  },
  password_reset: {
    en: {
      subject: 'Your Mawarid password was reset',
      body: 'Your password has just been reset with a link sent to this address, and every session of your account was ended.',
    },
    ar: {
      subject: 'تمت إعادة تعيين كلمة مرورك في موارد',
      body: 'تمت للتو إعادة تعيين كلمة مرورك عبر رابط أُرسل إلى هذا العنوان، وتم إنهاء جميع جلسات حسابك.',
    },
  },
  password_changed: {
    en: {
      subject: 'Your Mawarid password was changed',
      body: 'Your password has just been changed, and every other session of your account was ended.',
    },
    ar: { subject: 'تم تغيير كلمة مرورك في موارد', body: 'تم للتو تغيير كلمة مرورك، وتم إنهاء جميع الجلسات الأخرى لحسابك.' },
  },
  email_changed: {
    en: {
      subject: 'The email of your Mawarid account was changed',
      body: 'The login email of your account has just been changed from this address to another one, confirmed by a link sent to the new address. Mail about your account no longer comes here.',
    },
    ar: {
      subject: 'تم تغيير البريد الإلكتروني لحسابك في موارد',
      body: 'تم للتو تغيير البريد الإلكتروني لتسجيل الدخول إلى حسابك من هذا العنوان إلى عنوان آخر، بتأكيد عبر رابط أُرسل إلى العنوان الجديد. لن تصل رسائل حسابك إلى هنا بعد الآن.',
    },
  },
  data_exported: {
    en: {
      subject: 'A copy of your Mawarid data was downloaded',
      body: 'A copy of everything Mawarid holds about your account (profile, bookings, payments, invoices, requests and listings) has just been downloaded.',
    },
    ar: {
      subject: 'تم تنزيل نسخة من بياناتك في موارد',
      body: 'تم للتو تنزيل نسخة من كل ما تحتفظ به موارد عن حسابك (الملف الشخصي والحجوزات والمدفوعات والفواتير والطلبات والإعلانات).',
    },
  },
  account_deleted: {
    en: {
      subject: 'Your Mawarid account was deleted',
      body: 'Your account has just been deleted at your request: your personal data was erased, your listings left the marketplace and your unpaid upcoming bookings were cancelled. Tax invoices and payment records are kept for the period the law requires. You can register again with this address at any time.',
    },
    ar: {
      subject: 'تم حذف حسابك في موارد',
      body: 'تم للتو حذف حسابك بناءً على طلبك: مُسحت بياناتك الشخصية، وأُزيلت إعلاناتك من السوق، وأُلغيت حجوزاتك القادمة غير المدفوعة. تُحفظ الفواتير الضريبية وسجلات الدفع للمدة التي يفرضها النظام. يمكنك التسجيل مجدداً بهذا العنوان في أي وقت.',
    },
  },
  profile_updated: {
    en: {
      subject: 'Your Mawarid profile was updated',
      body: 'The details of your profile (name, company, phone, language or the company details on your invoices) have just been changed.',
    },
    ar: {
      subject: 'تم تحديث ملفك الشخصي في موارد',
      body: 'تم للتو تغيير بيانات ملفك الشخصي (الاسم أو الشركة أو الهاتف أو اللغة أو بيانات الشركة في فواتيرك).',
    },
  },
};

/** Tells the owner that something happened to their account's security, with what to do if it was not them. */
export function accountNoticeEmail(opts: {
  to: string;
  name: string;
  notice: AccountNotice;
  locale: Locale;
  resetLink: string;
}): MailMessage {
  const { to, name, notice, locale, resetLink } = opts;
  const { subject, body } = NOTICES[notice][locale];
  if (locale === 'ar') {
    const notYou = 'إذا لم تقم بذلك فأعد تعيين كلمة مرورك فوراً:';
    return {
      to,
      subject,
      text: `مرحباً ${name}،\n\n${body}\n\n${notYou}\n${resetLink}`,
      html: layout(
        locale,
        subject,
        `<p>مرحباً ${escape(name)}،</p><p>${escape(body)}</p><p>${escape(notYou)}</p>${button(resetLink, 'إعادة تعيين كلمة المرور')}`,
      ),
    };
  }
  const notYou = 'If this was not you, reset your password now:';
  return {
    to,
    subject,
    text: `Hello ${name},\n\n${body}\n\n${notYou}\n${resetLink}`,
    html: layout(
      locale,
      subject,
      `<p>Hello ${escape(name)},</p><p>${escape(body)}</p><p>${escape(notYou)}</p>${button(resetLink, 'Reset password')}`,
    ),
  };
}
