import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createBooking, createUser, pendingListing, type MadeUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES as M, DELETED_MESSAGE_BODY } from '../../server/src/shared/messages.rules.js';

/** Customer–host messages (issue #23): every operation over REST and GraphQL, each refusal, live delivery, digests. */

let t: TestApp;
let admin: MadeUser;
let host: MadeUser;
let customer: MadeUser;
let stranger: MadeUser;
let listing: string;

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sql<T = any>(q: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().getConnection().execute(q, params);
}
async function count(table: 'conversations' | 'messages'): Promise<number> {
  return (await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
}
const ask = (who: MadeUser, resourceId: string, body: unknown, extra: Record<string, unknown> = {}) =>
  t.api('POST', '/api/conversations', { resource_id: resourceId, body, ...extra }, who.token);

/** A fresh host with an active listing, and a fresh customer: conversations that no other test touches. */
async function pair() {
  const h = await createUser(t.app, { role: 'host_seller' });
  const c = await createUser(t.app);
  // The host turns off the "listing approved" mail, so the only mail these tests count is the message digest.
  const prefs = await t.api('PUT', '/api/notifications/preferences', { email: { listing_approved: false } }, h.token);
  expect(prefs.status).toBe(200);
  const r = await activeListing(t, { owner: h, admin }, { title: 'Forklift 3t' });
  return { h, c, r };
}

/** Waits until no digest job is waiting or running, then until the mail they queued has gone out. */
async function digestsDone() {
  for (let i = 0; i < 200 && (await t.app.deps.jobs.pending('messages.digest')) > 0; i++) await sleep(100);
  await t.mailsSent();
}
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));

beforeAll(async () => {
  // Digests go out 2 s after the first unread message (5 minutes by default).
  t = await createTestApp({ MESSAGE_DIGEST_DELAY_SECONDS: '2' });
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller', fullName: 'Hala Host' });
  customer = await createUser(t.app, { fullName: 'Sami Customer' });
  stranger = await createUser(t.app);
  listing = await activeListing(t, { owner: host, admin }, { title: 'Meeting room in Al Olaya' });
});
afterAll(async () => t?.close());

describe('starting and continuing a conversation', () => {
  it('starts one conversation per listing and customer, then continues it', async () => {
    const first = await ask(customer, listing, '  Is the room free on Sunday?  ');
    expect(first.status).toBe(201);
    expect(first.body.conversation).toMatchObject({
      resource: { id: listing, title: 'Meeting room in Al Olaya' },
      my_role: 'customer',
      other_user: { id: host.user.id, full_name: 'Hala Host', deleted: false },
      unread_count: 0,
      booking_id: null,
    });
    expect(first.body.message).toMatchObject({ body: 'Is the room free on Sunday?', sender_id: customer.user.id });
    const again = await ask(customer, listing, 'And on Monday?');
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(first.body.conversation.id);
    expect(again.body.conversation.last_message.body).toBe('And on Monday?');

    const hostList = await t.api('GET', '/api/conversations', undefined, host.token);
    expect(hostList.status).toBe(200);
    const mine = hostList.body.items.find((c: any) => c.id === first.body.conversation.id);
    expect(mine).toMatchObject({ my_role: 'host', unread_count: 2, other_user: { full_name: 'Sami Customer' } });
    expect(mine.last_message.body).toBe('And on Monday?');
    expect(hostList.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, host.token)).body).toEqual({ unread_count: 2 });
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, customer.token)).body).toEqual({ unread_count: 0 });
  });

  it('links the booking the customer writes from, on the conversation and the message', async () => {
    const { c, r } = await pair();
    const start = new Date(Date.now() + 10 * DAY);
    const booking = await createBooking(t, c, r, start, new Date(start.getTime() + DAY));
    const res = await ask(c, r, 'About my booking', { booking_id: booking.id });
    expect(res.status).toBe(201);
    expect(res.body.conversation.booking_id).toBe(booking.id);
    expect(res.body.message.booking_id).toBe(booking.id);
    // Someone else's booking, or one of another listing, is not theirs to quote.
    const other = await createUser(t.app);
    expect((await ask(other, r, 'Hi', { booking_id: booking.id })).status).toBe(404);
    expect((await ask(c, listing, 'Hi', { booking_id: booking.id })).status).toBe(404);
  });

  it('refuses empty, blank, bidi-controlled and over-long messages, writing nothing', async () => {
    const before = [await count('conversations'), await count('messages')];
    const cases: Array<[unknown, string]> = [
      ['', M.bodyRequired],
      ['   \n\t ', M.bodyRequired],
      [undefined, M.bodyRequired],
      [42, M.bodyRequired],
      ['x'.repeat(MESSAGE_LIMITS.bodyMax + 1), M.bodyTooLong],
      ['pay here \u202Egnp.exe', M.bodyBidi],
      ['hello \u2067world', M.bodyBidi],
    ];
    for (const [body, message] of cases) {
      const res = await ask(stranger, listing, body);
      expect(res.status, JSON.stringify(body)?.slice(0, 30)).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    // Exactly the limit passes; right-to-left marks (U+200F) are ordinary text.
    expect((await ask(stranger, listing, 'x'.repeat(MESSAGE_LIMITS.bodyMax))).status).toBe(201);
    expect(before[0] + 1).toBe(await count('conversations'));
    expect(before[1] + 1).toBe(await count('messages'));
    const id = (await ask(stranger, listing, 'مرحبا \u200F 2 غرف')).body.conversation.id;
    for (const [body, message] of cases) {
      const res = await t.api('POST', `/api/conversations/${id}/messages`, { body }, host.token);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(message);
    }
  });

  it('refuses unknown, pending and own listings, and visitors', async () => {
    const before = [await count('conversations'), await count('messages')];
    expect((await ask(customer, '00000000-0000-4000-8000-000000000000', 'Hi')).status).toBe(404);
    expect((await ask(customer, 'not-a-uuid', 'Hi')).body.detail).toBe(M.resourceNotFound);
    const pending = await pendingListing(t, host);
    expect((await ask(customer, pending, 'Hi')).status).toBe(404);
    const own = await ask(host, listing, 'Talking to myself');
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe(M.ownListing);
    expect((await t.api('POST', '/api/conversations', { resource_id: listing, body: 'Hi' })).status).toBe(401);
    expect([await count('conversations'), await count('messages')]).toEqual(before);
  });
});

describe('reading and writing', () => {
  it('lets the two participants read (newest first, paged) and write; others get 404', async () => {
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'one')).body.conversation.id;
    for (const body of ['two', 'three'])
      expect((await t.api('POST', `/api/conversations/${id}/messages`, { body }, h.token)).status).toBe(201);
    const page = await t.api('GET', `/api/conversations/${id}/messages?limit=2`, undefined, c.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.body.items.map((m: any) => m.body)).toEqual(['three', 'two']);
    const rest = await t.api('GET', `/api/conversations/${id}/messages?limit=2&offset=2`, undefined, h.token);
    expect(rest.body.items.map((m: any) => m.body)).toEqual(['one']);
    expect((await t.api('GET', `/api/conversations/${id}`, undefined, h.token)).body.my_role).toBe('host');

    const before = await count('messages');
    for (const [method, path, body] of [
      ['GET', `/api/conversations/${id}`, undefined],
      ['GET', `/api/conversations/${id}/messages`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { body: 'Let me in' }],
      ['POST', `/api/conversations/${id}/read`, undefined],
    ] as const) {
      const res = await t.api(method, path, body, stranger.token);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.detail).toBe(M.conversationNotFound);
    }
    expect((await t.api('GET', `/api/conversations/not-an-id/messages`, undefined, c.token)).status).toBe(404);
    expect(await count('messages')).toBe(before);
  });

  it('marks read only through POST /read; reading the messages changes nothing', async () => {
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'Hello')).body.conversation.id;
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Still there?' }, c.token);
    await t.api('GET', `/api/conversations/${id}/messages`, undefined, h.token);
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, h.token)).body.unread_count).toBe(2);
    const read = await t.api('POST', `/api/conversations/${id}/read`, undefined, h.token);
    expect(read.status).toBe(200);
    expect(read.body.unread_count).toBe(0);
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, h.token)).body.unread_count).toBe(0);
    // Answering means having read: the customer's count goes up by one, the host's stays at zero.
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Yes, free on Sunday' }, h.token);
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, c.token)).body.unread_count).toBe(1);
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, h.token)).body.unread_count).toBe(0);
  });

  it('lets an admin read for moderation (audit logged) but not write or mark read', async () => {
    const { c, r } = await pair();
    const id = (await ask(c, r, 'Please pay me outside the platform')).body.conversation.id;
    const res = await t.api('GET', `/api/conversations/${id}/messages`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.items[0].body).toBe('Please pay me outside the platform');
    const audit = await t.api('GET', '/api/admin/audit-log?entity_type=conversation', undefined, admin.token);
    expect(audit.body.items[0]).toMatchObject({ action: 'conversation.moderation_read', entity_id: id, actor_id: admin.user.id });
    const before = await count('messages');
    const write = await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Moderator here' }, admin.token);
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe(M.adminReadOnly);
    expect((await t.api('POST', `/api/conversations/${id}/read`, undefined, admin.token)).status).toBe(403);
    expect(await count('messages')).toBe(before);
    // Not one of the admin's own conversations: the participant view stays theirs.
    expect((await t.api('GET', `/api/conversations/${id}`, undefined, admin.token)).status).toBe(404);
  });

  it('limits how fast one account sends (429 with Retry-After), writing nothing beyond', async () => {
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'm0')).body.conversation.id;
    for (let i = 1; i < MESSAGE_LIMITS.sendsPerMinute; i++)
      expect((await t.api('POST', `/api/conversations/${id}/messages`, { body: `m${i}` }, c.token)).status).toBe(201);
    const before = await count('messages');
    const refused = await t.api('POST', `/api/conversations/${id}/messages`, { body: 'one too many' }, c.token);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(M.tooManyMessages);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('messages')).toBe(before);
    // The limit is the sender's: the host still answers.
    expect((await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Slow down' }, h.token)).status).toBe(201);
  });

  it('offers the same operations over GraphQL', async () => {
    const { h, c, r } = await pair();
    const started = await t.gql(
      `mutation($i: StartConversationInput!) { startConversation(input: $i) { created conversation { id myRole otherUserName resourceTitle } message { id body senderId } } }`,
      { i: { resourceId: r, body: 'Hello over GraphQL' } },
      c.token,
    );
    expect(started.errors).toBeUndefined();
    const id = started.data.startConversation.conversation.id;
    expect(started.data.startConversation).toMatchObject({
      created: true,
      conversation: { myRole: 'customer', resourceTitle: 'Forklift 3t' },
    });
    expect((await t.gql(`{ unreadMessagesCount }`, {}, h.token)).data.unreadMessagesCount).toBe(1);
    const forResource = await t.gql(`query($r: ID!) { conversationForResource(resourceId: $r) { id } }`, { r }, c.token);
    expect(forResource.data.conversationForResource.id).toBe(id);
    expect((await t.gql(`query($r: ID!) { conversationForResource(resourceId: $r) { id } }`, { r }, stranger.token)).data).toEqual({
      conversationForResource: null,
    });
    const sent = await t.gql(
      `mutation($id: ID!) { sendMessage(conversationId: $id, body: "Welcome") { id body conversationId } }`,
      { id },
      h.token,
    );
    expect(sent.data.sendMessage).toMatchObject({ body: 'Welcome', conversationId: id });
    const list = await t.gql(`{ myConversations { total items { id unreadCount lastMessage { body } } } }`, {}, c.token);
    expect(list.data.myConversations.items[0]).toEqual({ id, unreadCount: 1, lastMessage: { body: 'Welcome' } });
    const msgs = await t.gql(`query($id: ID!) { conversationMessages(id: $id) { total items { body } } }`, { id }, c.token);
    expect(msgs.data.conversationMessages).toEqual({ total: 2, items: [{ body: 'Welcome' }, { body: 'Hello over GraphQL' }] });
    const read = await t.gql(`mutation($id: ID!) { markConversationRead(id: $id) { unreadCount } }`, { id }, c.token);
    expect(read.data.markConversationRead.unreadCount).toBe(0);
    const blank = await t.gql(`mutation($id: ID!) { sendMessage(conversationId: $id, body: "  ") { id } }`, { id }, h.token);
    expect(blank.errors?.[0]).toMatchObject({ message: M.bodyRequired, extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('messageAdded', () => {
  it('delivers a new message to the other participant only', async () => {
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'Opening line')).body.conversation.id;
    const got: Record<string, string[]> = { host: [], customer: [], stranger: [] };
    const Q = 'subscription { messageAdded { id body conversationId senderId } }';
    const subs = Object.entries({ host: h, customer: c, stranger }).map(([name, who]) => {
      const client = t.ws(who.token);
      const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
      client.subscribe(
        { query: Q },
        { next: (v) => got[name].push((v.data as any)?.messageAdded?.body), error: () => {}, complete: () => {} },
      );
      return connected;
    });
    await Promise.all(subs);
    // Until the server has registered the subscriptions, say hello again.
    for (let i = 0; i < 20 && !got.host.includes('ping'); i++) {
      await t.api('POST', `/api/conversations/${id}/messages`, { body: 'ping' }, c.token);
      await sleep(150);
    }
    expect(got.host).toContain('ping');
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Is the forklift free?' }, c.token);
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Yes it is' }, h.token);
    for (let i = 0; i < 60 && !(got.host.includes('Is the forklift free?') && got.customer.includes('Yes it is')); i++) await sleep(50);
    await sleep(200);
    expect(got.host).toContain('Is the forklift free?');
    expect(got.host).not.toContain('Yes it is');
    expect(got.customer).toEqual(['Yes it is']);
    expect(got.stranger).toEqual([]);
  });
});

describe('digest mail', () => {
  it('sends one mail for several unread messages, in the recipient language', async () => {
    await digestsDone();
    const { h, c, r } = await pair();
    await sql(`update users set locale = 'ar' where id = ?`, [h.user.id]);
    const id = (await ask(c, r, 'First question')).body.conversation.id;
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Second question' }, c.token);
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Third <b>question</b>' }, c.token);
    await sleep(2500);
    await digestsDone();
    const mails = mailsTo(h.email);
    expect(mails).toHaveLength(1);
    const text = readable(mails[0]);
    expect(text).toContain('لديك 3 رسائل جديدة على موارد');
    for (const b of ['First question', 'Second question', 'Third &lt;b&gt;question&lt;/b&gt;']) expect(text).toContain(b);
    expect(text).toContain(`http://app.test/messages/${id}`);
    // The customer read their own messages by writing them: nothing for them.
    expect(mailsTo(c.email)).toHaveLength(0);
    // A later message gets its own digest, without repeating the earlier ones.
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Fourth question' }, c.token);
    await sleep(2500);
    await digestsDone();
    expect(mailsTo(h.email)).toHaveLength(2);
    const second = readable(mailsTo(h.email)[1]);
    expect(second).toContain('Fourth question');
    expect(second).not.toContain('First question');
  });

  it('sends nothing when the messages were read before the delay', async () => {
    await digestsDone();
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'Quick one')).body.conversation.id;
    expect((await t.api('POST', `/api/conversations/${id}/read`, undefined, h.token)).status).toBe(200);
    await sleep(2500);
    await digestsDone();
    expect(mailsTo(h.email)).toHaveLength(0);
  });
});

describe('account data', () => {
  it("exports the user's conversations and messages", async () => {
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'Export me')).body.conversation.id;
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Reply to export' }, h.token);
    const res = await t.api('GET', '/api/account/export', undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.body.conversations).toEqual([expect.objectContaining({ id, resource_id: r, my_role: 'customer' })]);
    expect(res.body.messages.map((m: any) => [m.body, m.from_me])).toEqual([
      ['Export me', true],
      ['Reply to export', false],
    ]);
  });

  it('erases what a deleted account wrote and closes its conversations', async () => {
    const { h, c, r } = await pair();
    const id = (await ask(c, r, 'My phone is 0500000000')).body.conversation.id;
    await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Thanks' }, h.token);
    expect((await t.api('DELETE', '/api/account', { password: c.password }, c.token)).status).toBe(200);
    const msgs = await t.api('GET', `/api/conversations/${id}/messages`, undefined, h.token);
    expect(msgs.body.items.map((m: any) => m.body)).toEqual(['Thanks', DELETED_MESSAGE_BODY]);
    const view = await t.api('GET', `/api/conversations/${id}`, undefined, h.token);
    expect(view.body.other_user).toMatchObject({ full_name: 'Deleted user', deleted: true });
    const before = await count('messages');
    const refused = await t.api('POST', `/api/conversations/${id}/messages`, { body: 'Hello?' }, h.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(M.recipientGone);
    expect(await count('messages')).toBe(before);
  });
});
