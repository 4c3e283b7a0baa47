import { Arg, Authorized, Ctx as Context, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { BookingInvoice, type InvoiceView } from './invoice.types.js';
import { isStandardInvoice } from '../../shared/invoices.rules.js';
import {
  CommissionCreditNote,
  CommissionInvoice,
  toGraphqlCommissionCreditNote,
  toGraphqlCommissionInvoice,
} from './commission-invoice.types.js';

const toGraphqlInvoice = (i: InvoiceView): BookingInvoice => ({
  bookingId: i.booking_id,
  serviceBookingId: i.service_booking_id ?? null,
  invoiceNumber: i.invoice_number,
  issuedAt: new Date(i.issued_at),
  currency: i.currency,
  seller: {
    name: i.seller.name,
    vatNumber: i.seller.vat_number,
    address: i.seller.address,
    contactEmail: i.seller.contact_email,
    contactPhone: i.seller.contact_phone,
  },
  kind: isStandardInvoice(i) ? 'standard' : 'simplified',
  buyer: {
    name: i.buyer.name,
    email: i.buyer.email,
    companyName: i.buyer.company_name,
    vatNumber: i.buyer.vat_number ?? null,
    crNumber: i.buyer.cr_number ?? null,
    nationalAddress: i.buyer.national_address
      ? {
          buildingNumber: i.buyer.national_address.building_number,
          street: i.buyer.national_address.street,
          district: i.buyer.national_address.district,
          city: i.buyer.national_address.city,
          postalCode: i.buyer.national_address.postal_code,
          additionalNumber: i.buyer.national_address.additional_number,
        }
      : null,
  },
  lines: i.lines.map((l) => ({
    description: l.description,
    period: l.period,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    amount: l.amount,
  })),
  subtotal: i.subtotal,
  vatRate: i.vat_rate,
  vat: i.vat,
  total: i.total,
  cardBrand: i.payment?.card_brand ?? null,
  cardLast4: i.payment?.card_last4 ?? null,
  startDate: new Date(i.booking.start_date),
  endDate: new Date(i.booking.end_date),
  qrPayload: i.qr_payload,
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
    return (await ctx.services.commissionInvoices.list(ctx.user)).map(toGraphqlCommissionInvoice);
  }

  @Authorized()
  @Query(() => CommissionInvoice, { description: 'One commission invoice, as issued (its host or an admin)' })
  async hostCommissionInvoice(@Arg('id', () => String) id: string, @Context() ctx: Ctx) {
    return toGraphqlCommissionInvoice(await ctx.services.commissionInvoices.get(ctx.user, id));
  }

  @Authorized()
  @Query(() => [CommissionCreditNote], {
    description:
      "The platform's credit notes to the calling host for commission given back on refunds after the month's invoice was issued, newest first (an admin: every host's)",
  })
  async hostCommissionCreditNotes(@Context() ctx: Ctx) {
    return (await ctx.services.commissionInvoices.creditNotes(ctx.user)).map(toGraphqlCommissionCreditNote);
  }

  @Authorized()
  @Query(() => CommissionCreditNote, { description: 'One commission credit note, as issued (its host or an admin)' })
  async hostCommissionCreditNote(@Arg('id', () => String) id: string, @Context() ctx: Ctx) {
    return toGraphqlCommissionCreditNote(await ctx.services.commissionInvoices.creditNote(ctx.user, id));
  }
}
