import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createBooking, createCrew, createUser, paidBooking, payBooking, type MadeUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';
import { advanceBookings } from '../../server/src/modules/bookings/booking.service.js';
import { sendReviewInvitations } from '../../server/src/modules/reviews/review.emails.js';

let t: TestApp;
let admin: MadeUser, host: MadeUser, user: MadeUser, otherUser: MadeUser, otherHost: MadeUser;
const day = 86_400_000;
let nextStart = 3;
/** Distinct future dates per booking: every test books a fresh two-day range. */
const when = () => {
  const start = new Date(Date.now() + nextStart * day);
  nextStart += 3;
  return { start, end: new Date(start.getTime() + 2 * day) };
};
const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n% demo\n%%EOF\n').toString('base64')}`;

/** Moves a booking into the past and lets the scheduled pass complete it, as time would. */
async function complete(bookingId: string) {
  await t.app.orm.em
    .fork()
    .getConnection()
    .execute(`update bookings set start_date = now() - interval '3 days', end_date = now() - interval '1 day' where id = ?`, [bookingId]);
  await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
}

/** A fresh listing of `host`, booked and paid by `who`, completed; returns booking and listing ids. */
async function completedBooking(who = user, owner = host, listing: Record<string, unknown> = {}) {
  const b = await paidBooking(t, { owner, admin, who }, when(), { title: 'Reviewed room', ...listing });
  await complete(b.id);
  return b;
}

const review = (bookingId: string, body: unknown, token?: string) => t.api('POST', `/api/bookings/${bookingId}/review`, body, token);
const GOOD = { rating: 4, comment: 'Clean, quiet and exactly as described.' };
const countReviews = async () => Number((await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from reviews`))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, host, user } = await createCrew(t.app));
  otherUser = await createUser(t.app);
  otherHost = await createUser(t.app, { role: 'host_seller' });
});
afterAll(() => t.close());

describe('writing a review', () => {
  it('the customer reviews a completed booking; the listing rating and count are computed, newest first', async () => {
    const b = await completedBooking();
    const res = await review(b.id, GOOD, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ rating: 4, comment: GOOD.comment, resource_id: b.resourceId, reply: null });
    expect(res.body.author_name).toBe(user.user.fullName.split(' ')[0]);

    // A second customer on another booking of the same listing.
    const b2 = await createBooking(t, otherUser, b.resourceId, when().start, when().end);
    await payBooking(t, otherUser, b2.id);
    await complete(b2.id);
    expect((await review(b2.id, { rating: 5, comment: 'Excellent, will book again.' }, otherUser.token)).status).toBe(201);

    const listing = await t.api('GET', `/api/resources/${b.resourceId}`);
    expect(listing.body).toMatchObject({ rating: 4.5, reviews_count: 2 });
    const list = await t.api('GET', `/api/resources/${b.resourceId}/reviews?page_size=1`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(list.body.items.map((r: { rating: number }) => r.rating)).toEqual([5]);
    const page2 = await t.api('GET', `/api/resources/${b.resourceId}/reviews?page=2&page_size=1`);
    expect(page2.body.items.map((r: { rating: number }) => r.rating)).toEqual([4]);
    // The booking says it was reviewed.
    expect((await t.api('GET', `/api/bookings/${b.id}`, undefined, user.token)).body.reviewed).toBe(true);
    expect((await t.api('GET', '/api/bookings/my', undefined, user.token)).body.find((x: { id: string }) => x.id === b.id).reviewed).toBe(
      true,
    );

    const gql = await t.gql(
      `query($id: ID!) { resourceReviews(resourceId: $id) { total items { rating comment authorName reply } } resource(id: $id) { rating reviewsCount } }`,
      { id: b.resourceId },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.resourceReviews.total).toBe(2);
    expect(gql.data.resource).toEqual({ rating: 4.5, reviewsCount: 2 });
  });

  it('the remembered public list and the replayed GraphQL answer show a new review at once', async () => {
    const b = await completedBooking(user, host, { title: 'Cached rating room' });
    const find = (items: Array<{ id: string; rating: number; reviews_count: number }>) => items.find((r) => r.id === b.resourceId);
    const q = `{ resources(filter: { pageSize: 50 }) { items { id rating reviewsCount } } }`;
    // Fill both caches.
    expect(find((await t.api('GET', '/api/resources?page_size=50')).body.items)).toMatchObject({ rating: 0, reviews_count: 0 });
    await t.gql(q);
    const before = await t.gql(q);
    expect(before.data.resources.items.find((r: { id: string }) => r.id === b.resourceId)).toMatchObject({ reviewsCount: 0 });

    expect((await review(b.id, { rating: 3, comment: 'Fine overall, a bit noisy.' }, user.token)).status).toBe(201);
    expect(find((await t.api('GET', '/api/resources?page_size=50')).body.items)).toMatchObject({ rating: 3, reviews_count: 1 });
    const after = await t.gql(q);
    expect(after.data.resources.items.find((r: { id: string }) => r.id === b.resourceId)).toMatchObject({ rating: 3, reviewsCount: 1 });
  });

  it('GraphQL createReview does the same as REST', async () => {
    const b = await completedBooking();
    const res = await t.gql(
      `mutation($id: ID!) { createReview(bookingId: $id, input: { rating: 5, comment: "Great equipment, on time." }) { rating authorName } }`,
      { id: b.id },
      user.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.createReview.rating).toBe(5);
    const again = await t.gql(
      `mutation($id: ID!) { createReview(bookingId: $id, input: { rating: 5, comment: "Great equipment, on time." }) { rating } }`,
      { id: b.id },
      user.token,
    );
    expect(again.errors?.[0].extensions.code).toBe('CONFLICT');
  });

  it('a rating must be a number: true, "" or "0x4" is refused, not stored as a star count; "4" is read as 4', async () => {
    const b = await completedBooking();
    const n = await countReviews();
    for (const rating of [true, false, '', '0x4', '4.0e0', null]) {
      const res = await review(b.id, { ...GOOD, rating }, user.token);
      expect(res.status, JSON.stringify(rating)).toBe(400);
      expect(res.body).toMatchObject({ field: 'rating', detail: 'Please choose a rating from 1 to 5 stars' });
    }
    expect(await countReviews()).toBe(n);
    expect((await review(b.id, { ...GOOD, rating: '4' }, user.token)).body.rating).toBe(4);
  });

  it('refuses: not signed in 401, someone else 404, the host and admins 403, twice 409; nothing written', async () => {
    const b = await completedBooking();
    const n = await countReviews();
    expect((await review(b.id, GOOD)).status).toBe(401);
    expect((await review(b.id, GOOD, otherUser.token)).status).toBe(404);
    expect((await review(b.id, GOOD, otherHost.token)).status).toBe(404);
    expect((await review(b.id, GOOD, host.token)).status).toBe(403);
    expect((await review(b.id, GOOD, admin.token)).status).toBe(403);
    expect((await review('not-a-uuid', GOOD, user.token)).status).toBe(404);
    expect((await review('00000000-0000-4000-8000-000000000000', GOOD, user.token)).status).toBe(404);
    expect(await countReviews()).toBe(n);
    expect((await review(b.id, GOOD, user.token)).status).toBe(201);
    const twice = await review(b.id, { rating: 1, comment: 'Changed my mind about it.' }, user.token);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('You have already reviewed this booking');
    expect((await t.api('GET', `/api/resources/${b.resourceId}`)).body).toMatchObject({ rating: 4, reviews_count: 1 });
  });

  it('two reviews of one booking at once: exactly one is stored (the unique index)', async () => {
    const b = await completedBooking();
    const results = await Promise.all([review(b.id, GOOD, user.token), review(b.id, GOOD, user.token), review(b.id, GOOD, user.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await t.api('GET', `/api/resources/${b.resourceId}`)).body.reviews_count).toBe(1);
  });

  it('refuses a booking that is not completed: unpaid, paid but upcoming, cancelled', async () => {
    const upcoming = await paidBooking(t, { owner: host, admin, who: user }, when());
    const r1 = await review(upcoming.id, GOOD, user.token);
    expect(r1.status).toBe(400);
    expect(r1.body.detail).toBe('You can review a booking once it is completed (a digital purchase once it is paid)');
    const unpaid = await createBooking(t, user, upcoming.resourceId, when().start, when().end);
    expect((await review(unpaid.id, GOOD, user.token)).status).toBe(400);
    expect((await t.api('DELETE', `/api/bookings/${unpaid.id}`, undefined, user.token)).status).toBe(200);
    expect((await review(unpaid.id, GOOD, user.token)).status).toBe(400);
  });

  it('a digital purchase is reviewable once it is paid', async () => {
    const resourceId = await activeListing(
      t,
      { owner: host, admin },
      { title: 'Template pack', resource_type: 'digital', file: pdf, file_format: 'pdf', period: 'month' },
    );
    const bought = await t.api('POST', '/api/bookings', { resource_id: resourceId }, user.token);
    expect(bought.status).toBe(201);
    expect((await review(bought.body.id, GOOD, user.token)).status).toBe(400);
    await payBooking(t, user, bought.body.id);
    expect((await review(bought.body.id, GOOD, user.token)).status).toBe(201);
  });

  it('refuses bad input with the rule’s message: rating out of range, comment length, bidi controls', async () => {
    const b = await completedBooking();
    const cases: Array<[unknown, string]> = [
      [{ rating: 0, comment: GOOD.comment }, 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 6, comment: GOOD.comment }, 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 4.5, comment: GOOD.comment }, 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 'five', comment: GOOD.comment }, 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 4 }, 'Please write at least 10 characters about your experience'],
      [{ rating: 4, comment: '   short   ' }, 'Please write at least 10 characters about your experience'],
      [{ rating: 4, comment: 'x'.repeat(2001) }, 'A review can be at most 2000 characters'],
      [{ rating: 4, comment: 'Lovely place \u202Egnp.exe' }, 'Reviews and replies cannot contain text-direction control characters'],
    ];
    for (const [body, detail] of cases) {
      const res = await review(b.id, body, user.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect((await t.api('GET', `/api/resources/${b.resourceId}/reviews`)).body.total).toBe(0);
  });

  it('lists only visible listings’ reviews: an unknown or pending listing is 404; bad paging is 400', async () => {
    expect((await t.api('GET', '/api/resources/00000000-0000-4000-8000-000000000000/reviews')).status).toBe(404);
    const b = await completedBooking();
    expect((await t.api('GET', `/api/resources/${b.resourceId}/reviews?page=0`)).status).toBe(400);
    expect((await t.api('GET', `/api/resources/${b.resourceId}/reviews?page_size=500`)).status).toBe(400);
  });
});

describe('the host’s reply', () => {
  it('the listing’s owner answers once; anyone else is refused', async () => {
    const b = await completedBooking();
    const id = (await review(b.id, GOOD, user.token)).body.id;
    const reply = (token?: string, text = 'Thank you for staying with us!') => t.api('POST', `/api/reviews/${id}/reply`, { text }, token);
    expect((await reply()).status).toBe(401);
    expect((await reply(user.token)).status).toBe(403);
    expect((await reply(otherHost.token)).status).toBe(403);
    expect((await reply(admin.token)).status).toBe(403);
    expect((await reply(host.token, '   ')).status).toBe(400);
    expect((await reply(host.token, 'x'.repeat(2001))).status).toBe(400);
    expect((await reply(host.token, 'Thanks \u2066friend')).status).toBe(400);
    expect((await t.api('POST', '/api/reviews/00000000-0000-4000-8000-000000000000/reply', { text: 'Hi' }, host.token)).status).toBe(404);
    const ok = await reply(host.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ reply: 'Thank you for staying with us!' });
    expect(ok.body.replied_at).toBeTruthy();
    const twice = await reply(host.token, 'Another answer');
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('This review already has a reply');
    const list = await t.api('GET', `/api/resources/${b.resourceId}/reviews`);
    expect(list.body.items[0].reply).toBe('Thank you for staying with us!');
    const gql = await t.gql(`mutation($id: ID!) { replyToReview(reviewId: $id, text: "Again") { reply } }`, { id }, host.token);
    expect(gql.errors?.[0].extensions.code).toBe('CONFLICT');
  });
});

describe('admins hide reviews', () => {
  it('a hidden review leaves the list and the rating; the hide is audit logged; only admins, once, with a reason', async () => {
    const b = await completedBooking();
    const low = (await review(b.id, { rating: 1, comment: 'Rude and misleading (spam).' }, user.token)).body.id;
    const b2 = await createBooking(t, otherUser, b.resourceId, when().start, when().end);
    await payBooking(t, otherUser, b2.id);
    await complete(b2.id);
    expect((await review(b2.id, { rating: 5, comment: 'Very good service all round.' }, otherUser.token)).status).toBe(201);
    expect((await t.api('GET', `/api/resources/${b.resourceId}`)).body).toMatchObject({ rating: 3, reviews_count: 2 });

    const hide = (token?: string, body: unknown = { reason: 'Abusive language' }) =>
      t.api('PUT', `/api/admin/reviews/${low}/hide`, body, token);
    expect((await hide()).status).toBe(401);
    expect((await hide(user.token)).status).toBe(403);
    expect((await hide(host.token)).status).toBe(403);
    expect((await hide(admin.token, {})).status).toBe(400);
    expect((await hide(admin.token, { reason: '  ' })).body.detail).toBe('Please give a reason for hiding this review');
    const ok = await hide(admin.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ hidden: true, hidden_reason: 'Abusive language' });
    expect((await hide(admin.token)).status).toBe(409);

    expect((await t.api('GET', `/api/resources/${b.resourceId}`)).body).toMatchObject({ rating: 5, reviews_count: 1 });
    const list = await t.api('GET', `/api/resources/${b.resourceId}/reviews`);
    expect(list.body.items.map((r: { id: string }) => r.id)).not.toContain(low);
    expect(list.body.items[0]).not.toHaveProperty('hidden_reason');
    // The host cannot answer it any more (it is not shown); admins still see it in their list.
    expect((await t.api('POST', `/api/reviews/${low}/reply`, { text: 'Hmm' }, host.token)).status).toBe(404);
    const adminList = await t.api('GET', '/api/admin/reviews', undefined, admin.token);
    expect(adminList.body.items.find((r: { id: string }) => r.id === low)).toMatchObject({
      hidden: true,
      hidden_reason: 'Abusive language',
    });
    expect((await t.api('GET', '/api/admin/reviews', undefined, host.token)).status).toBe(403);

    const audit = await t.api('GET', '/api/admin/audit-log?entity_type=review', undefined, admin.token);
    expect(audit.status).toBe(200);
    expect(audit.body.items.find((e: { entity_id: string }) => e.entity_id === low)).toMatchObject({ action: 'review.hide' });
  });
});

describe('hosts rate customers privately', () => {
  it('the owner rates once after completion; other hosts see the average; the customer and the public never do', async () => {
    const b = await completedBooking(user, host);
    const rate = (token?: string, body: unknown = { rating: 2, note: 'Returned the room late' }) =>
      t.api('POST', `/api/bookings/${b.id}/customer-rating`, body, token);
    expect((await rate()).status).toBe(401);
    expect((await rate(user.token)).status).toBe(403);
    expect((await rate(admin.token)).status).toBe(403);
    expect((await rate(otherHost.token)).status).toBe(404);
    expect((await rate(host.token, { rating: 9 })).status).toBe(400);
    expect((await rate(host.token, { rating: 3, note: 'x'.repeat(1001) })).status).toBe(400);
    const ok = await rate(host.token);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ average: null, count: 0, my_rating: 2, my_note: 'Returned the room late' });
    expect((await rate(host.token)).status).toBe(409);

    // Another host's booking with the same customer: they see this host's rating as "from other hosts".
    const other = await completedBooking(user, otherHost);
    const seen = await t.api('GET', `/api/bookings/${other.id}/customer-rating`, undefined, otherHost.token);
    expect(seen.body).toEqual({ average: 2, count: 1, my_rating: null, my_note: null });
    const gql = await t.gql(
      `query($id: ID!) { customerRating(bookingId: $id) { average count myRating } }`,
      { id: other.id },
      otherHost.token,
    );
    expect(gql.data.customerRating).toEqual({ average: 2, count: 1, myRating: null });

    // Never the customer, another customer, or a visitor; not in anything public.
    expect((await t.api('GET', `/api/bookings/${other.id}/customer-rating`, undefined, user.token)).status).toBe(403);
    expect((await t.api('GET', `/api/bookings/${other.id}/customer-rating`, undefined, otherUser.token)).status).toBe(404);
    expect((await t.api('GET', `/api/bookings/${other.id}/customer-rating`)).status).toBe(401);
    const mine = JSON.stringify((await t.api('GET', `/api/bookings/${b.id}`, undefined, user.token)).body);
    expect(mine).not.toContain('Returned the room late');
    const gqlCustomer = await t.gql(`query($id: ID!) { customerRating(bookingId: $id) { average } }`, { id: b.id }, user.token);
    expect(gqlCustomer.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const account = JSON.stringify((await t.api('GET', '/api/account/export', undefined, user.token)).body ?? '');
    expect(account).not.toContain('Returned the room late');
  });

  it('refuses before completion', async () => {
    const upcoming = await paidBooking(t, { owner: host, admin, who: user }, when());
    const res = await t.api('POST', `/api/bookings/${upcoming.id}/customer-rating`, { rating: 5 }, host.token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('You can rate a customer once their booking is completed');
  });
});

describe('the invitation to review', () => {
  it('a completed booking’s customer is invited once, in their language, through the mail queue', async () => {
    const arabic = await createUser(t.app);
    await t.app.orm.em.fork().getConnection().execute(`update users set locale = 'ar' where id = ?`, [arabic.user.id]);
    const b = await paidBooking(t, { owner: host, admin, who: arabic }, when(), { title: 'Invitation room' });
    await sendReviewInvitations(t.app.deps);
    await complete(b.id);
    await sendReviewInvitations(t.app.deps);
    await sendReviewInvitations(t.app.deps);
    await t.mailsSent();
    const mails = t.smtp.received.filter((m) => m.to.includes(arabic.email) && readable(m).includes('Invitation room'));
    const invites = mails.filter((m) => readable(m).includes(`/dashboard?review=${b.id}`));
    expect(invites).toHaveLength(1);
    expect(readable(invites[0])).toContain('شاركنا تقييمك');
  });
});
