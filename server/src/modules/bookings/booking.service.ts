import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import {
  bookingTotal,
  createBookingSchema,
  MARKET_LIMITS,
  MARKET_MESSAGES as M,
  PERIOD_MS,
  periodsBetween,
  startOfRiyadhDay,
  type BookingStatus,
  type PaymentStatus,
} from '../../shared/marketplace.rules.js';
import { withVat } from '../../shared/money.js';
import type { CancellationPolicy, RefundStatus } from '../../shared/refunds.rules.js';
import { readRows } from '../../db/read.js';
import type { User } from '../users/user.entity.js';
import { isAdmin, Role } from '../common/roles.js';
import { Resource } from '../resources/resource.entity.js';
import { Booking } from './booking.entity.js';
import { Review } from '../reviews/review.entity.js';
import { cancellerOf, RefundService } from '../refunds/refund.service.js';
import { AVAILABILITY_MESSAGES } from '../../shared/availability.rules.js';
import { BOOKING_TOPICS, bookingChangedEvent, type BookingChangedEvent } from './booking.events.js';
import { isUuid } from '../../shared/ids.js';

/** How long an unpaid pending booking holds its dates (BOOKING_HOLD_MINUTES, default 30). */
const holdMinutes = () =>
  z.coerce
    .number()
    .int()
    .positive()
    .catch(30)
    .parse(process.env.BOOKING_HOLD_MINUTES ?? 30);

const MAX_BOOKING_MS = MARKET_LIMITS.bookingMaxDays * 86_400_000;

export interface BusyRange {
  startDate: Date;
  endDate: Date;
}

type Changed = { id: string; resource_id: string; user_id: string; status: string };

/**
 * A booking as lists show it (REST `bookingDto`, GraphQL `Booking`): the entity has the same properties (the last
 * five as getters), so either can be answered.
 */
export interface BookingView {
  id: string;
  startDate: Date;
  endDate: Date;
  periods: number;
  unitPrice: number;
  totalAmount: number;
  currency: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  holdExpiresAt: Date | null;
  createdAt: Date;
  vatAmount: number;
  totalWithVat: number;
  resourceId: string;
  resourceTitle: string;
  resourceType: string;
  userName: string;
  reviewed: boolean;
  cancellationPolicy: CancellationPolicy;
  refundStatus: RefundStatus;
  refundAmount: number;
}

interface BookingRow {
  id: string;
  start_date: string;
  end_date: string;
  periods: number;
  unit_price: string;
  total_amount: string;
  currency: string;
  status: BookingStatus;
  payment_status: PaymentStatus;
  hold_expires_at: string | null;
  created_at: string;
  resource_id: string;
  resource_title: string;
  resource_type: string;
  user_name: string;
  reviewed: boolean;
  cancellation_policy: CancellationPolicy;
  refund_status: RefundStatus;
  refund_amount: string;
}

const BOOKING_VIEW_SELECT = `select b.id, b.start_date, b.end_date, b.periods, b.unit_price, b.total_amount, b.currency, b.status, b.payment_status,
    b.hold_expires_at, b.created_at, b.resource_id, b.cancellation_policy, b.refund_status, b.refund_amount, r.title as resource_title, r.resource_type, u.full_name as user_name,
    exists (select 1 from reviews rv where rv.booking_id = b.id) as reviewed
  from bookings b join resources r on r.id = b.resource_id join users u on u.id = b.user_id`;

/** numeric comes as text and timestamptz as PostgreSQL's text (the driver is set up so for MikroORM): parsed as the entity would be. */
function bookingView(row: BookingRow): BookingView {
  const totalAmount = Number(row.total_amount);
  const vat = withVat(totalAmount);
  return {
    id: row.id,
    startDate: new Date(row.start_date),
    endDate: new Date(row.end_date),
    periods: row.periods,
    unitPrice: Number(row.unit_price),
    totalAmount,
    currency: row.currency,
    status: row.status,
    paymentStatus: row.payment_status,
    holdExpiresAt: row.hold_expires_at === null ? null : new Date(row.hold_expires_at),
    createdAt: new Date(row.created_at),
    vatAmount: vat.vat,
    totalWithVat: vat.total,
    resourceId: row.resource_id,
    resourceTitle: row.resource_title,
    resourceType: row.resource_type,
    userName: row.user_name,
    reviewed: row.reviewed,
    cancellationPolicy: row.cancellation_policy,
    refundStatus: row.refund_status,
    refundAmount: Number(row.refund_amount),
  };
}

/** How long an in-flight payment attempt keeps its booking held: the payment session plus a grace period. */
const inFlightWindowMinutes = (deps: Deps) => deps.env.paymentSessionMinutes + 10;

/**
 * SQL: the booking has a payment attempt in flight: initiated and younger than `?` minutes, or processing at any age
 * (its outcome is unknown: the gateway may have taken the money, so the booking is held until the gateway says).
 */
const inFlightPayment = (bookingIdSql: string) =>
  `exists (select 1 from payments p where p.booking_id = ${bookingIdSql}
      and (p.status = 'processing' or (p.status = 'initiated' and p.created_at > now() - (?::int * interval '1 minute'))))`;

/**
 * Moves bookings on with time; idempotent, so it can run on every instance and after any restart:
 * unpaid holds past their expiry → cancelled; confirmed whose start has come → active; active whose end has passed → completed.
 */
export async function advanceBookings(em: EntityManager, deps: Deps, resourceId?: string): Promise<number> {
  const conn = em.getConnection();
  const only = resourceId ? ` and resource_id = ?` : '';
  const params = resourceId ? [resourceId] : [];
  // A hold does not lapse while a payment attempt on it is in flight (bounded: a crashed attempt stops holding
  // after the payment session plus a grace period; the payments reconciler settles it, and settle() copes).
  const expired = await conn.execute<Changed[]>(
    `update bookings set status = 'cancelled', cancelled_at = now(), updated_at = now()
      where status = 'pending' and payment_status = 'pending' and hold_expires_at < now()${only}
        and not ${inFlightPayment('bookings.id')}
      returning id, resource_id, user_id, status`,
    [...params, inFlightWindowMinutes(deps)],
  );
  const started = await conn.execute<Changed[]>(
    `update bookings set status = 'active', updated_at = now()
      where status = 'confirmed' and start_date <= now() and end_date > now()${only}
      returning id, resource_id, user_id, status`,
    params,
  );
  const ended = await conn.execute<Changed[]>(
    `update bookings set status = 'completed', updated_at = now()
      where status in ('confirmed', 'active') and end_date <= now()${only}
      returning id, resource_id, user_id, status`,
    params,
  );
  const publish = (rows: Changed[], kind: BookingChangedEvent['kind']) =>
    rows.forEach((b) =>
      deps.bus.publish(BOOKING_TOPICS.bookingChanged, {
        bookingId: b.id,
        resourceId: b.resource_id,
        userId: b.user_id,
        status: b.status,
        kind,
      } satisfies BookingChangedEvent),
    );
  publish(expired, 'expired');
  publish(started, 'status');
  publish(ended, 'status');
  return expired.length + started.length + ended.length;
}

/**
 * The database refuses a booking on a blocked day or outside opening hours with the exclusion constraint's code
 * (the availability trigger); the constraint named tells which rule it broke.
 */
function availabilityRefusal(err: unknown): string | undefined {
  const e = err as { constraint?: string; message?: string };
  const said = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (said.includes('bookings_not_blocked') || said.includes('blocked range')) return AVAILABILITY_MESSAGES.datesBlocked;
  if (said.includes('bookings_within_opening_hours') || said.includes('opening hours')) return AVAILABILITY_MESSAGES.outsideOpeningHours;
  return undefined;
}

export class BookingService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private publish(b: Booking, kind: BookingChangedEvent['kind']) {
    this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, bookingChangedEvent(b, kind));
  }

  /**
   * Login required; the resource must be active. Physical resources need a start (not before today, Riyadh time) and an
   * end after it; the total is price × periods (a started period counts whole). A digital resource is bought as one
   * period starting now. Overlaps are refused by the database's exclusion constraint (409), also under concurrency.
   */
  async create(user: User | null, rawInput: z.input<typeof createBookingSchema>): Promise<Booking> {
    if (!user) throw unauthenticated(M.loginToBook);
    const input = parse(createBookingSchema, rawInput);
    const resource = await this.em.findOne(Resource, { id: input.resourceId, deletedAt: null }, { populate: ['owner'] });
    if (!resource || (resource.status !== 'active' && !isAdmin(user.role) && resource.owner.id !== user.id))
      throw notFound(M.resourceNotFound);
    if (resource.status !== 'active') throw badInput(M.notBookable);
    if (resource.owner.id === user.id) throw badInput(M.ownBooking);

    const now = new Date();
    let start: Date;
    let end: Date;
    const digital = resource.resourceType === 'digital';
    if (digital) {
      start = now;
      end = new Date(now.getTime() + PERIOD_MS[resource.period]);
    } else {
      if (!input.startDate || !input.endDate) throw badInput(M.selectDates);
      start = input.startDate;
      end = input.endDate;
      if (start.getTime() < startOfRiyadhDay(now).getTime()) throw badInput(M.startInPast, { field: 'startDate' });
      if (end.getTime() <= start.getTime()) throw badInput(M.endBeforeStart, { field: 'endDate' });
      // Earlier today is allowed for the start (the day's booking), but a period wholly over would be paid for nothing.
      if (end.getTime() <= now.getTime()) throw badInput(M.periodPassed, { field: 'endDate' });
      if (end.getTime() - start.getTime() > MAX_BOOKING_MS) throw badInput(M.tooLong, { field: 'endDate' });
    }
    const periods = periodsBetween(start, end, resource.period);
    const totalAmount = bookingTotal(resource.price, periods);
    // New prices are bounded so this cannot happen; a listing priced before that bound could still overflow the
    // amount columns (numeric(12,2)) with VAT.
    if (withVat(totalAmount).total > MARKET_LIMITS.totalMax) throw badInput(M.totalTooHigh, { field: 'endDate' });

    // Holds block other people's dates: one user may keep only a few unpaid ones at a time.
    const holds = await this.em.count(Booking, {
      user,
      status: 'pending',
      paymentStatus: 'pending',
      exclusive: true,
      holdExpiresAt: { $gt: now },
    });
    if (!digital && holds >= MARKET_LIMITS.maxUnpaidHolds) throw conflict(M.tooManyHolds);

    // Expired holds on this resource stop blocking right away (the scheduler would do it within a minute).
    await advanceBookings(this.em, this.deps, resource.id);

    const booking = this.em.create(Booking, {
      resource,
      user,
      startDate: start,
      endDate: end,
      periods,
      unitPrice: resource.price,
      totalAmount,
      currency: resource.currency,
      exclusive: !digital,
      cancellationPolicy: resource.cancellationPolicy,
      holdExpiresAt: new Date(now.getTime() + holdMinutes() * 60_000),
    });
    try {
      await this.em.flush();
    } catch (err) {
      if ((err as { code?: string }).code === '23P01') {
        this.em.clear();
        throw conflict(availabilityRefusal(err) ?? M.alreadyBooked);
      }
      throw err;
    }
    this.publish(booking, 'created');
    return booking;
  }

  /**
   * Bookings as lists show them, read as plain rows in one statement: nothing in a list is changed afterwards, and
   * building a booking entity with its listing and user per row was most of the request's CPU (docs/performance.md).
   */
  private async views(where: string, params: unknown[], limit?: number): Promise<BookingView[]> {
    const rows = await readRows<BookingRow>(
      this.em,
      `${BOOKING_VIEW_SELECT} where ${where} order by b.created_at desc, b.id desc${limit ? ` limit ${limit}` : ''}`,
      params,
      { prepared: true }, // three fixed texts (mine, a host's, the admins'), each planned best by an index whatever the id
    );
    return rows.map(bookingView);
  }

  /** The caller's own bookings, newest first. */
  async mine(user: User | null): Promise<BookingView[]> {
    if (!user) throw unauthenticated();
    return this.views('b.user_id = $1', [user.id]);
  }

  /** Admins: the newest 500 bookings; hosts: bookings of their listings; regular users: their own. */
  async list(user: User | null): Promise<BookingView[]> {
    if (!user) throw unauthenticated();
    if (isAdmin(user.role)) return this.views('true', [], 500);
    if (user.role === Role.host_seller) return this.views('r.owner_id = $1', [user.id]);
    return this.mine(user);
  }

  /** One booking: its user, the listing's owner, or an admin; anyone else gets 404 (they cannot tell it exists). */
  async get(user: User | null, id: string): Promise<Booking> {
    if (!user) throw unauthenticated();
    if (!isUuid(id)) throw notFound(M.bookingNotFound);
    const b = await this.em.findOne(Booking, { id }, { populate: ['resource', 'resource.owner', 'user'] });
    if (!b || !(isAdmin(user.role) || b.user.id === user.id || b.resource.owner.id === user.id)) throw notFound(M.bookingNotFound);
    b.reviewed = (await this.em.count(Review, { booking: b.id })) > 0;
    return b;
  }

  /**
   * The booking's user, the listing's host or an admin; only pending or confirmed bookings. A paid booking's refund
   * follows (its policy for its user; in full for the host or an admin): recorded once and requested.
   */
  async cancel(user: User | null, id: string): Promise<Booking> {
    if (!user) throw unauthenticated();
    if (!isUuid(id)) throw notFound(M.bookingNotFound);
    const b = await this.em.findOne(Booking, { id }, { populate: ['resource', 'resource.owner', 'user'] });
    const by = b && cancellerOf(user, b);
    if (!b || !by) throw notFound(M.bookingNotFound);
    // Conditional update: two cancels (or a cancel racing the scheduler) cannot both act.
    const n = await this.em.nativeUpdate(
      Booking,
      { id: b.id, status: { $in: ['pending', 'confirmed'] } },
      { status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() },
    );
    if (n === 0) throw conflict(M.cannotCancel);
    await this.em.refresh(b);
    this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, { ...bookingChangedEvent(b, 'cancelled'), actorId: user.id });
    if (b.paymentStatus === 'paid') {
      await new RefundService(this.em, this.deps).forCancellation(b.id, by, b.cancelledAt ?? new Date());
      await this.em.refresh(b);
    }
    return b;
  }

  /** The live bookings and blocked days of a resource from now on, as ranges only (no names, no notes): the detail page greys them out. */
  async busyRanges(user: User | null, resourceId: string): Promise<BusyRange[]> {
    if (!isUuid(resourceId)) throw notFound(M.resourceNotFound);
    const r = await this.em.findOne(Resource, { id: resourceId, deletedAt: null }, { populate: ['owner'] });
    if (!r || (r.status !== 'active' && !(user && (isAdmin(user.role) || r.owner.id === user.id)))) throw notFound(M.resourceNotFound);
    const rows = await this.em.getConnection().execute<Array<{ start_date: Date; end_date: Date }>>(
      `select start_date, end_date from bookings
        where resource_id = ? and exclusive and status in ('pending', 'confirmed', 'active') and end_date > now()
          and not (status = 'pending' and payment_status = 'pending' and hold_expires_at < now() and not ${inFlightPayment('bookings.id')})
        order by start_date limit 500`,
      [resourceId, inFlightWindowMinutes(this.deps)],
    );
    // Days the host blocked are as taken as booked ones (no note: that is the host's).
    const blocks = await this.em
      .getConnection()
      .execute<Array<{ start_at: Date; end_at: Date }>>(
        `select start_at, end_at from resource_blocks where resource_id = ? and end_at > now() order by start_at limit 500`,
        [resourceId],
      );
    return [
      ...rows.map((row) => ({ startDate: new Date(row.start_date), endDate: new Date(row.end_date) })),
      ...blocks.map((k) => ({ startDate: new Date(k.start_at), endDate: new Date(k.end_at) })),
    ].sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
  }

  /** For other features (payments): may this user act on this booking? Same visibility as `get`. */
  assertOwner(user: User, b: Booking) {
    if (b.user.id !== user.id && !isAdmin(user.role)) throw forbidden();
  }
}
