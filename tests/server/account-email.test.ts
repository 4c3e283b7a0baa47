import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const fresh = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.sa`;

/** The token of the newest email change link mailed to `to`. */
async function linkToken(to: string, not?: string): Promise<string> {
  let token = '';
  await t.smtp.waitFor(to, (m) => {
    const found = readable(m).match(/http:\/\/app\.test\/confirm-email\?token=([\w-]+)/)?.[1];
    if (found && found !== not) token = found;
    return !!token;
  });
  return token;
}
const sql = (q: string, p: unknown[] = []) => t.app.orm.em.fork().getConnection().execute(q, p);

describe('change email', () => {
  it('request with the current password → link to the NEW address → confirming changes the login; the old address is told', async () => {
    const u = await createUser(t.app);
    const next = fresh('new');
    const res = await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: next.toUpperCase() }, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'We have sent a link to the new address. Open it to confirm the change.' });
    // Nothing changes until the link is opened; the link went to the new address only.
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).body.email).toBe(u.email);
    const token = await linkToken(next);
    expect(t.smtp.received.some((m) => m.to.includes(u.email) && readable(m).includes('confirm-email?token='))).toBe(false);

    const done = await t.api('POST', '/api/auth/confirm-email-change', { token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Your email address has been changed.', user: { email: next, email_verified: true } });
    // The session goes on; the new address logs in, the old one no longer does.
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).body.email).toBe(next);
    expect((await t.api('POST', '/api/auth/login', { email: next, password: u.password })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);

    const notice = await t.smtp.waitFor(u.email, (m) => readable(m).includes('The email of your Mawarid account was changed'));
    expect(readable(notice)).toContain('http://app.test/forgot-password');
    const audit = await sql(`select action, before, after from audit_log where entity_id = ? order by created_at`, [u.user.id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['account.email_change_requested', 'account.email_change']);
    expect(audit[1]).toMatchObject({ before: { email: u.email }, after: { email: next } });

    // Single use.
    const again = await t.api('POST', '/api/auth/confirm-email-change', { token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Invalid email change link');
  });

  it('refuses a wrong password, the same address and a bad address, changing nothing', async () => {
    const u = await createUser(t.app);
    const wrong = await t.api('POST', '/api/auth/change-email', { current_password: 'not-it', new_email: fresh('x') }, u.token);
    expect(wrong).toMatchObject({ status: 400, body: { detail: 'Current password is incorrect', field: 'current_password' } });
    const same = await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: u.email }, u.token);
    expect(same).toMatchObject({ status: 400, body: { detail: 'This is already the email of your account' } });
    const bad = await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: 'not-an-email' }, u.token);
    expect(bad).toMatchObject({ status: 400, body: { detail: 'Please enter a valid email address', field: 'new_email' } });
    expect((await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: fresh('y') })).status).toBe(401);
    expect((await sql(`select count(*)::int as n from email_change_tokens where user_id = ?`, [u.user.id]))[0].n).toBe(0);
  });

  it('answers a taken address exactly as a free one, and tells its owner in their language instead of sending a link', async () => {
    const u = await createUser(t.app);
    const owner = await createUser(t.app, { fullName: 'Noura Owner' });
    await sql(`update users set locale = 'ar' where id = ?`, [owner.user.id]);
    const free = fresh('free');
    const ask = (new_email: string) => t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email }, u.token);
    const forFree = await ask(free);
    const forTaken = await ask(owner.email.toUpperCase());
    expect(forTaken.status).toBe(forFree.status);
    expect(forTaken.body).toEqual(forFree.body);
    expect(forTaken.body).toEqual({ message: 'We have sent a link to the new address. Open it to confirm the change.' });

    // The owner is told, in Arabic, with no link that could move their address anywhere.
    const notice = await t.smtp.waitFor(owner.email, (m) => readable(m).includes('هذا العنوان مرتبط بحسابك بالفعل'));
    expect(readable(notice)).toContain('Noura Owner');
    expect(readable(notice)).toContain('http://app.test/login');
    expect(readable(notice)).not.toContain('confirm-email?token=');
    // No link for the taken address exists, and the request voided the free address's link as a request for a
    // free address would: whether an older link still works tells nothing about who has an account.
    const links = await sql(`select new_email from email_change_tokens where user_id = ? and used_at is null`, [u.user.id]);
    expect(links).toEqual([]);
    const voided = await t.api('POST', '/api/auth/confirm-email-change', { token: await linkToken(free) });
    expect(voided.status).toBe(400);
    expect((await t.api('GET', '/api/auth/me', undefined, owner.token)).body.email).toBe(owner.email);
    // The account's own activity (what its export shows) records both requests alike.
    const asked = await sql(
      `select after from audit_log where entity_id = ? and action = 'account.email_change_requested' order by created_at`,
      [u.user.id],
    );
    expect(asked.map((r: { after: { new_email: string } }) => r.after.new_email)).toEqual([free, owner.email.toLowerCase()]);
  });

  it('limits change-email requests to 5 an hour per account, taken and free addresses alike', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const ask = (new_email: string) => t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email }, u.token);
    for (let i = 0; i < 5; i++) expect((await ask(i % 2 ? other.email : fresh(`lim${i}`))).status).toBe(200);
    const limited = await ask(fresh('lim-over'));
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many email change requests. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back by this one's requests.
    const v = await createUser(t.app);
    expect((await t.api('POST', '/api/auth/change-email', { current_password: v.password, new_email: fresh('v') }, v.token)).status).toBe(
      200,
    );
  });

  it('an expired link is refused as expired; a newer request voids the older link; an address taken meanwhile is refused', async () => {
    const u = await createUser(t.app);
    const first = fresh('first');
    await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: first }, u.token);
    const firstToken = await linkToken(first);
    const second = fresh('second');
    await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: second }, u.token);
    const secondToken = await linkToken(second);
    expect((await t.api('POST', '/api/auth/confirm-email-change', { token: firstToken })).body.detail).toBe('Invalid email change link');

    await sql(`update email_change_tokens set expires_at = now() - interval '1 minute' where new_email = ?`, [second]);
    const expired = await t.api('POST', '/api/auth/confirm-email-change', { token: secondToken });
    expect(expired).toMatchObject({ status: 400, body: { detail: 'Email change link has expired' } });

    const third = fresh('third');
    await t.api('POST', '/api/auth/change-email', { current_password: u.password, new_email: third }, u.token);
    const thirdToken = await linkToken(third);
    await createUser(t.app, { email: third });
    const raced = await t.api('POST', '/api/auth/confirm-email-change', { token: thirdToken });
    expect(raced).toMatchObject({ status: 409, body: { detail: 'An account with this email already exists' } });
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).body.email).toBe(u.email);
  });

  it('over GraphQL: requestEmailChange and confirmEmailChange', async () => {
    const u = await createUser(t.app);
    const next = fresh('gql');
    const r = await t.gql(
      `mutation($i: ChangeEmailInput!) { requestEmailChange(input: $i) { message } }`,
      { i: { currentPassword: u.password, newEmail: next } },
      u.token,
    );
    expect(r.errors).toBeUndefined();
    const token = await linkToken(next);
    const c = await t.gql(`mutation($t: String!) { confirmEmailChange(token: $t) { email emailVerified } }`, { t: token });
    expect(c.data.confirmEmailChange).toEqual({ email: next, emailVerified: true });
    const visitor = await t.gql(`mutation($i: ChangeEmailInput!) { requestEmailChange(input: $i) { message } }`, {
      i: { currentPassword: 'x', newEmail: fresh('v') },
    });
    expect(visitor.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
