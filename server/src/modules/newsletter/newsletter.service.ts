import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { emailSchema, localeSchema, MESSAGES } from '../../shared/rules.js';
import { PUBLIC_MESSAGES, unsubscribeSchema } from '../../shared/public.rules.js';
import { newsletterWelcomeEmail } from '../../integrations/mail/public-templates.js';
import { NewsletterSubscriber } from './subscriber.entity.js';

const subscribeSchema = z.object({ email: z.string({ error: MESSAGES.invalidEmail }).pipe(emailSchema), locale: localeSchema });

export interface SubscriptionView {
  /** The address, partly masked (the link may be forwarded). */
  email: string;
  subscribed: boolean;
}

/** s***a@example.sa */
const mask = (email: string) => {
  const [local, domain] = email.split('@');
  if (!local || !domain) return email;
  return local.length <= 2 ? `${local[0]}***@${domain}` : `${local[0]}***${local[local.length - 1]}@${domain}`;
};

export class NewsletterService {
  constructor(private em: EntityManager, private deps: Deps) {}

  /**
   * Stores an address once; subscribing again (or after unsubscribing) is a success. A new or returning
   * subscriber gets a welcome mail with the unsubscribe link; a repeat subscription sends nothing.
   */
  async subscribe(raw: unknown): Promise<string> {
    const { email, locale } = parse(subscribeSchema, raw);
    const rows: Array<{ unsubscribe_token: string; was_new: boolean; was_unsubscribed: boolean }> = await this.em.getConnection().execute(
      `with prev as (select unsubscribed_at from newsletter_subscribers where email = ?)
       insert into newsletter_subscribers (id, email, locale) values (gen_random_uuid(), ?, ?)
       on conflict (email) do update set unsubscribed_at = null
       returning unsubscribe_token,
         not exists (select 1 from prev) as was_new,
         exists (select 1 from prev where unsubscribed_at is not null) as was_unsubscribed`,
      [email, email, locale],
    );
    const row = rows[0];
    if (row && (row.was_new || row.was_unsubscribed)) {
      try {
        await this.deps.mailer.send(newsletterWelcomeEmail({ to: email, locale, appUrl: this.deps.env.appUrl, token: row.unsubscribe_token }));
      } catch (err) {
        console.error('[mail] newsletter welcome failed', err);
      }
    }
    return MESSAGES.subscribed;
  }

  private async byToken(raw: unknown): Promise<NewsletterSubscriber> {
    const { token } = parse(unsubscribeSchema, raw);
    const sub = await this.em.findOne(NewsletterSubscriber, { unsubscribeToken: token });
    if (!sub) throw notFound(PUBLIC_MESSAGES.unsubscribeInvalid);
    return sub;
  }

  /** What the unsubscribe page shows before the visitor confirms (no side effect: mail scanners open links). */
  async subscription(raw: unknown): Promise<SubscriptionView> {
    const sub = await this.byToken(raw);
    return { email: mask(sub.email), subscribed: !sub.unsubscribedAt };
  }

  /** Unsubscribes the address of the link; doing it twice is still a success. */
  async unsubscribe(raw: unknown): Promise<SubscriptionView> {
    const sub = await this.byToken(raw);
    if (!sub.unsubscribedAt) {
      sub.unsubscribedAt = new Date();
      await this.em.flush();
    }
    return { email: mask(sub.email), subscribed: false };
  }
}
