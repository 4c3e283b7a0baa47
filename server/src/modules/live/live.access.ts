import type { Deps } from '../../deps.js';
import { User } from '../users/user.entity.js';
import { Role, UserStatus } from '../users/roles.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';

/** What a subscriber may see right now: their current role, or null if the account is gone or not active. */
export interface LiveAccess {
  id: string;
  role: Role;
}

const MAX_ENTRIES = 20_000;

/**
 * A subscription's context holds the user as they were when it started. Events are checked against the
 * subscriber's CURRENT role and status instead: loaded from the database once, then kept until that user
 * changes (USER_CHANGED, which travels through Redis like every event, so every instance forgets at once).
 * One cache per server (per Deps), so 1,000 subscribers do not mean 1,000 queries per event.
 */
class AccessCache {
  private entries = new Map<string, Promise<LiveAccess | null>>();
  private stop: () => void;

  constructor(private deps: Deps) {
    const events = deps.bus.subscribe(USER_TOPICS.userChanged) as AsyncIterableIterator<UserChangedEvent>;
    void (async () => {
      for await (const e of events) this.entries.delete(e.userId);
    })();
    this.stop = () => void events.return?.();
  }

  get(userId: string): Promise<LiveAccess | null> {
    let hit = this.entries.get(userId);
    if (!hit) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      hit = this.deps.orm.em
        .fork()
        .findOne(User, { id: userId })
        .then((u) => (u && u.status === UserStatus.active ? { id: u.id, role: u.role } : null));
      // A failed load (database restarting) is not remembered.
      hit.catch(() => this.entries.delete(userId));
      this.entries.set(userId, hit);
    }
    return hit;
  }

  close() {
    this.stop();
    this.entries.clear();
  }
}

const caches = new WeakMap<Deps, AccessCache>();

/** The subscriber's current access (null: visitor, or an account that is no longer active). */
export async function liveAccess(deps: Deps, user: { id: string } | null | undefined): Promise<LiveAccess | null> {
  if (!user) return null;
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new AccessCache(deps)));
  return cache.get(user.id).catch(() => null);
}

/** Whether the subscriber is an active admin right now. */
export async function isLiveAdmin(deps: Deps, user: { id: string } | null | undefined): Promise<boolean> {
  return (await liveAccess(deps, user))?.role === Role.admin;
}

/**
 * One value per event and server: every subscriber of an event shares the same payload object (the bus emits
 * one object to all its listeners), so what the resolvers load for it is loaded once.
 */
export function perEvent<T>(store: WeakMap<object, Promise<T>>, payload: object, load: () => Promise<T>): Promise<T> {
  let hit = store.get(payload);
  if (!hit) store.set(payload, (hit = load()));
  return hit;
}
