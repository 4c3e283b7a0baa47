import type { z } from 'zod';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { toHalalas } from '../../shared/money.js';
import {
  createServiceBookingSchema,
  LEGAL_SERVICES,
  serviceBookingFilterSchema,
  SERVICE_BOOKING_MESSAGES as M,
  updateServiceBookingSchema,
} from '../../shared/service-bookings.rules.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../common/roles.js';
import { AuditService } from '../audit/audit.service.js';
import { ServiceOffering } from '../business-services/service-offering.entity.js';
import { ServiceBooking, ServiceBookingStatus } from './service-booking.entity.js';
import { SERVICE_BOOKING_TOPICS, type ServiceBookingEvent } from './service-booking.events.js';
import { sendServiceBookingMail } from './service-booking.emails.js';
import { Advisor } from './advisor.entity.js';
import { AdvisorService } from './advisor.service.js';
import { ADVISOR_MESSAGES as AM, riyadhInstant, SLOT_MINUTES, withinHours } from '../../shared/advisors.rules.js';
import { isUuid } from '../../shared/ids.js';
import { escapeLike } from '../../shared/escape.js';
import { isLocale, localeOf } from '../../shared/locale.js';
import { RefundService } from '../refunds/refund.service.js';

/** What every answer about a service booking shows: its customer and its advisor. */
const SERVICE_BOOKING_POPULATE = ['user', 'advisor'] as const;

/** PostgreSQL's exclusion_violation: service_bookings_advisor_no_overlap refused a second booking of the same hour. */
export const isAdvisorOverlap = (err: unknown) => (err as { code?: string }).code === '23P01';

const slotEnd = (start: Date) => new Date(start.getTime() + SLOT_MINUTES * 60_000);

const LIST_LIMIT = 500;
/** Open (pending) requests one customer may have at a time: each one is work for the admin team. */
const MAX_PENDING_SERVICE_BOOKINGS = 10;

/** What an admin's change looked like, for the audit log (in the snake_case its earlier rows were written in). */
const snapshot = (b: ServiceBooking) => ({
  status: b.status,
  payment_status: b.paymentStatus,
  price: b.price,
  scheduled_at: b.scheduledAt?.toISOString() ?? null,
  cancel_reason: b.cancelReason,
  advisor_id: b.advisor?.id ?? null,
});

export class ServiceBookingService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  publish(b: { id: string; status: string; user: { id: string } }, kind: ServiceBookingEvent['kind']) {
    const topic = kind === 'created' ? SERVICE_BOOKING_TOPICS.created : SERVICE_BOOKING_TOPICS.updated;
    this.deps.bus.publish(topic, { serviceBookingId: b.id, userId: b.user.id, status: b.status, kind } satisfies ServiceBookingEvent);
  }

  /** Both names of a bookable service (a business service from its table, a legal one from the rules); null: unknown. */
  private async serviceNames(id: string): Promise<{ en: string; ar: string } | null> {
    if (Object.hasOwn(LEGAL_SERVICES, id)) return LEGAL_SERVICES[id as keyof typeof LEGAL_SERVICES];
    const row = await this.em.findOne(ServiceOffering, { id });
    return row ? { en: row.content.en.title, ar: row.content.ar?.title ?? row.content.en.title } : null;
  }

  /** Login required; the service must exist; the request is checked field by field (the message names the field). */
  async create(user: User | null, raw: z.input<typeof createServiceBookingSchema> & { locale?: string | null }): Promise<ServiceBooking> {
    if (!user) throw unauthenticated(M.loginRequired);
    const input = parse(createServiceBookingSchema, raw);
    const names = await this.serviceNames(input.serviceId);
    if (!names) throw badInput(M.serviceNotFound, { field: 'serviceId' });
    const open = await this.em.count(ServiceBooking, { user: user.id, status: ServiceBookingStatus.pending });
    if (open >= MAX_PENDING_SERVICE_BOOKINGS) throw conflict(M.tooManyPending);
    const locale: unknown = raw?.locale;
    const fields = {
      user: user.id,
      serviceId: input.serviceId,
      serviceName: names.en,
      serviceNameAr: names.ar,
      preferredDate: input.preferredDate,
      preferredTime: input.preferredTime,
      contactNumber: input.contactNumber,
      requirements: input.requirements,
      locale: isLocale(locale) ? locale : localeOf(user.locale),
    };
    const advisors = await new AdvisorService(this.em, this.deps).forService(input.serviceId);
    let id: string | null = null;
    if (!advisors.length) {
      if (input.advisorId) throw badInput(AM.advisorNotCovering, { field: 'advisorId' });
      const b = this.em.create(ServiceBooking, fields);
      await this.em.flush();
      id = b.id;
    } else {
      // A service with advisors is booked by its free slots: the time must be one of them.
      if (!input.preferredTime) throw badInput(AM.chooseSlot, { field: 'preferredTime' });
      const start = riyadhInstant(input.preferredDate, input.preferredTime);
      if (start.getTime() <= Date.now()) throw badInput(AM.slotPast, { field: 'preferredTime' });
      const named = input.advisorId ? advisors.filter((a) => a.id === input.advisorId) : advisors;
      if (!named.length) throw badInput(AM.advisorNotCovering, { field: 'advisorId' });
      const candidates = named.filter((a) => withinHours(a, start, true));
      if (!candidates.length) throw badInput(AM.outsideHours, { field: 'preferredTime' });
      // The first advisor still free at that hour takes it; the database refuses one already held (23P01).
      for (const a of candidates) {
        const fork = this.em.fork();
        const b = fork.create(ServiceBooking, { ...fields, advisor: a.id, slotStart: start, slotEnd: slotEnd(start) });
        try {
          await fork.flush();
          id = b.id;
          break;
        } catch (err) {
          if (!isAdvisorOverlap(err)) throw err;
        }
      }
      if (!id) throw conflict(AM.slotTaken);
    }
    const b = await this.em.findOneOrFail(ServiceBooking, { id }, { populate: SERVICE_BOOKING_POPULATE });
    this.publish(b, 'created');
    return b;
  }

  /** The caller's own service bookings, newest first. */
  async mine(user: User | null): Promise<ServiceBooking[]> {
    if (!user) throw unauthenticated();
    return this.em.find(
      ServiceBooking,
      { user: user.id },
      { populate: SERVICE_BOOKING_POPULATE, orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT },
    );
  }

  /** Admins (the caller checks): newest first, optional status and a search over service, customer, contact and requirements. */
  async list(filter: z.input<typeof serviceBookingFilterSchema>): Promise<ServiceBooking[]> {
    const { status, search } = parse(serviceBookingFilterSchema, filter);
    const where: FilterQuery<ServiceBooking> = {};
    if (status) where.status = status as ServiceBookingStatus;
    if (search) {
      const like = `%${escapeLike(search)}%`;
      where.$or = [
        { serviceName: { $ilike: like } },
        { serviceNameAr: { $ilike: like } },
        { requirements: { $ilike: like } },
        { contactNumber: { $ilike: like } },
        { user: { fullName: { $ilike: like } } },
        { user: { email: { $ilike: like } } },
      ];
    }
    return this.em.find(ServiceBooking, where, {
      populate: SERVICE_BOOKING_POPULATE,
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: LIST_LIMIT,
    });
  }

  /** One service booking: its customer or an admin; anyone else cannot tell it exists (404). */
  async get(user: User | null, id: unknown): Promise<ServiceBooking> {
    if (!user) throw unauthenticated();
    const b =
      typeof id === 'string' && isUuid(id) ? await this.em.findOne(ServiceBooking, { id }, { populate: SERVICE_BOOKING_POPULATE }) : null;
    if (!b || (b.user.id !== user.id && !isAdmin(user.role))) throw notFound(M.notFound);
    return b;
  }

  /**
   * Admins (the caller checks): confirm a pending booking with a quote (SAR, stored in halalas) and a meeting time in
   * the future; mark a confirmed one completed; cancel a pending or confirmed one with a reason. The row is locked
   * while deciding, so two admins (or a payment settling) cannot act on a stale status; the audit row is written in
   * the same transaction.
   */
  async update(admin: User, id: unknown, raw: z.input<typeof updateServiceBookingSchema>): Promise<ServiceBooking> {
    if (typeof id !== 'string' || !isUuid(id)) throw notFound(M.notFound);
    const input = parse(updateServiceBookingSchema, raw);
    if (!input.status && !input.advisorId) throw badInput(M.nothingToChange, { field: 'status' });
    if (input.status === 'confirmed') {
      if (input.price === undefined) throw badInput(M.priceRequired, { field: 'price' });
      if (!input.scheduledAt) throw badInput(M.scheduledRequired, { field: 'scheduledAt' });
      if (input.scheduledAt.getTime() <= Date.now()) throw badInput(M.scheduledPast, { field: 'scheduledAt' });
    }
    if (input.status === 'cancelled' && !input.reason) throw badInput(M.reasonRequired, { field: 'reason' });
    const assigning = input.advisorId ? await this.em.findOne(Advisor, { id: input.advisorId }) : null;
    if (input.advisorId && !assigning) throw badInput(AM.notFound, { field: 'advisorId' });
    const action = input.status ?? 'assign';

    let changed: string;
    try {
      changed = await this.em.transactional(async (tem) => {
        const b = await tem.findOne(ServiceBooking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!b) throw notFound(M.notFound);
        const before = snapshot(b);
        const now = new Date();
        if (input.status === 'confirmed') {
          if (b.status !== ServiceBookingStatus.pending) throw conflict(M.cannotConfirm);
          b.priceHalalas = toHalalas(input.price!);
          b.scheduledAt = input.scheduledAt!;
          b.confirmedAt = now;
        } else if (input.status === 'completed') {
          if (b.status !== ServiceBookingStatus.confirmed) throw conflict(M.cannotComplete);
          b.completedAt = now;
        } else if (input.status === 'cancelled') {
          if (b.status !== ServiceBookingStatus.pending && b.status !== ServiceBookingStatus.confirmed) throw conflict(M.cannotCancel);
          b.cancelReason = input.reason!;
          b.cancelledAt = now;
          // A meeting that had an invitation: the cancellation must supersede it in the customer's calendar.
          if (b.confirmedAt) b.icsSequence += 1;
        } else if (b.status !== ServiceBookingStatus.pending && b.status !== ServiceBookingStatus.confirmed) {
          throw conflict(M.cannotAssign);
        }
        if (input.status) b.status = input.status as ServiceBookingStatus;
        if (action === 'assign' || action === 'confirmed') await this.holdAdvisorTime(tem, b, assigning);
        new AuditService(tem, this.deps).record(
          { id: admin.id, email: admin.email },
          `service_booking.${action === 'confirmed' ? 'confirm' : action === 'completed' ? 'complete' : action === 'cancelled' ? 'cancel' : 'assign_advisor'}`,
          'service_booking',
          b.id,
          before,
          snapshot(b),
          b.serviceName,
        );
        await tem.flush();
        return b.id;
      });
    } catch (err) {
      if (isAdvisorOverlap(err)) throw conflict(AM.advisorTaken);
      throw err;
    }
    const b = await this.em.findOneOrFail(ServiceBooking, { id: changed }, { populate: SERVICE_BOOKING_POPULATE, refresh: true });
    this.publish(b, input.status ?? 'advisor_assigned');
    if (input.status && input.status !== 'completed') await sendServiceBookingMail(this.deps, b, input.status);
    // The customer paid for a meeting that will not happen: everything back, as when a booking is cancelled by an admin.
    if (input.status === 'cancelled' && b.paymentStatus === 'paid')
      await new RefundService(this.em, this.deps).forServiceBookingCancellation(b.id);
    return b;
  }

  /**
   * The booking's hour in its advisor's calendar, after an admin assigned one (`assigning`) or confirmed a time: the
   * advisor must cover the service, take bookings and work at that hour (not on a day off); the meeting is the
   * confirmed time, else the customer's preferred date and time. Whether the advisor is free is the exclusion
   * constraint's decision when the row is written (409).
   */
  private async holdAdvisorTime(tem: EntityManager, b: ServiceBooking, assigning: Advisor | null) {
    const advisor = assigning ?? (b.advisor ? await tem.findOneOrFail(Advisor, { id: b.advisor.id }) : null);
    if (!advisor) return;
    if (assigning) {
      if (!advisor.serviceIds.includes(b.serviceId)) throw badInput(AM.advisorNotCovering, { field: 'advisorId' });
      if (!advisor.active) throw badInput(AM.advisorInactive, { field: 'advisorId' });
    }
    const start = b.scheduledAt ?? (b.preferredTime ? riyadhInstant(b.preferredDate, b.preferredTime) : null);
    if (!start) throw badInput(AM.advisorNeedsTime, { field: 'scheduledAt' });
    const moved = !b.slotStart || b.slotStart.getTime() !== start.getTime() || b.advisor?.id !== advisor.id;
    if (!moved) return;
    if (start.getTime() <= Date.now()) throw badInput(M.scheduledPast, { field: 'scheduledAt' });
    if (!withinHours(advisor, start, false)) throw badInput(AM.outsideHours, { field: assigning ? 'advisorId' : 'scheduledAt' });
    b.advisor = advisor;
    b.slotStart = start;
    b.slotEnd = slotEnd(start);
  }
}

/** The meeting instant in SQL: the confirmed time, else the preferred date and time in Riyadh (UTC+3, no DST). */
const MEETING_SQL = `coalesce(scheduled_at, ((preferred_date + coalesce(preferred_time, '00:00')::time) - interval '3 hours') at time zone 'UTC')`;

/**
 * Account deletion (inside its transaction; `q` runs SQL there): refused while a paid service booking's meeting is
 * still ahead (the money needs a person), otherwise the open unpaid upcoming ones are cancelled. The rows are locked
 * first so a payment cannot settle between the check and the cancellation. Returns what was cancelled, for events.
 */
export async function closeServiceBookingsOfDeletedAccount(
  q: <T extends object>(sql: string, params: unknown[]) => Promise<T[]>,
  userId: string,
  paidMessage: string,
): Promise<Array<{ id: string; status: string }>> {
  await q(`select id from service_bookings where user_id = ? and status in ('pending', 'confirmed') for update`, [userId]);
  const paid = await q<{ n: number }>(
    `select count(*)::int as n from service_bookings
      where user_id = ? and status in ('pending', 'confirmed') and payment_status = 'paid' and ${MEETING_SQL} > now()`,
    [userId],
  );
  if (paid[0].n > 0) throw conflict(paidMessage);
  return q<{ id: string; status: string }>(
    `update service_bookings set status = 'cancelled', cancelled_at = now(), updated_at = now()
      where user_id = ? and status in ('pending', 'confirmed') and payment_status <> 'paid' and ${MEETING_SQL} > now()
    returning id, status`,
    [userId],
  );
}
