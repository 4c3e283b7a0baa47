import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';

// The browser's REST helper (client/src/lib/api.ts) against the real server. Node has no localStorage: a plain one.
const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
};

let app: TestApp;
/** A candidate backend in the way: it drops the connection, or answers 403 as a firewall would (no JSON detail). */
let standIn: Server;
let standInMode: 'drop' | 'block' = 'drop';
let standInUrl: string;
/** Requests the stand-in received, by method. */
const standInSaw: string[] = [];
/** A candidate where nothing listens: connections to it are refused, so nothing sent to it can have arrived. */
let refusedUrl: string;
let api: typeof import('../../client/src/lib/api');

beforeAll(async () => {
  app = await createTestApp();
  standIn = createServer((req, res) => {
    standInSaw.push(req.method!);
    if (standInMode === 'drop') return void req.socket.destroy();
    res.writeHead(403, { 'content-type': 'text/html' }).end('<h1>Forbidden</h1>');
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((r) => closed.close(r));
  // Candidates in order: the page's origin (''), the stand-in, the real server.
  vi.stubEnv('VITE_API_BASE_URLS', `${standInUrl},${app.url}`);
  api = await import('../../client/src/lib/api');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((r) => standIn.close(r));
  await app.close();
});

describe('client REST calls: failover and 401 like GraphQL', () => {
  it('moves to the next candidate when one cannot be reached, and keeps it', async () => {
    store.clear();
    store.set('backend_url', standInUrl);
    standInMode = 'drop';
    const res = await api.apiFetch('/health');
    expect(res.ok).toBe(true);
    expect(store.get('backend_url')).toBe(app.url);
  });

  it('moves to the next candidate on a blocked 403', async () => {
    store.clear();
    store.set('backend_url', standInUrl);
    standInMode = 'block';
    const res = await api.apiFetch('/health');
    expect(res.ok).toBe(true);
    expect(store.get('backend_url')).toBe(app.url);
  });

  it('retries once per request, then gives the error to the caller', async () => {
    store.clear(); // starts on '' (no page origin in Node), then the stand-in, which drops too
    standInMode = 'drop';
    await expect(api.apiFetch('/health')).rejects.toBeInstanceOf(TypeError);
    expect(store.get('backend_url')).toBe(standInUrl);
  });

  it('a 401 on a signed-in call ends the session; a signed-out one does not', async () => {
    const ended = vi.fn();
    api.onSessionExpired(ended);
    store.clear();
    store.set('backend_url', app.url);
    store.set('auth_token', 'expired-or-forged');
    const res = await api.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);

    store.delete('auth_token');
    const anonymous = await api.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('sends the stored token, so a signed-in call is answered as that user', async () => {
    const u = await createUser(app.app, { role: 'host_seller' });
    store.clear();
    store.set('backend_url', app.url);
    store.set('auth_token', u.token);
    const res = await api.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
  });

  it('a POST lost to a dropped connection is not sent again (it may have arrived); the next call uses the next candidate', async () => {
    const u = await createUser(app.app, { role: 'host_seller' });
    store.clear();
    store.set('backend_url', standInUrl);
    store.set('auth_token', u.token);
    standInMode = 'drop';
    standInSaw.length = 0;
    await expect(
      api.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(standInSaw).toEqual(['POST']);
    expect(store.get('backend_url')).toBe(app.url);
    // The user's second try goes where the first would have been re-sent.
    const again = await api.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(again.status).toBe(400);
    expect(standInSaw).toEqual(['POST']);
  });

  it('idempotent methods are sent again after a dropped connection', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      store.clear();
      store.set('backend_url', standInUrl);
      standInMode = 'drop';
      standInSaw.length = 0;
      // Answered (the real server's own status for the method), not rejected with the network error.
      await expect(api.apiFetch('/health', { method })).resolves.toBeInstanceOf(Response);
      expect(standInSaw).toEqual([method]);
      expect(store.get('backend_url')).toBe(app.url);
    }
  });

  it('a POST refused by a blocked 403 is sent to the next candidate (our server never saw it)', async () => {
    const u = await createUser(app.app, { role: 'host_seller' });
    store.clear();
    store.set('backend_url', standInUrl);
    store.set('auth_token', u.token);
    standInMode = 'block';
    const res = await api.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(store.get('backend_url')).toBe(app.url);
  });

  describe('with a candidate that refuses connections before the real server', () => {
    let refusing: typeof import('../../client/src/lib/api');
    beforeAll(async () => {
      vi.stubEnv('VITE_API_BASE_URLS', `${refusedUrl},${app.url}`);
      vi.resetModules();
      refusing = await import('../../client/src/lib/api');
    });

    it('a POST whose connection was refused (never sent) goes to the next candidate', async () => {
      const u = await createUser(app.app, { role: 'host_seller' });
      store.clear();
      store.set('backend_url', refusedUrl);
      store.set('auth_token', u.token);
      const res = await refusing.apiFetch('/resources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
      expect(store.get('backend_url')).toBe(app.url);
    });

    it('listing create goes through the same failover and sends the token (features/marketplace/rest.ts)', async () => {
      const { sendListing } = await import('../../client/src/features/marketplace/rest');
      const { RestError } = await import('../../client/src/lib/rest-error');
      const u = await createUser(app.app, { role: 'host_seller' });
      store.clear();
      store.set('backend_url', refusedUrl);
      store.set('auth_token', u.token);
      const err = await sendListing('POST', '/resources', {}).catch((e: unknown) => e);
      // Answered by the real server after failing over: the body is refused (400), not the token (401), not the network.
      expect(err).toBeInstanceOf(RestError);
      expect((err as InstanceType<typeof RestError>).status).toBe(400);
      expect(store.get('backend_url')).toBe(app.url);
    });
  });
});
