import { Arg, Authorized, Ctx as Context, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Booking } from './booking.entity.js';
import { BusyRange, CreateBookingInput } from './booking.types.js';
import { BOOKING_TOPICS, type BookingChangedEvent } from './booking.events.js';
import { BookingService, type BookingView } from './booking.service.js';
import { withAccess } from '../../graphql/live-access.js';

/**
 * List rows answered as `Booking`: type-graphql copies an object that is not an instance onto a new `Booking`, which
 * throws on the entity's getters (`vatAmount`, `totalWithVat`). As an instance, its own values are read first.
 */
const asBookings = (views: BookingView[]) => views.map((v) => Object.setPrototypeOf(v, Booking.prototype) as Booking);

@Resolver()
export class BookingResolver {
  @Query(() => [BusyRange], { description: 'Time ranges already taken by live bookings (no personal data)' })
  resourceBusyRanges(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    return ctx.services.bookings.busyRanges(ctx.user, resourceId);
  }

  @Authorized()
  @Query(() => [Booking], { description: "The logged-in user's bookings" })
  async myBookings(@Context() ctx: Ctx) {
    return asBookings(await ctx.services.bookings.mine(ctx.user));
  }

  @Authorized()
  @Query(() => [Booking], { description: 'Admins: all bookings; hosts: bookings of their listings; others: their own' })
  async bookings(@Context() ctx: Ctx) {
    return asBookings(await ctx.services.bookings.list(ctx.user));
  }

  @Authorized()
  @Query(() => Booking)
  booking(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.bookings.get(ctx.user, id);
  }

  @Mutation(() => Booking, { description: 'Books a resource; the total is computed by the server' })
  createBooking(@Arg('input', () => CreateBookingInput) input: CreateBookingInput, @Context() ctx: Ctx) {
    return ctx.services.bookings.create(ctx.user, input);
  }

  @Authorized()
  @Mutation(() => Booking, { description: 'Cancels a pending or confirmed booking (its user or an admin)' })
  cancelBooking(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.bookings.cancel(ctx.user, id);
  }

  @Authorized()
  @Subscription(() => Booking, {
    topics: BOOKING_TOPICS.bookingChanged,
    filter: ({ payload, context }: { payload: BookingChangedEvent; context: Ctx }) =>
      // The session is checked per event too: a signed-out-everywhere socket hears nothing until it is closed.
      payload.userId === context.user?.id && withAccess(context.deps, context.user, (a) => a !== null),
    description: "One of the logged-in user's bookings, each time it changes (created, cancelled, expired, paid, started, completed)",
  })
  myBookingChanged(@Root() payload: BookingChangedEvent, @Context() ctx: Ctx) {
    // A fresh EntityManager per event: the subscription's own one would serve stale rows from its identity map.
    return new BookingService(ctx.em.fork(), ctx.deps).get(ctx.user, payload.bookingId);
  }
}
