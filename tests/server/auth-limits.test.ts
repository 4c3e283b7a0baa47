import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';

/**
 * Login and resend-verification limits (per address, per account, per IP), and answers that do not tell whether an
 * account exists. The server trusts X-Forwarded-For from loopback (a reverse proxy on the same host), which lets
 * these tests call from several client addresses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3' }); // 3 per account+IP, 15 per account, 15 per IP
});
afterAll(async () => t?.close());

let ipN = 0;
const newIp = () => `203.0.113.${++ipN}`;
const login = (email: string, password: string, ip: string) =>
  t.api('POST', '/api/auth/login', { email, password }, undefined, { 'x-forwarded-for': ip });
const resend = (email: string, ip: string) =>
  t.api('POST', '/api/auth/resend-verification', { email }, undefined, { 'x-forwarded-for': ip });
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email)).length;
/** Links are mailed after the answer, through the mail queue: waits for `n` mails to `email`, then for the queue to
 * be empty (so a mail too many would be counted too). */
async function mailsArrive(email: string, n: number) {
  for (let i = 0; i < 200 && mailsTo(email) < n; i++) await new Promise((r) => setTimeout(r, 50));
  await t.mailsSent();
  return mailsTo(email);
}
const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
const TOO_MANY_MAILS = 'Too many verification emails requested. Please try again later.';

describe('login limits', () => {
  it('per account and address: after 3 failures even the right password waits, from that address only', async () => {
    const u = await createUser(t.app);
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'wrong-guess', ip)).status).toBe(401);
    const blocked = await login(u.email, u.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(TOO_MANY_LOGINS);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner elsewhere is not locked out by someone guessing from one address.
    expect((await login(u.email, u.password, newIp())).status).toBe(200);
  });

  it('per account from any address: guesses spread over many addresses are capped too', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 15; i++) expect((await login(u.email, 'wrong-guess', newIp())).status).toBe(401);
    const blocked = await login(u.email, u.password, newIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(TOO_MANY_LOGINS);
    // Over GraphQL too: the same service and the same counters.
    const res = await fetch(t.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp() },
      body: JSON.stringify({
        query: 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }',
        variables: { i: { email: u.email, password: u.password } },
      }),
    });
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ message: TOO_MANY_LOGINS, extensions: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('per address across accounts: one address trying many accounts is stopped, others are not', async () => {
    const u = await createUser(t.app);
    const ip = newIp();
    for (let i = 0; i < 15; i++) expect((await login(`nobody${i}@example.sa`, 'wrong-guess', ip)).status).toBe(401);
    expect((await login(u.email, u.password, ip)).status).toBe(429);
    expect((await login(u.email, u.password, newIp())).status).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password, including when limited', async () => {
    const u = await createUser(t.app);
    const ip = newIp();
    const wrong = await login(u.email, 'wrong-guess', ip);
    const unknown = await login('nobody-here@example.sa', 'wrong-guess', ip);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ detail: 'Invalid email or password', message_key: 'invalidCredentials' });

    const gql = (email: string) =>
      t.gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password: 'wrong-guess' } });
    const [g1, g2] = [await gql(u.email), await gql('nobody-here@example.sa')];
    expect(g1.errors).toEqual(g2.errors);
    expect(g1.errors?.[0]).toMatchObject({ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } });

    // Limits count unknown addresses like known ones, so a 429 does not reveal an account either.
    const ip2 = newIp();
    for (let i = 0; i < 3; i++) await login('ghost-account@example.sa', 'wrong-guess', ip2);
    for (let i = 0; i < 2; i++) await login(u.email, 'wrong-guess', ip2);
    const [ghost, real] = [await login('ghost-account@example.sa', 'wrong-guess', ip2), await login(u.email, 'wrong-guess', ip2)];
    expect(ghost.status).toBe(429);
    expect(real.status).toBe(401); // its 3rd failure from this address
    expect((await login(u.email, 'wrong-guess', ip2)).body).toEqual(ghost.body);
  });
});

describe('resend-verification limits', () => {
  it('per address: 5 links an hour, whichever addresses ask, and no more mail after that', async () => {
    const u = await createUser(t.app, { verified: false });
    for (let i = 0; i < 5; i++) expect((await resend(u.email, newIp())).status).toBe(200);
    const blocked = await resend(u.email, newIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(TOO_MANY_MAILS);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Five links went out; the refused sixth request sent nothing (it stopped before looking the address up).
    expect(await mailsArrive(u.email, 5)).toBe(5);
    // An unknown address is limited the same way.
    for (let i = 0; i < 5; i++) expect((await resend('nobody-resend@example.sa', newIp())).status).toBe(200);
    expect(await resend('nobody-resend@example.sa', newIp())).toMatchObject({ status: 429, body: blocked.body });
  });

  it('per IP: 20 requests an hour from one address, whatever emails they name', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await resend(`someone${i}@example.sa`, ip)).status).toBe(200);
    const blocked = await resend('someone-else@example.sa', ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(TOO_MANY_MAILS);
    expect((await resend('someone-else@example.sa', newIp())).status).toBe(200);
    // GraphQL shares the counters.
    const res = await fetch(t.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ query: 'mutation { resendVerification(email: "gql-limit@example.sa") { message } }' }),
    });
    expect((await res.json()).errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });

  it('answers the same for an unknown, an unverified and a verified address', async () => {
    const unverified = await createUser(t.app, { verified: false });
    const verified = await createUser(t.app, { verified: true });
    const answers = [
      await resend('not-registered@example.sa', newIp()),
      await resend(unverified.email, newIp()),
      await resend(verified.email, newIp()),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(answers[0].body.message).toBe('If an account with that email needs verification, a new link has been sent.');
    // Only the unverified account actually gets a link.
    expect(await mailsArrive(unverified.email, 1)).toBe(1);
    expect(mailsTo(verified.email)).toBe(0);
  });

  it('answers without waiting for the mail, so an existing account does not take longer to answer', async () => {
    // A mail server that accepts connections and never speaks: a request that waited for it would never answer.
    const sockets = new Set<Socket>();
    const silent = createServer((s) => void sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const slow = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as { port: number }).port}` });
    try {
      const u = await createUser(slow.app, { verified: false });
      const res = await slow.api('POST', '/api/auth/resend-verification', { email: u.email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('If an account with that email needs verification, a new link has been sent.');
      // …and the link is on its way: the mail server was contacted.
      for (let i = 0; i < 100 && !sockets.size; i++) await new Promise((r) => setTimeout(r, 50));
      expect(sockets.size).toBe(1);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
      await slow.close();
    }
  });
});

describe('registration probing limit', () => {
  const register = (email: string, ip: string) =>
    t.api('POST', '/api/auth/register', { email, password: 'riyadh-2026', full_name: 'Probe', company_name: '' }, undefined, {
      'x-forwarded-for': ip,
    });

  it('refuses an address for the hour after 10 "already taken" answers; new accounts from other addresses still register', async () => {
    const existing = await Promise.all(Array.from({ length: 11 }, () => createUser(t.app)));
    const prober = newIp();
    for (const u of existing.slice(0, 10)) {
      const res = await register(u.email, prober);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe('An account with this email already exists');
    }
    // The 11th probe gets no answer about the address, whether it is taken or not.
    const probed = await register(existing[10].email, prober);
    const fresh = await register(`fresh-${ipN}@example.sa`, prober);
    for (const res of [probed, fresh]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        detail: 'Too many registration attempts. Please try again later.',
        message_key: 'tooManyRegistrationAttemptsPlease',
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Nothing was created by the refused request.
    expect((await login(`fresh-${ipN}@example.sa`, 'riyadh-2026', newIp())).status).toBe(401);
    // Someone else is not affected.
    const other = newIp();
    for (let i = 0; i < 3; i++) expect((await register(`newcomer-${i}-${ipN}@example.sa`, other)).status).toBe(201);
  });

  it('lets one address attempt 10 registrations an hour (REST and GraphQL together); the 11th creates nothing', async () => {
    const ip = newIp();
    const gqlRegister = (email: string) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          query: 'mutation($i: RegisterInput!) { register(input: $i) { accessToken } }',
          variables: { i: { email, password: 'riyadh-2026', fullName: 'Bulk' } },
        }),
      }).then((r) => r.json() as Promise<{ data?: unknown; errors?: Array<{ message: string; extensions: { code: string } }> }>);
    for (let i = 0; i < 5; i++) expect((await register(`bulk-${i}-${ipN}@example.sa`, ip)).status).toBe(201);
    for (let i = 5; i < 10; i++) expect((await gqlRegister(`bulk-${i}-${ipN}@example.sa`)).errors).toBeUndefined();
    const refused = await register(`bulk-10-${ipN}@example.sa`, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: 'Too many registration attempts. Please try again later.',
      message_key: 'tooManyRegistrationAttemptsPlease',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const viaGql = await gqlRegister(`bulk-11-${ipN}@example.sa`);
    expect(viaGql.errors?.[0]).toMatchObject({
      message: 'Too many registration attempts. Please try again later.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect((await login(`bulk-10-${ipN}@example.sa`, 'riyadh-2026', newIp())).status).toBe(401);
    expect((await login(`bulk-11-${ipN}@example.sa`, 'riyadh-2026', newIp())).status).toBe(401);
    expect((await register(`bulk-other-${ipN}@example.sa`, newIp())).status).toBe(201);
  });
});
