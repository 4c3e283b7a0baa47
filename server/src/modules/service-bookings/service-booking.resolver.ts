import { Arg, Authorized, Ctx as Context, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { isLiveAdmin, perEvent, withAccess } from '../../graphql/live-access.js';
import { ServiceBooking, ServiceBookingStatus } from './service-booking.entity.js';
import { SERVICE_BOOKING_TOPICS, type ServiceBookingEvent } from './service-booking.events.js';
import { ServiceBookingInput, UpdateServiceBookingInput } from './service-booking.types.js';

const loaded = new WeakMap<object, Promise<ServiceBooking | null>>();
/** Fresh per event (a subscription's own EntityManager would serve a stale row), once per event for all subscribers. */
const load = (ctx: Ctx, e: ServiceBookingEvent) =>
  perEvent(loaded, e, () =>
    ctx.deps.orm.em.fork().findOne(ServiceBooking, { id: e.serviceBookingId }, { populate: ['user', 'advisor'] }),
  ).then((b) => {
    if (!b) throw new Error('Service booking no longer exists');
    return b;
  });

@Resolver(() => ServiceBooking)
export class ServiceBookingResolver {
  @Mutation(() => ServiceBooking, {
    description: 'Books a business or legal service (login required); an admin then confirms it with a quote',
  })
  createServiceBooking(@Arg('input', () => ServiceBookingInput) input: ServiceBookingInput, @Context() ctx: Ctx) {
    return ctx.services.serviceBookings.create(ctx.user, input);
  }

  @Authorized()
  @Query(() => [ServiceBooking], { description: "The logged-in user's service bookings, newest first" })
  myServiceBookings(@Context() ctx: Ctx) {
    return ctx.services.serviceBookings.mine(ctx.user);
  }

  @Authorized()
  @Query(() => ServiceBooking, { description: 'One service booking: its customer or an admin' })
  serviceBooking(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.serviceBookings.get(ctx.user, id);
  }

  @Authorized(Role.admin)
  @Query(() => [ServiceBooking], { description: 'Admins: every service booking, newest first (at most 500)' })
  serviceBookings(
    @Arg('status', () => ServiceBookingStatus, { nullable: true }) status: ServiceBookingStatus | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.serviceBookings.list({ status: status ?? undefined, search: search ?? undefined });
  }

  @Authorized(Role.admin)
  @Mutation(() => ServiceBooking, {
    description: 'Admins: confirm with a quote and a meeting time, mark completed, or cancel with a reason',
  })
  updateServiceBooking(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateServiceBookingInput) input: UpdateServiceBookingInput,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.serviceBookings.update(ctx.user!, id, input);
  }

  @Authorized(Role.admin)
  @Subscription(() => ServiceBooking, {
    topics: SERVICE_BOOKING_TOPICS.created,
    filter: ({ context }: { context: Ctx }) => isLiveAdmin(context.deps, context.user),
    description: 'Admins: a customer booked a service',
  })
  serviceBookingCreated(@Root() payload: ServiceBookingEvent, @Context() ctx: Ctx) {
    return load(ctx, payload);
  }

  @Authorized()
  @Subscription(() => ServiceBooking, {
    topics: SERVICE_BOOKING_TOPICS.updated,
    // The subscriber's CURRENT role and status decide, per event (live.access.ts).
    filter: ({ payload, context }: { payload: ServiceBookingEvent; context: Ctx }) =>
      withAccess(context.deps, context.user, (who) => !!who && (who.role === Role.admin || who.id === payload.userId)),
    description: 'A service booking changed (confirmed, completed, cancelled, paid): your own, or any (admins)',
  })
  serviceBookingUpdated(@Root() payload: ServiceBookingEvent, @Context() ctx: Ctx) {
    return load(ctx, payload);
  }
}
