import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { EnvError, parseEnv } from '../../server/src/config/env.js';

/**
 * TRUST_PROXY: which hops may tell us the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto). The
 * test client connects over loopback, so the settings below stand for "a reverse proxy on this host" (loopback)
 * and "a load balancer at 198.51.100.9 in front of it".
 */
const LB = '198.51.100.9';
const HSTS = 'max-age=31536000; includeSubDomains';

/** Two clients' failed logins on one account: does the second client still get in (separate buckets)? */
async function secondClientGetsIn(t: TestApp, forwardedA: string, forwardedB: string): Promise<number> {
  const u = await createUser(t.app);
  const login = (password: string, xff: string) =>
    t.api('POST', '/api/auth/login', { email: u.email, password }, undefined, { 'x-forwarded-for': xff });
  for (let i = 0; i < 2; i++) expect((await login('wrong-guess', forwardedA)).status).toBe(401);
  expect((await login(u.password, forwardedA)).status).toBe(429);
  return (await login(u.password, forwardedB)).status;
}

const hsts = async (t: TestApp, path: string, proto?: string) =>
  (await t.api('GET', path, undefined, undefined, proto ? { 'x-forwarded-proto': proto } : {})).headers.get('strict-transport-security');

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_ATTEMPTS: '2' });
  });
  afterAll(async () => t?.close());

  it('gives two forwarded clients separate rate-limit buckets', async () => {
    expect(await secondClientGetsIn(t, '203.0.113.10', '203.0.113.11')).toBe(200);
  });

  it('trusts one hop only: what the client itself put further left in X-Forwarded-For is ignored', async () => {
    // The proxy appends the address it saw (LB here); a client-written left part cannot pick a fresh bucket.
    expect(await secondClientGetsIn(t, `203.0.113.20, ${LB}`, `203.0.113.21, ${LB}`)).toBe(429);
  });

  it('sends HSTS when the proxy says the request came over https, and not over http', async () => {
    for (const path of ['/api/health', '/api/resources', '/graphql?query=%7B__typename%7D']) {
      expect(await hsts(t, path, 'https'), path).toBe(HSTS);
      expect(await hsts(t, path, 'http'), path).toBeNull();
      expect(await hsts(t, path), path).toBeNull();
    }
  });
});

describe('TRUST_PROXY as a list of addresses/CIDRs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback, 198.51.100.0/24', LOGIN_MAX_ATTEMPTS: '2' });
  });
  afterAll(async () => t?.close());

  it('walks X-Forwarded-For through every trusted hop to the client', async () => {
    expect(await secondClientGetsIn(t, `203.0.113.30, ${LB}`, `203.0.113.31, ${LB}`)).toBe(200);
  });
});

describe('TRUST_PROXY=false (no proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'false', LOGIN_MAX_ATTEMPTS: '2' });
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For: a client cannot pick its own bucket', async () => {
    expect(await secondClientGetsIn(t, '203.0.113.40', '203.0.113.41')).toBe(429);
  });

  it('ignores X-Forwarded-Proto: no HSTS over plain http', async () => {
    for (const path of ['/api/health', '/api/resources']) expect(await hsts(t, path, 'https'), path).toBeNull();
  });
});

describe('TRUST_PROXY parsing', () => {
  const parse = (TRUST_PROXY?: string) =>
    parseEnv({
      DATA_DIR: '/tmp/mawarid-env-test',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'y'.repeat(32),
      ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }),
    }).trustProxy;

  it("takes Express's values, loopback by default", () => {
    expect(parse()).toEqual(['loopback']);
    expect(parse('2')).toBe(2);
    expect(parse('true')).toBe(true);
    expect(parse('FALSE')).toBe(false);
    expect(parse(' 10.0.0.1, 10.1.0.0/16 ,fd00::/8, uniquelocal, 192.168.0.0/255.255.0.0')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'uniquelocal',
      '192.168.0.0/255.255.0.0',
    ]);
  });

  it('stops start-up with a message on a value Express would not understand', () => {
    for (const bad of ['yes-please', '10.0.0.0/33', '', 'loopback, 300.1.1.1', '10.0.0.1/8/8']) {
      expect(() => parse(bad), bad).toThrow(EnvError);
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY: expected true, false, a hop count/);
    }
  });
});
