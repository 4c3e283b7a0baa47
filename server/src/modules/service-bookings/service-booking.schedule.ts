import type { z } from 'zod';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { isAdmin, UserStatus } from '../common/roles.js';
import { AuditService } from '../audit/audit.service.js';
import { User } from '../users/user.entity.js';
import { Inquiry, InquiryServiceType, InquiryStatus } from '../inquiries/inquiry.entity.js';
import { INQUIRY_TOPICS, type InquiryUpdatedEvent } from '../inquiries/inquiry.events.js';
import { PUBLIC_MESSAGES } from '../../shared/public.rules.js';
import { normalizePhone, SERVICE_BOOKING_MESSAGES as SB, serviceDateSchema } from '../../shared/service-bookings.rules.js';
import {
  convertInquirySchema,
  customerCancelSchema,
  customerChangeDeadline,
  LEGAL_CONSULTATION,
  rescheduleSchema,
  SERVICE_BOOKING_SCHEDULE_MESSAGES as M,
} from '../../shared/service-booking-schedule.rules.js';
import { ServiceBooking, ServiceBookingStatus } from './service-booking.entity.js';
import { isAdvisorOverlap, ServiceBookingService } from './service-booking.service.js';
import { Advisor } from './advisor.entity.js';
import { ADVISOR_MESSAGES as AM, riyadhInstant, SLOT_MINUTES, withinHours } from '../../shared/advisors.rules.js';
import { sendServiceBookingMail, serviceBookingEmail } from './service-booking.emails.js';
import { isUuid } from '../../shared/ids.js';

/** The audit row's before/after, in the snake_case its earlier rows were written in. */
const snapshot = (b: ServiceBooking) => ({
  status: b.status,
  preferred_date: b.preferredDate,
  preferred_time: b.preferredTime,
  scheduled_at: b.scheduledAt?.toISOString() ?? null,
  cancel_reason: b.cancelReason,
});

/**
 * What happens around the meeting of a service booking: the customer's own cancel and reschedule (until 24 hours
 * before it), an admin turning a legal consultation request into a booking, and the reminder pass (below).
 */
export class ServiceBookingScheduleService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * Locks the customer's own booking and checks that it may still change: open, unpaid, more than 24 hours before the
   * meeting. Someone else's booking is 404 (an admin can see it, but acts on it through the admin update: 403).
   */
  private async lockOwn(tem: EntityManager, user: User, id: string, paidMessage: string): Promise<ServiceBooking> {
    const b = await tem.findOne(ServiceBooking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!b) throw notFound(SB.notFound);
    if (b.user.id !== user.id) {
      if (isAdmin(user.role)) throw forbidden();
      throw notFound(SB.notFound);
    }
    if (b.status !== ServiceBookingStatus.pending && b.status !== ServiceBookingStatus.confirmed) throw conflict(M.closed);
    if (b.paymentStatus === 'paid') throw conflict(paidMessage);
    if (Date.now() >= customerChangeDeadline(b).getTime()) throw conflict(M.tooLate);
    return b;
  }

  private async reload(id: string) {
    return this.em.findOneOrFail(ServiceBooking, { id }, { populate: ['user', 'advisor'], refresh: true });
  }

  /** The customer cancels their own booking (optional reason); a confirmed meeting's invitation is withdrawn by mail. */
  async cancel(user: User | null, id: unknown, raw: z.input<typeof customerCancelSchema> | undefined): Promise<ServiceBooking> {
    if (!user) throw unauthenticated();
    if (typeof id !== 'string' || !isUuid(id)) throw notFound(SB.notFound);
    const { reason } = parse(customerCancelSchema, raw ?? {});
    await this.em.transactional(async (tem) => {
      const b = await this.lockOwn(tem, user, id, M.paidCancel);
      const before = snapshot(b);
      b.status = ServiceBookingStatus.cancelled;
      b.cancelReason = reason ?? null;
      b.cancelledAt = new Date();
      // The customer's calendar must apply the cancellation over the invitation it has.
      if (b.confirmedAt) b.icsSequence += 1;
      new AuditService(tem, this.deps).record(
        user,
        'service_booking.customer_cancel',
        'service_booking',
        b.id,
        before,
        snapshot(b),
        b.serviceName,
      );
      await tem.flush();
    });
    const b = await this.reload(id);
    new ServiceBookingService(this.em, this.deps).publish(b, 'cancelled');
    await sendServiceBookingMail(this.deps, b, 'cancelled');
    return b;
  }

  /**
   * The customer asks for another date (and time). A confirmed booking goes back to pending: the admin team confirms
   * the new time (the quote is kept for them to see); the invitation's SEQUENCE moves on so the next one replaces it.
   */
  async reschedule(user: User | null, id: unknown, raw: z.input<typeof rescheduleSchema>): Promise<ServiceBooking> {
    if (!user) throw unauthenticated();
    if (typeof id !== 'string' || !isUuid(id)) throw notFound(SB.notFound);
    const input = parse(rescheduleSchema, raw);
    try {
      await this.em.transactional(async (tem) => {
        const b = await this.lockOwn(tem, user, id, M.paidReschedule);
        const before = snapshot(b);
        if (b.advisor) {
          // A meeting with an advisor moves to another of their free slots (the exclusion constraint decides "free").
          if (!input.preferredTime) throw badInput(AM.chooseSlot, { field: 'preferredTime' });
          const start = riyadhInstant(input.preferredDate, input.preferredTime);
          if (start.getTime() <= Date.now()) throw badInput(AM.slotPast, { field: 'preferredTime' });
          const advisor = await tem.findOneOrFail(Advisor, { id: b.advisor.id });
          if (!withinHours(advisor, start, true)) throw badInput(AM.outsideHours, { field: 'preferredTime' });
          b.slotStart = start;
          b.slotEnd = new Date(start.getTime() + SLOT_MINUTES * 60_000);
        }
        b.preferredDate = input.preferredDate;
        b.preferredTime = input.preferredTime;
        if (b.status === ServiceBookingStatus.confirmed) {
          b.status = ServiceBookingStatus.pending;
          b.scheduledAt = null;
        }
        // Every reschedule mails an updated invitation: its SEQUENCE must be above the last one sent.
        b.icsSequence += 1;
        b.reminderSentAt = null;
        new AuditService(tem, this.deps).record(
          user,
          'service_booking.reschedule',
          'service_booking',
          b.id,
          before,
          snapshot(b),
          b.serviceName,
        );
        await tem.flush();
      });
    } catch (err) {
      if (isAdvisorOverlap(err)) throw conflict(AM.slotTaken);
      throw err;
    }
    const b = await this.reload(id);
    new ServiceBookingService(this.em, this.deps).publish(b, 'rescheduled');
    await sendServiceBookingMail(this.deps, b, 'rescheduled');
    return b;
  }

  /**
   * Admins (the caller checks): a legal consultation request becomes a pending service booking of its sender, who
   * must have an account (matched by the request's email). The request's text becomes the requirements; the date and
   * time are the request's unless the admin gives others; the contact number is the admin's or the account's phone.
   * The request moves to in progress. One booking per request.
   */
  async fromInquiry(admin: User, inquiryId: unknown, raw: z.input<typeof convertInquirySchema> | undefined): Promise<ServiceBooking> {
    if (typeof inquiryId !== 'string' || !isUuid(inquiryId)) throw notFound(PUBLIC_MESSAGES.inquiryNotFound);
    const input = parse(convertInquirySchema, raw ?? {});
    const inquiry = await this.em.findOne(Inquiry, { id: inquiryId });
    if (!inquiry) throw notFound(PUBLIC_MESSAGES.inquiryNotFound);
    if (inquiry.serviceType !== InquiryServiceType.legal_consultancy) throw conflict(M.notConsultation);
    if (await this.em.count(ServiceBooking, { inquiryId })) throw conflict(M.alreadyConverted);
    const customer = await this.em.findOne(User, { email: inquiry.email });
    if (!customer) throw conflict(M.senderNotRegistered);
    if (customer.status !== UserStatus.active) throw conflict(M.senderInactive);
    const contact = input.contactNumber ?? (customer.phone ? normalizePhone(customer.phone) : null);
    if (!contact) throw badInput(SB.contactRequired, { field: 'contactNumber' });
    let preferredDate = input.preferredDate;
    if (!preferredDate) {
      const fromRequest = serviceDateSchema.safeParse(inquiry.preferredDate ?? '');
      if (!fromRequest.success) throw badInput(fromRequest.error.issues[0].message, { field: 'preferredDate' });
      preferredDate = fromRequest.data;
    }
    const previousStatus = inquiry.status;
    let bookingId: string;
    try {
      bookingId = await this.em.transactional(async (tem) => {
        const b = tem.create(ServiceBooking, {
          user: customer.id,
          serviceId: LEGAL_CONSULTATION.id,
          serviceName: LEGAL_CONSULTATION.en,
          serviceNameAr: LEGAL_CONSULTATION.ar,
          preferredDate,
          preferredTime: input.preferredTime ?? inquiry.preferredTime,
          contactNumber: contact,
          requirements: inquiry.message,
          locale: inquiry.locale,
          inquiryId,
        });
        const row = await tem.findOneOrFail(Inquiry, { id: inquiryId });
        if (row.status === InquiryStatus.new) row.status = InquiryStatus.in_progress;
        new AuditService(tem, this.deps).record(
          admin,
          'service_booking.from_inquiry',
          'service_booking',
          b.id,
          { inquiry_id: inquiryId },
          snapshot(b),
          LEGAL_CONSULTATION.en,
        );
        await tem.flush();
        return b.id;
      });
    } catch (err) {
      // Two admins pressing at once: the second meets the unique index.
      if (err instanceof UniqueConstraintViolationException) throw conflict(M.alreadyConverted);
      throw err;
    }
    const b = await this.reload(bookingId);
    new ServiceBookingService(this.em, this.deps).publish(b, 'created');
    if (previousStatus === InquiryStatus.new)
      this.deps.bus.publish(INQUIRY_TOPICS.updated, {
        inquiryId,
        status: InquiryStatus.in_progress,
        previousStatus,
      } satisfies InquiryUpdatedEvent);
    return b;
  }
}

/**
 * The reminder pass (queue `service-bookings.remind`): each confirmed meeting starting within 24 hours gets one
 * reminder. A row is claimed by setting `reminder_sent_at` in the same statement that finds it, so when several
 * workers run the pass at once each row goes to exactly one of them (PostgreSQL re-checks the condition of a row
 * another transaction just updated). A meeting confirmed less than 24 hours ahead gets none: its confirmation has just
 * gone out. If the mail cannot be queued, the claim is released for the next pass.
 */
export async function sendServiceBookingReminders(deps: Deps): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const claimed = await em.getConnection().execute<Array<{ id: string }>>(
    `update service_bookings set reminder_sent_at = now()
      where status = 'confirmed' and reminder_sent_at is null
        and scheduled_at > now() and scheduled_at <= now() + interval '24 hours'
        and confirmed_at < scheduled_at - interval '24 hours'
    returning id`,
  );
  if (!claimed.length) return 0;
  const rows = await em.find(ServiceBooking, { id: { $in: claimed.map((r) => r.id) } }, { populate: ['user', 'advisor'] });
  let sent = 0;
  for (const b of rows) {
    try {
      await deps.mailer.send(serviceBookingEmail(b, 'reminder', `${deps.env.appUrl}/dashboard`));
      sent += 1;
    } catch (err) {
      console.error('[mail] service booking reminder could not be queued', err);
      await em.getConnection().execute(`update service_bookings set reminder_sent_at = null where id = ?`, [b.id]);
    }
  }
  return sent;
}
