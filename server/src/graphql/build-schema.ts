import 'reflect-metadata';
import { buildSchema } from 'type-graphql';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import type { PubSub } from 'type-graphql';
import { authChecker } from './auth-checker.js';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { AccountResolver } from '../modules/account/account.resolver.js';
import { PaymentResolver, PaymentSettingsResolver } from '../modules/payments/payment.resolver.js';
import { ResourceResolver, ResourceReviewResolver } from '../modules/resources/resource.resolver.js';
import { BookingResolver } from '../modules/bookings/booking.resolver.js';
import { ReviewResolver } from '../modules/reviews/review.resolver.js';
import { FavoriteResolver } from '../modules/favorites/favorite.resolver.js';
import { PayoutResolver } from '../modules/payouts/payout.resolver.js';
import { NotificationResolver } from '../modules/notifications/notification.resolver.js';
import { AvailabilityResolver, ResourceOpeningHoursResolver } from '../modules/availability/availability.resolver.js';
import { AdminResolver } from '../modules/admin/admin.resolver.js';
import { SettingsResolver } from '../modules/settings/settings.resolver.js';
import { InquiryResolver } from '../modules/inquiries/inquiry.resolver.js';
import { BusinessServiceResolver } from '../modules/business-services/business-service.resolver.js';
import { NewsletterResolver } from '../modules/newsletter/newsletter.resolver.js';
import { InvoiceResolver } from '../modules/invoices/invoice.resolver.js';
import { ZatcaResolver } from '../modules/invoices/einvoice.resolver.js';
import { RefundResolver } from '../modules/refunds/refund.resolver.js';
import { AnalyticsResolver } from '../modules/analytics/analytics.resolver.js';
import { LiveResolver } from '../modules/live/live.resolver.js';
import { ServiceBookingResolver } from '../modules/service-bookings/service-booking.resolver.js';
import { MessageResolver } from '../modules/messages/message.resolver.js';
import { ServiceBookingScheduleResolver } from '../modules/service-bookings/service-booking-schedule.resolver.js';
import { AdvisorResolver } from '../modules/service-bookings/advisor.resolver.js';
import { FinanceResolver } from '../modules/finance/finance.resolver.js';

const resolvers = [
  AuthResolver,
  ResourceResolver,
  ResourceReviewResolver,
  BookingResolver,
  ReviewResolver,
  FavoriteResolver,
  PayoutResolver,
  FinanceResolver,
  NotificationResolver,
  AvailabilityResolver,
  ResourceOpeningHoursResolver,
  AdminResolver,
  SettingsResolver,
  InquiryResolver,
  BusinessServiceResolver,
  NewsletterResolver,
  PaymentResolver,
  PaymentSettingsResolver,
  InvoiceResolver,
  ZatcaResolver,
  RefundResolver,
  AnalyticsResolver,
  LiveResolver,
  ServiceBookingResolver,
  ServiceBookingScheduleResolver,
  AdvisorResolver,
  AccountResolver,
  MessageResolver,
] as const;

export function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, authChecker, pubSub, validate: false });
}

/** The committed schema.graphql: sorted, so a diff shows only real changes. */
export function printAppSchema(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
