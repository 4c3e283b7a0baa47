import { Field, ObjectType } from 'type-graphql';

@ObjectType()
export class NewsletterSubscription {
  @Field(() => String, { description: 'The address, partly masked' }) email!: string;
  @Field(() => Boolean) subscribed!: boolean;
}
