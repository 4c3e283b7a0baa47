import { Field, ID, InputType } from 'type-graphql';
import { ServiceBookingStatus } from './service-booking.entity.js';

@InputType()
export class ServiceBookingInput {
  @Field(() => ID, { description: 'A business service id or corporate-law, contract-review, compliance' }) serviceId!: string;
  @Field(() => String, { description: 'YYYY-MM-DD, not before today (Riyadh)' }) preferredDate!: string;
  @Field(() => String, { nullable: true, description: 'HH:MM (24 h, Riyadh time)' }) preferredTime?: string | null;
  @Field(() => String, { description: 'Saudi (05XXXXXXXX, +9665XXXXXXXX) or international (+country code) number' }) contactNumber!: string;
  @Field(() => String) requirements!: string;
  @Field(() => ID, { nullable: true, description: 'One of the advisors the free slot lists (default: the first still free)' })
  advisorId?: string | null;
  @Field(() => String, { nullable: true, description: "Language of the emails about it: 'en' or 'ar' (default: the account's)" }) locale?:
    string | null;
}

@InputType()
export class UpdateServiceBookingInput {
  @Field(() => ServiceBookingStatus, {
    nullable: true,
    description: 'confirmed (needs price and scheduledAt), completed, or cancelled (needs reason); null: only assign advisorId',
  })
  status?: ServiceBookingStatus | null;
  @Field(() => ID, { nullable: true, description: 'Assign this advisor (covers the service, works and is free at the meeting time)' })
  advisorId?: string | null;
  @Field(() => String, { nullable: true, description: 'The quote in SAR before VAT, e.g. "1500" or "1500.50"' }) price?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 with its offset, in the future' }) scheduledAt?: string | null;
  @Field(() => String, { nullable: true }) reason?: string | null;
}
