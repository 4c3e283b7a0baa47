import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { badInput } from '../common/errors.js';
import { PAYOUT_MESSAGES } from '../../shared/payouts.rules.js';
import type { Earnings, HeldBalanceView, HeldPayoutView, MarketplaceSettingsView, PayoutAccountView } from './payout.service.js';
import {
  HeldBalance,
  HeldPayout,
  HostEarnings,
  MarketplaceSettings,
  MarketplaceSettingsInput,
  PayoutAccountGql,
  PayoutAccountInput,
} from './payout.types.js';

const accountGql = (a: PayoutAccountView): PayoutAccountGql => ({
  legalName: a.legal_name,
  commercialRegistration: a.commercial_registration,
  vatNumber: a.vat_number,
  bank: a.bank,
  iban: a.iban,
  ibanLast4: a.iban_last4,
  documents: a.documents.map((d) => ({ id: d.id, type: d.type, name: d.name, size: d.size, uploadedAt: d.uploaded_at })),
  supplierStatus: a.supplier_status,
  supplierComment: a.supplier_comment,
  updatedAt: a.updated_at,
});

const heldPayoutGql = (p: HeldPayoutView): HeldPayout => ({
  id: p.id,
  hostId: p.host_id,
  amountHalalas: p.amount_halalas,
  amount: p.amount,
  status: p.status,
  gatewayReference: p.gateway_reference,
  error: p.error,
  createdAt: p.created_at,
  transferredAt: p.transferred_at,
});

const heldBalanceGql = (b: HeldBalanceView): HeldBalance => ({
  hostId: b.host_id,
  hostName: b.host_name,
  hostEmail: b.host_email,
  supplierCode: b.supplier_code,
  supplierStatus: b.supplier_status,
  heldHalalas: b.held_halalas,
  held: b.held,
  payable: b.payable,
  inFlight: b.in_flight,
});

const earningsGql = (e: Earnings): HostEarnings => ({
  from: e.from,
  to: e.to,
  gross: e.gross,
  commission: e.commission,
  vatOnCommission: e.vat_on_commission,
  refunded: e.refunded,
  net: e.net,
  pending: e.pending,
  paidOut: e.paid_out,
  transferred: e.transferred,
  payouts: e.payouts.map(heldPayoutGql),
  total: e.total,
  page: e.page,
  pageSize: e.page_size,
  items: e.items.map((i) => ({
    paymentId: i.payment_id,
    bookingId: i.booking_id,
    resourceTitle: i.resource_title,
    category: i.category,
    paidAt: i.paid_at,
    gross: i.gross,
    commission: i.commission,
    vatOnCommission: i.vat_on_commission,
    refunded: i.refunded,
    net: i.net,
    status: i.status,
  })),
});

const marketplaceGql = (s: MarketplaceSettingsView): MarketplaceSettings => ({
  commissionPercent: s.commission_percent,
  commissionFixed: s.commission_fixed,
  byCategory: Object.entries(s.by_category).map(([category, r]) => ({
    category,
    commissionPercent: r.commission_percent,
    commissionFixed: r.commission_fixed,
  })),
});

@Resolver()
export class PayoutResolver {
  @Authorized()
  @Query(() => PayoutAccountGql, { nullable: true, description: 'My payout profile (hosts); null before the first save' })
  async payoutAccount(@Context() ctx: Ctx) {
    const a = await ctx.services.payouts.getAccount(ctx.user);
    return a ? accountGql(a) : null;
  }

  @Authorized()
  @Mutation(() => PayoutAccountGql, { description: 'Save my payout profile and create or edit me as a MyFatoorah supplier' })
  async savePayoutAccount(@Arg('input', () => PayoutAccountInput) input: PayoutAccountInput, @Context() ctx: Ctx) {
    return accountGql(
      await ctx.services.payouts.saveAccount(ctx.user, {
        legal_name: input.legalName,
        commercial_registration: input.commercialRegistration,
        vat_number: input.vatNumber,
        bank: input.bank,
        iban: input.iban,
        documents: input.documents?.map((d) => ({ type: d.type, name: d.name, data_url: d.dataUrl })),
      }),
    );
  }

  @Authorized()
  @Query(() => HostEarnings, {
    description: 'My earnings over Riyadh dates YYYY-MM-DD (both included); the rows paged (25 a page unless asked, at most 100)',
  })
  async hostEarnings(
    @Arg('from', () => String, { nullable: true }) from: string | null,
    @Arg('to', () => String, { nullable: true }) to: string | null,
    @Context() ctx: Ctx,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize?: number | null,
  ) {
    return earningsGql(await ctx.services.payouts.earnings(ctx.user, { from, to, page, page_size: pageSize }));
  }

  @Authorized(Role.admin)
  @Query(() => [HeldBalance], { description: "Hosts' held balances (admins), largest first" })
  async adminHeldBalances(@Context() ctx: Ctx) {
    return (await ctx.services.payouts.heldBalances(ctx.user)).map(heldBalanceGql);
  }

  @Authorized(Role.admin)
  @Mutation(() => HeldPayout, {
    description:
      "Pay out a host's held balance to its approved MyFatoorah supplier (TransferBalance); amountHalalas must be the whole balance",
  })
  async payHeldBalance(
    @Arg('hostId', () => ID) hostId: string,
    @Arg('amountHalalas', () => Int) amountHalalas: number,
    @Context() ctx: Ctx,
  ) {
    return heldPayoutGql(await ctx.services.payouts.payHeld(ctx.user, hostId, { amount_halalas: amountHalalas }));
  }

  @Authorized(Role.admin)
  @Query(() => MarketplaceSettings)
  async marketplaceSettings(@Context() ctx: Ctx) {
    return marketplaceGql(await ctx.services.payouts.marketplaceSettings(ctx.user));
  }

  @Authorized(Role.admin)
  @Mutation(() => MarketplaceSettings)
  async updateMarketplaceSettings(@Arg('input', () => MarketplaceSettingsInput) input: MarketplaceSettingsInput, @Context() ctx: Ctx) {
    const byCategory: Record<string, { commission_percent: number; commission_fixed: number | null | undefined }> = {};
    for (const c of input.byCategory ?? []) {
      if (byCategory[c.category]) throw badInput(PAYOUT_MESSAGES.categoryInvalid);
      byCategory[c.category] = { commission_percent: c.commissionPercent, commission_fixed: c.commissionFixed };
    }
    return marketplaceGql(
      await ctx.services.payouts.updateMarketplaceSettings(ctx.user, {
        commission_percent: input.commissionPercent,
        commission_fixed: input.commissionFixed,
        by_category: byCategory,
      }),
    );
  }
}
