import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { mailBlocks, renderMail } from '../../integrations/mail/layout.js';
import { mailText } from '../../integrations/mail/strings.js';
import type { Locale } from '../../shared/locale.js';
import { Booking } from '../bookings/booking.entity.js';
import { UserStatus } from '../common/roles.js';

/** To a booking's customer when it becomes reviewable, in their language. */
export function reviewInvitationEmail(o: { to: string; name: string; locale: Locale; title: string; link: string }): MailMessage {
  const { locale } = o;
  const b = mailBlocks(locale);
  const subject = mailText(locale, 'reviewInvitation.subject', { title: o.title });
  const hello = mailText(locale, 'common.hello', { name: o.name });
  const lead = mailText(locale, 'reviewInvitation.lead', { title: o.title });
  const action = mailText(locale, 'reviewInvitation.button');
  const where = mailText(locale, 'reviewInvitation.where');
  return {
    to: o.to,
    subject,
    text: [hello, '', lead, '', `${action}: ${o.link}`, where].join('\n'),
    html: renderMail({
      locale,
      title: subject,
      preheader: lead,
      body: [b.text(hello), b.text(lead), b.button(o.link, action), b.note(where)],
    }),
  };
}

/**
 * The invitation pass (run with `bookings.advance`, after bookings have moved on): each booking that became
 * reviewable — completed, or a paid digital purchase — and has no review gets one invitation. A row is claimed by
 * setting `review_invited_at` in the statement that finds it, so concurrent passes never send one twice; if the mail
 * cannot be queued (it is then on the durable queue), the claim is released for the next pass.
 */
export async function sendReviewInvitations(deps: Deps): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const claimed = await em.getConnection().execute<Array<{ id: string }>>(
    `update bookings b set review_invited_at = now()
      where b.review_invited_at is null
        and (b.status = 'completed'
             or (b.payment_status = 'paid' and b.status <> 'cancelled'
                 and exists (select 1 from resources r where r.id = b.resource_id and r.resource_type = 'digital')))
        and not exists (select 1 from reviews rv where rv.booking_id = b.id)
    returning id`,
  );
  if (!claimed.length) return 0;
  const rows = await em.find(Booking, { id: { $in: claimed.map((r) => r.id) } }, { populate: ['user', 'resource'] });
  let sent = 0;
  for (const b of rows) {
    try {
      // Not to an account that was closed (anonymised) or suspended meanwhile.
      if (b.user.status === UserStatus.active)
        await deps.mailer.send(
          reviewInvitationEmail({
            to: b.user.email,
            name: b.user.fullName,
            locale: b.user.locale,
            title: b.resource.title,
            link: `${deps.env.appUrl}/dashboard?review=${b.id}`,
          }),
        );
      sent += 1;
    } catch (err) {
      console.error('[mail] review invitation could not be queued', err);
      await em.getConnection().execute(`update bookings set review_invited_at = null where id = ?`, [b.id]);
    }
  }
  return sent;
}
