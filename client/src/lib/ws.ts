import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type ClientOptions } from 'graphql-ws';

/** The WebSocket transport for subscriptions; a chunk of its own, loaded by lib/apollo with the first one. */
export function createWsLink(options: ClientOptions) {
  const client = createClient(options);
  return { client, link: new GraphQLWsLink(client) };
}
