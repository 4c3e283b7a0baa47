import type { ApolloClient, Reference } from '@apollo/client';
import type { ModifierDetails } from '@apollo/client/cache';

/**
 * Live events written into the Apollo cache, so that the admin lists and counters update without a refetch.
 *
 * An entity already in the cache updates in place (normalized by __typename and id); these helpers do the rest:
 * put a new or newly matching entity into the cached lists whose filter it passes, take it out of those it no
 * longer passes, and move the status counters. They read the list arguments from the cache's store field names
 * (`inquiries({"search":null,"status":"new"})`), so every cached variant of a list is kept, not only the one on
 * screen. Lists filtered by a free-text search the client cannot judge (listings: the server folds Arabic letter
 * variants) are left as they are, except that an entity whose status no longer matches is taken out.
 */

type Client = ApolloClient;
type Modifiers = Parameters<Client['cache']['modify']>[0]['fields'];

/** The arguments of a cached field, from its store field name (`field({...})` or `field:{...}`). */
function argsOf(storeFieldName: string): Record<string, unknown> {
  const i = storeFieldName.search(/[(:]/);
  if (i < 0) return {};
  const text = storeFieldName[i] === '(' ? storeFieldName.slice(i + 1, -1) : storeFieldName.slice(i + 1);
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

const time = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? new Date(v).getTime() : 0);

/** `list` with `ref` placed in newest-first order (by createdAt); -1 as the index when it falls past the end. */
function insertNewestFirst(list: readonly Reference[], ref: Reference, createdAt: string, readField: (f: string, r: Reference) => unknown) {
  const t = time(createdAt);
  const at = list.findIndex((r) => time(readField('createdAt', r)) <= t);
  const index = at < 0 ? list.length : at;
  return { index, list: [...list.slice(0, index), ref, ...list.slice(index)] };
}

function bump<T extends Record<string, unknown>>(counts: T, changes: Record<string, number>): T {
  const out: Record<string, unknown> = { ...counts };
  for (const [key, by] of Object.entries(changes)) if (typeof out[key] === 'number') out[key] = Math.max(0, (out[key] as number) + by);
  return out as T;
}

// ---------------------------------------------------------------- inquiries

export interface LiveInquiry {
  id: string;
  status: string;
  fullName: string;
  email: string;
  companyName?: string | null;
  message: string;
  createdAt: string;
}

const INQUIRY_COUNT_KEY: Record<string, string> = { new: 'new', in_progress: 'inProgress', resolved: 'resolved', closed: 'closed' };

/** The server's inbox search: case-insensitive substring of name, email, company or message. */
function inquiryMatches(args: Record<string, unknown>, i: LiveInquiry): boolean {
  if (args.status && args.status !== i.status) return false;
  const q = typeof args.search === 'string' ? args.search.trim().toLowerCase() : '';
  if (!q) return true;
  return [i.fullName, i.email, i.companyName ?? '', i.message].some((s) => s.toLowerCase().includes(q));
}

/**
 * An inquiry created (`previousStatus` null) or changed (`previousStatus` its status before, undefined when this
 * browser had not seen it): the cached inbox lists and the status counters follow.
 */
export function placeInquiry(client: Client, i: LiveInquiry, previousStatus: string | null | undefined) {
  const ref = client.cache.identify({ __typename: 'Inquiry', id: i.id });
  if (!ref) return;
  const fields: Modifiers = {
    inquiries: ((existing: readonly Reference[], { storeFieldName, readField, toReference }: ModifierDetails) => {
      if (!Array.isArray(existing)) return existing;
      const present = existing.some((r) => readField('id', r) === i.id);
      const matches = inquiryMatches(argsOf(storeFieldName), i);
      if (present && !matches) return existing.filter((r) => readField('id', r) !== i.id);
      if (!present && matches) return insertNewestFirst(existing, toReference(ref)!, i.createdAt, readField as never).list;
      return existing;
    }) as never,
  };
  if (previousStatus !== undefined && previousStatus !== i.status) {
    const changes: Record<string, number> = { [INQUIRY_COUNT_KEY[i.status]]: 1 };
    if (previousStatus === null) changes.total = 1;
    else changes[INQUIRY_COUNT_KEY[previousStatus]] = -1;
    fields!.inquiryStats = ((s: Record<string, unknown>) => (s && typeof s === 'object' ? bump(s, changes) : s)) as never;
  }
  client.cache.modify({ id: 'ROOT_QUERY', fields });
}

// ---------------------------------------------------------------- listings

export interface LiveResource {
  id: string;
  status: string;
  category: string;
  createdAt: string;
}

function statusMatches(filter: Record<string, unknown>, status: string | null): boolean {
  if (status === null) return false;
  return !filter.status || filter.status === 'all' || filter.status === status;
}

/**
 * A listing submitted or reviewed, with its status before (null: a new listing): the admin's cached pages
 * (adminResources, newest first) and the status counters follow. A new or newly matching listing goes into the
 * first page where it belongs by date; the page's total moves with it.
 */
export function placeResource(client: Client, r: LiveResource, previousStatus: string | null) {
  const ref = client.cache.identify({ __typename: 'Resource', id: r.id });
  if (!ref) return;
  const fields: Modifiers = {
    adminResources: ((
      page: { items?: readonly Reference[]; total?: number; page?: number; pageSize?: number },
      { storeFieldName, readField, toReference }: ModifierDetails,
    ) => {
      if (!page || !Array.isArray(page.items)) return page;
      const f = (argsOf(storeFieldName).filter ?? {}) as Record<string, unknown>;
      const sameCategory = !f.category || f.category === r.category;
      const wasIn = sameCategory && statusMatches(f, previousStatus);
      const isIn = sameCategory && statusMatches(f, r.status);
      const present = page.items.some((x) => readField('id', x) === r.id);
      if (present && !isIn)
        return { ...page, items: page.items.filter((x) => readField('id', x) !== r.id), total: Math.max(0, (page.total ?? 1) - 1) };
      // A search or a non-default order: the client cannot tell where (or whether) it belongs.
      if (f.search || (f.sort && f.sort !== 'newest') || wasIn || !isIn || present) return page;
      const total = (page.total ?? 0) + 1;
      if ((f.page ?? 1) !== 1) return { ...page, total };
      const size = page.pageSize ?? (f.pageSize as number | undefined) ?? Infinity;
      const placed = insertNewestFirst(page.items, toReference(ref)!, r.createdAt, readField as never);
      if (placed.index >= size) return { ...page, total };
      return { ...page, total, items: placed.list.slice(0, size) };
    }) as never,
  };
  if (previousStatus !== r.status) {
    const changes: Record<string, number> = { [r.status]: 1 };
    if (previousStatus === null) changes.total = 1;
    else changes[previousStatus] = -1;
    fields!.resourceStatusCounts = ((s: Record<string, unknown>) => (s && typeof s === 'object' ? bump(s, changes) : s)) as never;
  }
  client.cache.modify({ id: 'ROOT_QUERY', fields });
}

// ---------------------------------------------------------------- dashboard figures

export interface LiveStats {
  activeResources?: number | null;
  pendingResources?: number | null;
  newInquiries?: number | null;
}

/**
 * statsUpdated carries the authoritative pending, active and new counts: the badge counters take them too, which
 * corrects any drift of the per-event adjustments (an event about an entity this browser had never seen).
 */
export function correctCounts(client: Client, s: LiveStats) {
  const set = (values: Record<string, number | null | undefined>) =>
    ((c: Record<string, unknown>) => {
      if (!c || typeof c !== 'object') return c;
      const out: Record<string, unknown> = { ...c };
      for (const [k, v] of Object.entries(values)) if (typeof v === 'number' && typeof out[k] === 'number') out[k] = v;
      return out;
    }) as never;
  client.cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      resourceStatusCounts: set({ pending: s.pendingResources, active: s.activeResources }),
      inquiryStats: set({ new: s.newInquiries }),
    },
  });
}
