import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';

/**
 * Hostile input: generated, malformed payloads to every REST endpoint that takes input and to the GraphQL
 * mutations, as visitor, user, host and admin. No 5xx, and a rejected request changes nothing.
 * Fixed seed in CI; `npm run fuzz` runs longer (FUZZ_RUNS).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let t: TestApp;
const who: Record<string, MadeUser | null> = { visitor: null };
const TABLES = [
  'users',
  'resources',
  'bookings',
  'payments',
  'inquiries',
  'newsletter_subscribers',
  'settings',
  'audit_log',
  'conversations',
  'messages',
  'reviews',
  'customer_ratings',
  'favorites',
  'resource_daily_views',
  'payout_accounts',
  'payment_splits',
  // Not `notifications`: the queue writes them a moment after an accepted request's event, so a count taken around
  // a later refused request could move without that request writing anything.
  'notification_preferences',
  'resource_blocks',
  'resource_opening_hours',
  'resource_calendar_feeds',
];

async function counts(): Promise<string> {
  const conn = t.app.orm.em.fork().getConnection();
  const out: string[] = [];
  for (const table of TABLES) {
    const rows = await conn.execute(`select count(*)::int as n from ${table}`).catch(() => [{ n: 'absent' }]);
    out.push(`${table}=${rows[0].n}`);
  }
  return out.join(' ');
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '100000', REGISTER_MAX_PER_HOUR: '100000' });
  who.user = await createUser(t.app);
  who.host = await createUser(t.app, { role: 'host_seller' });
  who.admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

const FIELDS = [
  'email',
  'password',
  'full_name',
  'company_name',
  'account_type',
  'locale',
  'token',
  'phone',
  'title',
  'description',
  'category',
  'price',
  'period',
  'location',
  'images',
  'resource_id',
  'start_date',
  'end_date',
  'service_type',
  'message',
  'preferred_date',
  'preferred_time',
  'status',
  'role',
  'reason',
  'booking_id',
  'card_holder_name',
  'card_number',
  'expiry_month',
  'expiry_year',
  'cvv',
  'value',
  'payment_id',
  'Data',
  'rating',
  'comment',
  'text',
  'note',
];
/**
 * Values at the edges of what the server can hold or show: amounts whose booking total with VAT would overflow
 * numeric(12,2), numbers Number() reads too generously, dates JavaScript allows up to year 275760, replacement
 * patterns of String.replace, and text-direction controls that make "exe.png" pose as another name.
 */
const EDGE_VALUES = [
  9_999_999_999.99,
  '9999999999.99',
  900_000.01,
  Number.MAX_SAFE_INTEGER,
  1e21,
  '0x10',
  '0b11',
  '1e3',
  'Infinity',
  '+275760-09-13T00:00:00.000Z',
  '275760-09-13',
  '-271821-04-20T00:00:00.000Z',
  '1999-12-31',
  '2101-01-01',
  '$`',
  '$&',
  "$'",
  '$$',
  '$1',
  'Report\u202Egnp.exe',
  '\u2066exe\u2069.png',
  '\u202Bعنوان\u202C',
];
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 2000, maxLength: 3000 }),
  fc.constantFrom(
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u0000',
    '٣٤٥٦',
    '2026-02-30',
    '-1',
    'NaN',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.constantFrom(...EDGE_VALUES),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 6 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), hostile, { maxKeys: 8 }), hostile, fc.constant('{"unterminated'));
const idLike = fc.oneof(fc.uuid(), fc.string({ maxLength: 30 }), fc.constantFrom('0', '-1', '%00', '..%2F..', 'ﷺ'));

const ROUTES: Array<[string, string]> = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/verify-email'],
  ['POST', '/api/auth/resend-verification'],
  ['PUT', '/api/auth/me'],
  ['POST', '/api/newsletter/subscribe'],
  ['POST', '/api/resources'],
  ['POST', '/api/uploads/images'],
  ['POST', '/api/uploads/files?format=:id'],
  ['PUT', '/api/resources/:id'],
  ['DELETE', '/api/resources/:id'],
  ['GET', '/api/resources/:id'],
  ['GET', '/api/resources?category=:id&search=:id&sort=:id&page=:id&page_size=:id'],
  ['POST', '/api/bookings'],
  ['DELETE', '/api/bookings/:id'],
  ['GET', '/api/bookings/:id/cancellation-quote'],
  ['GET', '/api/bookings/:id/credit-notes'],
  ['GET', '/api/bookings/:id/credit-notes/:id.pdf'],
  ['GET', '/api/bookings/:id/credit-notes/:id.xml'],
  ['POST', '/api/inquiries'],
  ['PUT', '/api/inquiries/:id'],
  ['PUT', '/api/admin/users/:id'],
  ['PUT', '/api/admin/resources/:id/approve'],
  ['PUT', '/api/admin/resources/:id/reject'],
  ['PUT', '/api/admin/settings/:id'],
  ['POST', '/api/admin/settings/test-ai-chat'],
  ['PUT', '/api/admin/settings/marketplace'],
  ['GET', '/api/admin/payments?status=:id&method=:id&from=:id&to=:id&host_id=:id&q=:id&page=:id'],
  ['GET', '/api/admin/payments/:id'],
  ['POST', '/api/admin/refunds/:id/retry'],
  ['GET', '/api/admin/payouts/held'],
  ['POST', '/api/admin/payouts/held/:id'],
  ['POST', '/api/admin/payouts/held-transfers/:id/resolve'],
  ['GET', '/api/admin/exports/:id.csv?from=:id&to=:id'],
  ['GET', '/api/admin/zatca'],
  ['POST', '/api/admin/zatca/onboarding'],
  ['POST', '/api/admin/zatca/documents/:id/resubmit'],
  ['POST', '/api/admin/zatca/renewal'],
  ['PUT', '/api/host/payout-account'],
  ['POST', '/api/uploads/payout-documents'],
  ['GET', '/api/host/earnings?from=:id&to=:id'],
  ['GET', '/api/host/commission-invoices/:id'],
  ['GET', '/api/host/commission-invoices/:id.pdf'],
  ['GET', '/api/host/commission-invoices/:id.xml'],
  ['GET', '/api/host/commission-credit-notes/:id'],
  ['GET', '/api/host/commission-credit-notes/:id.pdf'],
  ['GET', '/api/host/commission-credit-notes/:id.xml'],
  ['POST', '/api/payment/validate-user-for-payment'],
  ['POST', '/api/payment/direct-charge'],
  ['POST', '/api/payment/session'],
  ['POST', '/api/payment/execute'],
  ['POST', '/api/payment/sandbox/session/:id'],
  ['POST', '/api/payment/initiate?booking_id=:id'],
  ['POST', '/api/payment/initiate?service_booking_id=:id'],
  ['GET', '/api/service-bookings/:id/invoice'],
  ['GET', '/api/bookings/:id/invoice.xml'],
  ['POST', '/api/payment/confirm'],
  ['POST', '/api/payment/webhook'],
  ['GET', '/api/services/:id'],
  ['POST', '/api/service-bookings/:id/cancel'],
  ['PUT', '/api/service-bookings/:id/reschedule'],
  ['POST', '/api/inquiries/:id/service-booking'],
  ['POST', '/api/conversations'],
  ['GET', '/api/conversations?limit=:id&offset=:id'],
  ['GET', '/api/conversations/:id'],
  ['GET', '/api/conversations/:id/messages?limit=:id&offset=:id'],
  ['POST', '/api/conversations/:id/messages'],
  ['POST', '/api/conversations/:id/read'],
  ['POST', '/api/advisors'],
  ['PUT', '/api/advisors/:id'],
  ['GET', '/api/services/:id/slots?from=:id&to=:id&advisor_id=:id'],
  ['GET', '/api/resources/:id/reviews?page=:id&page_size=:id'],
  ['POST', '/api/bookings/:id/review'],
  ['POST', '/api/reviews/:id/reply'],
  ['PUT', '/api/admin/reviews/:id/hide'],
  ['GET', '/api/admin/reviews?page=:id'],
  ['GET', '/api/bookings/:id/customer-rating'],
  ['POST', '/api/bookings/:id/customer-rating'],
  ['GET', '/api/favorites?page=:id&page_size=:id'],
  ['PUT', '/api/favorites/:id'],
  ['DELETE', '/api/favorites/:id'],
  ['GET', '/api/host/analytics?period=:id'],
  ['GET', '/api/notifications?page=:id&page_size=:id'],
  ['POST', '/api/notifications/read'],
  ['PUT', '/api/notifications/preferences'],
  ['GET', '/api/resources/:id/availability'],
  ['PUT', '/api/resources/:id/availability'],
  ['POST', '/api/resources/:id/availability/ics-token'],
  ['GET', '/api/resources/:id/calendar.ics?token=:id'],
  ['GET', '/api/resources?available_from=:id&available_to=:id'],
];

describe('hostile REST input', () => {
  it('never answers 5xx and a rejected request writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        idLike,
        body,
        fc.constantFrom('visitor', 'user', 'host', 'admin'),
        async ([method, path], id, payload, role) => {
          const before = await counts();
          const url = path.replaceAll(':id', encodeURIComponent(id));
          const raw = typeof payload === 'string' && payload.startsWith('{"unterminated') ? payload : JSON.stringify(payload);
          const res = await t.api(method, url, method === 'GET' || method === 'DELETE' ? undefined : raw, who[role]?.token);
          expect(res.status, `${method} ${url} as ${role}: ${raw.slice(0, 200)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(
            500,
          );
          if (res.status >= 400) expect(await counts(), `${method} ${url} as ${role} changed data while refusing`).toBe(before);
        },
      ),
      { numRuns: RUNS * ROUTES.length, seed: SEED },
    );
  }, 600_000);
});

describe('well-formed bodies with one edge value', () => {
  const LISTING = {
    title: 'Forklift',
    description: 'A 3-ton forklift.',
    category: 'Equipment',
    price: 100,
    period: 'hour',
    location: 'Dammam',
    images: [],
  };
  const edge = fc.oneof(fc.constantFrom(...EDGE_VALUES), fc.double(), fc.integer(), fc.string({ maxLength: 20 }));
  let activeId: string;
  let registered = 0;
  beforeAll(async () => {
    const res = await t.api('POST', '/api/resources', LISTING, who.host!.token);
    activeId = res.body.id;
    await t.api('PUT', `/api/admin/resources/${activeId}/approve`, undefined, who.admin!.token);
  });

  it('a listing, a booking, a profile or a registration with one edge field: never 5xx, refused ones write nothing', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    // Blocked days far from the bookings' dates, so an accepted block never refuses them.
    const far = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const cases = fc.oneof(
      fc
        .tuple(
          fc.constant(['POST', '/api/resources', 'host'] as const),
          fc.constantFrom('title', 'description', 'price', 'location', 'file_name'),
          edge,
        )
        .map(([r, k, v]) => [r, { ...LISTING, [k]: v }] as const),
      fc
        .tuple(fc.constant(['PUT', '/api/resources/:active', 'host'] as const), fc.constantFrom('title', 'description', 'price'), edge)
        .map(([r, k, v]) => [r, { ...LISTING, [k]: v }] as const),
      fc
        .tuple(fc.constant(['POST', '/api/bookings', 'user'] as const), fc.constantFrom('start_date', 'end_date'), edge)
        .map(([r, k, v]) => [r, { start_date: soon, end_date: later, [k]: v }] as const),
      fc
        .tuple(
          fc.constant(['PUT', '/api/resources/:active/availability', 'host'] as const),
          fc.constantFrom('start_date', 'end_date', 'note'),
          edge,
        )
        .map(([r, k, v]) => [r, { blocked: [{ start_date: far, end_date: far, note: 'Edge', [k]: v }] }] as const),
      fc
        .tuple(fc.constant(['PUT', '/api/auth/me', 'user'] as const), fc.constantFrom('full_name', 'company_name'), edge)
        .map(([r, k, v]) => [r, { full_name: 'Huda', [k]: v }] as const),
      fc
        .tuple(fc.constant(['POST', '/api/auth/register', 'visitor'] as const), fc.constantFrom('full_name', 'company_name'), edge)
        .map(([r, k, v]) => [r, { full_name: 'Huda', email: `edge${++registered}@example.sa`, password: 'riyadh-2026', [k]: v }] as const),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([[method, path, role], payload]) => {
        const before = await counts();
        const url = path.replace(':active', activeId);
        const bodyWithId = path === '/api/bookings' ? { resource_id: activeId, ...payload } : payload;
        const res = await t.api(method, url, bodyWithId, who[role]?.token);
        const shown = `${method} ${url}: ${JSON.stringify(bodyWithId).slice(0, 200)} → ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.status, shown).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body.detail, shown).toBe('string');
          expect(await counts(), `${shown} changed data while refusing`).toBe(before);
        }
        // An accepted name or title never carries a text-direction control back out (free text such as a
        // description may).
        else
          for (const k of ['title', 'full_name', 'company_name', 'file_name'])
            expect(String(res.body[k] ?? ''), shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
        // Keep the one listing bookable (a cancelled hold frees its dates).
        if (path === '/api/bookings' && res.status === 201)
          await t.api('DELETE', `/api/bookings/${res.body.id}`, undefined, who.user!.token);
      }),
      { numRuns: RUNS * 10, seed: SEED },
    );
  }, 600_000);
});

const MUTATIONS = [
  ['register', 'mutation($v: RegisterInput!) { register(input: $v) { accessToken } }'],
  ['login', 'mutation($v: LoginInput!) { login(input: $v) { accessToken } }'],
  ['updateProfile', 'mutation($v: ProfileInput!) { updateProfile(input: $v) { id } }'],
  ['createBooking', 'mutation($v: CreateBookingInput!) { createBooking(input: $v) { id } }'],
  ['chargeCard', 'mutation($v: CardChargeInput!) { chargeCard(input: $v) { success } }'],
  ['verifyEmail', 'mutation($v: String!) { verifyEmail(token: $v) { id } }'],
  ['subscribeNewsletter', 'mutation($v: String!) { subscribeNewsletter(email: $v) { message } }'],
] as const;

describe('hostile GraphQL input', () => {
  it('answers with errors, never a server failure, and refused mutations write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MUTATIONS), body, fc.constantFrom('visitor', 'user', 'admin'), async ([, query], v, role) => {
        const before = await counts();
        const res = await t.gql(query, { v }, who[role]?.token);
        expect(res.status, `${query} ${JSON.stringify(v).slice(0, 200)}`).toBeLessThan(500);
        const codes = (res.errors ?? []).map((e: any) => e.extensions?.code);
        expect(codes, JSON.stringify(res.errors)).not.toContain('INTERNAL_SERVER_ERROR');
        if (res.errors?.length) expect(await counts()).toBe(before);
      }),
      { numRuns: RUNS * MUTATIONS.length, seed: SEED },
    );
  }, 600_000);
});

/**
 * Every operation of the OpenAPI description (GET /api/openapi.json) with the values issue #36 found answering 5xx:
 * NUL, lone surrogates (raw in JSON, WTF-8 in paths and queries), bidi controls, dates that do not exist or lie
 * outside 2000–2100, and booleans where numbers go; in path parameters, query parameters and body fields alike.
 * Sessions and the account itself are left alone (logging out or deleting a fuzzing user would end the run early).
 */
const NASTY = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udbff\u0000',
    'Report\u202Egnp.exe',
    '\u2066exe\u2069.png',
    '\u202Bعنوان\u202C',
    '0001-01-01',
    '2026-02-30',
    '2027-02-29',
    '1999-12-31',
    '2101-01-01',
    '9999-12-31',
    '2026-02-30T10:00:00+03:00',
    '0001-01-01T00:00:00Z',
  ),
  fc.boolean(),
  fc
    .tuple(fc.string({ maxLength: 6 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202E'), fc.string({ maxLength: 6 }))
    .map(([a, b, c]) => a + b + c),
);
/** A URL component: encodeURIComponent refuses lone surrogates, which are written as their (invalid) UTF-8 bytes. */
const component = (s: string) =>
  Array.from(s, (ch) => {
    const u = ch.charCodeAt(0);
    if (ch.length > 1 || u < 0xd800 || u > 0xdfff) return encodeURIComponent(ch);
    return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 63), 0x80 | (u & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }).join('');
const SESSION_ENDING = /logout|sessions|^\/api\/account$|change-password|change-email/;

describe('every OpenAPI operation with NUL, broken Unicode, bidi controls, impossible dates and booleans', () => {
  type Op = { method: string; path: string; query: string[]; body: string[] };
  let ops: Op[] = [];
  beforeAll(async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body;
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        if (SESSION_ENDING.test(path)) continue;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        ops.push({
          method: method.toUpperCase(),
          path,
          query: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
          body: Object.keys(schema?.properties ?? {}),
        });
      }
    ops = ops.sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
  });

  it('covers the whole description and never answers 5xx', async () => {
    expect(ops.length).toBeGreaterThan(100);
    const roleFor = (path: string) => (path.startsWith('/api/admin') ? 'admin' : path.startsWith('/api/host') ? 'host' : 'user');
    // Each operation RUNS / 2 times (10 by default: ≈ 7 s in all); `npm run fuzz` runs longer.
    const perOp = Math.max(3, Math.ceil(RUNS / 2));
    for (const op of ops)
      await fc.assert(
        fc.asyncProperty(
          NASTY,
          fc.dictionary(fc.constantFrom('x', ...op.query), NASTY, { maxKeys: 3 }),
          fc.dictionary(fc.constantFrom('x', ...op.body), NASTY, { minKeys: 1, maxKeys: 4 }),
          fc.boolean(),
          async (param, query, payload, visitor) => {
            const qs = Object.entries(query)
              .map(([k, v]) => `${k}=${component(String(v))}`)
              .join('&');
            const url = op.path.replace(/\{\w+\}/g, component(String(param))) + (qs ? `?${qs}` : '');
            const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
            const res = await t.api(op.method, url, sendsBody ? payload : undefined, visitor ? undefined : who[roleFor(op.path)]?.token);
            expect(
              res.status,
              `${op.method} ${url} ${JSON.stringify(payload).slice(0, 200)} → ${JSON.stringify(res.body).slice(0, 200)}`,
            ).toBeLessThan(500);
            if (res.status === 400) expect(typeof res.body.detail).toBe('string');
          },
        ),
        { numRuns: perOp, seed: SEED },
      );
  }, 600_000);
});
