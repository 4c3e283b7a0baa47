import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { SetContextLink } from '@apollo/client/link/context';
import { getMainDefinition } from '@apollo/client/utilities';
import { Observable, type Subscription } from 'rxjs';
import { session } from './session';
import { currentBase, failOver, graphqlHttpUrl, graphqlWsUrl } from './backend';

/** Operations whose UNAUTHENTICATED answer is about the credentials typed, not an expired session. */
const CREDENTIAL_OPERATIONS = new Set(['Login', 'Register']);

export function isUnauthenticated(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
  if (ServerError.is(error)) return error.statusCode === 401;
  return false;
}

const isNetworkError = (error: unknown) =>
  error instanceof TypeError || (ServerError.is(error) && error.statusCode === 403 && !error.bodyText.includes('"errors"'));

export function createApolloClient(onSessionExpired: () => void) {
  const auth = new SetContextLink((prev) => {
    const token = session.token();
    return { headers: { ...prev.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });

  const errors = new ErrorLink(({ error, operation, forward }) => {
    if (isUnauthenticated(error) && !CREDENTIAL_OPERATIONS.has(operation.operationName ?? '') && session.token()) {
      onSessionExpired();
      return;
    }
    // Backend failover: one retry per request on the next candidate base URL.
    const ctx = operation.getContext() as { failedOver?: boolean };
    if (isNetworkError(error) && !ctx.failedOver && failOver(currentBase())) {
      operation.setContext({ failedOver: true });
      return forward(operation);
    }
    return;
  });

  const http = new HttpLink({ uri: () => graphqlHttpUrl() });

  // Subscriptions (signed-in users only) go over a WebSocket. Its code (graphql-ws) loads with the first one,
  // so a visitor who never subscribes does not download it.
  let socket: ReturnType<typeof loadSocket> | undefined;
  const loadSocket = () =>
    import('./ws').then(({ createWsLink }) => {
      const socketLink = createWsLink({
        url: () => graphqlWsUrl(),
        connectionParams: () => {
          const token = session.token();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
        lazy: true,
        retryAttempts: Infinity,
        shouldRetry: () => true,
        retryWait: async (retries) => new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** retries, 15000))),
      });
      // After a drop (network, server restart) the socket reconnects by itself; events sent meanwhile were missed,
      // so the queries on screen are refetched once it is back.
      let connectedBefore = false;
      socketLink.client.on('connected', () => {
        if (connectedBefore) void client.refetchQueries({ include: 'active' });
        connectedBefore = true;
      });
      return socketLink;
    });
  const wsLink = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let subscription: Subscription | undefined;
        let closed = false;
        (socket ??= loadSocket()).then(
          ({ link }) => {
            if (!closed) subscription = link.request(operation).subscribe(observer);
          },
          (err: unknown) => observer.error(err),
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );

  const transport = ApolloLink.split(
    ({ query }) => {
      const def = getMainDefinition(query);
      return def.kind === 'OperationDefinition' && def.operation === 'subscription';
    },
    wsLink,
    http,
  );

  const client = new ApolloClient({
    link: ApolloLink.from([errors, auth, transport]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });

  // The socket's identity follows the session: reconnect when the user logs in or out.
  let lastToken = session.token();
  session.subscribe(() => {
    const token = session.token();
    if (token !== lastToken) {
      lastToken = token;
      void socket?.then(({ client: socketClient }) => socketClient.terminate());
    }
  });
  return { client };
}
