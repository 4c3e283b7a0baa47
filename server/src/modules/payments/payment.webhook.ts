/**
 * MyFatoorah Webhook v2 (POST /api/payment/webhook): `{Event: {Code, Name, Reference, …}, Data: {…}}` with the
 * `MyFatoorah-Signature` header. Each known event is verified with its own documented signature
 * (integrations/myfatoorah/webhook.ts) and handed to its handler; a bad signature is refused (401, MyFatoorah retries
 * and the portal shows it). An event we do not handle is logged and acknowledged (200), so it is not retried forever.
 * Every handler must be harmless when replayed: MyFatoorah retries, and anyone may resend a captured request.
 *
 * Refund events go to the refunds module; supplier events to the payouts module (`onWebhook`).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { RefundService, type RefundWebhookData } from '../refunds/refund.service.js';
import { supplierEvent, type SupplierEventData } from '../payouts/payout.service.js';
import { unauthenticated } from '../common/errors.js';
import { isSignedEvent, verifyWebhookSignature, type SignedEvent } from '../../integrations/myfatoorah/webhook.js';
import { PaymentReconciliation } from './payment.reconciliation.js';
import { recordWebhookEvent } from '../finance/finance.service.js';

/** A verified event, as a handler gets it. @public (for the refunds and payouts handlers) */
export interface WebhookEvent {
  name: SignedEvent;
  /** MyFatoorah's unique reference of this event (the same on a retry). */
  reference: string | null;
  data: Record<string, unknown>;
}

type WebhookHandler = (event: WebhookEvent, ctx: { em: EntityManager; deps: Deps }) => Promise<void>;

const handlers = new Map<SignedEvent, WebhookHandler>();

/**
 * Plugs a handler into one event type (the last registration wins): the refunds module registers
 * REFUND_STATUS_CHANGED, the payouts module the supplier events. @public
 */
export function onWebhook(name: SignedEvent, handler: WebhookHandler): void {
  handlers.set(name, handler);
}

// A payment's status changed: re-read from the gateway and settled (a replay finds it settled and changes nothing).
onWebhook('PAYMENT_STATUS_CHANGED', async (event, { em, deps }) => {
  const invoice = (event.data.Invoice ?? {}) as { Id?: unknown };
  if (invoice.Id === undefined || invoice.Id === null || invoice.Id === '') return;
  await new PaymentReconciliation(em, deps).settleInvoice(String(invoice.Id));
});

// A refund's status changed: the refund recorded under that gateway refund id is settled (once).
onWebhook('REFUND_STATUS_CHANGED', (event, { em, deps }) =>
  new RefundService(em, deps).refundEvent(event.data as unknown as RefundWebhookData),
);

// A supplier's KYC decision, or the decision on an edit of its profile: shown on the host's payout profile (a replay
// sets the same status again).
onWebhook('SUPPLIER_STATUS_CHANGED', (event, { em }) => supplierEvent(em, event.data as unknown as SupplierEventData));
onWebhook('SUPPLIER_UPDATE_REQUEST_CHANGED', (event, { em }) => supplierEvent(em, event.data as unknown as SupplierEventData, 'update'));

const log = (deps: Deps, msg: string) => {
  if (deps.env.logLevel !== 'silent') console.warn(`[payments] webhook: ${msg}`);
};

/** Webhook v1 put the event's name in `Event` and its number in `EventType`; v2 in `Event.Name` / `Event.Code`. */
const eventName = (body: Record<string, unknown>): unknown => {
  const e = body.Event;
  return e && typeof e === 'object' ? (e as { Name?: unknown }).Name : e;
};

export async function handleWebhook(em: EntityManager, deps: Deps, body: unknown, signature: unknown): Promise<{ received: true }> {
  const secret = deps.env.myFatoorahWebhookSecret;
  if (!secret) throw unauthenticated('Invalid webhook signature');
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const name = eventName(b);
  const data = b.Data;
  if (!isSignedEvent(name)) {
    log(deps, `unknown event ${JSON.stringify(String(name ?? '')).slice(0, 80)} acknowledged`);
    return { received: true };
  }
  if (!data || typeof data !== 'object' || !verifyWebhookSignature(name, data, secret, signature))
    throw unauthenticated('Invalid webhook signature');
  const ref = (b.Event as { Reference?: unknown } | undefined)?.Reference;
  const event: WebhookEvent = { name, reference: typeof ref === 'string' ? ref : null, data: data as Record<string, unknown> };
  // Kept for the finance console's timeline; a failure to keep it never stops the event being handled.
  await recordWebhookEvent(em, event).catch((err) => log(deps, `${name} not stored: ${(err as Error)?.message}`));
  const handler = handlers.get(name);
  if (!handler) {
    log(deps, `${name} ${event.reference ?? ''} verified; no handler yet, acknowledged`);
    return { received: true };
  }
  await handler(event, { em, deps });
  return { received: true };
}
