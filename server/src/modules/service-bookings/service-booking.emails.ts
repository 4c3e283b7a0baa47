import type { Deps } from '../../deps.js';
import type { MailAttachment, MailMessage } from '../../integrations/mail/mailer.js';
import { mailBlocks, renderMail } from '../../integrations/mail/layout.js';
import { mailText } from '../../integrations/mail/strings.js';
import { localeOf } from '../../shared/locale.js';
import { calendarInvite } from '../../integrations/mail/ics.js';
import { formatHijriDate, formatRiyadhDateTime } from '../../shared/dates.js';
import { sarText } from '../../shared/money.js';
import type { ServiceBooking } from './service-booking.entity.js';

/** How long the calendar invitation blocks: the advisory meetings are booked as one hour. */
const MEETING_MINUTES = 60;

export type ServiceBookingMail = 'confirmed' | 'reminder' | 'cancelled' | 'rescheduled';

/** When the meeting is, if its time is known: the confirmed time, else the preferred date and time (Riyadh). */
const meetingAt = (b: ServiceBooking): Date | null =>
  b.scheduledAt ?? (b.preferredTime ? new Date(`${b.preferredDate}T${b.preferredTime}:00+03:00`) : null);

/** The invitation's UID: the same for every message about this booking, so calendars update one event. */
const calendarUid = (b: { id: string }, appUrl: string) => `service-booking-${b.id}@${new URL(appUrl).hostname || 'mawarid.sa'}`;

/** "Mawarid <no-reply@mawarid.sa>" → its display name and address (the invitation's organizer). */
function organizer(from: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || 'Mawarid', email: m[2] } : { name: 'Mawarid', email: from.trim() };
}

/** The mail to the customer, in the booking's language; `invite` is the .ics to attach (confirmation, cancellation). */
export function serviceBookingEmail(b: ServiceBooking, kind: ServiceBookingMail, dashboardUrl: string, invite?: string): MailMessage {
  const locale = localeOf(b.locale);
  const blocks = mailBlocks(locale);
  const t = (key: Parameters<typeof mailText>[1]) => mailText(locale, key);
  const service = locale === 'ar' ? b.serviceNameAr : b.serviceName;
  const rows: Array<[string, string]> = [
    [t('serviceBooking.reference'), b.id.slice(0, 8).toUpperCase()],
    [t('serviceBooking.service'), service],
  ];
  const at = meetingAt(b);
  if (at && kind !== 'cancelled')
    rows.push([
      t('serviceBooking.meeting'),
      `${formatRiyadhDateTime(at, locale)} (${t('serviceBooking.riyadh')}) — ${formatHijriDate(at, locale)}`,
    ]);
  if (b.advisorName && kind !== 'cancelled') rows.push([t('serviceBooking.advisor'), b.advisorName]);
  if (kind === 'confirmed' && b.totalWithVat !== null)
    rows.push([t('serviceBooking.total'), mailText(locale, 'common.sar', { amount: sarText(b.totalWithVat) })]);
  if (kind === 'cancelled' && b.cancelReason) rows.push([t('serviceBooking.reason'), b.cancelReason]);
  const subject = mailText(locale, `serviceBooking.${kind}.subject`, { service });
  const hello = mailText(locale, 'common.hello', { name: b.user.fullName });
  const lead = t(`serviceBooking.${kind}.lead`);
  const next = t(`serviceBooking.${kind}.next`);
  const dashboard = t('serviceBooking.dashboard');
  const attachments: MailAttachment[] | undefined = invite
    ? [
        {
          filename: /METHOD:CANCEL/.test(invite) ? 'cancel.ics' : 'invite.ics',
          contentType: `text/calendar; charset=utf-8; method=${/METHOD:CANCEL/.test(invite) ? 'CANCEL' : 'REQUEST'}`,
          content: Buffer.from(invite, 'utf8'),
        },
      ]
    : undefined;
  return {
    to: b.user.email,
    subject,
    text: [hello, '', lead, '', ...rows.map(([l, v]) => `${l}: ${v}`), '', next, '', `${dashboard}: ${dashboardUrl}`].join('\n'),
    html: renderMail({
      locale,
      title: subject,
      preheader: lead,
      body: [blocks.text(hello), blocks.text(lead), blocks.rows(rows), blocks.text(next), blocks.button(dashboardUrl, dashboard)],
    }),
    ...(attachments ? { attachments } : {}),
  };
}

/** The invitation for the booking as it stands: REQUEST for the confirmed meeting, CANCEL once cancelled. */
function serviceBookingInvite(b: ServiceBooking, deps: Deps, method: 'REQUEST' | 'CANCEL'): string {
  const locale = localeOf(b.locale);
  const service = locale === 'ar' ? b.serviceNameAr : b.serviceName;
  const start = method === 'REQUEST' ? (meetingAt(b) ?? undefined) : (b.scheduledAt ?? undefined);
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
      kind === 'confirmed' || (kind === 'rescheduled' && meetingAt(b))
        ? serviceBookingInvite(b, deps, 'REQUEST')
        : (kind === 'cancelled' || kind === 'rescheduled') && b.confirmedAt
          ? serviceBookingInvite(b, deps, 'CANCEL')
          : undefined;
    await deps.mailer.send(serviceBookingEmail(b, kind, `${deps.env.appUrl}/dashboard`, invite));
  } catch (err) {
    console.error(`[mail] service booking ${kind} mail failed`, err);
  }
}
