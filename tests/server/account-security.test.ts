import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import type { ReceivedMail } from '../support/smtp-sink.js';
import { readable } from '../support/mail-text.js';
import { liveAccess } from '../../server/src/graphql/live-access.js';

let t: TestApp;
beforeAll(async () => {
  // A low login limit (any-IP count per account: 5 × 3) keeps the guessing test short.
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
});
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.app.orm.em
    .fork()
    .getConnection()
    .execute(`select action from audit_log where entity_id = ? order by created_at`, [userId]);
  return rows.map((r: { action: string }) => r.action);
}

describe('sign out everywhere', () => {
  it("POST /api/auth/logout-all ends every session of the account: the caller's token and every other one", async () => {
    const u = await createUser(t.app);
    const login = await t.api('POST', '/api/auth/login', { email: u.email, password: u.password });
    expect(login.status).toBe(200);
    const other = await createUser(t.app);
    for (const token of [u.token, login.body.access_token]) expect((await t.api('GET', '/api/auth/me', undefined, token)).status).toBe(200);

    const res = await t.api('POST', '/api/auth/logout-all', undefined, login.body.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'You have been signed out on every device.' });

    for (const token of [u.token, login.body.access_token]) {
      const me = await t.api('GET', '/api/auth/me', undefined, token);
      expect(me.status).toBe(401);
      expect((await t.gql('{ me { id } }', {}, token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    // Another account is not touched.
    expect((await t.api('GET', '/api/auth/me', undefined, other.token)).status).toBe(200);
    // Logging in again gives a working session.
    const again = await t.api('POST', '/api/auth/login', { email: u.email, password: u.password });
    expect((await t.api('GET', '/api/auth/me', undefined, again.body.access_token)).status).toBe(200);

    expect(await auditActions(u.user.id)).toEqual(['account.logout_all']);
    const mail = await t.smtp.waitFor(u.email, (m) => readable(m).includes('signed out of Mawarid everywhere'));
    expect(readable(mail)).toContain('http://app.test/forgot-password');
  });

  it('the logoutAll mutation does the same over GraphQL; a refused token cannot call it again', async () => {
    const u = await createUser(t.app);
    const r = await t.gql('mutation { logoutAll { message } }', {}, u.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.logoutAll.message).toBe('You have been signed out on every device.');
    const again = await t.gql('mutation { logoutAll { message } }', {}, u.token);
    expect(again.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.api('POST', '/api/auth/logout-all', undefined, u.token)).status).toBe(401);
  });

  it('a visitor cannot call it', async () => {
    expect((await t.api('POST', '/api/auth/logout-all')).status).toBe(401);
    expect((await t.gql('mutation { logoutAll { message } }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it("closes the account's open WebSockets, refuses new ones with an old token, and its subscriptions get nothing more", async () => {
    const u = await createUser(t.app);
    const events: unknown[] = [];
    const closed = new Promise<{ code?: number }>((resolve) => {
      t.ws(u.token).subscribe(
        { query: 'subscription { meUpdated { id fullName } }' },
        { next: (v) => events.push(v), error: (e) => resolve(e as { code?: number }), complete: () => resolve({}) },
      );
    });
    await sleep(400);
    expect((await t.api('POST', '/api/auth/logout-all', undefined, u.token)).status).toBe(200);
    expect((await closed).code).toBe(4401);
    // The sign-out's own USER_CHANGED is not delivered to the ended session.
    expect(events).toEqual([]);

    const refused = await new Promise<string>((resolve) => {
      t.ws(u.token).subscribe(
        { query: 'subscription { meUpdated { id } }' },
        { next: () => resolve('data'), error: () => resolve('refused'), complete: () => resolve('complete') },
      );
    });
    expect(refused).toBe('refused');
  });

  it("the live access check refuses a subscriber whose session version is behind the account's", async () => {
    const u = await createUser(t.app);
    const subscriber = { id: u.user.id, tokenVersion: u.user.tokenVersion };
    expect(await liveAccess(t.app.deps, subscriber)).toMatchObject({ id: u.user.id });
    await t.api('POST', '/api/auth/logout-all', undefined, u.token);
    await sleep(50);
    expect(await liveAccess(t.app.deps, subscriber)).toBeNull();
    expect(await liveAccess(t.app.deps, { id: u.user.id, tokenVersion: subscriber.tokenVersion + 1 })).toMatchObject({ id: u.user.id });
  });
});

// Each test asks from its own address (the app trusts X-Forwarded-For from loopback), so the per-IP limit of one
// test does not spend another's.
let ipN = 0;
const fromIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipN}` });
const forgot = (email: string, ip = fromIp()) => t.api('POST', '/api/auth/forgot-password', { email }, undefined, ip);

function resetTokenIn(m: ReceivedMail): string {
  const match = /http:\/\/app\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(readable(m));
  if (!match) throw new Error('no reset link in mail');
  return match[1];
}
const isResetMail = (m: ReceivedMail) => /reset-password\?token=/.test(readable(m));

async function resetToken(email: string): Promise<string> {
  const before = t.smtp.received.filter((m) => m.to.includes(email) && isResetMail(m)).length;
  expect((await forgot(email)).status).toBe(200);
  await expect.poll(() => t.smtp.received.filter((m) => m.to.includes(email) && isResetMail(m)).length).toBe(before + 1);
  return resetTokenIn(t.smtp.received.filter((m) => m.to.includes(email) && isResetMail(m)).at(-1)!);
}

describe('forgot password', () => {
  it('answers a known and an unknown address the same, and mails only the known one a link in their language', async () => {
    const u = await createUser(t.app);
    await t.app.orm.em.fork().getConnection().execute(`update users set locale = 'ar' where id = ?`, [u.user.id]);
    const known = await forgot(u.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.sa');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: 'If an account with that email exists, a link to set a new password has been sent.' });

    const mail = await t.smtp.waitFor(u.email, isResetMail);
    const text = readable(mail);
    expect(text).toContain('إعادة تعيين كلمة المرور في موارد');
    expect(text).toMatch(/http:\/\/app\.test\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    await sleep(300);
    expect(t.smtp.received.some((m) => m.to.includes('nobody-here@example.sa'))).toBe(false);
    // Only a hash of the token is stored.
    const rows = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select token_hash, expires_at from password_reset_tokens where user_id = ?`, [u.user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(resetTokenIn(mail));
    const ttl = new Date(rows[0].expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(58 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('is limited per address (5 an hour), counted the same for an unknown address, and per IP (20 an hour)', async () => {
    const u = await createUser(t.app);
    for (const email of [u.email, 'ghost@example.sa']) {
      for (let i = 0; i < 5; i++) expect((await forgot(email)).status).toBe(200);
      const sixth = await forgot(email);
      expect(sixth.status).toBe(429);
      expect(sixth.body.detail).toBe('Too many password reset requests. Please try again later.');
    }
    const ip = fromIp();
    for (let i = 0; i < 20; i++) expect((await forgot(`spray-${i}@example.sa`, ip)).status).toBe(200);
    expect((await forgot('spray-last@example.sa', ip)).status).toBe(429);
  });

  it('refuses a malformed address with a clear message', async () => {
    const res = await forgot('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please enter a valid email address');
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, is single use, and tells the owner', async () => {
    const u = await createUser(t.app);
    const other = await t.api('POST', '/api/auth/login', { email: u.email, password: u.password });
    const token = await resetToken(u.email);

    const res = await t.api('POST', '/api/auth/reset-password', { token, password: 'new-Passw0rd-2026' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been reset. Please log in with your new password.' });

    for (const old of [u.token, other.body.access_token]) expect((await t.api('GET', '/api/auth/me', undefined, old)).status).toBe(401);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    const login = await t.api('POST', '/api/auth/login', { email: u.email, password: 'new-Passw0rd-2026' });
    expect(login.status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', undefined, login.body.access_token)).status).toBe(200);

    const again = await t.api('POST', '/api/auth/reset-password', { token, password: 'another-Passw0rd' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Invalid password reset link');
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: 'new-Passw0rd-2026' })).status).toBe(200);

    expect(await auditActions(u.user.id)).toEqual(['account.password_reset_requested', 'account.password_reset']);
    await t.smtp.waitFor(u.email, (m) => readable(m).includes('Your Mawarid password was reset'));
  });

  it('refuses an expired link with its own message and changes nothing', async () => {
    const u = await createUser(t.app);
    const token = await resetToken(u.email);
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ?`, [u.user.id]);
    const res = await t.api('POST', '/api/auth/reset-password', { token, password: 'new-Passw0rd-2026' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Password reset link has expired');
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('refuses an unknown token, a superseded link and a password the registration rules refuse; a refused password keeps the link usable', async () => {
    const u = await createUser(t.app);
    for (const token of ['', 'x'.repeat(300), 'made-up-token']) {
      const res = await t.api('POST', '/api/auth/reset-password', { token, password: 'new-Passw0rd-2026' });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Invalid password reset link');
    }
    const first = await resetToken(u.email);
    const second = await resetToken(u.email);
    expect((await t.api('POST', '/api/auth/reset-password', { token: first, password: 'new-Passw0rd-2026' })).body.detail).toBe(
      'Invalid password reset link',
    );

    const short = await t.api('POST', '/api/auth/reset-password', { token: second, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Password must be at least 8 characters');
    expect((await t.api('POST', '/api/auth/reset-password', { token: second, password: 'x'.repeat(129) })).body.detail).toBe(
      'Password must be at most 128 characters',
    );
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/reset-password', { token: second, password: 'new-Passw0rd-2026' })).status).toBe(200);
  });

  it('works over GraphQL too (forgotPassword, resetPassword)', async () => {
    const u = await createUser(t.app);
    const asked = await t.gql('mutation($e: String!) { forgotPassword(email: $e) { message } }', { e: u.email });
    expect(asked.data.forgotPassword.message).toBe('If an account with that email exists, a link to set a new password has been sent.');
    const mail = await t.smtp.waitFor(u.email, isResetMail);
    const token = resetTokenIn(mail);
    const done = await t.gql('mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) { message } }', {
      t: token,
      p: 'gql-Passw0rd-2026',
    });
    expect(done.errors).toBeUndefined();
    const reused = await t.gql('mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) { message } }', {
      t: token,
      p: 'gql-Passw0rd-2027',
    });
    expect(reused.errors?.[0]).toMatchObject({ message: 'Invalid password reset link', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await t.gql('{ me { id } }', {}, u.token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('change password', () => {
  it('needs the current password: a wrong one is refused with a message and changes nothing', async () => {
    const u = await createUser(t.app);
    const res = await t.api(
      'POST',
      '/api/auth/change-password',
      { current_password: 'not-my-password', new_password: 'new-Passw0rd-2026' },
      u.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Current password is incorrect');
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    const short = await t.api('POST', '/api/auth/change-password', { current_password: u.password, new_password: 'short' }, u.token);
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Password must be at least 8 characters');
    const missing = await t.api('POST', '/api/auth/change-password', { new_password: 'new-Passw0rd-2026' }, u.token);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Please fill in all required fields');
    expect(await auditActions(u.user.id)).toEqual([]);
  });

  it('ends the other sessions and answers with a token of the new session', async () => {
    const u = await createUser(t.app);
    const other = await t.api('POST', '/api/auth/login', { email: u.email, password: u.password });
    const res = await t.api(
      'POST',
      '/api/auth/change-password',
      { current_password: u.password, new_password: 'new-Passw0rd-2026' },
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Your password has been changed.',
      token_type: 'bearer',
      user: { id: u.user.id, email: u.email },
    });
    expect(res.body.access_token).toEqual(expect.any(String));

    for (const old of [u.token, other.body.access_token]) expect((await t.api('GET', '/api/auth/me', undefined, old)).status).toBe(401);
    expect((await t.api('GET', '/api/auth/me', undefined, res.body.access_token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: 'new-Passw0rd-2026' })).status).toBe(200);

    expect(await auditActions(u.user.id)).toEqual(['account.password_change']);
    await t.smtp.waitFor(u.email, (m) => readable(m).includes('Your Mawarid password was changed'));
  });

  it('counts wrong current passwords like failed logins: after the limit even the right one is refused', async () => {
    const u = await createUser(t.app);
    let last = 0;
    for (let i = 0; i < 30 && last !== 429; i++) {
      last = (
        await t.api('POST', '/api/auth/change-password', { current_password: `guess-${i}`, new_password: 'new-Passw0rd-2026' }, u.token)
      ).status;
    }
    expect(last).toBe(429);
    expect(
      (await t.api('POST', '/api/auth/change-password', { current_password: u.password, new_password: 'new-Passw0rd-2026' }, u.token))
        .status,
    ).toBe(429);
  });

  it('runs at most one password check per GraphQL operation: aliased guesses are refused before any runs', async () => {
    const u = await createUser(t.app);
    const guess = (alias: string, current: string) =>
      `${alias}: changePassword(input: { currentPassword: "${current}", newPassword: "alias-Passw0rd-2026" }) { accessToken }`;
    for (const doc of [
      `mutation { ${guess('a', 'wrong-1')} ${guess('b', u.password)} }`,
      `mutation { ${guess('a', 'wrong-2')} login(input: { email: "${u.email}", password: "x" }) { accessToken } }`,
    ]) {
      const res = await t.gql(doc, {}, u.token);
      expect(res.status).toBe(400);
      expect(res.errors?.[0].message).toMatch(/^An operation may run only one of register, login, changePassword/);
    }
    // Nothing ran: the session and the password are as they were.
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('works over GraphQL (changePassword) and refuses a visitor', async () => {
    const u = await createUser(t.app);
    const Q = 'mutation($i: ChangePasswordInput!) { changePassword(input: $i) { accessToken user { id } } }';
    const wrong = await t.gql(Q, { i: { currentPassword: 'nope-nope', newPassword: 'gql-Passw0rd-2026' } }, u.token);
    expect(wrong.errors?.[0]).toMatchObject({ message: 'Current password is incorrect', extensions: { code: 'BAD_USER_INPUT' } });
    const ok = await t.gql(Q, { i: { currentPassword: u.password, newPassword: 'gql-Passw0rd-2026' } }, u.token);
    expect(ok.errors).toBeUndefined();
    expect((await t.gql('{ me { id } }', {}, ok.data.changePassword.accessToken)).data.me.id).toBe(u.user.id);
    expect((await t.gql('{ me { id } }', {}, u.token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(Q, { i: { currentPassword: 'a', newPassword: 'b' } })).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.api('POST', '/api/auth/change-password', { current_password: 'a', new_password: 'b' })).status).toBe(401);
  });
});
