import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createUser } from '../support/factories.js';
import { decodeQuotedPrintable } from '../support/smtp-sink.js';
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import * as clientOperations from '../../client/src/gql/graphql.js';
import { MAX_COST, selectionCost } from '../../server/src/graphql/limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const USER = 'id email fullName companyName role status emailVerified createdAt';

describe('GraphQL: the same operations as REST', () => {
  it('registers, logs in and reads "me"', async () => {
    const reg = await t.gql(`mutation($input: RegisterInput!) { register(input: $input) { accessToken user { ${USER} } } }`, {
      input: { email: 'gql@example.sa', password: 'riyadh-2026', fullName: 'Gql User', companyName: 'Acme KSA' },
    });
    expect(reg.errors).toBeUndefined();
    expect(reg.data.register.user).toMatchObject({ email: 'gql@example.sa', role: 'regular', status: 'active', emailVerified: false });
    const login = await t.gql(`mutation($input: LoginInput!) { login(input: $input) { accessToken } }`, {
      input: { email: 'gql@example.sa', password: 'riyadh-2026' },
    });
    const me = await t.gql(`{ me { email fullName } emailVerificationStatus { emailVerified } }`, {}, login.data.login.accessToken);
    expect(me.data).toEqual({ me: { email: 'gql@example.sa', fullName: 'Gql User' }, emailVerificationStatus: { emailVerified: false } });
  });

  it('answers bad input with BAD_USER_INPUT and the rule message', async () => {
    const res = await t.gql(`mutation($input: RegisterInput!) { register(input: $input) { accessToken } }`, {
      input: { email: 'bad', password: 'riyadh-2026', fullName: 'X' },
    });
    expect(res.errors?.[0]).toMatchObject({ message: 'Please enter a valid email address', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('asks for a login on protected queries and never leaks internals', async () => {
    const res = await t.gql(`{ me { id } }`);
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const broken = await t.gql(`{ nope }`);
    expect(broken.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(broken)).not.toMatch(/stacktrace|at .*\.ts/);
  });

  it('updates the profile with validation', async () => {
    const u = await createUser(t.app);
    const ok = await t.gql(
      `mutation { updateProfile(input: { fullName: "Hind Al-Zahrani", companyName: "Tabuk Labs", phone: "+966 50 123 4567" }) { fullName companyName phone } }`,
      {},
      u.token,
    );
    expect(ok.data.updateProfile).toEqual({ fullName: 'Hind Al-Zahrani', companyName: 'Tabuk Labs', phone: '+966 50 123 4567' });
    const bad = await t.gql(`mutation { updateProfile(input: { fullName: "Hind", phone: "call me maybe" }) { phone } }`, {}, u.token);
    expect(bad.errors?.[0].message).toBe('Please enter a valid phone number');
  });
});

describe('GraphQL over WebSocket', () => {
  it('pushes meUpdated to the user when their email is verified', async () => {
    const reg = await t.api('POST', '/api/auth/register', { email: 'live@example.sa', password: 'riyadh-2026', full_name: 'Live User' });
    const token = reg.body.access_token as string;
    const client = t.ws(token);
    const received: any[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { meUpdated { email emailVerified } }' },
        { next: (v) => (received.push(v.data), resolve()), error: reject, complete: () => {} },
      );
    });
    // Let the subscription register before triggering.
    await new Promise((r) => setTimeout(r, 300));
    const mail = await t.smtp.waitFor('live@example.sa');
    const link = /token=([\w-]+)/.exec(decodeQuotedPrintable(mail.raw))![1];
    await t.api('POST', '/api/auth/verify-email', { token: link });
    await done;
    expect(received[0]).toEqual({ meUpdated: { email: 'live@example.sa', emailVerified: true } });
  });

  it("does not push another user's changes", async () => {
    const a = await createUser(t.app, { verified: false });
    const b = await createUser(t.app);
    const client = t.ws(b.token);
    const received: unknown[] = [];
    client.subscribe(
      { query: 'subscription { meUpdated { email } }' },
      { next: (v) => received.push(v), error: () => {}, complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 300));
    await t.gql(`mutation { updateProfile(input: { fullName: "Changed" }) { fullName } }`, {}, a.token);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toEqual([]);
  });

  it('refuses a connection with a bad token', async () => {
    const client = t.ws('forged.token.value');
    const outcome = await new Promise<string>((resolve) => {
      client.subscribe(
        { query: 'subscription { meUpdated { email } }' },
        { next: () => resolve('data'), error: () => resolve('refused'), complete: () => resolve('complete') },
      );
    });
    expect(outcome).toBe('refused');
  });
});

describe('GraphQL limits', () => {
  it('refuses a query nested deeper than allowed', async () => {
    const nested = Array.from({ length: 12 }, (_, i) => `f${i} {`).join(' ');
    const res = await t.gql(`query { resources { items { ${nested} id ${'} '.repeat(12)}} } }`);
    expect(res.errors?.map((e: { message: string }) => e.message)).toContainEqual(expect.stringMatching(/too deep/));
  });

  it('answers the explorer’s introspection query outside production, however deep its ofType chain', async () => {
    const res = await t.gql(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses too many aliases', async () => {
    const many = Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ');
    const res = await t.gql(`{ me { ${many} } }`);
    expect(res.errors?.[0].message).toMatch(/Too many aliases/);
  });

  it('runs at most one register or login per operation, aliases and fragments included, and executes nothing else', async () => {
    const u = await createUser(t.app);
    const reg = (alias: string, email: string) =>
      `${alias}: register(input: { email: "${email}", password: "riyadh-2026", fullName: "Alias" }) { accessToken }`;
    const guess = (alias: string, password: string) =>
      `${alias}: login(input: { email: "${u.email}", password: "${password}" }) { accessToken }`;
    const documents = [
      `mutation { ${guess('a', 'wrong-1')} ${guess('b', u.password)} }`,
      `mutation { ${reg('a', 'alias-1@example.sa')} ${reg('b', 'alias-2@example.sa')} }`,
      `mutation { ${reg('a', 'alias-3@example.sa')} ...More } fragment More on Mutation { ${guess('b', u.password)} }`,
      `mutation { ... on Mutation { ${guess('a', 'wrong-2')} } ${guess('b', u.password)} }`,
    ];
    for (const doc of documents) {
      const res = await t.gql(doc);
      expect(res.status, doc).toBe(400);
      expect(res.data, doc).toBeUndefined();
      expect(res.errors?.[0].message, doc).toMatch(
        /^An operation may run only one of register, login, changePassword(, \w+)* \(this one asks for 2\)$/,
      );
    }
    // Nothing ran: no account was created and the right password was never accepted.
    for (const email of ['alias-1@example.sa', 'alias-2@example.sa', 'alias-3@example.sa'])
      expect((await t.api('POST', '/api/auth/login', { email, password: 'riyadh-2026' })).status).toBe(401);
    expect(t.smtp.received.filter((m) => m.to.some((to) => to.startsWith('alias-')))).toEqual([]);
    // One per operation is the ordinary case, over WebSocket too.
    const one = await t.gql(`mutation { ${guess('only', u.password)} }`);
    expect(one.errors).toBeUndefined();
    const client = t.ws();
    const overWs = await new Promise<unknown>((resolve) =>
      client.subscribe({ query: documents[0] }, { next: () => resolve('answered'), error: resolve, complete: () => resolve('completed') }),
    );
    expect(JSON.stringify(overWs)).toMatch(/An operation may run only one of register, login, changePassword/);
  });

  it('counts root fields inside fragments toward the limit of 20', async () => {
    const fields = (from: number) => Array.from({ length: 11 }, (_, i) => `f${from + i}: __typename`).join(' ');
    const res = await t.gql(`query { ...A ... on Query { ${fields(11)} } } fragment A on Query { ${fields(0)} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toBe('Too many fields in one operation (at most 20)');
    const ok = await t.gql(`query { ...A } fragment A on Query { ${fields(0)} }`);
    expect(ok.errors).toBeUndefined();
  });

  it('refuses batched operations', async () => {
    const res = await fetch(t.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]),
    });
    expect(res.status).toBe(400);
  });

  // Eight marketplace pages of 50 listings with 15 fields each in one request: 8 × 753 = 6,024 > 5,000.
  const PAGE =
    'items { id title description category price currency period location images rating viewsCount ownerName tags status createdAt }';
  const costly = `{ ${Array.from({ length: 8 }, (_, i) => `p${i}: resources(filter: { page: ${i + 1} }) { total ${PAGE} }`).join(' ')} }`;

  it('refuses an operation whose estimated cost is over the limit before running it, over HTTP and WebSocket', async () => {
    const res = await t.gql(costly);
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Query is too complex \(estimated cost \d+, at most 5000\)$/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    // Two pages are an ordinary request and run.
    const two = await t.gql(`{ a: resources(filter: { page: 1 }) { total ${PAGE} } b: resources(filter: { page: 2 }) { total } }`);
    expect(two.errors).toBeUndefined();

    const client = t.ws();
    const error = await new Promise<unknown>((resolve) =>
      client.subscribe({ query: costly }, { next: () => resolve('answered'), error: resolve, complete: () => resolve('completed') }),
    );
    expect(JSON.stringify(error)).toMatch(/Query is too complex/);
  });

  it('never refuses an operation the client itself sends: each costs at most half the limit', () => {
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const costs: Record<string, number> = {};
    for (const [name, value] of Object.entries(clientOperations)) {
      const doc = value as DocumentNode;
      if (!name.endsWith('Document') || doc?.kind !== Kind.DOCUMENT) continue;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
      for (const d of doc.definitions) {
        if (d.kind !== Kind.OPERATION_DEFINITION) continue;
        const root =
          d.operation === 'mutation'
            ? schema.getMutationType()
            : d.operation === 'subscription'
              ? schema.getSubscriptionType()
              : schema.getQueryType();
        costs[name] = selectionCost(schema, root, d.selectionSet, fragments, new Set());
      }
    }
    expect(Object.keys(costs).length).toBeGreaterThan(40);
    expect(Object.entries(costs).filter(([, cost]) => cost > MAX_COST / 2)).toEqual([]);
    expect(costs.ResourcesDocument).toBeGreaterThan(1000);
  });
});

describe("the marketplace's query answered again without Apollo", () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const QUERY = 'query Market($f: ResourceFilterInput) { resources(filter: $f) { total items { id title ownerName price } } }';
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json,application/json;q=0.9', ...headers },
      body,
    });
  const market = (extra: Record<string, string> = {}) =>
    post(JSON.stringify({ query: QUERY, operationName: 'Market', variables: { f: { pageSize: 30 } } }), extra);
  const headersOf = (res: Response) => {
    const h: Record<string, string> = {};
    // x-request-id is each request's own (observability.test.ts checks a replay carries its request's id).
    res.headers.forEach((v, k) => void (['date', 'keep-alive', 'connection', 'x-request-id'].includes(k) || (h[k] = v)));
    return h;
  };
  let host: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    host = await createUser(t.app, { role: 'host_seller' });
    admin = await createUser(t.app, { role: 'admin' });
  });

  it('answers a repeated visitor query byte for byte and header for header as Apollo does, and shows a change at once', async () => {
    const first = await market(); // through Apollo, recorded
    const firstBody = await first.text();
    const again = await market(); // replayed
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const viaApollo = await market({ authorization: `Bearer ${host.token}` }); // a token always goes through Apollo
    expect(await viaApollo.text()).toBe(firstBody);
    expect(headersOf(viaApollo)).toEqual(headersOf(again));

    // A POST is never answered 304 (Express's rule), replayed or not.
    const etag = again.headers.get('etag')!;
    const conditional = await market({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(conditional.status).toBe(200);
    expect(await conditional.text()).toBe(firstBody);

    // A listing approved now is in the very next answer.
    const id = await activeListing(
      t,
      { owner: host, admin },
      { title: 'Replay test room', description: 'A room to check the replayed answer.', price: 70, images: [PNG] },
    );
    const after = JSON.parse(await (await market()).text());
    expect(after.data.resources.items.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('leaves everything else to Apollo: other fields, bad JSON, mutations', async () => {
    const mixed = JSON.stringify({ query: '{ resources { total } me { id } }' });
    await post(mixed);
    const twice = await (await post(mixed)).json();
    expect(twice.errors?.[0].extensions.code).toBe('UNAUTHENTICATED'); // not a replay of a public answer

    const bad = await post('{"query": ');
    const badViaRouter = await post('{"query": ', { authorization: `Bearer ${host.token}` });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(await badViaRouter.json());

    // A visitor's mutation: its body was read before Apollo took over, and arrives whole.
    const m = await (
      await post(
        JSON.stringify({
          query: 'mutation($e: String!) { subscribeNewsletter(email: $e) { message } }',
          variables: { e: `replay-${Date.now()}@example.sa` },
        }),
      )
    ).json();
    expect(m.errors).toBeUndefined();
    expect(typeof m.data.subscribeNewsletter.message).toBe('string');
  });
});
