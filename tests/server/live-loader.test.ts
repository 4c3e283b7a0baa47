import { describe, expect, it } from 'vitest';
import { CoalescingLoader } from '../../server/src/graphql/live-access.js';

/**
 * The live filters and resolvers load users, bookings, listings and inquiries through a CoalescingLoader: the first
 * event after a thousand subscribers connected must be one query, not a thousand, and an event published after a
 * commit must still see that commit. `rows` stands for the table; each query reads it when the query starts.
 */
function table() {
  const rows = new Map<string, { id: string; v: number }>();
  const queries: string[][] = [];
  let release: Array<() => void> = [];
  let hold = false;
  let fail = false;
  const loader = new CoalescingLoader<{ id: string; v: number }>(
    async (ids) => {
      queries.push([...ids]);
      const snapshot = ids
        .map((id) => rows.get(id))
        .filter((r) => r !== undefined)
        .map((r) => ({ ...r! }));
      if (hold) await new Promise<void>((r) => release.push(r));
      if (fail) throw new Error('database restarting');
      return snapshot;
    },
    (r) => r.id,
  );
  return {
    rows,
    queries,
    loader,
    hold: (on: boolean) => (hold = on),
    fail: (on: boolean) => (fail = on),
    releaseAll: () => {
      const r = release;
      release = [];
      r.forEach((f) => f());
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('CoalescingLoader', () => {
  it('answers every id asked for in the same turn with one query, and null for an id that does not exist', async () => {
    const t = table();
    for (const id of ['a', 'b', 'c']) t.rows.set(id, { id, v: 1 });
    const answers = await Promise.all(['a', 'b', 'a', 'c', 'zzz'].map((id) => t.loader.load(id)));
    expect(t.queries).toEqual([['a', 'b', 'c', 'zzz']]);
    expect(answers.map((a) => a?.id ?? null)).toEqual(['a', 'b', 'a', 'c', null]);
  });

  it('keeps one query in flight: ids asked for meanwhile go together in the next one, which reads the table after they were asked', async () => {
    const t = table();
    t.rows.set('a', { id: 'a', v: 1 });
    t.hold(true);
    const first = t.loader.load('a');
    await tick();
    expect(t.queries).toHaveLength(1);
    // A commit lands, then two events ask for the same row and another one while the first query still runs.
    t.rows.set('a', { id: 'a', v: 2 });
    t.rows.set('b', { id: 'b', v: 2 });
    const later = [t.loader.load('a'), t.loader.load('b'), t.loader.load('a')];
    await tick();
    expect(t.queries).toHaveLength(1);
    t.hold(false);
    t.releaseAll();
    expect((await first)?.v).toBe(1);
    expect((await Promise.all(later)).map((r) => r?.v)).toEqual([2, 2, 2]);
    expect(t.queries).toEqual([['a'], ['a', 'b']]);
  });

  it('a failed query fails the ids it carried; the next ids get a fresh query', async () => {
    const t = table();
    t.rows.set('a', { id: 'a', v: 1 });
    t.fail(true);
    await expect(t.loader.load('a')).rejects.toThrow('database restarting');
    t.fail(false);
    expect((await t.loader.load('a'))?.v).toBe(1);
    expect(t.queries).toEqual([['a'], ['a']]);
  });
});
