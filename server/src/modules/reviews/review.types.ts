import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { Review } from './review.entity.js';

@InputType()
export class ReviewInput {
  @Field(() => Int, { description: '1 to 5 stars' }) rating!: number;
  @Field(() => String) comment!: string;
}

@InputType()
export class CustomerRatingInput {
  @Field(() => Int, { description: '1 to 5 stars' }) rating!: number;
  @Field(() => String, { nullable: true, description: 'Private note for other hosts' }) note?: string | null;
}

@ObjectType()
export class ReviewPage {
  @Field(() => [Review]) items!: Review[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType({ description: "What a host sees of a booking's customer; never shown to the customer or the public" })
export class CustomerRatingSummary {
  @Field(() => Float, { nullable: true, description: "The customer's average rating from other hosts" }) average!: number | null;
  @Field(() => Int, { description: 'How many ratings by other hosts' }) count!: number;
  @Field(() => Int, { nullable: true, description: "Your own rating of this booking's customer" }) myRating!: number | null;
  @Field(() => String, { nullable: true }) myNote!: string | null;
}
