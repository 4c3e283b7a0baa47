import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps.js';
import { notFound } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { MESSAGES } from '../../shared/rules.js';
import { confirmSubscriptionSchema, newsletterSubscribeSchema, PUBLIC_MESSAGES, unsubscribeSchema } from '../../shared/public.rules.js';
import { newsletterConfirmEmail, newsletterWelcomeEmail } from '../../integrations/mail/public-templates.js';
import { consume, createLimiter } from '../common/rate-limits.js';
import { NewsletterSubscriber } from './subscriber.entity.js';
import { localeOf } from '../../shared/locale.js';

/**
 * Sign-ups per client address (10 an hour; 429 beyond), and confirmation mails per address (3 an hour; beyond
 * that the answer is the same and no mail goes), so the form cannot be used to flood someone's mailbox.
 * In Redis when REDIS_URL is set, else in process memory; one set per app (Deps).
 */
const NEWSLETTER_LIMITS = { perIp: 10, mailsPerAddress: 3, windowSeconds: 3600 } as const;
const limiters = new WeakMap<Deps, { byIp: RateLimiterAbstract; mailByAddress: RateLimiterAbstract }>();
function limitsOf(deps: Deps) {
  let l = limiters.get(deps);
  if (!l) {
    const L = NEWSLETTER_LIMITS;
    l = {
      byIp: createLimiter(deps.redis, 'newsletter_ip', L.perIp, L.windowSeconds),
      mailByAddress: createLimiter(deps.redis, 'newsletter_mail', L.mailsPerAddress, L.windowSeconds),
    };
    limiters.set(deps, l);
  }
  return l;
}

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

/** Subscribed = confirmed by its owner and not unsubscribed since. */
const isSubscribed = (sub: NewsletterSubscriber) => !!sub.confirmedAt && !sub.unsubscribedAt;

export class NewsletterService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * Double opt-in: stores the address as pending and mails a confirmation link; only a confirmed address is
   * subscribed. The answer is the same whatever the address's state (so it says nothing about who subscribed):
   * a pending or unsubscribed address gets a new confirmation mail (at most 3 an hour), a subscribed one nothing.
   */
  async subscribe(raw: unknown, ip: string): Promise<string> {
    const { email, locale } = parse(newsletterSubscribeSchema, raw);
    const limits = limitsOf(this.deps);
    await consume(limits.byIp, ip, PUBLIC_MESSAGES.tooManySubscriptions);
    const rows: Array<{ confirm_token: string; subscribed: boolean }> = await this.em.getConnection().execute(
      `insert into newsletter_subscribers (id, email, locale, confirm_token) values (gen_random_uuid(), ?, ?, encode(gen_random_bytes(24), 'hex'))
       on conflict (email) do update set
         confirmed_at = case when newsletter_subscribers.unsubscribed_at is null then newsletter_subscribers.confirmed_at end,
         unsubscribed_at = null,
         locale = case when newsletter_subscribers.confirmed_at is null or newsletter_subscribers.unsubscribed_at is not null
                       then excluded.locale else newsletter_subscribers.locale end,
         confirm_token = coalesce(newsletter_subscribers.confirm_token, excluded.confirm_token)
       returning confirm_token, confirmed_at is not null as subscribed`,
      [email, locale],
    );
    const row = rows[0];
    if (row && !row.subscribed) {
      try {
        await limits.mailByAddress.consume(email);
        await this.deps.mailer.send(newsletterConfirmEmail({ to: email, locale, appUrl: this.deps.env.appUrl, token: row.confirm_token }));
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) console.error('[mail] newsletter confirmation failed', err);
      }
    }
    return MESSAGES.subscribed;
  }

  /** Confirms the address of a confirmation link, then welcomes it (with the unsubscribe link); twice is a success. */
  async confirm(raw: unknown): Promise<SubscriptionView> {
    const { token } = parse(confirmSubscriptionSchema, raw);
    const sub = await this.em.findOne(NewsletterSubscriber, { confirmToken: token });
    if (!sub) throw notFound(PUBLIC_MESSAGES.confirmInvalid);
    if (!isSubscribed(sub)) {
      sub.confirmedAt = new Date();
      sub.unsubscribedAt = null;
      await this.em.flush();
      try {
        await this.deps.mailer.send(
          newsletterWelcomeEmail({
            to: sub.email,
            locale: localeOf(sub.locale),
            appUrl: this.deps.env.appUrl,
            token: sub.unsubscribeToken,
          }),
        );
      } catch (err) {
        console.error('[mail] newsletter welcome failed', err);
      }
    }
    return { email: mask(sub.email), subscribed: true };
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
    return { email: mask(sub.email), subscribed: isSubscribed(sub) };
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
