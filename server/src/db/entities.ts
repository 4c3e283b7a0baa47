import { EmailChangeToken } from '../modules/auth/email-change-token.entity.js';
import { User } from '../modules/users/user.entity.js';
import { EmailVerificationToken } from '../modules/auth/verification-token.entity.js';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity.js';
import { NewsletterSubscriber } from '../modules/newsletter/subscriber.entity.js';
import { Resource } from '../modules/resources/resource.entity.js';
import { Booking } from '../modules/bookings/booking.entity.js';
import { AuditEntry } from '../modules/audit/audit-entry.entity.js';
import { Setting } from '../modules/settings/setting.entity.js';
import { Payment } from '../modules/payments/payment.entity.js';
import { Inquiry } from '../modules/inquiries/inquiry.entity.js';
import { ServiceOffering } from '../modules/business-services/service-offering.entity.js';
import { ServiceBooking } from '../modules/service-bookings/service-booking.entity.js';
import { Conversation } from '../modules/messages/conversation.entity.js';
import { Message } from '../modules/messages/message.entity.js';
import { Advisor } from '../modules/service-bookings/advisor.entity.js';
import { CustomerRating, Review } from '../modules/reviews/review.entity.js';
import { Refund } from '../modules/refunds/refund.entity.js';
import { Favorite } from '../modules/favorites/favorite.entity.js';
import { PayoutAccount } from '../modules/payouts/payout-account.entity.js';

export const entities = [
  User,
  EmailVerificationToken,
  PasswordResetToken,
  EmailChangeToken,
  NewsletterSubscriber,
  Resource,
  Booking,
  AuditEntry,
  Setting,
  Inquiry,
  ServiceOffering,
  Payment,
  ServiceBooking,
  Conversation,
  Message,
  Advisor,
  Review,
  Favorite,
  PayoutAccount,
  CustomerRating,
  Refund,
];
