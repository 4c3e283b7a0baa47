import type { Deps } from '../../deps.js';
import type { MailAttachment, MailMessage } from '../../integrations/mail/mailer.js';
import { escape, layout, type Locale } from '../../integrations/mail/templates.js';
import { calendarInvite } from '../../integrations/mail/ics.js';
import { formatHijriDate, formatRiyadhDateTime } from '../../shared/dates.js';
import { sarText } from '../../shared/money.js';
import type { ServiceBooking } from './service-booking.entity.js';

/** How long the calendar invitation blocks: the advisory meetings are booked as one hour. */
const MEETING_MINUTES = 60;

export type ServiceBookingMail = 'confirmed' | 'reminder' | 'cancelled';

/** The invitation's UID: the same for every message about this booking, so calendars update one event. */
const calendarUid = (b: { id: string }, appUrl: string) => `service-booking-${b.id}@${new URL(appUrl).hostname || 'mawarid.sa'}`;

/** "Mawarid <no-reply@mawarid.sa>" → its display name and address (the invitation's organizer). */
function organizer(from: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || 'Mawarid', email: m[2] } : { name: 'Mawarid', email: from.trim() };
}

const T = {
  en: {
    hello: (n: string) => `Hello ${n},`,
    reference: 'Reference',
    service: 'Service',
    meeting: 'Meeting',
    riyadh: 'Riyadh time',
    total: 'Total (VAT 15% included)',
    sar: 'SAR',
    reason: 'Reason',
    dashboard: 'See it on your dashboard',
    confirmed: {
      subject: (s: string) => `Your service booking is confirmed: ${s}`,
      lead: 'We have confirmed your service booking. The calendar invitation is attached.',
      next: 'You can pay for it from your dashboard (Complete Payment). You can cancel or reschedule it until 24 hours before the meeting.',
    },
    reminder: {
      subject: (s: string) => `Reminder: your ${s} meeting is tomorrow`,
      lead: 'This is a reminder of your meeting in the next 24 hours.',
      next: 'If you need anything before the meeting, reply to this email or contact us.',
    },
    cancelled: {
      subject: (s: string) => `Your service booking has been cancelled: ${s}`,
      lead: 'Your service booking has been cancelled.',
      next: 'You can book the service again at any time from its page.',
    },
  },
  ar: {
    hello: (n: string) => `مرحباً ${n}،`,
    reference: 'رقم المرجع',
    service: 'الخدمة',
    meeting: 'موعد الاجتماع',
    riyadh: 'بتوقيت الرياض',
    total: 'الإجمالي (شامل ضريبة القيمة المضافة 15%)',
    sar: 'ر.س',
    reason: 'السبب',
    dashboard: 'اطّلع عليه في لوحة التحكم',
    confirmed: {
      subject: (s: string) => `تم تأكيد حجز الخدمة: ${s}`,
      lead: 'أكدنا حجز الخدمة الخاص بك. دعوة التقويم مرفقة بهذه الرسالة.',
      next: 'يمكنك الدفع من لوحة التحكم (إتمام الدفع)، ويمكنك إلغاء الحجز أو تغيير موعده حتى 24 ساعة قبل الاجتماع.',
    },
    reminder: {
      subject: (s: string) => `تذكير: اجتماع ${s} غداً`,
      lead: 'نذكّرك باجتماعك خلال الساعات الأربع والعشرين القادمة.',
      next: 'إذا احتجت إلى أي شيء قبل الاجتماع فرُدّ على هذه الرسالة أو تواصل معنا.',
    },
    cancelled: {
      subject: (s: string) => `تم إلغاء حجز الخدمة: ${s}`,
      lead: 'تم إلغاء حجز الخدمة الخاص بك.',
      next: 'يمكنك حجز الخدمة مرة أخرى في أي وقت من صفحتها.',
    },
  },
} as const;

/** The mail to the customer, in the booking's language; `invite` is the .ics to attach (confirmation, cancellation). */
export function serviceBookingEmail(b: ServiceBooking, kind: ServiceBookingMail, dashboardUrl: string, invite?: string): MailMessage {
  const locale: Locale = b.locale === 'ar' ? 'ar' : 'en';
  const t = T[locale];
  const k = t[kind];
  const service = locale === 'ar' ? b.serviceNameAr : b.serviceName;
  const rows: Array<[string, string]> = [
    [t.reference, b.id.slice(0, 8).toUpperCase()],
    [t.service, service],
  ];
  if (b.scheduledAt && kind !== 'cancelled')
    rows.push([t.meeting, `${formatRiyadhDateTime(b.scheduledAt, locale)} (${t.riyadh}) — ${formatHijriDate(b.scheduledAt, locale)}`]);
  if (kind === 'confirmed' && b.totalWithVat !== null) rows.push([t.total, `${sarText(b.totalWithVat)} ${t.sar}`]);
  if (kind === 'cancelled' && b.cancelReason) rows.push([t.reason, b.cancelReason]);
  const subject = k.subject(service);
  const attachments: MailAttachment[] | undefined = invite
    ? [
        {
          filename: kind === 'cancelled' ? 'cancel.ics' : 'invite.ics',
          contentType: `text/calendar; charset=utf-8; method=${kind === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
          content: Buffer.from(invite, 'utf8'),
        },
      ]
    : undefined;
  return {
    to: b.user.email,
    subject,
    text: [
      t.hello(b.user.fullName),
      '',
      k.lead,
      '',
      ...rows.map(([l, v]) => `${l}: ${v}`),
      '',
      k.next,
      '',
      `${t.dashboard}: ${dashboardUrl}`,
    ].join('\n'),
    html: layout(
      locale,
      subject,
      `<p>${escape(t.hello(b.user.fullName))}</p><p>${escape(k.lead)}</p>
${rows.map(([l, v]) => `<p><strong>${escape(l)}:</strong> ${escape(v)}</p>`).join('')}
<p>${escape(k.next)}</p><p><a href="${escape(dashboardUrl)}">${escape(t.dashboard)}</a></p>`,
    ),
    ...(attachments ? { attachments } : {}),
  };
}

/** The invitation for the booking as it stands: REQUEST for the confirmed meeting, CANCEL once cancelled. */
function serviceBookingInvite(b: ServiceBooking, deps: Deps, method: 'REQUEST' | 'CANCEL'): string {
  const locale = b.locale === 'ar' ? 'ar' : 'en';
  const service = locale === 'ar' ? b.serviceNameAr : b.serviceName;
  const start = b.scheduledAt ?? undefined;
  return calendarInvite({
    method,
    uid: calendarUid(b, deps.env.appUrl),
    sequence: b.icsSequence,
    ...(start ? { start, end: new Date(start.getTime() + MEETING_MINUTES * 60_000) } : {}),
    summary: locale === 'ar' ? `موارد: ${service}` : `Mawarid: ${service}`,
    description: `${locale === 'ar' ? 'رقم المرجع' : 'Reference'}: ${b.id.slice(0, 8).toUpperCase()}\n${deps.env.appUrl}/dashboard`,
    organizer: organizer(deps.env.mailFrom),
    attendee: { name: b.user.fullName, email: b.user.email },
  });
}

/**
 * Sends the customer's mail about a change of their booking (the user populated). An invitation goes with the
 * confirmation, and a cancellation of a meeting that had one. A failure is logged: the change is made either way.
 */
export async function sendServiceBookingMail(deps: Deps, b: ServiceBooking, kind: ServiceBookingMail): Promise<void> {
  try {
    const invite =
      kind === 'confirmed'
        ? serviceBookingInvite(b, deps, 'REQUEST')
        : kind === 'cancelled' && b.confirmedAt
          ? serviceBookingInvite(b, deps, 'CANCEL')
          : undefined;
    await deps.mailer.send(serviceBookingEmail(b, kind, `${deps.env.appUrl}/dashboard`, invite));
  } catch (err) {
    console.error(`[mail] service booking ${kind} mail failed`, err);
  }
}
