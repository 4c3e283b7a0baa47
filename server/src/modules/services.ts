import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../deps.js';
import { AuthService } from './auth/auth.service.js';
import { PaymentService } from './payments/payment.service.js';
import { UserService } from './users/user.service.js';
import { NewsletterService } from './newsletter/newsletter.service.js';
import { ResourceService } from './resources/resource.service.js';
import { BookingService } from './bookings/booking.service.js';
import { ReviewService } from './reviews/review.service.js';
import { AuditService } from './audit/audit.service.js';
import { SettingsService } from './settings/settings.service.js';
import { AdminUsersService } from './admin/admin-users.service.js';
import { AdminStatsService } from './admin/admin-stats.service.js';
import { InquiryService } from './inquiries/inquiry.service.js';
import { BusinessServiceService } from './business-services/business-service.service.js';
import { AssistantService } from './assistant/assistant.service.js';
import { InvoiceService } from './invoices/invoice.service.js';
import { CommissionInvoiceService } from './invoices/commission-invoice.service.js';
import { ZatcaService } from './invoices/einvoice.service.js';
import { RefundService } from './refunds/refund.service.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { HostAnalyticsService } from './analytics/host-analytics.service.js';
import { AccountSecurityService } from './auth/account-security.service.js';
import { ServiceBookingService } from './service-bookings/service-booking.service.js';
import { ServiceBookingScheduleService } from './service-bookings/service-booking.schedule.js';
import { AdvisorService } from './service-bookings/advisor.service.js';
import { AccountDataService, AccountDeletionService } from './account/account-data.service.js';
import { MessageService } from './messages/message.service.js';
import { FavoriteService } from './favorites/favorite.service.js';
import { PayoutService } from './payouts/payout.service.js';
import { NotificationService } from './notifications/notification.service.js';
import { AvailabilityService } from './availability/availability.service.js';
import { FinanceService } from './finance/finance.service.js';

/** The services of one request (or one subscription operation), sharing its EntityManager fork. */
export function createServices(em: EntityManager, deps: Deps) {
  return {
    auth: new AuthService(em, deps),
    payments: new PaymentService(em, deps),
    users: new UserService(em, deps),
    newsletter: new NewsletterService(em, deps),
    resources: new ResourceService(em, deps),
    bookings: new BookingService(em, deps),
    reviews: new ReviewService(em, deps),
    audit: new AuditService(em, deps),
    settings: new SettingsService(em, deps),
    adminUsers: new AdminUsersService(em, deps),
    adminStats: new AdminStatsService(em, deps),
    inquiries: new InquiryService(em, deps),
    businessServices: new BusinessServiceService(em, deps),
    assistant: new AssistantService(em, deps),
    invoices: new InvoiceService(em, deps),
    commissionInvoices: new CommissionInvoiceService(em, deps),
    zatca: new ZatcaService(em, deps),
    refunds: new RefundService(em, deps),
    analytics: new AnalyticsService(em, deps),
    hostAnalytics: new HostAnalyticsService(em),
    accountSecurity: new AccountSecurityService(em, deps),
    serviceBookings: new ServiceBookingService(em, deps),
    serviceBookingSchedule: new ServiceBookingScheduleService(em, deps),
    advisors: new AdvisorService(em, deps),
    accountData: new AccountDataService(em, deps),
    accountDeletion: new AccountDeletionService(em, deps),
    messages: new MessageService(em, deps),
    favorites: new FavoriteService(em, deps),
    payouts: new PayoutService(em, deps),
    notifications: new NotificationService(em, deps),
    availability: new AvailabilityService(em, deps),
    finance: new FinanceService(em, deps),
  };
}

export type Services = ReturnType<typeof createServices>;
