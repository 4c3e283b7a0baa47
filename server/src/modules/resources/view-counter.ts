import type { Deps } from '../../deps.js';

/** How long counted views wait in memory before they are written together. */
const VIEW_FLUSH_MS = 1_000;

/** Riyadh is UTC+3 all year (no daylight saving): the host-analytics day of a view, taken when it happens. */
const riyadhDay = (at: number) => new Date(at + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Adds counted views to `resources.views_count` and the Riyadh day's `resource_daily_views` in one statement for
 * every listing and day that had views. Listings gone since (deleted accounts) are skipped, not an error.
 */
const FLUSH_SQL = `with v as (
    select * from json_to_recordset(?::json) as v(resource_id uuid, day date, n int)
  ), daily as (
    insert into resource_daily_views (resource_id, day, views)
    select v.resource_id, v.day, v.n from v join resources r on r.id = v.resource_id
    on conflict (resource_id, day) do update set views = resource_daily_views.views + excluded.views
  )
  update resources r set views_count = r.views_count + t.n
    from (select resource_id, sum(n)::int as n from v group by resource_id) t
   where r.id = t.resource_id`;

/**
 * The views this instance counted (already de-duplicated by view-marks.ts) and not yet written. A listing's detail
 * page used to commit one `UPDATE` per counted view on the request path, a write and a round trip that cost more
 * than the rest of the request (docs/performance.md, issue #19). Views are now kept here and written about once a
 * second in one statement, and on shutdown (`close`, called by the app's close once requests have drained).
 *
 * What a viewer is shown: the stored count plus this instance's unwritten views (`shown`), so the page that counts a
 * view shows it at once. Other instances show it once it is written. A view is lost only if the process dies
 * without a clean shutdown, or the database refuses both the timed write and the retries until shutdown.
 */
class ViewCounter {
  /** `${resourceId} ${day}` → views not yet sent. */
  private waiting = new Map<string, number>();
  /** Per listing: views not yet written (waiting, or in the statement being sent). */
  private unwritten = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  /** Counts the writes started, so a reader can tell whether one began while it read. */
  private started = 0;

  constructor(private deps: Deps) {}

  /** Counts one view of the listing now. */
  add(resourceId: string, at = Date.now()): void {
    const key = `${resourceId} ${riyadhDay(at)}`;
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    this.unwritten.set(resourceId, (this.unwritten.get(resourceId) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, VIEW_FLUSH_MS);
      this.timer.unref(); // a pending write never keeps a process alive: close() writes it
    }
  }

  /**
   * Reads a stored count and adds this instance's unwritten views to it. `read` runs again if a write started or
   * was under way meanwhile (once a second at most), since the stored value might then already hold views that are
   * still counted as unwritten here, or not yet hold views no longer counted here.
   */
  async shown<T>(resourceId: string, read: () => Promise<T>, stored: (row: T) => number): Promise<{ row: T; views: number }> {
    for (let attempt = 0; ; attempt++) {
      if (this.sending) await this.sending;
      const before = this.started;
      const row = await read();
      if ((this.started === before && !this.sending) || attempt >= 2)
        return { row, views: stored(row) + (this.unwritten.get(resourceId) ?? 0) };
    }
  }

  /** Writes every waiting view (one statement); resolves when they are written or put back to wait after a failure. */
  flush(): Promise<void> {
    if (this.sending) return this.sending.then(() => (this.waiting.size ? this.flush() : undefined));
    if (!this.waiting.size) return Promise.resolve();
    const batch = this.waiting;
    this.waiting = new Map();
    this.started++;
    const rows = [...batch].map(([key, n]) => {
      const [resource_id, day] = key.split(' ') as [string, string];
      return { resource_id, day, n };
    });
    const send = async () => {
      try {
        await this.deps.orm.em
          .fork()
          .getConnection()
          .execute(FLUSH_SQL, [JSON.stringify(rows)]);
        for (const r of rows) {
          const left = (this.unwritten.get(r.resource_id) ?? 0) - r.n;
          if (left > 0) this.unwritten.set(r.resource_id, left);
          else this.unwritten.delete(r.resource_id);
        }
      } catch (err) {
        // Kept for the next write (the timer is started again): a database away for a moment loses no view.
        for (const [key, n] of batch) this.waiting.set(key, (this.waiting.get(key) ?? 0) + n);
        if (!this.timer && !this.closed) {
          this.timer = setTimeout(() => {
            this.timer = null;
            void this.flush();
          }, VIEW_FLUSH_MS);
          this.timer.unref();
        }
        if (this.deps.env.logLevel !== 'silent') console.error('[views] could not write counted views:', (err as Error)?.message ?? err);
      } finally {
        this.sending = null;
      }
    };
    return (this.sending = send());
  }

  private closed = false;

  /** On shutdown, after the last request: writes what is waiting (one attempt; a failure is logged). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    if (this.waiting.size && this.deps.env.logLevel !== 'silent')
      console.error(`[views] ${[...this.waiting.values()].reduce((a, b) => a + b, 0)} counted views could not be written at shutdown`);
  }
}

const counters = new WeakMap<Deps, ViewCounter>();

/** The app's view counter (one per app, like its other per-Deps state). */
export function viewCounter(deps: Deps): ViewCounter {
  let c = counters.get(deps);
  if (!c) counters.set(deps, (c = new ViewCounter(deps)));
  return c;
}
