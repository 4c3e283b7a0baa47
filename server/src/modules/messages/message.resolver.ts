import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { perEvent, withAccess } from '../../graphql/live-access.js';
import { Message } from './message.entity.js';
import { MESSAGE_TOPICS, type MessageAddedEvent } from './message.events.js';
import { ConversationPage, ConversationView, MessagePage, StartConversationInput, StartedConversation } from './message.types.js';

const loaded = new WeakMap<object, Promise<Message | null>>();
/** Fresh per event, once per event for all its subscribers on this instance. */
const load = (ctx: Ctx, e: MessageAddedEvent) =>
  perEvent(loaded, e, () => ctx.deps.orm.em.fork().findOne(Message, { id: e.messageId })).then((m) => {
    if (!m) throw new Error('Message no longer exists');
    return m;
  });

/** Customer–host messages; the same operations as /api/conversations (MessageService decides who sees what). */
@Resolver()
export class MessageResolver {
  @Authorized()
  @Query(() => ConversationPage, { description: "The caller's conversations, most recent activity first" })
  myConversations(
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.messages.list(ctx.user!, { limit, offset });
  }

  @Authorized()
  @Query(() => ConversationView, { description: 'One of your conversations' })
  conversation(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.messages.get(ctx.user!, id);
  }

  @Authorized()
  @Query(() => ConversationView, { nullable: true, description: 'Your conversation with the host about this listing, if any' })
  conversationForResource(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    return ctx.services.messages.forResource(ctx.user!, resourceId);
  }

  @Authorized()
  @Query(() => MessagePage, {
    description: "A conversation's messages, newest first: its participants, and admins for moderation (audit logged)",
  })
  conversationMessages(
    @Arg('id', () => ID) id: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.messages.messages(ctx.user!, id, { limit, offset });
  }

  @Authorized()
  @Query(() => Int, { description: 'Messages from others in your conversations that you have not read' })
  unreadMessagesCount(@Context() ctx: Ctx) {
    return ctx.services.messages.unreadCount(ctx.user!);
  }

  @Authorized()
  @Mutation(() => StartedConversation, { description: 'Ask the host: starts, or continues, your conversation about a listing' })
  startConversation(@Arg('input', () => StartConversationInput) input: StartConversationInput, @Context() ctx: Ctx) {
    return ctx.services.messages.start(ctx.user!, input);
  }

  @Authorized()
  @Mutation(() => Message)
  sendMessage(@Arg('conversationId', () => ID) conversationId: string, @Arg('body', () => String) body: string, @Context() ctx: Ctx) {
    return ctx.services.messages.send(ctx.user!, conversationId, { body });
  }

  @Authorized()
  @Mutation(() => ConversationView, { description: 'Marks the conversation read up to its latest message' })
  markConversationRead(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.messages.markRead(ctx.user!, id);
  }

  @Authorized()
  @Subscription(() => Message, {
    topics: MESSAGE_TOPICS.added,
    // The recipient only, checked against their CURRENT status and session (live-access.ts): not the sender, not
    // admins (moderation reads the stored conversation, audited), not a suspended or signed-out subscriber.
    filter: ({ payload, context }: { payload: MessageAddedEvent; context: Ctx }) =>
      withAccess(context.deps, context.user, (who) => !!who && who.id === payload.recipientId),
    description: 'A new message for you in one of your conversations (delivered to the other participant only)',
  })
  messageAdded(@Root() payload: MessageAddedEvent, @Context() ctx: Ctx) {
    return load(ctx, payload);
  }
}
