/**
 * MyFatoorah Webhook v2 signatures (header `MyFatoorah-Signature`). MyFatoorah does not sign the raw body: for each
 * event it takes documented fields of `Data`, in a documented order (not alphabetical), writes them as
 * `Path=value` joined by commas (null as empty), and sends the Base64 HMAC-SHA256 of that text keyed with the
 * portal's webhook secret (UTF-8) — https://docs.myfatoorah.com/docs/webhook-signature. The field lists are
 * MyFatoorah's own PHP library's (`MyFatoorahWebhook::getV2DataModel`, one per event code, each citing its data-model
 * page); the sources are in docs/decisions.md (Payments › Webhook v2 per event type).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The v2 event names we verify, with the `Data` fields each one signs, in order. */
const SIGNED_FIELDS = {
  PAYMENT_STATUS_CHANGED: ['Invoice.Id', 'Invoice.Status', 'Transaction.Status', 'Transaction.PaymentId', 'Invoice.ExternalIdentifier'],
  REFUND_STATUS_CHANGED: ['Refund.Id', 'Refund.Status', 'Amount.ValueInBaseCurrency', 'ReferencedInvoice.Id'],
  // Code 4: the supplier's code and the KYC decision only (getV2DataModel; webhook-v2-supplier-data-model).
  SUPPLIER_STATUS_CHANGED: ['Supplier.Code', 'KycDecision.Status'],
  // Code 7 (webhook-v2-supplier-update-request-data-model): the library has no entry for it; signed like code 4, the
  // supplier's code and the decision on the request (see decisions.md).
  SUPPLIER_UPDATE_REQUEST_CHANGED: ['Supplier.Code', 'RequestStatus.Status'],
} as const;
export type SignedEvent = keyof typeof SIGNED_FIELDS;

export const isSignedEvent = (name: unknown): name is SignedEvent => typeof name === 'string' && Object.hasOwn(SIGNED_FIELDS, name);

const at = (data: unknown, path: string): string => {
  let v: unknown = data;
  for (const k of path.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v === null || v === undefined ? '' : String(v);
};

/** The text MyFatoorah signs for `event`. */
const signedText = (event: SignedEvent, data: unknown) => SIGNED_FIELDS[event].map((f) => `${f}=${at(data, f)}`).join(',');

export function webhookSignature(event: SignedEvent, data: unknown, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(signedText(event, data), 'utf8').digest('base64');
}

/** Constant-time check of the header against the event's documented signature. */
export function verifyWebhookSignature(event: SignedEvent, data: unknown, secret: string, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string' || !signature || !data || typeof data !== 'object') return false;
  const expected = Buffer.from(webhookSignature(event, data, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
