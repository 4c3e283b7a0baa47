import type { Deps } from '../deps.js';
import { User } from '../modules/users/user.entity.js';
import { Role, UserStatus } from '../modules/common/roles.js';
import { USER_TOPICS, type UserChangedEvent } from '../modules/users/user.events.js';

/** What a subscriber may see right now: their current role, or null if the account is gone or not active. */
export interface LiveAccess {
  id: string;
  role: Role;
  /** The account's current session version: a subscription opened under an older one sees nothing. */
  tokenVersion: number;
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
  /** Loaded answers, so that a filter can decide synchronously (the fan-out path runs thousands per event). */
  private known = new Map<string, LiveAccess | null>();
  private stop: () => void;
  /** The first event after a thousand subscribers connected asks for a thousand users: one query, not a thousand. */
  private users: CoalescingLoader<User>;

  constructor(private deps: Deps) {
    this.users = new CoalescingLoader(
      (ids) => deps.orm.em.fork().find(User, { id: { $in: ids } }),
      (u) => u.id,
    );
    this.stop = deps.bus.on(USER_TOPICS.userChanged, (e) => this.forget((e as UserChangedEvent).userId));
  }

  private forget(userId: string) {
    this.entries.delete(userId);
    this.known.delete(userId);
  }

  get(userId: string): LiveAccess | null | Promise<LiveAccess | null> {
    const known = this.known.get(userId);
    if (known !== undefined || this.known.has(userId)) return known ?? null;
    let hit = this.entries.get(userId);
    if (!hit) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.clear();
        this.known.clear();
      }
      const load = this.users
        .load(userId)
        .then((u) => (u && u.status === UserStatus.active ? { id: u.id, role: u.role, tokenVersion: u.tokenVersion } : null));
      hit = load;
      // Remembered only if nothing changed the user meanwhile; a failed load (database restarting) is not remembered.
      load.then(
        (v) => void (this.entries.get(userId) === load && this.known.set(userId, v)),
        () => this.entries.get(userId) === load && this.entries.delete(userId),
      );
      this.entries.set(userId, hit);
    }
    return hit;
  }

  close() {
    this.stop();
    this.entries.clear();
    this.known.clear();
  }
}

const caches = new WeakMap<Deps, AccessCache>();

function cacheOf(deps: Deps): AccessCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new AccessCache(deps)));
  return cache;
}

/** A subscription's user as they authenticated: their id and the session version of their token. */
export interface Subscriber {
  id: string;
  tokenVersion: number;
}

/** The subscriber's current access (null: visitor, an account that is no longer active, or an ended session). */
export async function liveAccess(deps: Deps, user: Subscriber | null | undefined): Promise<LiveAccess | null> {
  return withAccess(deps, user, (a) => a);
}

/**
 * Calls `decide` with the subscriber's current access: synchronously when it is known (the usual case), after
 * loading it otherwise. Filters use this so that the fan-out decides for a thousand subscribers without a promise each.
 */
export function withAccess<T>(
  deps: Deps,
  user: Subscriber | null | undefined,
  decide: (a: LiveAccess | null) => T | Promise<T>,
): T | Promise<T> {
  if (!user) return decide(null);
  // The subscriber's session must still be the current one (not ended by a sign-out everywhere or a password change).
  const current = (a: LiveAccess | null) => (a && a.tokenVersion === user.tokenVersion ? a : null);
  const a = cacheOf(deps).get(user.id);
  return a instanceof Promise ? a.catch(() => null).then((v) => decide(current(v))) : decide(current(a));
}

/** Whether the subscriber is an active admin right now. */
export function isLiveAdmin(deps: Deps, user: Subscriber | null | undefined): boolean | Promise<boolean> {
  return withAccess(deps, user, (a) => a?.role === Role.admin);
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

/**
 * Loads entities by id for the live resolvers, at most one query in flight per loader: ids asked for while a query
 * runs wait and go together in the next one. Under a burst of events (a hundred a second) that is one query per
 * burst instead of one per event; with the embedded database's single connection, one per event queues behind the
 * fan-out and delays every delivery. Every id is read by a query that starts after it was asked for, so an event
 * published after a commit always sees that commit.
 */
export class CoalescingLoader<T> {
  private waiting = new Map<string, Array<[(v: T | null) => void, (e: unknown) => void]>>();
  private running = false;

  constructor(
    private loadMany: (ids: string[]) => Promise<Iterable<T>>,
    private idOf: (t: T) => string,
  ) {}

  load(id: string): Promise<T | null> {
    return new Promise((resolve, reject) => {
      const w = this.waiting.get(id);
      if (w) w.push([resolve, reject]);
      else this.waiting.set(id, [[resolve, reject]]);
      if (!this.running) void this.run();
    });
  }

  private async run() {
    this.running = true;
    await Promise.resolve(); // the ids asked for in this turn go in the first query
    while (this.waiting.size) {
      const batch = this.waiting;
      this.waiting = new Map();
      try {
        const found = new Map<string, T>();
        for (const t of await this.loadMany([...batch.keys()])) found.set(this.idOf(t), t);
        for (const [id, ws] of batch) for (const [resolve] of ws) resolve(found.get(id) ?? null);
      } catch (err) {
        for (const ws of batch.values()) for (const [, reject] of ws) reject(err);
      }
    }
    this.running = false;
  }
}

/** One loader per server (per Deps) and kind. */
export function loaderOf<T>(store: WeakMap<Deps, CoalescingLoader<T>>, deps: Deps, make: () => CoalescingLoader<T>): CoalescingLoader<T> {
  let l = store.get(deps);
  if (!l) store.set(deps, (l = make()));
  return l;
}

/**
 * The events of `source` that pass `keep`, one at a time and in order. Ending the subscription ends the source at
 * once (an async generator would wait for the next event before letting go of its listener).
 */
export function filtered<T>(source: AsyncIterable<T>, keep: (payload: T) => boolean | Promise<boolean>): AsyncIterableIterator<T> {
  const it = source[Symbol.asyncIterator]();
  return {
    async next() {
      for (;;) {
        const r = await it.next();
        if (r.done || (await keep(r.value))) return r;
      }
    },
    return: () => it.return?.() ?? Promise.resolve({ value: undefined, done: true }),
    throw: (err) => it.throw?.(err) ?? Promise.reject(err),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
