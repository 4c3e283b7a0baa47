/** Topics of messages; published after the commit. Payloads are ids; subscribers load what they show. */
export const MESSAGE_TOPICS = {
  added: 'MESSAGE_ADDED',
} as const;

export interface MessageAddedEvent {
  messageId: string;
  conversationId: string;
  senderId: string;
  /** The other participant: the only subscriber the message is delivered to. */
  recipientId: string;
}
