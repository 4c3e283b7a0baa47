/**
 * Who may pay for what, and how much: the booking or service booking a request names is loaded for its payer
 * (another user's is a 404), then checked as payable now. Every way to pay starts with requirePayable.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { withVat } from '../common/money.js';
import { isAdmin } from '../common/roles.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import { isUuid } from '../../shared/ids.js';
import type { User } from '../users/user.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import { advanceBookings } from '../bookings/booking.service.js';
import { type ServiceBooking, ServiceBookingStatus } from '../service-bookings/service-booking.entity.js';
import { ServiceBookingService } from '../service-bookings/service-booking.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { gatewayMode, paymentsNotConfigured } from './payment.gateway.js';
import type { Payable, PayableRequest } from './payment.payable.js';

export interface Eligibility {
  canPay: boolean;
  reason: string | null;
  message: string;
  /** The resource booking paid, or null when a service booking is. */
  bookingId: string | null;
  serviceBookingId: string | null;
  resourceTitle: string;
  subtotal: number;
  vat: number;
  amount: number;
  currency: string;
  paymentMethod: string;
  testMode: boolean;
  /** Whether checkout may show the published test cards: only with the built-in test gateway, never in production. */
  testCards: boolean;
  /** Whether our own card form may be used (merchant declared PCI certified); otherwise MyFatoorah's embedded form. */
  directCard: boolean;
}

/** What may be paid now, with its amounts (requirePayable). */
export type PayableNow = Eligibility & { payable: Payable };

export class PaymentEligibility {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** A booking of the caller's (or any, for an admin), with its expired hold already cancelled. */
  async ownBooking(user: User | null, bookingId: unknown): Promise<Booking> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !isUuid(bookingId)) throw notFound(PM.bookingNotFound);
    const found = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource'] });
    // Another user's booking is indistinguishable from a missing one.
    if (!found || (found.user.id !== user.id && !isAdmin(user.role))) throw notFound(PM.bookingNotFound);
    // Expired holds are cancelled before we decide (the scheduler would within a minute).
    await advanceBookings(this.em, this.deps, found.resource.id);
    await this.em.refresh(found);
    return found;
  }

  /**
   * A service booking the caller may read (its customer, or an admin; anyone else cannot tell it exists: 404). With
   * `payer`, only its customer: an admin who can see it is refused (403), as paying is the customer's act.
   */
  async serviceBooking(user: User | null, id: unknown, payer: boolean): Promise<ServiceBooking> {
    if (!user) throw unauthenticated();
    const s = await new ServiceBookingService(this.em, this.deps).get(user, id);
    if (payer && s.user.id !== user.id) throw forbidden(PM.serviceCustomerOnly);
    return s;
  }

  /** Spec: POST /payment/validate-user-for-payment. */
  async eligibility(user: User | null, bookingId: unknown): Promise<Eligibility> {
    const b = await this.ownBooking(user, bookingId);
    const money = withVat(b.totalAmount);
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    const mode = gatewayMode(cfg, this.deps.env.isProduction);
    const base = {
      bookingId: b.id,
      serviceBookingId: null,
      resourceTitle: b.resource.title,
      ...{ subtotal: money.subtotal, vat: money.vat, amount: money.total },
      currency: 'SAR',
      paymentMethod: 'card',
      testMode: cfg.testMode,
      testCards: mode === 'sandbox' && !this.deps.env.isProduction,
      directCard: cfg.pciCertified,
    };
    const no = (reason: string, message: string): Eligibility => ({ ...base, canPay: false, reason, message });
    if (!user!.emailVerified) return no('email_not_verified', PM.emailNotVerified);
    if (b.paymentStatus === 'paid') return no('already_paid', PM.alreadyPaid);
    // Expired: the scheduler cancelled the unpaid hold at (or after) its expiry, not its user or an admin before it.
    if (b.status === 'cancelled' && b.holdExpiresAt && b.cancelledAt && b.cancelledAt >= b.holdExpiresAt) return no('expired', PM.expired);
    if (b.status === 'cancelled') return no('cancelled', PM.cancelled);
    if (!['pending', 'confirmed'].includes(b.status)) return no('not_payable', PM.notPayable);
    if (!mode) return no('payments_not_configured', PM.notConfigured);
    return { ...base, canPay: true, reason: null, message: 'You can pay for this booking' };
  }

  /**
   * POST /payment/validate-user-for-payment {service_booking_id}: its customer may pay once an admin confirmed it
   * with a quote and while payment is pending; the amount is the quote + 15% VAT, in halalas, as for bookings.
   */
  async serviceEligibility(user: User | null, serviceBookingId: unknown): Promise<Eligibility> {
    const s = await this.serviceBooking(user, serviceBookingId, true);
    const money = withVat(s.price ?? 0);
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    const mode = gatewayMode(cfg, this.deps.env.isProduction);
    const base = {
      bookingId: null,
      serviceBookingId: s.id,
      resourceTitle: s.serviceName,
      ...{ subtotal: money.subtotal, vat: money.vat, amount: money.total },
      currency: 'SAR',
      paymentMethod: 'card',
      testMode: cfg.testMode,
      testCards: mode === 'sandbox' && !this.deps.env.isProduction,
      directCard: cfg.pciCertified,
    };
    const no = (reason: string, message: string): Eligibility => ({ ...base, canPay: false, reason, message });
    if (!user!.emailVerified) return no('email_not_verified', PM.emailNotVerified);
    if (s.paymentStatus === 'paid') return no('already_paid', PM.serviceAlreadyPaid);
    if (s.status === ServiceBookingStatus.cancelled) return no('cancelled', PM.serviceCancelled);
    if (s.status === ServiceBookingStatus.pending || s.priceHalalas === null) return no('not_confirmed', PM.serviceNotConfirmed);
    if (s.status !== ServiceBookingStatus.confirmed) return no('not_payable', PM.serviceNotPayable);
    if (!mode) return no('payments_not_configured', PM.notConfigured);
    return { ...base, canPay: true, reason: null, message: 'You can pay for this service booking' };
  }

  /** The eligibility of what a request names (a booking or a service booking). */
  eligibilityOf(user: User | null, target: PayableRequest): Promise<Eligibility> {
    return target.kind === 'service' ? this.serviceEligibility(user, target.id) : this.eligibility(user, target.id);
  }

  /** What a request names, refused (403, 409, 400 or 503) unless its payer may pay it now. */
  async requirePayable(user: User | null, target: PayableRequest): Promise<PayableNow> {
    const e = await this.eligibilityOf(user, target);
    if (!e.canPay) {
      if (e.reason === 'payments_not_configured') throw paymentsNotConfigured();
      throw e.reason === 'email_not_verified'
        ? forbidden(e.message)
        : e.reason === 'already_paid'
          ? conflict(e.message)
          : badInput(e.message);
    }
    const payable: Payable = e.serviceBookingId ? { kind: 'service', id: e.serviceBookingId } : { kind: 'booking', id: e.bookingId! };
    return { ...e, payable };
  }
}
