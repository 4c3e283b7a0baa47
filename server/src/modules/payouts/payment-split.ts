/**
 * The payments module's two hooks into payouts: `supplierShares` when a gateway request is sent (the host's share as
 * MyFatoorah's Suppliers[], and the split proposed for that payment), and `settlePaymentSplit` inside settlement's
 * transaction (the split is fixed: never recomputed afterwards, whatever the commission settings become).
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { toHalalas, toSar, withVat } from '../../shared/money.js';
import type { SupplierShare } from '../../integrations/myfatoorah/suppliers.js';
import { Booking } from '../bookings/booking.entity.js';
import { PayoutAccount } from './payout-account.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { MARKETPLACE_DEFAULTS } from '../../shared/payouts.rules.js';
import { splitPayment, vatModelFor, type CommissionRule } from './split.js';

/**
 * For a payment of a resource booking: records the split of `amountSar` (what the customer pays) for payment
 * `paymentId`, and answers the `Suppliers` field of the gateway request when the listing's host has an approved
 * supplier (else nothing: the host's share is held by the platform and reported as pending). Service bookings are the
 * platform's own sales: no split. The VAT model follows the host's VAT registration when the payment is made (its
 * payout profile's VAT number; docs/money.md), and is fixed with the split.
 */
export async function supplierShares(
  em: EntityManager,
  deps: Deps,
  paymentId: string,
  paid: { kind: 'booking' | 'service'; id: string },
  amountSar: number,
): Promise<{ Suppliers?: SupplierShare[] }> {
  if (paid.kind !== 'booking') return {};
  const fork = em.fork() as EntityManager;
  const booking = await fork.findOne(Booking, { id: paid.id }, { populate: ['resource', 'resource.owner'] });
  if (!booking) return {};
  const host = booking.resource.owner;
  const rule = await commissionRule(fork, booking.resource.category);
  const account = await fork.findOne(PayoutAccount, { user: host.id });
  const gross = toHalalas(amountSar);
  const split = splitPayment({ gross, salesVat: salesVatOf(gross, booking.totalAmount), model: vatModelFor(account?.vatNumber) }, rule);
  const code = account?.supplierStatus === 'approved' && account.supplierCode !== null ? account.supplierCode : null;
  await fork.getConnection().execute(
    `insert into payment_splits (id, payment_id, host_id, category, gross, commission, vat_on_commission, host_net, supplier_code,
                                 vat_model, sales_vat, platform_vat)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (payment_id) do nothing`,
    [
      randomUUID(),
      paymentId,
      host.id,
      booking.resource.category,
      split.gross,
      split.commission,
      split.vatOnCommission,
      split.hostNet,
      code,
      split.model,
      split.salesVat,
      split.platformVat,
    ],
  );
  if (code === null) return {};
  return { Suppliers: [{ SupplierCode: code, InvoiceShare: toSar(split.gross), ProposedShare: toSar(split.hostNet) }] };
}

/**
 * The VAT in a booking payment of `gross` halalas: the booking's own VAT when the payment is its total (always, today);
 * otherwise the VAT a 15 %-inclusive amount holds (gross − round(gross / 1.15)).
 */
function salesVatOf(gross: number, bookingSubtotalSar: number): number {
  const b = withVat(bookingSubtotalSar);
  if (toHalalas(b.total) === gross) return toHalalas(b.vat);
  return gross - Math.floor((gross * 100 * 2 + 115) / 230);
}

export interface MarketplaceSettingsView {
  commission_percent: number;
  commission_fixed: number;
  by_category: Record<string, { commission_percent: number; commission_fixed: number }>;
}

export const MARKETPLACE_SETTING_KEY = 'marketplace';

/** The saved commission settings (defaults until an admin saves them). */
export async function storedMarketplace(em: EntityManager): Promise<MarketplaceSettingsView> {
  const row = await em.findOne(Setting, { key: MARKETPLACE_SETTING_KEY });
  return { ...MARKETPLACE_DEFAULTS, ...((row?.value as Partial<MarketplaceSettingsView>) ?? {}) };
}

/** The commission that applies to a listing's category (its override, else the default). */
async function commissionRule(em: EntityManager, category: string): Promise<CommissionRule> {
  const s = await storedMarketplace(em);
  const r = s.by_category[category] ?? s;
  return { basisPoints: Math.round(r.commission_percent * 100), fixedHalalas: toHalalas(r.commission_fixed ?? 0) };
}

/** Inside settlement's transaction: the payment's split becomes final (once; replays change nothing). */
export async function settlePaymentSplit(run: (q: string, params: unknown[]) => Promise<unknown>, paymentId: string): Promise<void> {
  await run(`update payment_splits set settled_at = now() where payment_id = ? and settled_at is null`, [paymentId]);
}
