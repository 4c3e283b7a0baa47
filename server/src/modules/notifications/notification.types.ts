import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'What a notification shows besides its kind (each field only where the kind has it)' })
export class NotificationParamsView {
  @Field(() => String, { nullable: true }) resourceTitle?: string | null;
  @Field(() => String, { nullable: true, description: 'The other person: the customer, the sender, the reviewer' }) otherName?:
    string | null;
  @Field(() => String, { nullable: true, description: "A rejected listing's reason" }) reason?: string | null;
  @Field(() => Int, { nullable: true }) rating?: number | null;
  @Field(() => String, { nullable: true, description: "The inquiry's, service booking's or refund's new status" }) status?: string | null;
  @Field(() => String, { nullable: true }) service?: string | null;
  @Field(() => String, { nullable: true }) serviceAr?: string | null;
  @Field(() => Date, { nullable: true, description: 'When a hold expires (hold_expiring)' }) expiresAt?: Date | null;
}

@ObjectType({ description: 'Something that happened that the signed-in user cares about' })
export class NotificationItem {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'One of NOTIFICATION_KINDS (shared/notifications.rules.ts)' }) kind!: string;
  @Field(() => NotificationParamsView) params!: NotificationParamsView;
  @Field(() => String, { description: 'The path of the thing it is about' }) link!: string;
  @Field(() => Date, { nullable: true }) readAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class NotificationPageView {
  @Field(() => [NotificationItem]) items!: NotificationItem[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => Int) unreadCount!: number;
}

@ObjectType()
export class NotificationPreferenceView {
  @Field(() => String) kind!: string;
  @Field(() => Boolean) email!: boolean;
}

@InputType()
export class NotificationPreferenceInput {
  @Field(() => String) kind!: string;
  @Field(() => Boolean) email!: boolean;
}
