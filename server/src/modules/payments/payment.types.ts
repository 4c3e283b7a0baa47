import { Field, Float, InputType, ObjectType } from 'type-graphql';
import { Booking } from '../bookings/booking.entity.js';
import { ServiceBooking } from '../service-bookings/service-booking.entity.js';

@ObjectType()
export class PaymentEligibility {
  @Field(() => Boolean) canPay!: boolean;
  @Field(() => String, {
    nullable: true,
    description:
      'email_not_verified, already_paid, cancelled, expired, not_payable, payments_not_configured (no payment gateway is set up)',
  })
  reason!: string | null;
  @Field(() => String) message!: string;
  @Field(() => String, { nullable: true, description: 'The booking paid; null when a service booking is' }) bookingId!: string | null;
  @Field(() => String, { nullable: true, description: 'The service booking paid; null when a booking is' }) serviceBookingId!:
    string | null;
  @Field(() => String, { description: "The listing's title, or the service's (English) name" }) resourceTitle!: string;
  @Field(() => Float, { description: 'Before VAT, SAR' }) subtotal!: number;
  @Field(() => Float, { description: 'VAT 15%, SAR' }) vat!: number;
  @Field(() => Float, { description: 'Charged: subtotal + VAT, SAR' }) amount!: number;
  @Field(() => String) currency!: string;
  @Field(() => String) paymentMethod!: string;
  @Field(() => Boolean, { description: 'Test mode: no real money moves' }) testMode!: boolean;
  @Field(() => Boolean, {
    description: 'Whether to show the published test cards: only with the built-in test gateway, never in production',
  })
  testCards!: boolean;
  @Field(() => Boolean, {
    description:
      "Whether our own card form may be used (an admin declared the merchant PCI certified); otherwise MyFatoorah's embedded form",
  })
  directCard!: boolean;
}

@ObjectType({ description: "An Embedded Payment session: load scriptUrl and draw MyFatoorah's card form with it" })
export class PaymentSession {
  @Field(() => String) sessionId!: string;
  @Field(() => String) countryCode!: string;
  @Field(() => String) scriptUrl!: string;
}

@ObjectType()
export class ExecutePaymentResult {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String, {
    description: 'paid, failed, requires_action (3-D Secure: send the browser to paymentUrl) or processing (settles by itself)',
  })
  status!: string;
  @Field(() => String, { nullable: true }) paymentUrl!: string | null;
  @Field(() => String, { nullable: true }) bookingId!: string | null;
  @Field(() => String, { nullable: true }) serviceBookingId!: string | null;
  @Field(() => String, { nullable: true }) paymentId!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@InputType()
export class CardChargeInput {
  @Field(() => String, { nullable: true, description: 'The booking to pay (or serviceBookingId)' }) bookingId?: string | null;
  @Field(() => String, { nullable: true, description: 'The service booking to pay (or bookingId)' }) serviceBookingId?: string | null;
  @Field(() => String) cardHolderName!: string;
  @Field(() => String) cardNumber!: string;
  @Field(() => String) expiryMonth!: string;
  @Field(() => String) expiryYear!: string;
  @Field(() => String) cvv!: string;
}

@ObjectType()
export class ChargeResult {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String, {
    description: "paid, failed, or processing (the bank's answer is not known yet: do not pay again; it settles by itself)",
  })
  status!: string;
  @Field(() => String, { nullable: true }) transactionId!: string | null;
  @Field(() => String, { nullable: true }) bookingId!: string | null;
  @Field(() => String, { nullable: true }) serviceBookingId!: string | null;
  @Field(() => String, { nullable: true }) paymentId!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType()
export class InitiatePaymentResult {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String, { nullable: true }) paymentUrl!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType()
export class ConfirmPaymentResult {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String) status!: string;
  @Field(() => String, { nullable: true }) transactionId!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Booking, { nullable: true, description: 'The booking paid (null for a service booking)' }) booking!: Booking | null;
  @Field(() => ServiceBooking, { nullable: true, description: 'The service booking paid (null for a booking)' })
  serviceBooking!: ServiceBooking | null;
}
