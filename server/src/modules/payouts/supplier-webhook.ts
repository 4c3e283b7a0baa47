/**
 * MyFatoorah Webhook v2 SUPPLIER_STATUS_CHANGED (code 4: the KYC decision on a supplier). The payments webhook
 * verifies it (integrations/myfatoorah/webhook.ts) and hands it here; the decision is applied to the host's payout
 * profile and shown to the host.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { supplierDecisionOf, type SupplierEventData } from '../../integrations/myfatoorah/suppliers.js';
import { PayoutAccount } from './payout-account.entity.js';
import type { SupplierStatus } from '../../shared/payouts.rules.js';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A verified SUPPLIER_STATUS_CHANGED event (payments/payment.webhook.ts checks its signature); an unknown supplier is ignored. */
export async function supplierEvent(em: EntityManager, d: SupplierEventData): Promise<void> {
  if (!d.Supplier || typeof d.Supplier !== 'object') return;
  const comment = text(d.KycDecision?.Comments ?? d.RequestStatus?.Comments) || null;
  await applySupplierDecision(em, Number(d.Supplier.Code), supplierDecisionOf(d), comment);
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
