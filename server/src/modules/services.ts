import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../deps.js';
import { AuthService } from './auth/auth.service.js';
import { PaymentService } from './payments/payment.service.js';
import { UserService } from './users/user.service.js';
import { NewsletterService } from './newsletter/newsletter.service.js';
import { ResourceService } from './resources/resource.service.js';
import { BookingService } from './bookings/booking.service.js';
import { AuditService } from './audit/audit.service.js';
import { SettingsService } from './settings/settings.service.js';
import { AdminUsersService } from './admin/admin-users.service.js';
import { AdminStatsService } from './admin/admin-stats.service.js';
import { InquiryService } from './inquiries/inquiry.service.js';
import { BusinessServiceService } from './business-services/business-service.service.js';
import { AssistantService } from './assistant/assistant.service.js';
import { InvoiceService } from './invoices/invoice.service.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { AccountSecurityService } from './auth/account-security.service.js';
import { ServiceBookingService } from './service-bookings/service-booking.service.js';
import { ServiceBookingScheduleService } from './service-bookings/service-booking.schedule.js';
import { AccountDataService, AccountDeletionService } from './account/account-data.service.js';

/** The services of one request (or one subscription operation), sharing its EntityManager fork. */
export function createServices(em: EntityManager, deps: Deps) {
  return {
    auth: new AuthService(em, deps),
    payments: new PaymentService(em, deps),
    users: new UserService(em, deps),
    newsletter: new NewsletterService(em, deps),
    resources: new ResourceService(em, deps),
    bookings: new BookingService(em, deps),
    audit: new AuditService(em, deps),
    settings: new SettingsService(em, deps),
    adminUsers: new AdminUsersService(em, deps),
    adminStats: new AdminStatsService(em, deps),
    inquiries: new InquiryService(em, deps),
    businessServices: new BusinessServiceService(em, deps),
    assistant: new AssistantService(em, deps),
    invoices: new InvoiceService(em, deps),
    analytics: new AnalyticsService(em, deps),
    accountSecurity: new AccountSecurityService(em, deps),
    serviceBookings: new ServiceBookingService(em, deps),
    serviceBookingSchedule: new ServiceBookingScheduleService(em, deps),
    accountData: new AccountDataService(em, deps),
    accountDeletion: new AccountDeletionService(em, deps),
  };
}

export type Services = ReturnType<typeof createServices>;
