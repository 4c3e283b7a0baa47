import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { SERVER_MESSAGES } from '../../server/src/shared/server-messages.js';
import { MARKET_MESSAGES } from '../../server/src/shared/marketplace.rules.js';

/**
 * A refusal whose message is in the shared catalogue names its key, so the client translates it by key rather than
 * by its English text: GraphQL `extensions.messageKey`, REST `message_key` (issue #19). Other messages carry none.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const LOGIN = `mutation($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { accessToken } }`;

describe('message keys', () => {
  it('a wrong password carries invalidCredentials over REST and GraphQL, with the same English text', async () => {
    const u = await createUser(t.app);
    const rest = await t.api('POST', '/api/auth/login', { email: u.email, password: 'wrong-guess' });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ detail: SERVER_MESSAGES.invalidCredentials, message_key: 'invalidCredentials' });

    const gql = await t.gql(LOGIN, { email: u.email, password: 'wrong-guess' });
    expect(gql.errors?.[0]).toMatchObject({
      message: SERVER_MESSAGES.invalidCredentials,
      extensions: { code: 'UNAUTHENTICATED', messageKey: 'invalidCredentials' },
    });
  });

  it('a rule message keeps its field beside its key; a listing rule names its catalogue', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const listing = { title: 'Key room', description: 'A room', category: 'Office Space', price: '0', period: 'daily', location: 'Riyadh' };
    const refused = await t.api('POST', '/api/resources', listing, host.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: MARKET_MESSAGES.pricePositive, field: 'price', message_key: 'market.pricePositive' });
  });

  it('a message outside the catalogue carries no key', async () => {
    const res = await t.api('GET', '/api/no-such-path');
    expect(res.status).toBe(404);
    expect(res.body.message_key).toBeUndefined();
  });
});
