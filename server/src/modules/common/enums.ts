/**
 * GraphQL enums built from the shared value lists (`shared/*.ts`), so the schema and the rules name the same values
 * from one list (the tables' checks hold the same values). Each enum's names are its values, so the wire value is the string the REST
 * API and the database use. (Role, UserStatus, the inquiry, service booking and analytics enums are TypeScript enums
 * beside their entities.) Categories are not an enum: their values are display names with spaces.
 */
import { registerEnumType } from 'type-graphql';
import {
  BOOKING_STATUSES,
  FILE_FORMATS,
  PAYMENT_STATUSES,
  PERIODS,
  RESOURCE_STATUSES,
  RESOURCE_TYPES,
} from '../../shared/marketplace.messages.js';
import { CANCELLATION_POLICIES } from '../../shared/refunds.rules.js';
import { FINANCE_METHODS, FINANCE_PAYMENT_STATUSES, FINANCE_REFUND_STATUSES } from '../../shared/finance.rules.js';

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** `{ value: value }` for each value: an enum object TypeGraphQL registers, whose names are the values themselves. */
function enumOf<const T extends string>(values: readonly T[]): { readonly [K in T]: K } {
  for (const v of values) if (!GRAPHQL_NAME.test(v)) throw new Error(`"${v}" is not a GraphQL name: map it to one`);
  return Object.freeze(Object.fromEntries(values.map((v) => [v, v]))) as { readonly [K in T]: K };
}

export const BookingStatusEnum = enumOf(BOOKING_STATUSES);
registerEnumType(BookingStatusEnum, {
  name: 'BookingStatus',
  description: 'pending (unpaid, holding its dates) → confirmed (paid) → active → completed; or cancelled',
});

export const BookingPaymentStatusEnum = enumOf(PAYMENT_STATUSES);
registerEnumType(BookingPaymentStatusEnum, {
  name: 'BookingPaymentStatus',
  description: "A booking's or service booking's payment: pending, paid, failed or refunded",
});

export const ResourceStatusEnum = enumOf(RESOURCE_STATUSES);
registerEnumType(ResourceStatusEnum, {
  name: 'ResourceStatus',
  description: "A listing's review: pending (after listing), active, rejected, draft, withdrawn (its host may no longer list)",
});

/** The admins' listing filter: a status, or `all` (the default). */
export const ResourceStatusFilterEnum = enumOf(['all', ...RESOURCE_STATUSES] as const);
registerEnumType(ResourceStatusFilterEnum, { name: 'ResourceStatusFilter', description: 'all, or one listing status' });

export const PricingPeriodEnum = enumOf(PERIODS);
registerEnumType(PricingPeriodEnum, {
  name: 'PricingPeriod',
  description: 'What a listing is priced per: hour, day, week or month (30 days); a started period counts whole',
});

export const ResourceTypeEnum = enumOf(RESOURCE_TYPES);
registerEnumType(ResourceTypeEnum, { name: 'ResourceType', description: 'physical (booked by dates) or digital (a file, downloaded)' });

export const FileFormatEnum = enumOf(FILE_FORMATS);
registerEnumType(FileFormatEnum, {
  name: 'FileFormat',
  description: "A digital listing's file format (checked against the file's first bytes)",
});

export const CancellationPolicyEnum = enumOf(CANCELLATION_POLICIES);
registerEnumType(CancellationPolicyEnum, {
  name: 'CancellationPolicy',
  description: 'none (no refunds), flexible, moderate or strict (see cancellationQuote)',
});

export const PaymentStatusEnum = enumOf(FINANCE_PAYMENT_STATUSES);
registerEnumType(PaymentStatusEnum, {
  name: 'PaymentStatus',
  description:
    'A payment attempt: initiated, processing, paid, failed, duplicate (paid twice: refund due), refund_due (paid after the booking could no longer be honoured)',
});

export const PaymentMethodEnum = enumOf(FINANCE_METHODS);
registerEnumType(PaymentMethodEnum, { name: 'PaymentMethod', description: 'card (direct charge) or gateway (hosted page)' });

export const RefundStatusEnum = enumOf(FINANCE_REFUND_STATUSES);
registerEnumType(RefundStatusEnum, { name: 'RefundStatus', description: 'none, requested (sent to the gateway), refunded or failed' });
