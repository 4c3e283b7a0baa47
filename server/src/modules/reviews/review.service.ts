import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import {
  createReviewSchema,
  customerRatingSchema,
  hideReviewSchema,
  isReviewable,
  replySchema,
  REVIEW_MESSAGES as M,
  reviewPageSchema,
} from '../../shared/reviews.rules.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../common/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { ResourceService } from '../resources/resource.service.js';
import { RESOURCE_TOPICS, type ResourceChangedEvent } from '../resources/resource.events.js';
import { REVIEW_TOPICS, type ReviewChangedEvent } from './review.events.js';
import { publicListCache } from '../../cache/public-list.cache.js';
import { AuditService } from '../audit/audit.service.js';
import { CustomerRating, Review } from './review.entity.js';
import { isUuid } from '../../shared/ids.js';

export interface ReviewPage {
  items: Review[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CustomerRatingSummary {
  /** The customer's average from other hosts (null when none rated them). */
  average: number | null;
  /** How many ratings by other hosts that average is of. */
  count: number;
  /** The caller's own rating of this booking's customer, if given. */
  myRating: number | null;
  myNote: string | null;
}

/**
 * Recomputes a listing's rating and review count from its visible reviews, inside the caller's transaction. The
 * listing's row is locked first, so that two reviews written at once each count the other (the second statement
 * reads after the first commits).
 */
async function recomputeRating(em: EntityManager, resourceId: string): Promise<void> {
  // em.execute runs in em's transaction (the connection's own execute would take another connection).
  await em.execute(`select id from resources where id = ? for update`, [resourceId]);
  await em.execute(
    `update resources r set rating = coalesce(s.average, 0), reviews_count = s.n
       from (select round(avg(rating)::numeric, 2) as average, count(*)::int as n
               from reviews where resource_id = ? and hidden_at is null) s
      where r.id = ?`,
    [resourceId, resourceId],
  );
}

/**
 * Reviews of listings (issue #23). Who may do what, and what counts as visible, is in docs/decisions.md ("Reviews"):
 * the booking's customer reviews it once it is completed (a digital purchase once paid), once; the listing's owner
 * answers once; admins hide with a reason (audit logged). Hidden reviews leave the list and the rating.
 */
export class ReviewService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** A review change alters what the public sees of the listing: its rating, count and drawn page. */
  private publish(r: Resource) {
    publicListCache(this.deps).invalidate(); // this instance at once; the others when the event reaches them
    this.deps.bus.publish(RESOURCE_TOPICS.resourceChanged, {
      resourceId: r.id,
      ownerId: r.owner.id,
      status: r.status,
      kind: 'reviews',
    } satisfies ResourceChangedEvent);
  }

  private async reload(id: string): Promise<Review> {
    return this.em.fork().findOneOrFail(Review, { id }, { populate: ['user', 'resource', 'resource.owner'] });
  }

  /** The booking, if the caller may see it (its customer, the listing's owner, an admin); otherwise 404. */
  private async visibleBooking(user: User, bookingId: string): Promise<Booking> {
    if (!isUuid(bookingId)) throw notFound(M.bookingNotFound);
    const b = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource', 'resource.owner', 'user'] });
    if (!b || !(isAdmin(user.role) || b.user.id === user.id || b.resource.owner.id === user.id)) throw notFound(M.bookingNotFound);
    return b;
  }

  /** The booking's customer, once it is reviewable, once (409 after: the unique index decides under concurrency). */
  async create(user: User | null, bookingId: string, raw: unknown): Promise<Review> {
    if (!user) throw unauthenticated();
    const input = parse(createReviewSchema, raw);
    const b = await this.visibleBooking(user, bookingId);
    if (b.user.id !== user.id) throw forbidden(M.onlyCustomer);
    if (!isReviewable({ status: b.status, paymentStatus: b.paymentStatus, resourceType: b.resource.resourceType }))
      throw badInput(M.notReviewable);
    let id: string;
    try {
      id = await this.em.transactional(async (tx) => {
        const review = tx.create(Review, {
          booking: b.id,
          resource: b.resource.id,
          user: user.id,
          rating: input.rating,
          comment: input.comment,
        });
        await tx.flush();
        await recomputeRating(tx, b.resource.id);
        return review.id;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(M.alreadyReviewed);
      throw err;
    }
    this.publish(b.resource);
    this.deps.bus.publish(REVIEW_TOPICS.reviewChanged, {
      reviewId: id,
      resourceId: b.resource.id,
      ownerId: b.resource.owner.id,
      customerId: user.id,
      kind: 'created',
    } satisfies ReviewChangedEvent);
    return this.reload(id);
  }

  /** A listing's visible reviews, newest first, a page at a time; the listing must be visible to the caller. */
  async forResource(user: User | null, resourceId: string, raw: unknown): Promise<ReviewPage> {
    const { page, pageSize } = parse(reviewPageSchema, raw);
    const r = await new ResourceService(this.em, this.deps).findVisible(user, resourceId);
    const [items, total] = await this.em.findAndCount(
      Review,
      { resource: r.id, hiddenAt: null },
      { populate: ['user', 'resource'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items, total, page, pageSize };
  }

  /** Admins: every review, hidden ones too, newest first. */
  async forAdmin(user: User | null, raw: unknown): Promise<ReviewPage> {
    if (!user) throw unauthenticated();
    if (!isAdmin(user.role)) throw forbidden();
    const { page, pageSize } = parse(reviewPageSchema, raw);
    const [items, total] = await this.em.findAndCount(
      Review,
      {},
      { populate: ['user', 'resource'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items, total, page, pageSize };
  }

  /** A review the caller may see: visible ones for everybody, hidden ones for admins; otherwise 404. */
  private async visibleReview(user: User, reviewId: string): Promise<Review> {
    if (!isUuid(reviewId)) throw notFound(M.reviewNotFound);
    const review = await this.em.findOne(Review, { id: reviewId }, { populate: ['user', 'resource', 'resource.owner'] });
    if (!review || review.resource.deletedAt || (review.hiddenAt && !isAdmin(user.role))) throw notFound(M.reviewNotFound);
    return review;
  }

  /** The listing's owner answers a review once (409 after; a conditional update decides under concurrency). */
  async reply(user: User | null, reviewId: string, raw: unknown): Promise<Review> {
    if (!user) throw unauthenticated();
    const input = parse(replySchema, raw);
    const review = await this.visibleReview(user, reviewId);
    if (review.resource.owner.id !== user.id) throw forbidden(M.onlyHost);
    const n = await this.em.nativeUpdate(
      Review,
      { id: review.id, reply: null },
      { reply: input.text, repliedAt: new Date(), updatedAt: new Date() },
    );
    if (n === 0) throw conflict(M.alreadyReplied);
    this.publish(review.resource);
    this.deps.bus.publish(REVIEW_TOPICS.reviewChanged, {
      reviewId: review.id,
      resourceId: review.resource.id,
      ownerId: user.id,
      customerId: review.user.id,
      kind: 'replied',
    } satisfies ReviewChangedEvent);
    return this.reload(review.id);
  }

  /** Admins hide a review with a reason (audit logged); it leaves the listing's reviews and rating. */
  async hide(user: User | null, reviewId: string, raw: unknown): Promise<Review> {
    if (!user) throw unauthenticated();
    if (!isAdmin(user.role)) throw forbidden();
    const input = parse(hideReviewSchema, raw);
    const review = await this.visibleReview(user, reviewId);
    await this.em.transactional(async (tx) => {
      const n = await tx.nativeUpdate(
        Review,
        { id: review.id, hiddenAt: null },
        { hiddenAt: new Date(), hiddenReason: input.reason, updatedAt: new Date() },
      );
      if (n === 0) throw conflict(M.alreadyHidden);
      new AuditService(tx, this.deps).record(
        user,
        'review.hide',
        'review',
        review.id,
        { hidden: false },
        { hidden: true, reason: input.reason },
        review.resource.title,
      );
      await tx.flush();
      await recomputeRating(tx, review.resource.id);
    });
    this.publish(review.resource);
    return this.reload(review.id);
  }

  /** The listing's owner rates the booking's customer privately, once, after the booking is completed. */
  async rateCustomer(user: User | null, bookingId: string, raw: unknown): Promise<CustomerRatingSummary> {
    if (!user) throw unauthenticated();
    const input = parse(customerRatingSchema, raw);
    const b = await this.visibleBooking(user, bookingId);
    if (b.resource.owner.id !== user.id) throw forbidden(M.onlyHostRates);
    if (!isReviewable({ status: b.status, paymentStatus: b.paymentStatus, resourceType: b.resource.resourceType }))
      throw badInput(M.notRateable);
    try {
      this.em.create(CustomerRating, { booking: b.id, customer: b.user.id, host: user.id, rating: input.rating, note: input.note });
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(M.alreadyRated);
      throw err;
    }
    return this.customerSummary(user, bookingId);
  }

  /**
   * What a host sees of a booking's customer: the average other hosts gave them, and their own rating of this
   * booking. Only the listing's owner and admins; the customer gets 403 (the booking is theirs), anyone else 404.
   */
  async customerSummary(user: User | null, bookingId: string): Promise<CustomerRatingSummary> {
    if (!user) throw unauthenticated();
    const b = await this.visibleBooking(user, bookingId);
    if (b.resource.owner.id !== user.id && !isAdmin(user.role)) throw forbidden(M.onlyHostsSee);
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ average: string | null; n: number }>>(
        `select round(avg(rating)::numeric, 2) as average, count(*)::int as n from customer_ratings where customer_id = ? and host_id <> ?`,
        [b.user.id, b.resource.owner.id],
      );
    const mine = await this.em.fork().findOne(CustomerRating, { booking: b.id });
    return {
      average: row?.average == null ? null : Number(row.average),
      count: row?.n ?? 0,
      myRating: mine?.rating ?? null,
      myNote: mine?.note ?? null,
    };
  }
}
