import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class PayoutDocument {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'commercial_register, bank_letter, national_address or other' }) type!: string;
  @Field(() => String) name!: string;
  @Field(() => Float) size!: number;
  @Field(() => String) uploadedAt!: string;
}

@ObjectType({ description: "A host's payout profile (their MyFatoorah supplier); the IBAN is never sent whole" })
export class PayoutAccountGql {
  @Field(() => String) legalName!: string;
  @Field(() => String) commercialRegistration!: string;
  @Field(() => String, { nullable: true }) vatNumber!: string | null;
  @Field(() => String, { nullable: true, description: "The host's Saudi mobile (E.164), MyFatoorah's contact for the supplier" })
  mobile!: string | null;
  @Field(() => String) bank!: string;
  @Field(() => String, { description: 'Masked: only the last 4 characters are shown' }) iban!: string;
  @Field(() => String) ibanLast4!: string;
  @Field(() => [PayoutDocument]) documents!: PayoutDocument[];
  @Field(() => String, { description: 'none, pending (awaiting MyFatoorah), approved or rejected' }) supplierStatus!: string;
  @Field(() => String, { nullable: true, description: "MyFatoorah's reason for a rejection" }) supplierComment!: string | null;
  @Field(() => String) updatedAt!: string;
}

@InputType()
export class PayoutDocumentInput {
  @Field(() => String) type!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'A base64 data URL (PDF, JPEG or PNG, at most 5 MB)' }) dataUrl!: string;
}

@InputType()
export class PayoutAccountInput {
  @Field(() => String) legalName!: string;
  @Field(() => String) commercialRegistration!: string;
  @Field(() => String, { nullable: true }) vatNumber?: string | null;
  @Field(() => String, { description: 'A Saudi mobile number (05XXXXXXXX or +966 5X XXX XXXX)' }) mobile!: string;
  @Field(() => String) bank!: string;
  @Field(() => String) iban!: string;
  @Field(() => [PayoutDocumentInput], { nullable: true }) documents?: PayoutDocumentInput[] | null;
}

@ObjectType()
export class EarningsItem {
  @Field(() => ID) paymentId!: string;
  @Field(() => String, { nullable: true }) bookingId!: string | null;
  @Field(() => String) resourceTitle!: string;
  @Field(() => String) category!: string;
  @Field(() => String) paidAt!: string;
  @Field(() => Float) gross!: number;
  @Field(() => Float) commission!: number;
  @Field(() => Float) vatOnCommission!: number;
  @Field(() => Float, { description: "The customer's VAT Mawarid keeps and remits as deemed supplier (host not VAT-registered), else 0" })
  platformVat!: number;
  @Field(() => Float, { description: "The host's part of this payment's refund (recorded, not refused)" }) refunded!: number;
  @Field(() => Float, { description: 'What the host keeps: gross − commission − VAT on commission − platform VAT − refunded' })
  net!: number;
  @Field(() => String, { description: 'split (sent to the host through MyFatoorah) or held (no approved payout profile yet)' })
  status!: string;
}

@ObjectType({ description: "A transfer of a host's held balance to its MyFatoorah supplier (TransferBalance, push)" })
export class HeldPayout {
  @Field(() => ID) id!: string;
  @Field(() => ID) hostId!: string;
  @Field(() => Int) amountHalalas!: number;
  @Field(() => Float, { description: 'SAR' }) amount!: number;
  @Field(() => String, { description: 'requested (sent, not confirmed), transferred or failed (refused: still held)' }) status!: string;
  @Field(() => String, { description: "push (paid to the host's supplier) or pull (what the host owed, collected back)" })
  transferType!: string;
  @Field(() => String, { nullable: true, description: "MyFatoorah's reference of the transfer (InvoiceId)" }) gatewayReference!:
    string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String) createdAt!: string;
  @Field(() => String, { nullable: true }) transferredAt!: string | null;
}

@ObjectType({ description: "A host's held balance (shares kept by the platform before its payout profile was approved)" })
export class HeldBalance {
  @Field(() => ID) hostId!: string;
  @Field(() => String) hostName!: string;
  @Field(() => String) hostEmail!: string;
  @Field(() => Int, { nullable: true }) supplierCode!: number | null;
  @Field(() => String, { description: 'none, pending, approved or rejected' }) supplierStatus!: string;
  @Field(() => Int, { description: 'Below 0 when the host owes the platform' }) heldHalalas!: number;
  @Field(() => Float, { description: 'SAR' }) held!: number;
  @Field(() => Int, { description: 'What the host owes the platform (held shares refunded after their transfer), halalas' })
  owedHalalas!: number;
  @Field(() => Float, { description: 'SAR' }) owed!: number;
  @Field(() => Boolean, { description: 'Approved supplier, something held and no transfer in flight' }) payable!: boolean;
  @Field(() => Boolean) inFlight!: boolean;
  @Field(() => HeldPayout, { nullable: true, description: 'The transfer in flight (sent, not answered yet or never)' })
  inFlightPayout!: HeldPayout | null;
  @Field(() => Boolean, { description: 'The transfer in flight was sent long enough ago to be resolved by an admin' })
  resolvable!: boolean;
}

@ObjectType({ description: "A host's earnings over a period, SAR" })
export class HostEarnings {
  @Field(() => String, { nullable: true }) from!: string | null;
  @Field(() => String, { nullable: true }) to!: string | null;
  @Field(() => Float) gross!: number;
  @Field(() => Float) commission!: number;
  @Field(() => Float) vatOnCommission!: number;
  @Field(() => Float, { description: "The customers' VAT Mawarid keeps and remits as deemed supplier (docs/money.md)" })
  platformVat!: number;
  @Field(() => Float, { description: "The host's parts of these payments' refunds" }) refunded!: number;
  @Field(() => Float, { description: 'gross − commission − VAT on commission − platform VAT − refunded' }) net!: number;
  @Field(() => Float, {
    description: 'The host’s share held by the platform now (after refunds and transfers), whatever the period',
  })
  pending!: number;
  @Field(() => Float, {
    description: 'What the host owes the platform now (held shares refunded after their transfer), netted from its next held shares',
  })
  owed!: number;
  @Field(() => Float, { description: 'Deposited to the host by MyFatoorah (GetSupplierDeposits)' }) paidOut!: number;
  @Field(() => Float, { description: "Held shares transferred to the host's supplier in the period" }) transferred!: number;
  @Field(() => [HeldPayout]) payouts!: HeldPayout[];
  @Field(() => Int, { description: 'Rows in the period (the totals are over all of them)' }) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => [EarningsItem], { description: 'Page `page` of the rows, newest first' }) items!: EarningsItem[];
}

@ObjectType()
export class CategoryCommission {
  @Field(() => String) category!: string;
  @Field(() => Float) commissionPercent!: number;
  @Field(() => Float) commissionFixed!: number;
}

@ObjectType({ description: "The platform's commission on hosts' sales" })
export class MarketplaceSettings {
  @Field(() => Float) commissionPercent!: number;
  @Field(() => Float, { description: 'SAR per payment' }) commissionFixed!: number;
  @Field(() => [CategoryCommission]) byCategory!: CategoryCommission[];
}

@InputType()
export class CategoryCommissionInput {
  @Field(() => String) category!: string;
  @Field(() => Float) commissionPercent!: number;
  @Field(() => Float, { nullable: true }) commissionFixed?: number | null;
}

@InputType()
export class MarketplaceSettingsInput {
  @Field(() => Float) commissionPercent!: number;
  @Field(() => Float, { nullable: true }) commissionFixed?: number | null;
  @Field(() => [CategoryCommissionInput], { nullable: true }) byCategory?: CategoryCommissionInput[] | null;
}
