import { graphql } from '../../gql';

graphql(`
  fragment MessageFields on Message {
    id
    conversationId
    senderId
    body
    bookingId
    createdAt
  }
`);

graphql(`
  fragment ConversationFields on Conversation {
    id
    resourceId
    resourceTitle
    myRole
    otherUserId
    otherUserName
    otherUserDeleted
    bookingId
    unreadCount
    lastMessageAt
    lastMessage {
      ...MessageFields
    }
  }
`);

export const MyConversationsQuery = graphql(`
  query MyConversations {
    myConversations(limit: 100) {
      total
      items {
        ...ConversationFields
      }
    }
  }
`);

export const ConversationQuery = graphql(`
  query Conversation($id: ID!) {
    conversation(id: $id) {
      ...ConversationFields
    }
  }
`);

export const ConversationForResourceQuery = graphql(`
  query ConversationForResource($resourceId: ID!) {
    conversationForResource(resourceId: $resourceId) {
      id
    }
    resource(id: $resourceId) {
      id
      title
      ownerId
    }
  }
`);

export const ConversationMessagesQuery = graphql(`
  query ConversationMessages($id: ID!, $limit: Int) {
    conversationMessages(id: $id, limit: $limit) {
      total
      items {
        ...MessageFields
      }
    }
  }
`);

export const UnreadMessagesCountQuery = graphql(`
  query UnreadMessagesCount {
    unreadMessagesCount
  }
`);

export const StartConversationMutation = graphql(`
  mutation StartConversation($input: StartConversationInput!) {
    startConversation(input: $input) {
      created
      conversation {
        ...ConversationFields
      }
      message {
        ...MessageFields
      }
    }
  }
`);

export const SendMessageMutation = graphql(`
  mutation SendMessage($conversationId: ID!, $body: String!) {
    sendMessage(conversationId: $conversationId, body: $body) {
      ...MessageFields
    }
  }
`);

export const MarkConversationReadMutation = graphql(`
  mutation MarkConversationRead($id: ID!) {
    markConversationRead(id: $id) {
      id
      unreadCount
    }
  }
`);

export const MessageAddedSubscription = graphql(`
  subscription MessageAdded {
    messageAdded {
      ...MessageFields
    }
  }
`);
