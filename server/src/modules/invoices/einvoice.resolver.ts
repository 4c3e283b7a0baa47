import { Arg, Authorized, Ctx as Context, Field, InputType, Int, Mutation, ObjectType, Query, Resolver, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { isLiveAdmin } from '../../graphql/live-access.js';
import { Role } from '../common/roles.js';
import { ZATCA_TOPICS } from './einvoice.events.js';
import { createServices } from '../services.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ZatcaStatus } from './einvoice.service.js';

@ObjectType({ description: 'The new document that corrects a rejected one (next ICV, new UUID, queued for ZATCA)' })
class ZatcaResubmittedGql {
  @Field(() => String, { description: 'The new document’s UUID' }) id!: string;
  @Field(() => Int) icv!: number;
  @Field(() => String) number!: string;
  @Field(() => String) status!: string;
  @Field(() => String, { description: 'The rejected document it corrects' }) replaces!: string;
}

@ObjectType()
class ZatcaDocumentCount {
  @Field(() => String, { description: 'pending, cleared, reported, reported_with_warnings, rejected, failed' }) status!: string;
  @Field(() => Int) count!: number;
}

@ObjectType({ description: 'A document ZATCA rejected, with its messages' })
class ZatcaRejectedDocumentGql {
  @Field(() => String) id!: string;
  @Field(() => String, { description: 'The invoice or credit note number' }) number!: string;
  @Field(() => String, { description: 'invoice, credit_note or debit_note' }) type!: string;
  @Field(() => String, { description: 'standard or simplified' }) kind!: string;
  @Field(() => Date, { nullable: true }) submittedAt!: Date | null;
  // Text, not objects: a list of objects inside this list would cost 50 × 50 under the query-cost limit.
  @Field(() => [String], { description: 'ZATCA’s errors and warnings as "ERROR code: message"' }) messages!: string[];
}

@ObjectType({ description: 'ZATCA e-invoicing (phase 2) of the platform' })
class ZatcaStatusGql {
  @Field(() => String, { nullable: true, description: 'simulation or production (ZATCA_ENV); null: e-invoicing is off here' })
  environment!: string | null;
  @Field(() => String, { description: 'none (phase 1), compliance, active or failed' }) status!: string;
  @Field(() => String, { nullable: true, description: 'Why onboarding failed, in ZATCA’s words' }) error!: string | null;
  @Field(() => Date, { nullable: true }) activatedAt!: Date | null;
  @Field(() => Date, { nullable: true }) certificateExpiresAt!: Date | null;
  @Field(() => Boolean, { description: 'The production certificate expires within 30 days: renew it with a new one-time code' })
  renewalDue!: boolean;
  @Field(() => [ZatcaDocumentCount]) documents!: ZatcaDocumentCount[];
  @Field(() => [ZatcaRejectedDocumentGql], { description: 'The latest rejected documents (at most 10), newest first' })
  rejected!: ZatcaRejectedDocumentGql[];
}

@InputType()
class ZatcaSellerInput {
  @Field(() => String) name!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String, { description: 'Commercial registration number (10 digits)' }) crn!: string;
  @Field(() => String) street!: string;
  @Field(() => String, { description: '4 digits' }) building!: string;
  @Field(() => String) district!: string;
  @Field(() => String) city!: string;
  @Field(() => String, { description: '5 digits' }) postalCode!: string;
  @Field(() => String) branch!: string;
  @Field(() => String) industry!: string;
}

@InputType()
class ZatcaOnboardingInput {
  @Field(() => String, { description: 'The one-time code from the Fatoora portal' }) otp!: string;
  @Field(() => ZatcaSellerInput) seller!: ZatcaSellerInput;
}

const toGql = (s: ZatcaStatus): ZatcaStatusGql => ({
  environment: s.environment,
  status: s.status,
  error: s.error,
  activatedAt: s.activated_at ? new Date(s.activated_at) : null,
  certificateExpiresAt: s.certificate_expires_at ? new Date(s.certificate_expires_at) : null,
  renewalDue: s.renewal_due,
  documents: Object.entries(s.documents).map(([status, count]) => ({ status, count })),
  rejected: s.rejected.map((d) => ({
    id: d.id,
    number: d.number,
    type: d.type,
    kind: d.kind,
    submittedAt: d.submitted_at ? new Date(d.submitted_at) : null,
    messages: d.messages.map((m) => `${[m.type, m.code].filter(Boolean).join(' ')}${m.message ? `: ${m.message}` : ''}`),
  })),
});

@Resolver()
export class ZatcaResolver {
  @Authorized(Role.admin)
  @Subscription(() => ZatcaStatusGql, {
    topics: ZATCA_TOPICS.changed,
    filter: ({ context }: { context: Ctx }) => isLiveAdmin(context.deps, context.user),
    description: 'Admins: the ZATCA card again, each time a document is signed, answered by ZATCA or resubmitted',
  })
  async zatcaStatusUpdated(@Context() ctx: Ctx) {
    // Read fresh for this subscriber, as an admin: the event itself carries nothing but the fact of a change.
    return toGql(await createServices(ctx.em.fork() as EntityManager, ctx.deps).zatca.status(ctx.user));
  }

  @Authorized()
  @Mutation(() => ZatcaStatusGql, {
    description: 'Admins: renew the production CSID before it expires with a new one-time code (new key and CSR); audited',
  })
  async renewZatcaCsid(@Arg('otp', () => String) otp: string, @Context() ctx: Ctx) {
    return toGql(await ctx.services.zatca.renew(ctx.user, { otp }));
  }

  @Authorized()
  @Mutation(() => ZatcaResubmittedGql, {
    description: 'Admins: correct a rejected document by issuing a new one (next ICV/PIH, new UUID) for the same sale; audited',
  })
  async resubmitZatcaDocument(@Arg('id', () => String) id: string, @Context() ctx: Ctx) {
    return ctx.services.zatca.resubmit(ctx.user, id);
  }

  @Authorized()
  @Query(() => ZatcaStatusGql, { description: 'ZATCA e-invoicing: onboarding status and documents by status (admins)' })
  async zatcaStatus(@Context() ctx: Ctx) {
    return toGql(await ctx.services.zatca.status(ctx.user));
  }

  @Authorized()
  @Mutation(() => ZatcaStatusGql, { description: 'Onboard with ZATCA: compliance CSID, compliance checks, production CSID (admins)' })
  async onboardZatca(@Arg('input', () => ZatcaOnboardingInput) input: ZatcaOnboardingInput, @Context() ctx: Ctx) {
    const s = input.seller;
    return toGql(
      await ctx.services.zatca.onboard(ctx.user, {
        otp: input.otp,
        seller: {
          name: s.name,
          vat_number: s.vatNumber,
          crn: s.crn,
          street: s.street,
          building: s.building,
          district: s.district,
          city: s.city,
          postal_code: s.postalCode,
          branch: s.branch,
          industry: s.industry,
        },
      }),
    );
  }
}
