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
import { AdminResolver } from '../modules/admin/admin.resolver.js';
import { SettingsResolver } from '../modules/settings/settings.resolver.js';
import { InquiryResolver } from '../modules/inquiries/inquiry.resolver.js';
import { BusinessServiceResolver } from '../modules/business-services/business-service.resolver.js';
import { NewsletterResolver } from '../modules/newsletter/newsletter.resolver.js';
import { InvoiceResolver } from '../modules/invoices/invoice.resolver.js';
import { AnalyticsResolver } from '../modules/analytics/analytics.resolver.js';
import { LiveResolver } from '../modules/live/live.resolver.js';
import { ServiceBookingResolver } from '../modules/service-bookings/service-booking.resolver.js';
import { ServiceBookingScheduleResolver } from '../modules/service-bookings/service-booking-schedule.resolver.js';

const resolvers = [
  AuthResolver,
  ResourceResolver,
  ResourceReviewResolver,
  BookingResolver,
  AdminResolver,
  SettingsResolver,
  InquiryResolver,
  BusinessServiceResolver,
  NewsletterResolver,
  PaymentResolver,
  PaymentSettingsResolver,
  InvoiceResolver,
  AnalyticsResolver,
  LiveResolver,
  ServiceBookingResolver,
  ServiceBookingScheduleResolver,
  AccountResolver,
] as const;

export function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, authChecker, pubSub, validate: false });
}

/** The committed schema.graphql: sorted, so a diff shows only real changes. */
export function printAppSchema(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
