/** Card payment rules (spec section 5) shared by the server and the payment forms. */
import { z } from 'zod';
import { BIDI_CONTROLS_MESSAGE, noBidiControls } from './bidi.js';

export const PAYMENT_MESSAGES = {
  fillCard: 'Please fill in all card details',
  invalidCard: 'Invalid card number',
  invalidCvv: 'Invalid CVV',
  invalidExpiry: 'Invalid expiry date',
  cardExpired: 'This card has expired',
  emailNotVerified: 'Email verification required for payments',
  alreadyPaid: 'This booking is already paid',
  cancelled: 'This booking was cancelled and can no longer be paid',
  notPayable: 'This booking can no longer be paid',
  expired: 'The hold on this booking expired before it was paid. Please book again.',
  inProgress: 'A payment for this booking is already in progress',
  directNotAllowed: 'Card details cannot be sent to our server: please pay with the secure card form.',
  sessionUnknown: 'This payment session is unknown, expired or already used. Please start the payment again.',
  madaHosted: 'mada cards are paid on the secure payment page (3-D Secure). Please choose the payment gateway option.',
  bookingNotFound: 'Booking not found',
  gatewayUnavailable: 'The payment gateway could not be reached. Please try again.',
  paymentFailed: 'Payment failed',
  noRefunds: 'All payments are final. No refunds will be processed.',
  confirming: 'We are confirming your payment with the payment gateway. Do not pay again: your booking updates as soon as it answers.',
  paymentOpen: 'A payment for this booking is already open on the payment page. Complete it there, or try again in a few minutes.',
  unconfirmed:
    'We could not confirm your payment with the bank yet. Do not pay again: your booking updates as soon as the payment gateway answers.',
  refundDue: 'This payment arrived after the booking was cancelled and its dates were no longer available. A full refund is due.',
  duplicate: 'This booking was already paid by another payment; refund required',
  sessionExpired: 'The payment session expired before the payment was completed',
  invalidMethod: 'Invalid payment method',
  madaNotEnabled: 'Payments by mada are not enabled for this merchant yet. Please pay with Visa or Mastercard.',
  hostedNotEnabled: 'Visa and Mastercard payments on the payment page are not enabled for this merchant yet.',
  notConfigured: 'Online payment is not set up yet. Your booking is kept unpaid; please try again later or contact us.',
  oneTarget: 'Please choose one booking or one service booking to pay',
  serviceNotConfirmed: 'This service booking can be paid once we confirm it with a price',
  serviceAlreadyPaid: 'This service booking is already paid',
  serviceCancelled: 'This service booking was cancelled and can no longer be paid',
  serviceNotPayable: 'This service booking can no longer be paid',
  serviceRefundDue: 'This payment arrived after the service booking was cancelled. A full refund is due.',
  serviceCustomerOnly: 'Only the customer who booked this service can pay for it',
} as const;

const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** Luhn checksum over a digit string. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** Well-known mada BIN prefixes (Saudi debit network; co-badged with Visa/Mastercard). */
const MADA_BINS = [
  '446404',
  '440647',
  '440795',
  '446393',
  '457865',
  '968208',
  '457997',
  '474491',
  '636120',
  '417633',
  '468540',
  '468541',
  '468542',
  '468543',
  '968201',
  '446672',
  '543357',
  '434107',
  '431361',
  '604906',
  '521076',
  '588850',
  '968205',
  '529415',
  '535825',
  '543085',
  '524130',
  '554180',
  '549760',
  '588848',
  '588845',
  '968211',
  '968206',
  '968202',
  '968204',
  '968207',
  '968203',
  '968209',
  '968210',
  '410685',
  '406996',
  '432328',
  '428671',
  '428672',
  '428673',
  '483010',
  '483011',
  '483012',
  '589206',
  '419593',
  '439954',
  '407197',
  '407395',
  '520058',
  '530060',
  '531196',
  '539931',
  '532013',
  '530906',
  '531095',
  '445564',
  '486094',
  '486095',
  '486096',
  '504300',
  '440533',
  '489318',
  '489319',
  '409201',
  '403024',
  '458456',
  '462220',
  '455708',
  '455036',
  '422817',
  '422818',
  '422819',
  '410621',
  '412565',
  '537767',
  '535989',
  '536023',
  '513213',
  '585265',
  '588983',
  '588982',
  '589005',
  '508160',
  '531657',
  '422222',
  '400861',
  '409201',
];

export type CardBrand = 'mada' | 'visa' | 'mastercard' | 'amex' | 'unknown';

export function cardBrand(number: string): CardBrand {
  const n = digitsOnly(number);
  if (MADA_BINS.some((b) => n.startsWith(b))) return 'mada';
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  return 'unknown';
}

/** Two- or four-digit year to a full year. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

export const cardPaymentSchema = z
  .object({
    bookingId: z.string({ error: 'Booking not found' }).min(1, 'Booking not found').max(64, 'Booking not found'),
    cardHolderName: z
      .string({ error: PAYMENT_MESSAGES.fillCard })
      .trim()
      .min(1, PAYMENT_MESSAGES.fillCard)
      .max(100, PAYMENT_MESSAGES.fillCard)
      .refine(noBidiControls, BIDI_CONTROLS_MESSAGE),
    cardNumber: z.string({ error: PAYMENT_MESSAGES.fillCard }).min(1, PAYMENT_MESSAGES.fillCard).max(40, PAYMENT_MESSAGES.invalidCard),
    expiryMonth: z.union([z.string(), z.number()], { error: PAYMENT_MESSAGES.fillCard }).transform(String),
    expiryYear: z.union([z.string(), z.number()], { error: PAYMENT_MESSAGES.fillCard }).transform(String),
    cvv: z.union([z.string(), z.number()], { error: PAYMENT_MESSAGES.fillCard }).transform(String),
  })
  .transform((v, ctx) => {
    const number = v.cardNumber.replace(/\s+/g, '');
    const month = v.expiryMonth.trim();
    const year = v.expiryYear.trim();
    const cvv = v.cvv.trim();
    if (!month || !year || !cvv) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.fillCard });
      return z.NEVER;
    }
    if (!/^\d{16}$/.test(number) || !luhnValid(number)) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.invalidCard, path: ['cardNumber'] });
      return z.NEVER;
    }
    if (!/^\d{3,4}$/.test(cvv)) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.invalidCvv, path: ['cvv'] });
      return z.NEVER;
    }
    if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12 || !/^(\d{2}|\d{4})$/.test(year)) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.invalidExpiry, path: ['expiryMonth'] });
      return z.NEVER;
    }
    return {
      bookingId: v.bookingId,
      holder: v.cardHolderName,
      number,
      month: month.padStart(2, '0'),
      year: String(fullYear(year)),
      cvv,
    };
  });

/**
 * Our own card form (PCI-certified merchants only), each field checked on its own so that every problem shows at its
 * field at once. The same rules as `cardPaymentSchema`, which the server applies to what is sent, plus the expiry.
 */
export const cardFieldsSchema = z
  .object({
    cardHolderName: z
      .string()
      .trim()
      .min(1, PAYMENT_MESSAGES.fillCard)
      .max(100, PAYMENT_MESSAGES.fillCard)
      .refine(noBidiControls, BIDI_CONTROLS_MESSAGE),
    cardNumber: z
      .string()
      .min(1, PAYMENT_MESSAGES.fillCard)
      .transform((v) => v.replace(/\s+/g, ''))
      .refine((n) => /^\d{16}$/.test(n) && luhnValid(n), PAYMENT_MESSAGES.invalidCard),
    expiryMonth: z.string().min(1, PAYMENT_MESSAGES.fillCard),
    expiryYear: z.string().min(1, PAYMENT_MESSAGES.fillCard),
    cvv: z
      .string()
      .min(1, PAYMENT_MESSAGES.fillCard)
      .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.invalidCvv),
  })
  .superRefine((v, ctx) => {
    if (v.expiryMonth && v.expiryYear && cardExpired(v.expiryMonth, String(fullYear(v.expiryYear))))
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.cardExpired, path: ['expiryMonth'] });
  });

/** A card is valid through the last day of its expiry month. */
export function cardExpired(month: string, year: string, now = new Date()): boolean {
  const y = Number(year);
  const m = Number(month);
  return y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1);
}
