import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { badInput } from '../common/errors.js';
import type { z } from 'zod';
import { PAYOUT_MESSAGES, type heldResolveSchema, type payoutAccountSchema } from '../../shared/payouts.rules.js';
import type { MarketplaceSettingsView } from './payout.service.js';
import {
  HeldBalance,
  HeldPayout,
  HostEarnings,
  MarketplaceSettings,
  MarketplaceSettingsInput,
  PayoutAccountGql,
  PayoutAccountInput,
} from './payout.types.js';

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
    return ctx.services.payouts.getAccount(ctx.user);
  }

  @Authorized()
  @Mutation(() => PayoutAccountGql, { description: 'Save my payout profile and create or edit me as a MyFatoorah supplier' })
  async savePayoutAccount(@Arg('input', () => PayoutAccountInput) input: PayoutAccountInput, @Context() ctx: Ctx) {
    // A document's type is a string in the schema; the rule refuses one it does not know with its own message.
    return ctx.services.payouts.saveAccount(ctx.user, input as z.input<typeof payoutAccountSchema>);
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
    return ctx.services.payouts.earnings(ctx.user, { from, to, page, pageSize });
  }

  @Authorized(Role.admin)
  @Query(() => [HeldBalance], { description: "Hosts' held balances (admins), largest first" })
  async adminHeldBalances(@Context() ctx: Ctx) {
    return ctx.services.payouts.heldBalances(ctx.user);
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
    return ctx.services.payouts.payHeld(ctx.user, hostId, { amountHalalas });
  }

  @Authorized(Role.admin)
  @Mutation(() => HeldPayout, {
    description:
      'Resolve a held-balance transfer MyFatoorah never answered, after checking its portal: outcome not_sent (held again) or transferred (with its reference); only 10 minutes after it was sent; audited',
  })
  async resolveHeldPayout(
    @Arg('id', () => ID) id: string,
    @Arg('outcome', () => String) outcome: string,
    @Arg('reason', () => String) reason: string,
    @Context() ctx: Ctx,
    @Arg('gatewayReference', () => String, { nullable: true }) gatewayReference?: string | null,
  ) {
    // The outcome is a string in the schema; the rule refuses any but its two with its own message.
    const finding = { outcome, reason, gatewayReference } as z.input<typeof heldResolveSchema>;
    return ctx.services.payouts.resolveHeld(ctx.user, id, finding);
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
