import type { z } from 'zod';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { conflict, forbidden, badInput, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { isAdmin, canListResources } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { advanceBookings } from '../bookings/booking.service.js';
import { MARKET_MESSAGES } from '../../shared/marketplace.rules.js';
import {
  AVAILABILITY_MESSAGES as M,
  availabilitySchema,
  dayRangeInstants,
  minutesToTime,
  timeToMinutes,
} from '../../shared/availability.rules.js';
import { riyadhYmd } from '../../shared/dates.js';
import { calendarFeed } from '../../integrations/mail/ics.js';
import { isUuid } from '../../shared/ids.js';

/** A feed token: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Bookings of a feed: those that ended less than this long ago, and everything after. */
const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 1000;

interface BlockedRange {
  id: string;
  startDate: string;
  endDate: string;
  note: string;
}
interface OpeningHours {
  weekday: number;
  opens: string;
  closes: string;
}
export interface Availability {
  resourceId: string;
  /** Opening hours apply only to listings priced by the hour. */
  hourly: boolean;
  blocked: BlockedRange[];
  openingHours: OpeningHours[];
  icsUrl: string;
}

/**
 * A listing's availability: blocked days and opening hours (owner or admin), and its private calendar feed. The
 * rules a booking must keep are enforced by the database (Migration20261126040000AvailabilityAvl23); this service
 * writes them and answers with readable refusals.
 */
export class AvailabilityService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * The listing, for its owner or an admin. Someone who may not see the listing gets 404 (as for the listing
   * itself); someone who sees it (an active listing) but does not own it gets 403; an owner who may no longer list
   * reads but may not change it (403).
   */
  private async listing(user: User | null, id: string, change: boolean): Promise<Resource> {
    if (!user) throw unauthenticated();
    if (!isUuid(id)) throw notFound(MARKET_MESSAGES.resourceNotFound);
    const r = await this.em.findOne(Resource, { id, deletedAt: null }, { populate: ['owner'] });
    if (!r) throw notFound(MARKET_MESSAGES.resourceNotFound);
    const admin = isAdmin(user.role);
    const owner = r.owner.id === user.id;
    if (!admin && !owner) {
      if (r.status !== 'active') throw notFound(MARKET_MESSAGES.resourceNotFound);
      throw forbidden();
    }
    if (change && !admin && !canListResources(user.role)) throw forbidden();
    return r;
  }

  private async feedToken(resourceId: string): Promise<string> {
    const conn = this.em.getConnection();
    await conn.execute(`insert into resource_calendar_feeds (resource_id, token) values (?, ?) on conflict (resource_id) do nothing`, [
      resourceId,
      randomBytes(32).toString('base64url'),
    ]);
    const [row] = await conn.execute<Array<{ token: string }>>(`select token from resource_calendar_feeds where resource_id = ?`, [
      resourceId,
    ]);
    return row.token;
  }

  private icsUrl(resourceId: string, token: string) {
    return `${this.deps.env.appUrl}/api/resources/${resourceId}/calendar.ics?token=${token}`;
  }

  private async read(r: Resource): Promise<Availability> {
    const conn = this.em.getConnection();
    const blocks = await conn.execute<Array<{ id: string; start_day: string | Date; end_day: string | Date; note: string }>>(
      `select id, to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day, note
         from resource_blocks where resource_id = ? order by start_day`,
      [r.id],
    );
    return {
      resourceId: r.id,
      hourly: r.period === 'hour',
      blocked: blocks.map((b) => ({ id: b.id, startDate: String(b.start_day), endDate: String(b.end_day), note: b.note })),
      openingHours: await this.openingHours(r),
      icsUrl: this.icsUrl(r.id, await this.feedToken(r.id)),
    };
  }

  /**
   * A listing's weekly opening hours for anyone who may see the listing (the caller has already read it): customers
   * see when an hourly listing can be booked. Day-priced listings have none.
   */
  async openingHours(r: { id: string; period: string }): Promise<OpeningHours[]> {
    if (r.period !== 'hour') return [];
    const hours = await this.em
      .getConnection()
      .execute<Array<{ weekday: number; opens_min: number; closes_min: number }>>(
        `select weekday, opens_min, closes_min from resource_opening_hours where resource_id = ? order by weekday`,
        [r.id],
      );
    return hours.map((h) => ({ weekday: h.weekday, opens: minutesToTime(h.opens_min), closes: minutesToTime(h.closes_min) }));
  }

  async get(user: User | null, id: string): Promise<Availability> {
    return this.read(await this.listing(user, id, false));
  }

  /**
   * Replaces the listing's blocked ranges and opening hours. A range that touches a live booking (paid, confirmed or
   * an unexpired hold) is refused with 409 naming the booking's dates: the host cancels the booking first, so a
   * customer is never left holding dates the host has closed. Opening hours bind new bookings only.
   */
  async put(user: User | null, id: string, raw: z.input<typeof availabilitySchema>): Promise<Availability> {
    const r = await this.listing(user, id, true);
    const input = parse(availabilitySchema, raw);
    if (r.resourceType === 'digital' && (input.blocked.length || input.openingHours.length)) throw badInput(M.noCalendar);
    if (r.period !== 'hour' && input.openingHours.length) throw badInput(M.hoursNotHourly, { field: 'openingHours' });
    // Expired holds stop counting now rather than at the scheduler's next pass.
    await advanceBookings(this.em, this.deps, r.id);
    const ranges = input.blocked.map((b) => ({ ...b, ...dayRangeInstants(b.startDate, b.endDate) }));
    await this.em.transactional(async (tx) => {
      // The listing's row is the meeting point with the bookings trigger (see the migration): held until commit.
      await tx.execute(`select id from resources where id = ? for update`, [r.id]);
      if (ranges.length) {
        const values = ranges.map(() => '(?::timestamptz, ?::timestamptz)').join(', ');
        const [hit] = await tx.execute<Array<{ start_date: string; end_date: string }>>(
          `select b.start_date, b.end_date from bookings b join (values ${values}) as k(s, e) on b.start_date < k.e and b.end_date > k.s
            where b.resource_id = ? and b.exclusive and b.status in ('pending', 'confirmed', 'active')
            order by b.start_date limit 1`,
          [...ranges.flatMap((k) => [k.start.toISOString(), k.end.toISOString()]), r.id],
        );
        if (hit) {
          const end = new Date(new Date(hit.end_date).getTime() - 1);
          throw conflict(M.blockedBookingConflict(riyadhYmd(new Date(hit.start_date)), riyadhYmd(end)));
        }
      }
      await tx.execute(`delete from resource_blocks where resource_id = ?`, [r.id]);
      for (const k of ranges)
        await tx.execute(
          `insert into resource_blocks (id, resource_id, start_day, end_day, start_at, end_at, note) values (?, ?, ?, ?, ?, ?, ?)`,
          [randomUUID(), r.id, k.startDate, k.endDate, k.start.toISOString(), k.end.toISOString(), k.note],
        );
      await tx.execute(`delete from resource_opening_hours where resource_id = ?`, [r.id]);
      for (const h of input.openingHours)
        await tx.execute(`insert into resource_opening_hours (resource_id, weekday, opens_min, closes_min) values (?, ?, ?, ?)`, [
          r.id,
          h.weekday,
          timeToMinutes(h.opens),
          timeToMinutes(h.closes),
        ]);
    });
    return this.read(r);
  }

  /** A new feed token: the old address stops answering at once (a leaked link is revoked this way). */
  async rotateFeed(user: User | null, id: string): Promise<Availability> {
    const r = await this.listing(user, id, true);
    await this.em.getConnection().execute(
      `insert into resource_calendar_feeds (resource_id, token) values (?, ?)
           on conflict (resource_id) do update set token = excluded.token, created_at = now()`,
      [r.id, randomBytes(32).toString('base64url')],
    );
    return this.read(r);
  }

  /**
   * The listing's calendar feed (iCalendar), for whoever has the address: its live and past bookings and its
   * blocked days. A wrong, old or missing token answers 404 like an unknown listing.
   */
  async feed(id: string, token: unknown): Promise<{ name: string; body: string }> {
    if (!isUuid(id) || typeof token !== 'string' || !TOKEN.test(token)) throw notFound(M.feedNotFound);
    const conn = this.em.getConnection();
    const [r] = await conn.execute<Array<{ title: string }>>(
      `select r.title from resource_calendar_feeds f join resources r on r.id = f.resource_id
        where f.resource_id = ? and f.token = ? and r.deleted_at is null`,
      [id, token],
    );
    if (!r) throw notFound(M.feedNotFound);
    const bookings = await conn.execute<
      Array<{
        id: string;
        start_date: string;
        end_date: string;
        status: string;
        payment_status: string;
        updated_at: string;
        user_name: string;
      }>
    >(
      `select b.id, b.start_date, b.end_date, b.status, b.payment_status, b.updated_at, u.full_name as user_name
         from bookings b join users u on u.id = b.user_id
        where b.resource_id = ? and b.exclusive and b.status in ('pending', 'confirmed', 'active', 'completed')
          and b.end_date > now() - (?::int * interval '1 day')
          and not (b.status = 'pending' and b.payment_status = 'pending' and b.hold_expires_at < now())
        order by b.start_date limit ${FEED_MAX_EVENTS}`,
      [id, FEED_PAST_DAYS],
    );
    const blocks = await conn.execute<Array<{ id: string; start_at: string; end_at: string; note: string; created_at: string }>>(
      `select id, start_at, end_at, note, created_at from resource_blocks where resource_id = ? and end_at > now() - (?::int * interval '1 day')
        order by start_at limit ${FEED_MAX_EVENTS}`,
      [id, FEED_PAST_DAYS],
    );
    const host = new URL(this.deps.env.appUrl).host;
    const body = calendarFeed(`Mawarid: ${r.title}`, [
      ...bookings.map((b) => ({
        uid: `booking-${b.id}@${host}`,
        start: new Date(b.start_date),
        end: new Date(b.end_date),
        summary: `${r.title}: ${b.user_name}`,
        description: `Booking ${b.id} (${b.status}, payment ${b.payment_status})`,
        status: b.status === 'pending' ? ('TENTATIVE' as const) : ('CONFIRMED' as const),
        stamp: new Date(b.updated_at),
      })),
      ...blocks.map((k) => ({
        uid: `block-${k.id}@${host}`,
        start: new Date(k.start_at),
        end: new Date(k.end_at),
        summary: `${r.title}: blocked`,
        description: k.note,
        status: 'CONFIRMED' as const,
        stamp: new Date(k.created_at),
      })),
    ]);
    return { name: r.title, body };
  }
}
