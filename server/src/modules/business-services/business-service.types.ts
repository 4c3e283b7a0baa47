import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { Locale } from '../../shared/locale.js';

@ObjectType()
export class ProcessStep {
  @Field(() => Int) step!: number;
  @Field(() => String) title!: string;
  @Field(() => String) description!: string;
}

/** A business service in one language (spec section 3 "Service"). */
@ObjectType()
export class BusinessService {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'A lucide icon name' }) icon!: string;
  @Field(() => String, { nullable: true, description: 'Path of an illustration served by the client' }) image!: string | null;
  @Field(() => String) details!: string;
  @Field(() => [String]) benefits!: string[];
  @Field(() => [ProcessStep]) processSteps!: ProcessStep[];
  @Field(() => String, { description: "Language of the text: 'en' or 'ar'" }) locale!: Locale;
}
