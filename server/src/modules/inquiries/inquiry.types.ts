import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { InquiryServiceType } from './inquiry.entity.js';

@InputType()
export class InquiryInput {
  @Field(() => InquiryServiceType, { nullable: true, description: 'Defaults to resource-sharing' })
  serviceType?: InquiryServiceType | null;
  @Field(() => String) fullName!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) companyName?: string | null;
  @Field(() => String) message!: string;
  @Field(() => String, { nullable: true, description: 'Consultation requests: YYYY-MM-DD, not before today (Riyadh)' })
  preferredDate?: string | null;
  @Field(() => String, { nullable: true, description: 'Consultation requests: HH:MM (24 h)' })
  preferredTime?: string | null;
  @Field(() => String, { nullable: true, description: "Language of the confirmation email: 'en' or 'ar'" })
  locale?: string | null;
}

@ObjectType()
export class InquiryStats {
  @Field(() => Int) total!: number;
  @Field(() => Int) new!: number;
  @Field(() => Int) inProgress!: number;
  @Field(() => Int) resolved!: number;
  @Field(() => Int) closed!: number;
}
