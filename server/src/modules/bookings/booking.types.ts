import { Field, ID, InputType, ObjectType } from 'type-graphql';

@InputType()
export class CreateBookingInput {
  @Field(() => ID) resourceId!: string;
  @Field(() => String, { nullable: true, description: 'ISO timestamp (not needed for digital resources)' }) startDate?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO timestamp, after startDate' }) endDate?: string | null;
}

@ObjectType()
export class BusyRange {
  @Field(() => Date) startDate!: Date;
  @Field(() => Date) endDate!: Date;
}
