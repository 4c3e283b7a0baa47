import type { z } from 'zod';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createLimiter } from '../common/rate-limits.js';
import type { Deps } from '../../deps.js';
import { notFound, tooManyRequests } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { inquiryFilterSchema, inquirySchema, inquiryStatusSchema, PUBLIC_MESSAGES } from '../../shared/public.rules.js';
import { inquiryConfirmationEmail } from '../../integrations/mail/public-templates.js';
import type { User } from '../users/user.entity.js';
import { Inquiry, InquiryServiceType, InquiryStatus } from './inquiry.entity.js';
import { INQUIRY_TOPICS, type InquiryCreatedEvent, type InquiryUpdatedEvent } from './inquiry.events.js';
import { isUuid } from '../../shared/ids.js';
import { escapeLike } from '../../shared/escape.js';

const LIST_LIMIT = 500;

/**
 * The form is public and each inquiry sends a mail, so: at most 30 inquiries per IP per 10 minutes (429),
 * and at most 5 confirmation mails per address per hour (the inquiry is still stored beyond that).
 * In Redis when REDIS_URL is set (shared by every instance), else in process memory; one set per app (Deps).
 */
const INQUIRY_LIMITS_PER_WINDOW = { perIp: 30, ipWindowSeconds: 600, mailsPerAddress: 5, mailWindowSeconds: 3600 } as const;
const limiters = new WeakMap<Deps, { byIp: RateLimiterAbstract; mailByAddress: RateLimiterAbstract }>();
function limitsOf(deps: Deps) {
  let l = limiters.get(deps);
  if (!l) {
    const L = INQUIRY_LIMITS_PER_WINDOW;
    l = {
      byIp: createLimiter(deps.redis, 'inquiry_ip', L.perIp, L.ipWindowSeconds),
      mailByAddress: createLimiter(deps.redis, 'inquiry_mail', L.mailsPerAddress, L.mailWindowSeconds),
    };
    limiters.set(deps, l);
  }
  return l;
}

export interface InquiryStats {
  total: number;
  new: number;
  inProgress: number;
  resolved: number;
  closed: number;
}

export class InquiryService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * Anyone may send one; a logged-in sender's account is remembered so they can follow it on /dashboard.
   * A logged-in user's consultation request carries the account's name, email and company (the form shows them
   * locked): what the request body says for those three is ignored.
   */
  async submit(raw: z.input<typeof inquirySchema>, sender: User | null, ip: string): Promise<Inquiry> {
    const body: Partial<z.input<typeof inquirySchema>> = typeof raw === 'object' && raw !== null ? raw : {};
    const fromAccount = !!sender && body.serviceType === InquiryServiceType.legal_consultancy;
    const input = parse(
      inquirySchema,
      fromAccount ? { ...body, fullName: sender.fullName, email: sender.email, companyName: sender.companyName ?? null } : raw,
    );
    try {
      await limitsOf(this.deps).byIp.consume(ip);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyRequests(PUBLIC_MESSAGES.tooManyInquiries, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
    const consultation = input.serviceType === InquiryServiceType.legal_consultancy;
    const explicitLocale = typeof body.locale === 'string';
    const inquiry = this.em.create(Inquiry, {
      serviceType: input.serviceType as InquiryServiceType,
      fullName: input.fullName,
      email: input.email,
      companyName: input.companyName,
      message: input.message,
      // Only consultation requests carry a preferred slot.
      preferredDate: consultation ? input.preferredDate : null,
      preferredTime: consultation ? input.preferredTime : null,
      locale: explicitLocale ? input.locale : (sender?.locale ?? 'en'),
      user: sender ?? null,
    });
    await this.em.flush();
    this.deps.bus.publish(INQUIRY_TOPICS.created, {
      inquiryId: inquiry.id,
      serviceType: inquiry.serviceType,
    } satisfies InquiryCreatedEvent);
    await this.sendConfirmation(inquiry, !!sender);
    return inquiry;
  }

  private async sendConfirmation(inquiry: Inquiry, registered: boolean) {
    try {
      await limitsOf(this.deps).mailByAddress.consume(inquiry.email.toLowerCase());
    } catch {
      return; // enough mail to this address for now; the inquiry itself is stored
    }
    try {
      await this.deps.mailer.send(
        inquiryConfirmationEmail({
          to: inquiry.email,
          name: inquiry.fullName,
          locale: inquiry.locale,
          reference: inquiry.id,
          consultation: inquiry.serviceType === InquiryServiceType.legal_consultancy,
          message: inquiry.message,
          companyName: inquiry.companyName,
          preferredDate: inquiry.preferredDate,
          preferredTime: inquiry.preferredTime,
          dashboardUrl: registered ? `${this.deps.env.appUrl}/dashboard` : null,
        }),
      );
    } catch (err) {
      // The inquiry is stored either way; the admin answers it from the inbox.
      console.error('[mail] inquiry confirmation failed', err);
    }
  }

  /** Admin inbox: newest first, optional status filter and search over name, email, company and message. */
  async list(filter: z.input<typeof inquiryFilterSchema>): Promise<Inquiry[]> {
    const { status, search } = parse(inquiryFilterSchema, filter);
    const where: FilterQuery<Inquiry> = {};
    if (status) where.status = status as InquiryStatus;
    if (search) {
      const like = `%${escapeLike(search)}%`;
      where.$or = [
        { fullName: { $ilike: like } },
        { email: { $ilike: like } },
        { companyName: { $ilike: like } },
        { message: { $ilike: like } },
      ];
    }
    return this.em.find(Inquiry, where, { orderBy: { createdAt: 'desc' }, limit: LIST_LIMIT });
  }

  async stats(): Promise<InquiryStats> {
    const rows: Array<{ status: string; n: number }> = await this.em
      .getConnection()
      .execute(`select status, count(*)::int as n from inquiries group by status`);
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
    const total = rows.reduce((s, r) => s + Number(r.n), 0);
    return { total, new: by.new ?? 0, inProgress: by.in_progress ?? 0, resolved: by.resolved ?? 0, closed: by.closed ?? 0 };
  }

  /** What the logged-in user sent, newest first. */
  async mine(user: User): Promise<Inquiry[]> {
    return this.em.find(Inquiry, { user: user.id }, { orderBy: { createdAt: 'desc' }, limit: LIST_LIMIT });
  }

  async get(id: string): Promise<Inquiry> {
    const inquiry = isUuid(id) ? await this.em.findOne(Inquiry, { id }) : null;
    if (!inquiry) throw notFound(PUBLIC_MESSAGES.inquiryNotFound);
    return inquiry;
  }

  /** Admin: any status may be set from any other (spec section 4); setting the current one changes nothing. */
  async updateStatus(id: string, raw: z.input<typeof inquiryStatusSchema>): Promise<Inquiry> {
    const { status } = parse(inquiryStatusSchema, raw);
    const inquiry = await this.get(id);
    const previous = inquiry.status;
    if (previous === status) return inquiry;
    inquiry.status = status as InquiryStatus;
    await this.em.flush();
    this.deps.bus.publish(INQUIRY_TOPICS.updated, {
      inquiryId: inquiry.id,
      status,
      previousStatus: previous,
    } satisfies InquiryUpdatedEvent);
    return inquiry;
  }
}
