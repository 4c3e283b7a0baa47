import { Authorized, Ctx as Context, Resolver, Root, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { canListResources, Role } from '../common/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { BOOKING_TOPICS, type BookingChangedEvent } from '../bookings/booking.events.js';
import { Resource } from '../resources/resource.entity.js';
import { RESOURCE_TOPICS, type ResourceChangedEvent } from '../resources/resource.events.js';
import { Inquiry } from '../inquiries/inquiry.entity.js';
import { INQUIRY_TOPICS, type InquiryCreatedEvent, type InquiryUpdatedEvent } from '../inquiries/inquiry.events.js';
import { PAYMENT_TOPICS } from '../payments/payment.events.js';
import { USER_TOPICS } from '../users/user.events.js';
import { AdminStats } from '../admin/admin.types.js';
import { createServices } from '../services.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CoalescingLoader, isLiveAdmin, loaderOf, perEvent, withAccess } from '../../graphql/live-access.js';
import type { Deps } from '../../deps.js';

type Data<P> = { payload: P; context: Ctx };

const REVIEWED = new Set<ResourceChangedEvent['kind']>(['approved', 'rejected', 'changes_approved', 'changes_rejected']);

/** Booking events may carry the listing's owner; older publishers do not, so it is looked up once per event. */
type BookingEvent = BookingChangedEvent;

const owners = new WeakMap<object, Promise<string | null>>();
const bookings = new WeakMap<object, Promise<Booking | null>>();
const resources = new WeakMap<object, Promise<Resource | null>>();
const inquiries = new WeakMap<object, Promise<Inquiry | null>>();
const stats = new WeakMap<object, Promise<AdminStats>>();

const bookingLoaders = new WeakMap<Deps, CoalescingLoader<Booking>>();
const resourceLoaders = new WeakMap<Deps, CoalescingLoader<Resource>>();
const inquiryLoaders = new WeakMap<Deps, CoalescingLoader<Inquiry>>();
// Every relation a Booking field reads (resourceTitle/resourceType: resource; userName: user), so no field meets an
// unloaded reference.
const loadBooking = (ctx: Ctx, id: string) =>
  loaderOf(
    bookingLoaders,
    ctx.deps,
    () =>
      new CoalescingLoader(
        (ids) => ctx.deps.orm.em.fork().find(Booking, { id: { $in: ids } }, { populate: ['resource', 'user'] }),
        (b) => b.id,
      ),
  ).load(id);
const loadResourceById = (ctx: Ctx, id: string) =>
  loaderOf(
    resourceLoaders,
    ctx.deps,
    () =>
      new CoalescingLoader(
        (ids) => ctx.deps.orm.em.fork().find(Resource, { id: { $in: ids } }, { populate: ['owner'] }),
        (r) => r.id,
      ),
  ).load(id);
const loadInquiryById = (ctx: Ctx, id: string) =>
  loaderOf(
    inquiryLoaders,
    ctx.deps,
    () =>
      new CoalescingLoader(
        (ids) => ctx.deps.orm.em.fork().find(Inquiry, { id: { $in: ids } }),
        (i) => i.id,
      ),
  ).load(id);

function ownerOf(ctx: Ctx, e: BookingEvent): string | Promise<string | null> {
  if (e.ownerId) return e.ownerId;
  return perEvent(owners, e, async () => {
    const r = await ctx.em.fork().findOne(Resource, { id: e.resourceId }, { fields: ['owner'] as never });
    return r ? r.owner.id : null;
  });
}

/**
 * Admins: every change; the listing's owner while they may still list (myResources refuses a regular user). The
 * same as a query would show.
 */
function mayReadResource(ctx: Ctx, e: ResourceChangedEvent) {
  return withAccess(
    ctx.deps,
    ctx.user,
    (who) => !!who && (who.role === Role.admin || (who.id === e.ownerId && canListResources(who.role))),
  );
}

/** Yours, one of your listings' (hosts), or any (admins). Synchronous when the subscriber's access is known. */
function mayReadBooking(ctx: Ctx, e: BookingEvent) {
  return withAccess(ctx.deps, ctx.user, (who) => {
    if (!who) return false;
    if (who.role === Role.admin || e.userId === who.id) return true;
    const owner = ownerOf(ctx, e);
    return typeof owner === 'string' ? owner === who.id : owner.then((o) => o === who.id);
  });
}

/**
 * Live events. Each filter checks the subscriber's CURRENT role and status (see live.access.ts), so a user who is
 * demoted, suspended or deactivated stops receiving what they may no longer read; the resolver loads the entity
 * fresh, once per event, and returns it whole so the client's cache updates in place.
 */
@Resolver()
export class LiveResolver {
  @Authorized()
  @Subscription(() => Booking, {
    topics: BOOKING_TOPICS.bookingChanged,
    filter: ({ payload, context }: Data<BookingEvent>) => mayReadBooking(context, payload),
    description: "A booking changed: your own, one of your listings' (hosts), or any (admins)",
  })
  async bookingUpdated(@Root() payload: BookingEvent, @Context() ctx: Ctx) {
    const b = await perEvent(bookings, payload, () => loadBooking(ctx, payload.bookingId));
    if (!b) throw new Error('Booking no longer exists');
    return b;
  }

  @Authorized(Role.admin)
  @Subscription(() => Inquiry, {
    topics: INQUIRY_TOPICS.created,
    filter: ({ context }: Data<InquiryCreatedEvent>) => isLiveAdmin(context.deps, context.user),
    description: 'Admins: a new contact inquiry or consultation request',
  })
  inquiryCreated(@Root() payload: InquiryCreatedEvent, @Context() ctx: Ctx) {
    return loadInquiry(ctx, payload, payload.inquiryId);
  }

  @Authorized(Role.admin)
  @Subscription(() => Inquiry, {
    topics: INQUIRY_TOPICS.updated,
    filter: ({ context }: Data<InquiryUpdatedEvent>) => isLiveAdmin(context.deps, context.user),
    description: "Admins: an inquiry's status changed",
  })
  inquiryUpdated(@Root() payload: InquiryUpdatedEvent, @Context() ctx: Ctx) {
    return loadInquiry(ctx, payload, payload.inquiryId);
  }

  @Authorized(Role.admin)
  @Subscription(() => Resource, {
    topics: RESOURCE_TOPICS.resourceChanged,
    filter: ({ payload, context }: Data<ResourceChangedEvent>) =>
      (payload.status === 'pending' && (payload.kind === 'created' || payload.kind === 'updated')) || payload.kind === 'changes_submitted'
        ? isLiveAdmin(context.deps, context.user)
        : false,
    description: "Admins: a listing awaits approval, or a host's edit of an active one does (its pendingChanges)",
  })
  resourceSubmitted(@Root() payload: ResourceChangedEvent, @Context() ctx: Ctx) {
    return loadResource(ctx, payload);
  }

  @Authorized(Role.host_seller, Role.admin)
  @Subscription(() => Resource, {
    topics: RESOURCE_TOPICS.resourceChanged,
    filter: ({ payload, context }: Data<ResourceChangedEvent>) => (REVIEWED.has(payload.kind) ? mayReadResource(context, payload) : false),
    description: "A listing, or a host's edit of it, was approved or rejected: its host, and admins",
  })
  resourceReviewed(@Root() payload: ResourceChangedEvent, @Context() ctx: Ctx) {
    return loadResource(ctx, payload);
  }

  @Authorized(Role.admin)
  @Subscription(() => AdminStats, {
    topics: [
      BOOKING_TOPICS.bookingChanged,
      PAYMENT_TOPICS.paymentChanged,
      RESOURCE_TOPICS.resourceChanged,
      INQUIRY_TOPICS.created,
      INQUIRY_TOPICS.updated,
      USER_TOPICS.userChanged,
    ],
    filter: ({ context }: Data<object>) => isLiveAdmin(context.deps, context.user),
    description: 'Admins: the dashboard figures, each time bookings, payments, listings, inquiries or users change',
  })
  statsUpdated(@Root() payload: object, @Context() ctx: Ctx): Promise<AdminStats> {
    return perEvent(stats, payload, async () => {
      const em = ctx.em.fork() as EntityManager;
      return createServices(em, ctx.deps).adminStats.get(ctx.user!);
    });
  }
}

async function loadInquiry(ctx: Ctx, payload: object, id: string) {
  const i = await perEvent(inquiries, payload, () => loadInquiryById(ctx, id));
  if (!i) throw new Error('Inquiry no longer exists');
  return i;
}

async function loadResource(ctx: Ctx, e: ResourceChangedEvent) {
  const r = await perEvent(resources, e, () => loadResourceById(ctx, e.resourceId));
  if (!r) throw new Error('Listing no longer exists');
  return r;
}
