import type { WebSocket, WebSocketServer } from 'ws';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventBus } from '../../graphql/pubsub.js';
import { User } from '../users/user.entity.js';
import { UserStatus } from '../common/roles.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';

/** graphql-ws close code 4401 (Unauthorized): the client treats it as final and does not reconnect. */
const CLOSE_UNAUTHORIZED = 4401;

/** Whose connection this is, and the session version its token was issued under. */
const owners = new WeakMap<WebSocket, { userId: string; version: number }>();

/** Remembers whose connection this is (called when a WebSocket connection authenticates). */
export function markSocketUser(socket: unknown, user: { id: string; tokenVersion: number } | null | undefined) {
  if (user) owners.set(socket as WebSocket, { userId: user.id, version: user.tokenVersion });
}

/**
 * HTTP requests reload the user each time, so a suspended or deactivated account, or a token of an ended
 * session, is refused at once. Open WebSocket connections were authenticated when they opened: this closes them
 * as soon as an account stops being active or its session version moves on (USER_CHANGED, which travels through
 * Redis to every instance), so live subscriptions stop at once too.
 * Returns a function that stops watching.
 */
export function closeSocketsOfInactiveUsers(wsServer: WebSocketServer, bus: EventBus, orm: MikroORM): () => void {
  const events = bus.subscribe(USER_TOPICS.userChanged) as AsyncIterableIterator<UserChangedEvent>;
  void (async () => {
    for await (const { userId } of events) {
      try {
        const user = await orm.em.fork().findOne(User, { id: userId });
        for (const socket of wsServer.clients) {
          const owner = owners.get(socket);
          if (owner?.userId !== userId) continue;
          if (!user || user.status !== UserStatus.active || user.tokenVersion !== owner.version)
            socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
        }
      } catch {
        /* the database is closing; nothing to do */
      }
    }
  })();
  return () => void events.return?.();
}
