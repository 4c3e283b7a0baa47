import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Message } from './message.entity.js';

/** A conversation as one of its two participants sees it (the other side, the listing, what is unread). */
@ObjectType('Conversation')
export class ConversationView {
  @Field(() => ID) id!: string;
  @Field(() => ID) resourceId!: string;
  @Field(() => String) resourceTitle!: string;
  @Field(() => String, { description: "'customer' or 'host': the caller's side of the conversation" }) myRole!: 'customer' | 'host';
  @Field(() => ID) otherUserId!: string;
  @Field(() => String, { description: "The other participant's name ('Deleted user' once their account is deleted)" })
  otherUserName!: string;
  @Field(() => Boolean, { description: 'The other account was deleted: nothing more can be sent' }) otherUserDeleted!: boolean;
  @Field(() => ID, { nullable: true, description: 'The latest booking the customer wrote from' }) bookingId!: string | null;
  @Field(() => Int, { description: 'Messages from the other side the caller has not read' }) unreadCount!: number;
  @Field(() => Message, { nullable: true }) lastMessage!: Message | null;
  @Field(() => Date) lastMessageAt!: Date;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class ConversationPage {
  @Field(() => [ConversationView], { description: 'Most recent activity first' }) items!: ConversationView[];
  @Field(() => Int) total!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType()
export class MessagePage {
  @Field(() => [Message], { description: 'Newest first: offset 0 is the latest message' }) items!: Message[];
  @Field(() => Int) total!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType()
export class StartedConversation {
  @Field(() => ConversationView) conversation!: ConversationView;
  @Field(() => Message) message!: Message;
  @Field(() => Boolean, { description: 'A new conversation (false: the existing one was continued)' }) created!: boolean;
}

@InputType()
export class StartConversationInput {
  @Field(() => ID) resourceId!: string;
  @Field(() => String) body!: string;
  @Field(() => ID, { nullable: true, description: "The caller's booking of this listing they write from" })
  bookingId?: string | null;
}
