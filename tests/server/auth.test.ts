import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { decodeQuotedPrintable } from '../support/smtp-sink.js';
import { createUser } from '../support/factories.js';
import { EmailVerificationToken } from '../../server/src/modules/auth/verification-token.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
});
afterAll(async () => t?.close());

const linkIn = (raw: string) => {
  const m = /http:\/\/app\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!m) throw new Error('no verification link in mail');
  return m[1];
};

describe('health', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('register → verify → login over REST', () => {
  it('registers, mails a single-use link, verifies, and logs in', async () => {
    const email = 'Layla.Hassan@Example.SA';
    const reg = await t.api('POST', '/api/auth/register', {
      email,
      password: 'sahara-2026',
      full_name: 'Layla Hassan',
      company_name: 'Najd Tech',
    });
    expect(reg.status).toBe(201);
    expect(reg.body.access_token).toEqual(expect.any(String));
    expect(reg.body.user).toMatchObject({
      email: 'layla.hassan@example.sa',
      full_name: 'Layla Hassan',
      company_name: 'Najd Tech',
      role: 'regular',
      status: 'active',
      email_verified: false,
    });
    expect(reg.body.user).not.toHaveProperty('password_hash');
    const token = reg.body.access_token as string;

    const status1 = await t.api('GET', '/api/auth/email-verification-status', undefined, token);
    expect(status1.body).toEqual({ email_verified: false });

    const mail = await t.smtp.waitFor('layla.hassan@example.sa');
    const link = linkIn(mail.raw);

    const verify = await t.api('POST', '/api/auth/verify-email', { token: link });
    expect(verify.status).toBe(200);
    expect(verify.body.email_verified).toBe(true);

    const again = await t.api('POST', '/api/auth/verify-email', { token: link });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Invalid verification link');

    const me = await t.api('GET', '/api/auth/me', undefined, token);
    expect(me.body.email_verified).toBe(true);

    const login = await t.api('POST', '/api/auth/login', { email: 'LAYLA.hassan@example.sa', password: 'sahara-2026' });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe('layla.hassan@example.sa');
  });

  it('stores only an argon2id hash of the password', async () => {
    await t.api('POST', '/api/auth/register', { email: 'hash@example.sa', password: 'plain-secret-1', full_name: 'Hash Check' });
    const rows = await t.app.orm.em.fork().getConnection().execute(`select password_hash from users where email = 'hash@example.sa'`);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain('plain-secret-1');
  });

  it('lets a new user ask for a host account', async () => {
    const reg = await t.api('POST', '/api/auth/register', {
      email: 'host-new@example.sa',
      password: 'sahara-2026',
      full_name: 'New Host',
      account_type: 'host_seller',
    });
    expect(reg.body.user.role).toBe('host_seller');
    const sneaky = await t.api('POST', '/api/auth/register', {
      email: 'sneaky@example.sa',
      password: 'sahara-2026',
      full_name: 'Sneaky',
      account_type: 'admin',
    });
    expect(sneaky.status).toBe(400);
  });

  it('rejects bad registrations with a clear message and writes nothing', async () => {
    const before = await t.app.orm.em.fork().getConnection().execute('select count(*)::int as n from users');
    const cases: Array<[unknown, number, string]> = [
      [{ email: 'a@b.sa', password: 'longenough' }, 400, 'Please fill in all required fields'],
      [{ email: 'not-an-email', password: 'longenough', full_name: 'X' }, 400, 'Please enter a valid email address'],
      [{ email: 'short@b.sa', password: 'short', full_name: 'X' }, 400, 'Password must be at least 8 characters'],
      [{ email: 12, password: ['x'], full_name: {} }, 400, expect.any(String) as unknown as string],
      ['{not json', 400, 'Request body is not valid JSON'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await t.api('POST', '/api/auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toEqual(detail);
    }
    const after = await t.app.orm.em.fork().getConnection().execute('select count(*)::int as n from users');
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await t.api('POST', '/api/auth/register', { email: 'dup@example.sa', password: 'sahara-2026', full_name: 'Dup One' });
    const res = await t.api('POST', '/api/auth/register', { email: 'DUP@example.sa', password: 'sahara-2026', full_name: 'Dup Two' });
    expect(res.status).toBe(409);
    // The field it is about, so a form shows it at the email.
    expect(res.body).toEqual({ detail: 'An account with this email already exists', field: 'email', message_key: 'emailTaken' });
  });
});

describe('login', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    const u = await createUser(t.app);
    const wrong = await t.api('POST', '/api/auth/login', { email: u.email, password: 'nope-nope' });
    const unknown = await t.api('POST', '/api/auth/login', { email: 'nobody@example.sa', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.detail).toBe('Invalid email or password');
  });

  it('rate-limits failed attempts per account', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 3; i++)
      expect((await t.api('POST', '/api/auth/login', { email: u.email, password: 'bad-guess' })).status).toBe(401);
    const blocked = await t.api('POST', '/api/auth/login', { email: u.email, password: u.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe('Too many login attempts. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses suspended and inactive users', async () => {
    const s = await createUser(t.app, { status: 'suspended' });
    const res = await t.api('POST', '/api/auth/login', { email: s.email, password: s.password });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/suspended/);
    const i = await createUser(t.app, { status: 'inactive' });
    expect((await t.api('POST', '/api/auth/login', { email: i.email, password: i.password })).status).toBe(403);
  });
});

describe('tokens', () => {
  it('refuses a suspended user on every call, even with a valid token', async () => {
    const u = await createUser(t.app);
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);
    await t.app.orm.em.fork().getConnection().execute(`update users set status = 'suspended' where id = ?`, [u.user.id]);
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(401);
    expect((await t.api('POST', '/api/newsletter/subscribe', { email: 'x@y.sa' }, u.token)).status).toBe(401);
    const g = await t.gql('{ me { id } }', {}, u.token);
    expect(g.status).toBe(401);
    expect(g.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses alg none, a wrong signature and an expired token', async () => {
    const u = await createUser(t.app);
    const none = jwt.sign({ sub: u.user.id }, '', { algorithm: 'none' });
    const wrongKey = jwt.sign({ sub: u.user.id }, 'x'.repeat(40), { algorithm: 'HS256' });
    const expired = jwt.sign({ sub: u.user.id, exp: Math.floor(Date.now() / 1000) - 10 }, t.app.deps.env.jwtSecret, { algorithm: 'HS256' });
    for (const token of [none, wrongKey, expired, 'garbage']) {
      const res = await t.api('GET', '/api/auth/me', undefined, token);
      expect(res.status).toBe(401);
    }
  });

  it('asks for a login when no token is sent', async () => {
    const res = await t.api('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('verification links', () => {
  it('expires after 24 hours with a message that says so', async () => {
    const reg = await t.api('POST', '/api/auth/register', { email: 'late@example.sa', password: 'sahara-2026', full_name: 'Late Reader' });
    const link = linkIn((await t.smtp.waitFor('late@example.sa')).raw);
    const em = t.app.orm.em.fork();
    await em.nativeUpdate(EmailVerificationToken, { user: reg.body.user.id }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await t.api('POST', '/api/auth/verify-email', { token: link });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Verification link has expired');
  });

  it('resends a new link that replaces the old one, and says the same for unknown addresses', async () => {
    await t.api('POST', '/api/auth/register', { email: 'resend@example.sa', password: 'sahara-2026', full_name: 'Re Send' });
    const first = linkIn((await t.smtp.waitFor('resend@example.sa')).raw);
    const res = await t.api('POST', '/api/auth/resend-verification', { email: 'resend@example.sa' });
    expect(res.status).toBe(200);
    const unknown = await t.api('POST', '/api/auth/resend-verification', { email: 'ghost@example.sa' });
    expect(unknown.body).toEqual(res.body);
    const second = linkIn((await t.smtp.waitFor('resend@example.sa', (m) => linkIn(m.raw) !== first)).raw);
    expect((await t.api('POST', '/api/auth/verify-email', { token: first })).status).toBe(400);
    expect((await t.api('POST', '/api/auth/verify-email', { token: second })).status).toBe(200);
  });

  it('sends the email in Arabic to a user who registered in Arabic', async () => {
    await t.api('POST', '/api/auth/register', { email: 'arabic@example.sa', password: 'sahara-2026', full_name: 'عبدالله', locale: 'ar' });
    const mail = await t.smtp.waitFor('arabic@example.sa');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('dir="rtl"');
  });
});

describe('newsletter', () => {
  it('stores an address once and treats a second subscription as success', async () => {
    const a = await t.api('POST', '/api/newsletter/subscribe', { email: 'news@example.sa' });
    const b = await t.api('POST', '/api/newsletter/subscribe', { email: 'NEWS@example.sa' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.message).toBe('Please check your email to confirm your subscription.');
    const rows = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from newsletter_subscribers where email = 'news@example.sa'`);
    expect(rows[0].n).toBe(1);
  });

  it('says "Please enter a valid email address" for an empty or invalid one', async () => {
    for (const email of ['', 'nope', undefined]) {
      const res = await t.api('POST', '/api/newsletter/subscribe', { email });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please enter a valid email address');
    }
  });
});
