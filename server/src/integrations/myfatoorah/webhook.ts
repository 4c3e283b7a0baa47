/**
 * MyFatoorah Webhook v2 signatures (header `MyFatoorah-Signature`). MyFatoorah does not sign the raw body: for each
 * event it takes documented fields of `Data`, in a documented order (not alphabetical), writes them as
 * `Path=value` joined by commas (null as empty), and sends the Base64 HMAC-SHA256 of that text keyed with the
 * portal's webhook secret (UTF-8). The field lists are here, one per event, so a wrong one is a one-line fix.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The v2 event names we verify, with the `Data` fields each one signs, in order. */
const SIGNED_FIELDS = {
  PAYMENT_STATUS_CHANGED: ['Invoice.Id', 'Invoice.Status', 'Transaction.Status', 'Transaction.PaymentId', 'Invoice.ExternalIdentifier'],
  REFUND_STATUS_CHANGED: ['Refund.Id', 'Refund.Status', 'Amount.ValueInBaseCurrency', 'ReferencedInvoice.Id'],
  // The supplier page lists Supplier then KycDecision; its signed list was not at hand when written (see decisions.md).
  SUPPLIER_STATUS_CHANGED: ['Supplier.Code', 'Supplier.Name', 'Supplier.Mobile', 'Supplier.Email', 'KycDecision.Status'],
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
