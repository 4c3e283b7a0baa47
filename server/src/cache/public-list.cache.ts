import type { Deps } from '../deps.js';
import { USER_TOPICS } from '../modules/users/user.events.js';
import { RESOURCE_TOPICS } from '../modules/resources/resource.events.js';

/**
 * What no event announces — a listing's view count, and so the "most viewed" order — may lag this long behind the
 * database. Everything else that changes a public page (a listing created, edited, approved, rejected or deleted; an
 * owner's name) empties the cache at once.
 */
export const PUBLIC_LIST_TTL_MS = 5_000;
/** Distinct filters remembered (searches are free text); the oldest goes first. */
const MAX_KEYS = 500;

/**
 * The public marketplace pages, per server instance. Every visitor asks for the same first page: answering it from
 * memory takes the database and the ORM's hydration out of the hottest request of the product (issue #9's API
 * budget: the list was CPU-bound at ≈ 2.5 ms a request, two thirds of it building entities and SQL).
 *
 * A listing change empties the cache synchronously on the instance that made it (`invalidate`, called by the
 * service after its commit) and, through the event bus (Redis with several instances), on every other instance.
 * A page that was being read when the cache was emptied is handed to the callers who asked before, never stored.
 * The cached pages hold entities of their own entity manager (a fork): no request's unit of work ever sees them.
 */
export class PublicListCache<T> {
  private entries = new Map<string, { at: number; value: Promise<T>; settled?: T }>();
  private stops: Array<() => void>;
  /** Counts invalidations: an answer built from the cache is reusable while this has not moved. */
  generation = 0;

  /** @param ttlMs how long an entry lives when no event empties the cache first. */
  constructor(
    deps: Deps,
    private ttlMs = PUBLIC_LIST_TTL_MS,
  ) {
    this.stops = [RESOURCE_TOPICS.resourceChanged, USER_TOPICS.userChanged].map((topic) => deps.bus.on(topic, () => this.invalidate()));
  }

  get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    else if (this.entries.size >= MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
    const entry: { at: number; value: Promise<T>; settled?: T } = { at: now, value: load() };
    this.entries.set(key, entry);
    entry.value.then(
      (v) => void (entry.settled = v),
      // A failed read (database restarting) is not remembered.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return entry.value;
  }

  /** The page for `key` if it is remembered, read and still fresh; otherwise undefined (nothing is loaded). */
  peek(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    return hit && now - hit.at < this.ttlMs ? hit.settled : undefined;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  close(): void {
    for (const stop of this.stops) stop();
    this.entries.clear();
  }
}

const caches = new WeakMap<Deps, PublicListCache<unknown>>();

/** The instance's cache (one per Deps, created on first use). */
export function publicListCache<T>(deps: Deps): PublicListCache<T> {
  let c = caches.get(deps);
  if (!c) caches.set(deps, (c = new PublicListCache(deps)));
  return c as PublicListCache<T>;
}
