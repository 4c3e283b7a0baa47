import { Arg, Authorized, Ctx as Context, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { BookingInvoice, toGraphqlSeller, type InvoiceView } from './invoice.types.js';
import { isStandardInvoice } from '../../shared/invoices.rules.js';
import {
  CommissionCreditNote,
  CommissionInvoice,
  toGraphqlCommissionCreditNote,
  toGraphqlCommissionInvoice,
} from './commission-invoice.types.js';

const toGraphqlInvoice = (i: InvoiceView): BookingInvoice => ({
  bookingId: i.bookingId,
  serviceBookingId: i.serviceBookingId ?? null,
  invoiceNumber: i.invoiceNumber,
  issuedAt: new Date(i.issuedAt),
  currency: i.currency,
  seller: toGraphqlSeller(i.seller),
  kind: isStandardInvoice(i) ? 'standard' : 'simplified',
  buyer: {
    name: i.buyer.name,
    email: i.buyer.email,
    companyName: i.buyer.companyName,
    vatNumber: i.buyer.vatNumber ?? null,
    crNumber: i.buyer.crNumber ?? null,
    nationalAddress: i.buyer.nationalAddress ?? null,
  },
  lines: i.lines.map((l) => ({
    description: l.description,
    period: l.period,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
  })),
  subtotal: i.subtotal,
  vatRate: i.vatRate,
  vat: i.vat,
  total: i.total,
  cardBrand: i.payment?.cardBrand ?? null,
  cardLast4: i.payment?.cardLast4 ?? null,
  startDate: new Date(i.booking.startDate),
  endDate: new Date(i.booking.endDate),
  qrPayload: i.qrPayload,
});

@Resolver()
export class InvoiceResolver {
  @Authorized()
  @Query(() => BookingInvoice, {
    description:
      'The tax invoice of a paid booking (standard for a company buyer, else simplified), as issued (its user, the listing host without the card, or an admin)',
  })
  async bookingInvoice(@Arg('bookingId', () => String) bookingId: string, @Context() ctx: Ctx) {
    return toGraphqlInvoice(await ctx.services.invoices.get(ctx.user, bookingId));
  }

  @Authorized()
  @Query(() => BookingInvoice, {
    description: 'The tax invoice of a paid service booking (standard or simplified), as issued (its customer or an admin)',
  })
  async serviceBookingInvoice(@Arg('serviceBookingId', () => String) serviceBookingId: string, @Context() ctx: Ctx) {
    return toGraphqlInvoice(await ctx.services.invoices.getForServiceBooking(ctx.user, serviceBookingId));
  }

  @Authorized()
  @Query(() => [CommissionInvoice], {
    description: "The platform's monthly commission invoices to the calling host, newest first (an admin: every host's)",
  })
  async hostCommissionInvoices(@Context() ctx: Ctx) {
    const list = await ctx.services.commissionInvoices.list(ctx.user);
    const xml = await ctx.services.commissionInvoices.withXml(
      'commission_invoice_id',
      list.map((i) => i.id),
    );
    return list.map((i) => toGraphqlCommissionInvoice(i, xml.has(i.id)));
  }

  @Authorized()
  @Query(() => CommissionInvoice, { description: 'One commission invoice, as issued (its host or an admin)' })
  async hostCommissionInvoice(@Arg('id', () => String) id: string, @Context() ctx: Ctx) {
    const i = await ctx.services.commissionInvoices.get(ctx.user, id);
    return toGraphqlCommissionInvoice(i, (await ctx.services.commissionInvoices.withXml('commission_invoice_id', [i.id])).has(i.id));
  }

  @Authorized()
  @Query(() => [CommissionCreditNote], {
    description:
      "The platform's credit notes to the calling host for commission given back on refunds after the month's invoice was issued, newest first (an admin: every host's)",
  })
  async hostCommissionCreditNotes(@Context() ctx: Ctx) {
    const list = await ctx.services.commissionInvoices.creditNotes(ctx.user);
    const xml = await ctx.services.commissionInvoices.withXml(
      'commission_credit_note_id',
      list.map((n) => n.id),
    );
    return list.map((n) => toGraphqlCommissionCreditNote(n, xml.has(n.id)));
  }

  @Authorized()
  @Query(() => CommissionCreditNote, { description: 'One commission credit note, as issued (its host or an admin)' })
  async hostCommissionCreditNote(@Arg('id', () => String) id: string, @Context() ctx: Ctx) {
    const n = await ctx.services.commissionInvoices.creditNote(ctx.user, id);
    return toGraphqlCommissionCreditNote(n, (await ctx.services.commissionInvoices.withXml('commission_credit_note_id', [n.id])).has(n.id));
  }
}
