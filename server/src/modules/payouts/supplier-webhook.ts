/**
 * MyFatoorah Webhook v2 supplier events: SUPPLIER_STATUS_CHANGED (code 4, the KYC decision on a new supplier) and
 * SUPPLIER_UPDATE_REQUEST_CHANGED (code 7, the decision on an edit of an approved supplier, `RequestStatus`). The
 * payments webhook verifies them (integrations/myfatoorah/webhook.ts) and hands them here; the decision is applied to
 * the host's payout profile and shown to the host (a rejection with MyFatoorah's comment, on the Earnings page).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { supplierDecisionOf, type SupplierEventData } from '../../integrations/myfatoorah/suppliers.js';
import { PayoutAccount } from './payout-account.entity.js';
import type { SupplierStatus } from '../../shared/payouts.rules.js';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A verified supplier event (payments/payment.webhook.ts checks its signature); an unknown supplier is ignored. An
 * update request's own decision counts, not the supplier's status beside it: an approved edit makes the profile
 * `approved` again, a refused one `rejected` with the reason (its shares are held until the host fixes the profile).
 */
export async function supplierEvent(em: EntityManager, d: SupplierEventData, kind: 'kyc' | 'update' = 'kyc'): Promise<void> {
  if (!d.Supplier || typeof d.Supplier !== 'object') return;
  const update = kind === 'update';
  const decision = update ? text(d.RequestStatus?.Status) : supplierDecisionOf(d);
  const comment = text(update ? d.RequestStatus?.Comments : d.KycDecision?.Comments) || null;
  await applySupplierDecision(em, Number(d.Supplier.Code), decision, comment);
}

/** MyFatoorah's KYC decision on a supplier, shown to the host. Replays change nothing; an unknown supplier is ignored. */
async function applySupplierDecision(em: EntityManager, code: number, decision: string, comment: string | null): Promise<boolean> {
  const status: SupplierStatus | null = /^approved$/i.test(decision) ? 'approved' : /^rejected$/i.test(decision) ? 'rejected' : null;
  if (!status || !Number.isInteger(code)) return false;
  const a = await em.findOne(PayoutAccount, { supplierCode: code });
  if (!a) return false;
  a.supplierStatus = status;
  a.supplierComment = status === 'rejected' ? comment || null : null;
  await em.flush();
  return true;
}
