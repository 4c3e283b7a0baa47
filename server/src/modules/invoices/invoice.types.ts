import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class InvoiceSeller {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'VAT registration number (general settings)' }) vatNumber!: string;
  @Field(() => String) address!: string;
  @Field(() => String) contactEmail!: string;
  @Field(() => String) contactPhone!: string;
}

@ObjectType()
export class InvoiceBuyer {
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
}

@ObjectType()
export class InvoiceLine {
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'Pricing period: hour, day, week, month…' }) period!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float, { description: 'SAR per period, before VAT' }) unitPrice!: number;
  @Field(() => Float, { description: 'SAR, before VAT' }) amount!: number;
}

@ObjectType()
export class BookingInvoice {
  @Field(() => String) bookingId!: string;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => Date) issuedAt!: Date;
  @Field(() => String) currency!: string;
  @Field(() => InvoiceSeller) seller!: InvoiceSeller;
  @Field(() => InvoiceBuyer) buyer!: InvoiceBuyer;
  @Field(() => [InvoiceLine]) lines!: InvoiceLine[];
  @Field(() => Float) subtotal!: number;
  @Field(() => Float) vatRate!: number;
  @Field(() => Float) vat!: number;
  @Field(() => Float) total!: number;
  @Field(() => String, { nullable: true, description: 'The buyer’s card brand; null for the listing’s host' }) cardBrand!: string | null;
  @Field(() => String, { nullable: true, description: 'The buyer’s card’s last 4 digits; null for the listing’s host' }) cardLast4!: string | null;
  @Field(() => Date) startDate!: Date;
  @Field(() => Date) endDate!: Date;
  @Field(() => String, { description: 'ZATCA phase-1 QR payload: TLV tags 1–5, Base64' }) qrPayload!: string;
}
