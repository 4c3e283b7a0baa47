import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import type { ReceivedMail } from '../support/smtp-sink.js';
import { liveAccess } from '../../server/src/modules/live/live.access.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A received mail as text: encoded headers, quoted-printable and base64 parts decoded as UTF-8. */
function readable(m: ReceivedMail): string {
  const qp = (s: string) => Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`).replace(/%(?![0-9A-F]{2})/gi, '%25'), 'latin1');
  let text = m.raw.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b) => Buffer.from(b, 'base64').toString('utf8'));
  text = text.replace(/=\?UTF-8\?Q\?([^?]+)\?=/gi, (_, q) => decodeURIComponent(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')));
  text = text.replace(/Content-Transfer-Encoding: base64\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([A-Za-z0-9+/=\r\n]+)/gi, (_, h, b) => `${h}\n${Buffer.from(b, 'base64').toString('utf8')}`);
  text = text.replace(/Content-Transfer-Encoding: quoted-printable\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([\s\S]*?)(?=\r?\n--)/gi, (_, h, b) => {
    try {
      return `${h}\n${decodeURIComponent(qp(b).toString('latin1'))}`;
    } catch {
      return `${h}\n${b.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m: string, x: string) => String.fromCharCode(parseInt(x, 16)))}`;
    }
  });
  return text;
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.app.orm.em.fork().getConnection().execute(`select action from audit_log where entity_id = ? order by created_at`, [userId]);
  return rows.map((r: { action: string }) => r.action);
}

describe('sign out everywhere', () => {
  it('POST /api/auth/logout-all ends every session of the account: the caller\'s token and every other one', async () => {
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

  it('closes the account\'s open WebSockets, refuses new ones with an old token, and its subscriptions get nothing more', async () => {
    const u = await createUser(t.app);
    const events: unknown[] = [];
    const closed = new Promise<{ code?: number }>((resolve) => {
      t.ws(u.token).subscribe({ query: 'subscription { meUpdated { id fullName } }' }, { next: (v) => events.push(v), error: (e) => resolve(e as { code?: number }), complete: () => resolve({}) });
    });
    await sleep(400);
    expect((await t.api('POST', '/api/auth/logout-all', undefined, u.token)).status).toBe(200);
    expect((await closed).code).toBe(4401);
    // The sign-out's own USER_CHANGED is not delivered to the ended session.
    expect(events).toEqual([]);

    const refused = await new Promise<string>((resolve) => {
      t.ws(u.token).subscribe({ query: 'subscription { meUpdated { id } }' }, { next: () => resolve('data'), error: () => resolve('refused'), complete: () => resolve('complete') });
    });
    expect(refused).toBe('refused');
  });

  it('the live access check refuses a subscriber whose session version is behind the account\'s', async () => {
    const u = await createUser(t.app);
    const subscriber = { id: u.user.id, tokenVersion: u.user.tokenVersion };
    expect(await liveAccess(t.app.deps, subscriber)).toMatchObject({ id: u.user.id });
    await t.api('POST', '/api/auth/logout-all', undefined, u.token);
    await sleep(50);
    expect(await liveAccess(t.app.deps, subscriber)).toBeNull();
    expect(await liveAccess(t.app.deps, { id: u.user.id, tokenVersion: subscriber.tokenVersion + 1 })).toMatchObject({ id: u.user.id });
  });
});
