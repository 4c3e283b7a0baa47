import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { PRIVACY_POLICY_VERSION } from '../../server/src/shared/rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '100' });
});
afterAll(async () => t?.close());

const fresh = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.sa`;
const row = async (email: string) =>
  (
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select privacy_policy_version, privacy_accepted_at from users where email = ?`, [email])
  )[0];

describe('privacy policy consent at registration', () => {
  it('records the version the form showed and when; the profile and the data export state it', async () => {
    const email = fresh('consent');
    const before = Date.now();
    const res = await t.api('POST', '/api/auth/register', {
      email,
      password: 'consent-2026',
      full_name: 'Consent',
      privacy_policy_version: PRIVACY_POLICY_VERSION,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ privacy_policy_version: PRIVACY_POLICY_VERSION });
    const r = await row(email);
    expect(r.privacy_policy_version).toBe(PRIVACY_POLICY_VERSION);
    expect(new Date(r.privacy_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const data = (await t.api('GET', '/api/account/export', undefined, res.body.access_token)).body;
    expect(data.profile).toMatchObject({
      privacy_policy_version: PRIVACY_POLICY_VERSION,
      privacy_accepted_at: new Date(r.privacy_accepted_at).toISOString(),
    });
  });

  it('a registration through the API without a version records the current one', async () => {
    const email = fresh('api');
    expect((await t.api('POST', '/api/auth/register', { email, password: 'consent-2026', full_name: 'Api' })).status).toBe(201);
    expect((await row(email)).privacy_policy_version).toBe(PRIVACY_POLICY_VERSION);
  });

  it('a page showing an older policy is refused, and no account is made', async () => {
    const email = fresh('stale');
    const res = await t.api('POST', '/api/auth/register', {
      email,
      password: 'consent-2026',
      full_name: 'Stale',
      privacy_policy_version: '2020-01-01',
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        detail: 'The privacy policy has been updated. Please reload the page and read it before registering.',
        field: 'privacy_policy_version',
      },
    });
    expect(await row(email)).toBeUndefined();
  });

  it('over GraphQL: register takes privacyPolicyVersion and the user states it', async () => {
    const email = fresh('gql');
    const r = await t.gql(`mutation($i: RegisterInput!) { register(input: $i) { user { privacyPolicyVersion privacyAcceptedAt } } }`, {
      i: { email, password: 'consent-2026', fullName: 'Gql', privacyPolicyVersion: PRIVACY_POLICY_VERSION },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data.register.user.privacyPolicyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(r.data.register.user.privacyAcceptedAt).toBeTruthy();
  });
});
