import type { Server } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';

/** How long requests in flight get to finish when the server stops, before their connections are cut. */
const GRACE_MS = 10_000;
/** How often, while stopping, connections that have finished their request are closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops the HTTP server for Apollo's `stop()` (a deploy or Ctrl-C): no new connections, every request already begun
 * answered, then the connections closed.
 *
 * In place of Apollo's drain plugin, which ends every connection that has not yet emitted a request: a proxy's
 * request that had arrived but was not yet parsed was then still read and run — stored — with its answer written
 * to a closed socket, and nginx answered the client 502 for a write that was done. Node's own bookkeeping knows
 * which connections have begun a request (`closeIdleConnections` spares them): a connection closed here has sent
 * nothing the application has seen, so a proxy may retry it elsewhere, and one that has begun is answered.
 */
export function drainHttpServer(httpServer: Server): ApolloServerPlugin {
  let stopping = false;
  // Answers given while stopping close their connection, so clients do not send another request on it.
  httpServer.on('request', (_req, res) => {
    if (stopping) res.shouldKeepAlive = false;
  });
  return {
    async serverWillStart() {
      return {
        async drainServer() {
          stopping = true;
          const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
          const sweep = setInterval(() => httpServer.closeIdleConnections(), IDLE_SWEEP_MS);
          const cut = setTimeout(() => httpServer.closeAllConnections(), GRACE_MS);
          try {
            await closed;
          } finally {
            clearInterval(sweep);
            clearTimeout(cut);
          }
        },
      };
    },
  };
}
