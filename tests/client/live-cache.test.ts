import { describe, expect, it } from 'vitest';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { AdminInquiriesQuery, InquiryFieldsFragment } from '../../client/src/features/inquiries/operations';
import { AdminResourcesQuery, ResourceCardFragment } from '../../client/src/features/marketplace/operations';
import { AdminBadgeCountsQuery } from '../../client/src/features/live/operations';
import { correctCounts, placeInquiry, placeResource } from '../../client/src/features/live/cache';

// The live cache updates on a real Apollo InMemoryCache: what the admin pages read after an event, with no network.
const client = () => new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });

const day = (n: number) => new Date(Date.UTC(2026, 10, n)).toISOString();

function inquiry(id: string, n: number, status = 'new', message = 'We have a spare cold room in Dammam.') {
  return {
    __typename: 'Inquiry' as const,
    id,
    serviceType: 'resource-sharing',
    fullName: `Guest ${id}`,
    email: `${id}@example.sa`,
    companyName: null,
    message,
    status: status as never,
    preferredDate: null,
    preferredTime: null,
    createdAt: day(n),
  };
}

function resource(id: string, n: number, status = 'pending') {
  return {
    __typename: 'Resource' as const,
    id,
    title: `Listing ${id}`,
    description: 'A bright room for 10 people with a screen.',
    category: 'Office Space',
    resourceType: 'physical',
    fileFormat: null,
    price: 100,
    currency: 'SAR',
    period: 'day',
    location: 'Riyadh',
    availability: 'available',
    images: [],
    rating: 0,
    reviewsCount: 0,
    viewsCount: 0,
    ownerId: 'owner-1',
    ownerName: 'Host',
    tags: [],
    status,
    rejectionReason: null,
    createdAt: day(n),
  } as never as { id: string; status: string; category: string; createdAt: string };
}

const stats = (s: Partial<Record<'total' | 'new' | 'inProgress' | 'resolved' | 'closed', number>>) => ({
  __typename: 'InquiryStats' as const,
  total: 0,
  new: 0,
  inProgress: 0,
  resolved: 0,
  closed: 0,
  ...s,
});
const counts = (c: Partial<Record<'total' | 'pending' | 'active' | 'rejected' | 'withdrawn' | 'changesPending', number>>) => ({
  __typename: 'ResourceStatusCounts' as const,
  total: 0,
  pending: 0,
  active: 0,
  rejected: 0,
  withdrawn: 0,
  changesPending: 0,
  ...c,
});

/** What LiveUpdates does with an event: the entity into the normalized cache, its status before returned. */
function upsertInquiry(c: ApolloClient, i: ReturnType<typeof inquiry>) {
  const id = c.cache.identify(i);
  const before = c.cache.readFragment<{ status: string }>({ id, fragment: InquiryFieldsFragment, fragmentName: 'InquiryFields' });
  c.cache.writeFragment({ id, fragment: InquiryFieldsFragment, fragmentName: 'InquiryFields', data: i });
  return before;
}
function upsertResource(c: ApolloClient, r: ReturnType<typeof resource>) {
  const id = c.cache.identify(r as never);
  const before = c.cache.readFragment<{ status: string }>({ id, fragment: ResourceCardFragment, fragmentName: 'ResourceCard_resource' });
  c.cache.writeFragment({ id, fragment: ResourceCardFragment, fragmentName: 'ResourceCard_resource', data: r as never });
  return before;
}

describe('live inquiries in the cache', () => {
  const vars = (status: string | null, search: string | null = null) => ({ status: status as never, search });
  const ids = (c: ApolloClient, status: string | null, search: string | null = null) =>
    c.readQuery({ query: AdminInquiriesQuery, variables: vars(status, search) })!.inquiries.map((i) => i.id);

  function seeded() {
    const c = client();
    const seed = (status: string | null, search: string | null, items: ReturnType<typeof inquiry>[]) =>
      c.writeQuery({
        query: AdminInquiriesQuery,
        variables: vars(status, search),
        data: { inquiries: items, inquiryStats: stats({ total: 2, new: 2 }) },
      });
    seed(null, null, [inquiry('i2', 2), inquiry('i1', 1)]);
    seed('new', null, [inquiry('i2', 2), inquiry('i1', 1)]);
    seed('resolved', null, []);
    seed(null, 'forklift', []);
    c.writeQuery({ query: AdminBadgeCountsQuery, data: { inquiryStats: stats({ total: 2, new: 2 }), resourceStatusCounts: counts({}) } });
    return c;
  }

  it('a new inquiry goes first into every cached list it matches (status and search), and counts as new', () => {
    const c = seeded();
    const i3 = inquiry('i3', 3, 'new', 'Two idle FORKLIFTS in Buraydah.');
    expect(upsertInquiry(c, i3)).toBeNull();
    placeInquiry(c, i3, null);
    expect(ids(c, null)).toEqual(['i3', 'i2', 'i1']);
    expect(ids(c, 'new')).toEqual(['i3', 'i2', 'i1']);
    expect(ids(c, 'resolved')).toEqual([]);
    expect(ids(c, null, 'forklift')).toEqual(['i3']);
    expect(c.readQuery({ query: AdminBadgeCountsQuery })!.inquiryStats).toMatchObject({ total: 3, new: 3 });

    // One the search does not match stays out of the searched list.
    const i4 = inquiry('i4', 4);
    upsertInquiry(c, i4);
    placeInquiry(c, i4, null);
    expect(ids(c, null, 'forklift')).toEqual(['i3']);
    expect(ids(c, null)).toEqual(['i4', 'i3', 'i2', 'i1']);
  });

  it('a status change updates in place, moves between status-filtered lists (in date order) and moves the counts', () => {
    const c = seeded();
    const i1 = inquiry('i1', 1, 'resolved');
    const before = upsertInquiry(c, i1);
    expect(before?.status).toBe('new');
    placeInquiry(c, i1, before!.status);
    expect(ids(c, null)).toEqual(['i2', 'i1']);
    expect(ids(c, 'new')).toEqual(['i2']);
    expect(ids(c, 'resolved')).toEqual(['i1']);
    expect(c.readQuery({ query: AdminInquiriesQuery, variables: vars(null) })!.inquiries[1].status).toBe('resolved');
    expect(c.readQuery({ query: AdminBadgeCountsQuery })!.inquiryStats).toMatchObject({ total: 2, new: 1, resolved: 1 });

    // Back to new: into the new list after the newer i2.
    const again = inquiry('i1', 1, 'new');
    placeInquiry(c, again, upsertInquiry(c, again)!.status);
    expect(ids(c, 'new')).toEqual(['i2', 'i1']);
    expect(ids(c, 'resolved')).toEqual([]);
    expect(c.readQuery({ query: AdminBadgeCountsQuery })!.inquiryStats).toMatchObject({ total: 2, new: 2, resolved: 0 });
  });
});

describe('live listings in the cache', () => {
  const filter = (status: string, extra: Record<string, unknown> = {}) => ({
    filter: { status, search: null, page: 1, pageSize: 2, ...extra },
  });
  const page = (c: ApolloClient, status: string, extra: Record<string, unknown> = {}) => {
    const d = c.readQuery({ query: AdminResourcesQuery, variables: filter(status, extra) as never })!;
    return { ids: d.adminResources.items.map((r) => r.id), total: d.adminResources.total, counts: d.resourceStatusCounts };
  };

  function seeded() {
    const c = client();
    const seed = (status: string, items: Array<ReturnType<typeof resource>>, total: number, extra: Record<string, unknown> = {}) =>
      c.writeQuery({
        query: AdminResourcesQuery,
        variables: filter(status, extra) as never,
        data: {
          adminResources: { __typename: 'ResourcePage', total, page: (extra.page as number) ?? 1, pageSize: 2, items: items as never },
          resourceStatusCounts: counts({ total: 5, pending: 1, active: 3, rejected: 1 }),
        },
      });
    seed('all', [resource('r2', 2), resource('r1', 1, 'active')], 5);
    seed('pending', [resource('r2', 2)], 1);
    seed('active', [resource('r1', 1, 'active')], 3);
    seed('all', [resource('r1', 1, 'active')], 1, { search: 'room' });
    seed('all', [resource('r0', 0, 'active')], 5, { page: 3 });
    return c;
  }

  it('a new pending listing goes first on the first pages it matches (the page keeps its size), totals and counts move', () => {
    const c = seeded();
    const r3 = resource('r3', 3);
    expect(upsertResource(c, r3)).toBeNull();
    placeResource(c, r3, null);
    expect(page(c, 'all')).toMatchObject({ ids: ['r3', 'r2'], total: 6, counts: { total: 6, pending: 2, active: 3 } });
    expect(page(c, 'pending')).toMatchObject({ ids: ['r3', 'r2'], total: 2 });
    expect(page(c, 'active')).toMatchObject({ ids: ['r1'], total: 3 });
    // A searched list is left alone (the server's Arabic folding decides what matches); a later page only counts it.
    expect(page(c, 'all', { search: 'room' })).toMatchObject({ ids: ['r1'], total: 1 });
    expect(page(c, 'all', { page: 3 })).toMatchObject({ ids: ['r0'], total: 6 });
  });

  it('an approval takes it off the pending pages and onto the active ones in date order; a rejection off the active ones', () => {
    const c = seeded();
    const r2 = resource('r2', 2, 'active');
    const before = upsertResource(c, r2);
    expect(before?.status).toBe('pending');
    placeResource(c, r2, before!.status);
    expect(page(c, 'pending')).toMatchObject({ ids: [], total: 0 });
    expect(page(c, 'active')).toMatchObject({ ids: ['r2', 'r1'], total: 4, counts: { total: 5, pending: 0, active: 4, rejected: 1 } });
    expect(page(c, 'all')).toMatchObject({ ids: ['r2', 'r1'], total: 5 });

    const r1 = resource('r1', 1, 'rejected');
    placeResource(c, r1, upsertResource(c, r1)!.status);
    expect(page(c, 'active')).toMatchObject({ ids: ['r2'], total: 3, counts: { active: 3, rejected: 2 } });
    expect(page(c, 'all', { search: 'room' })).toMatchObject({ ids: ['r1'], total: 1 });

    // Its host demoted: withdrawn, counted as such (the Withdrawn stat card), no longer active.
    const w = resource('r2', 2, 'withdrawn');
    placeResource(c, w, upsertResource(c, w)!.status);
    expect(page(c, 'active')).toMatchObject({ ids: [], total: 2, counts: { total: 5, active: 2, rejected: 2, withdrawn: 1 } });
  });
});

describe('statsUpdated corrects the badge counts', () => {
  it('pending, active and new take the server’s figures; the rest stay', () => {
    const c = client();
    c.writeQuery({
      query: AdminBadgeCountsQuery,
      data: {
        inquiryStats: stats({ total: 9, new: 4, resolved: 5 }),
        resourceStatusCounts: counts({ total: 7, pending: 3, active: 3, rejected: 1 }),
      },
    });
    correctCounts(c, { pendingResources: 2, activeResources: 4, newInquiries: 3 });
    const d = c.readQuery({ query: AdminBadgeCountsQuery })!;
    expect(d.resourceStatusCounts).toMatchObject({ total: 7, pending: 2, active: 4, rejected: 1 });
    expect(d.inquiryStats).toMatchObject({ total: 9, new: 3, resolved: 5 });
  });
});
