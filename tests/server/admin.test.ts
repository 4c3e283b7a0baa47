import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { startFakeAi } from '../support/fake-ai.js';
import { createServices } from '../../server/src/modules/services.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAi>>;
let admin: MadeUser;
let host: MadeUser;
let regular: MadeUser;

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({ ...fake.env, AI_TIMEOUT_MS: '5000' });
  admin = await createUser(t.app, { role: 'admin', fullName: 'Noura Admin' });
  host = await createUser(t.app, { role: 'host_seller', fullName: 'Faisal Host' });
  regular = await createUser(t.app, { role: 'regular', fullName: 'Sara Regular' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const sql = async <T = any>(query: string, params: unknown[] = []): Promise<T[]> =>
  t.app.orm.em.fork().getConnection().execute(query, params);
const auditCount = async () => (await sql<{ n: number }>('select count(*)::int as n from audit_log'))[0].n;
const userRow = async (id: string) => (await sql<{ role: string; status: string }>('select role, status from users where id = ?', [id]))[0];

describe('admin endpoints are for admins only', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users?search=a'],
    ['GET', '/api/admin/users/counts'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000', { role: 'admin' }],
    ['GET', '/api/admin/audit-log'],
    ['GET', '/api/admin/settings'],
    ['GET', '/api/admin/settings/ai_chat'],
    ['PUT', '/api/admin/settings/ai_chat', { enabled: true }],
    ['PUT', '/api/admin/settings/myfatoorah', { test_mode: false }],
    ['PUT', '/api/admin/settings/general', { platform_name: 'Hacked' }],
    ['POST', '/api/admin/settings/test-ai-chat', { message: 'hi' }],
  ];

  it.each(endpoints)('%s %s: 401 without a login, 403 for regular and host users', async (method, path, body) => {
    const before = await auditCount();
    expect((await t.api(method, path, body)).status).toBe(401);
    for (const u of [regular, host]) {
      const res = await t.api(method, path, body, u.token);
      expect(res.status).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(await auditCount()).toBe(before);
  });

  it('GraphQL admin operations answer FORBIDDEN to non-admins', async () => {
    const ops = [
      '{ adminUsers { total } }',
      '{ adminStats { totalUsers } }',
      '{ auditLog { total } }',
      '{ adminSettings { aiChat { model } } }',
      `mutation { adminUpdateUser(id: "${regular.user.id}", input: { role: admin }) { role } }`,
      'mutation { updateAiChatSettings(input: { enabled: true }) { enabled } }',
      'mutation { updateMyFatoorahSettings(input: { testMode: false }) { testMode } }',
      'mutation { updateGeneralSettings(input: { platformName: "X" }) { platformName } }',
      'mutation { testAiChat(message: "hi") { success } }',
    ];
    for (const q of ops) {
      for (const u of [regular, host]) {
        const res = await t.gql(q, {}, u.token);
        expect(res.errors?.[0].extensions.code, q).toBe('FORBIDDEN');
      }
      expect((await t.gql(q)).errors?.[0].extensions.code, q).toBe('UNAUTHENTICATED');
    }
    expect((await userRow(regular.user.id)).role).toBe('regular');
  });
});

describe('Admin › Users', () => {
  it('lists users newest first with the fields the page shows, and searches name, email or company', async () => {
    const a = await createUser(t.app, { fullName: 'Hind Al-Zahrani', email: 'hind@tabuk-labs.sa' });
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`update users set company_name = 'Tabuk Labs', phone = '+966 50 000 0001' where id = ?`, [a.user.id]);
    await createUser(t.app, { fullName: 'Omar Al-Shehri', email: 'omar@dammam-freight.sa' });

    const all = await t.api('GET', '/api/admin/users', undefined, admin.token);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body[0]).toMatchObject({ full_name: 'Omar Al-Shehri' });
    expect(Number(all.headers.get('x-total-count'))).toBe(all.body.length);
    expect(all.body[0]).not.toHaveProperty('password_hash');

    for (const term of ['hind al', 'TABUK-LABS.sa', 'tabuk labs']) {
      const res = await t.api('GET', `/api/admin/users?search=${encodeURIComponent(term)}`, undefined, admin.token);
      expect(
        res.body.map((u: any) => u.email),
        term,
      ).toEqual(['hind@tabuk-labs.sa']);
      expect(res.body[0]).toMatchObject({
        full_name: 'Hind Al-Zahrani',
        company_name: 'Tabuk Labs',
        phone: '+966 50 000 0001',
        role: 'regular',
        status: 'active',
        created_at: expect.any(String),
      });
    }
    // LIKE wildcards in the search are taken literally.
    expect((await t.api('GET', '/api/admin/users?search=%25', undefined, admin.token)).body).toEqual([]);
  });

  it('counts total, hosts/sellers (host_seller plus admin), active and suspended over all users', async () => {
    const rows = await sql<any>(`select count(*)::int total, count(*) filter (where role in ('host_seller','admin'))::int hs,
      count(*) filter (where status='active')::int active, count(*) filter (where status='suspended')::int suspended from users`);
    const res = await t.api('GET', '/api/admin/users/counts', undefined, admin.token);
    expect(res.body).toEqual({ total: rows[0].total, hosts_sellers: rows[0].hs, active: rows[0].active, suspended: rows[0].suspended });
    const gql = await t.gql(
      'query($s: String) { adminUsers(search: $s) { total items { email role status } counts { total hostsSellers active suspended } } }',
      { s: 'faisal host' },
      admin.token,
    );
    expect(gql.data.adminUsers.items).toEqual([{ email: host.email, role: 'host_seller', status: 'active' }]);
    expect(gql.data.adminUsers.total).toBe(1);
    expect(gql.data.adminUsers.counts).toEqual({
      total: rows[0].total,
      hostsSellers: rows[0].hs,
      active: rows[0].active,
      suspended: rows[0].suspended,
    });
  });

  it('changes role and status, accepts legacy role names, and writes an audit row with before and after', async () => {
    const u = await createUser(t.app);
    const res = await t.api('PUT', `/api/admin/users/${u.user.id}`, { role: 'CREATOR' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.user.id, role: 'host_seller', status: 'active' });
    expect(await userRow(u.user.id)).toEqual({ role: 'host_seller', status: 'active' });

    const res2 = await t.api('PUT', `/api/admin/users/${u.user.id}`, { role: 'SUPER_ADMIN', status: 'inactive' }, admin.token);
    expect(res2.body).toMatchObject({ role: 'admin', status: 'inactive' });

    const audit = await t.api('GET', `/api/admin/audit-log?entity_type=user`, undefined, admin.token);
    const mine = audit.body.items.filter((e: any) => e.entity_id === u.user.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.email,
      action: 'user.update',
      entity_type: 'user',
      entity_label: u.email,
      before: { role: 'host_seller', status: 'active' },
      after: { role: 'admin', status: 'inactive' },
      created_at: expect.any(String),
    });
    expect(mine[1]).toMatchObject({ before: { role: 'regular', status: 'active' }, after: { role: 'host_seller', status: 'active' } });

    // The same change again changes nothing and logs nothing.
    const n = await auditCount();
    await t.api('PUT', `/api/admin/users/${u.user.id}`, { role: 'admin', status: 'inactive' }, admin.token);
    expect(await auditCount()).toBe(n);
  });

  it('changes a user over GraphQL too', async () => {
    const u = await createUser(t.app);
    const res = await t.gql(
      `mutation($id: ID!) { adminUpdateUser(id: $id, input: { role: host_seller, status: suspended }) { id role status } }`,
      { id: u.user.id },
      admin.token,
    );
    expect(res.data.adminUpdateUser).toEqual({ id: u.user.id, role: 'host_seller', status: 'suspended' });
  });

  it('rejects bad input with a clear message and writes nothing', async () => {
    const u = await createUser(t.app);
    const n = await auditCount();
    const cases: Array<[unknown, number, string]> = [
      [{ role: 'owner' }, 400, 'Role must be regular, host_seller or admin'],
      [{ status: 'banned' }, 400, 'Status must be active, inactive or suspended'],
      [{ role: 'admin', status: 'deleted' }, 400, 'Status must be active, inactive or suspended'],
      [{}, 400, 'Please choose a role or a status to change'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await t.api('PUT', `/api/admin/users/${u.user.id}`, body, admin.token);
      expect([res.status, res.body.detail]).toEqual([status, detail]);
    }
    const missing = await t.api('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000', { role: 'admin' }, admin.token);
    expect([missing.status, missing.body.detail]).toEqual([404, 'User not found']);
    expect((await t.api('PUT', '/api/admin/users/not-a-uuid', { role: 'admin' }, admin.token)).status).toBe(404);
    expect(await userRow(u.user.id)).toEqual({ role: 'regular', status: 'active' });
    expect(await auditCount()).toBe(n);
  });

  it('refuses an admin demoting, suspending or deactivating themselves', async () => {
    const me = await createUser(t.app, { role: 'admin' });
    const n = await auditCount();
    for (const [body, detail] of [
      [{ role: 'host_seller' }, 'You cannot remove your own admin role'],
      [{ role: 'regular' }, 'You cannot remove your own admin role'],
      [{ status: 'suspended' }, 'You cannot suspend or deactivate your own account'],
      [{ status: 'inactive' }, 'You cannot suspend or deactivate your own account'],
    ] as const) {
      const res = await t.api('PUT', `/api/admin/users/${me.user.id}`, body, me.token);
      expect([res.status, res.body.detail]).toEqual([400, detail]);
    }
    const gql = await t.gql(
      `mutation($id: ID!) { adminUpdateUser(id: $id, input: { role: regular }) { role } }`,
      { id: me.user.id },
      me.token,
    );
    expect(gql.errors?.[0]).toMatchObject({ message: 'You cannot remove your own admin role', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await userRow(me.user.id)).toEqual({ role: 'admin', status: 'active' });
    expect(await auditCount()).toBe(n);
  });

  it('never leaves the platform without an active admin, even when two admins demote each other at once', async () => {
    // A separate app, so the only active admins are these two.
    const solo = await createTestApp();
    try {
      const a = await createUser(solo.app, { role: 'admin' });
      const b = await createUser(solo.app, { role: 'admin' });
      const [ra, rb] = await Promise.all([
        solo.api('PUT', `/api/admin/users/${b.user.id}`, { role: 'regular' }, a.token),
        solo.api('PUT', `/api/admin/users/${a.user.id}`, { status: 'suspended' }, b.token),
      ]);
      // Exactly one wins. The other is refused by the last-admin guard (409) when both run side by side, or — when
      // it is authenticated after the winner committed — because its caller is no longer an active admin (401/403).
      const [won, refused] = ra.status === 200 ? [ra, rb] : [rb, ra];
      expect(won.status).toBe(200);
      expect([401, 403, 409]).toContain(refused.status);
      if (refused.status === 409) expect(refused.body.detail).toBe('The platform must keep at least one active admin');
      const [{ n }] = await solo.app.orm.em
        .fork()
        .getConnection()
        .execute(`select count(*)::int n from users where role = 'admin' and status = 'active'`);
      expect(n).toBe(1);
      const [{ audits }] = await solo.app.orm.em.fork().getConnection().execute(`select count(*)::int audits from audit_log`);
      expect(audits).toBe(1);
    } finally {
      await solo.close();
    }
  });

  it("stops a suspended or inactive user's existing session at once, and lets it work again when reactivated", async () => {
    const u = await createUser(t.app);
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);

    expect((await t.api('PUT', `/api/admin/users/${u.user.id}`, { status: 'suspended' }, admin.token)).status).toBe(200);
    const refused = await t.api('GET', '/api/auth/me', undefined, u.token);
    expect(refused.status).toBe(401);
    expect((await t.gql('{ me { id } }', {}, u.token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');

    await t.api('PUT', `/api/admin/users/${u.user.id}`, { status: 'active' }, admin.token);
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);

    await t.api('PUT', `/api/admin/users/${u.user.id}`, { status: 'inactive' }, admin.token);
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(401);
  });

  it("closes a suspended user's open WebSocket at once, and leaves other users' connections alone", async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const closed = new Promise<{ code?: number }>((resolve) => {
      t.ws(u.token).subscribe(
        { query: 'subscription { meUpdated { status } }' },
        { next: () => {}, error: (e) => resolve(e as { code?: number }), complete: () => resolve({}) },
      );
    });
    const otherEvents: any[] = [];
    const otherClient = t.ws(other.token);
    otherClient.subscribe(
      { query: 'subscription { meUpdated { role } }' },
      { next: (v) => otherEvents.push(v.data), error: () => otherEvents.push('error'), complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 300));

    await t.api('PUT', `/api/admin/users/${u.user.id}`, { status: 'suspended' }, admin.token);
    expect((await closed).code).toBe(4401);

    await t.api('PUT', `/api/admin/users/${other.user.id}`, { role: 'host_seller' }, admin.token);
    await expect.poll(() => otherEvents).toEqual([{ meUpdated: { role: 'host_seller' } }]);
  });

  it('an admin demoted by another admin loses admin access on the next request', async () => {
    const other = await createUser(t.app, { role: 'admin' });
    expect((await t.api('GET', '/api/admin/users', undefined, other.token)).status).toBe(200);
    await t.api('PUT', `/api/admin/users/${other.user.id}`, { role: 'regular' }, admin.token);
    expect((await t.api('GET', '/api/admin/users', undefined, other.token)).status).toBe(403);
  });

  it("pushes the change to the user's own client live (meUpdated)", async () => {
    const u = await createUser(t.app);
    const client = t.ws(u.token);
    const received = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { meUpdated { id role status } }' },
        { next: (v) => resolve(v.data), error: reject, complete: () => {} },
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    await t.api('PUT', `/api/admin/users/${u.user.id}`, { role: 'host_seller' }, admin.token);
    expect(await received).toEqual({ meUpdated: { id: u.user.id, role: 'host_seller', status: 'active' } });
  });
});

describe('audit log', () => {
  it('is paginated newest first over REST and GraphQL', async () => {
    const u = await createUser(t.app);
    for (const role of ['host_seller', 'regular', 'host_seller'] as const)
      await t.api('PUT', `/api/admin/users/${u.user.id}`, { role }, admin.token);
    const first = await t.api('GET', '/api/admin/audit-log?limit=2', undefined, admin.token);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body).toMatchObject({ limit: 2, offset: 0, total: expect.any(Number) });
    expect(first.body.items[0]).toMatchObject({ entity_id: u.user.id, before: { role: 'regular' }, after: { role: 'host_seller' } });
    expect(first.body.items[1]).toMatchObject({ entity_id: u.user.id, before: { role: 'host_seller' }, after: { role: 'regular' } });
    const second = await t.api('GET', '/api/admin/audit-log?limit=2&offset=2', undefined, admin.token);
    expect(second.body.items[0]).toMatchObject({ entity_id: u.user.id, before: { role: 'regular' }, after: { role: 'host_seller' } });
    expect(new Date(first.body.items[0].created_at) >= new Date(second.body.items[0].created_at)).toBe(true);

    const gql = await t.gql(
      '{ auditLog(limit: 1) { total items { actorEmail action entityType entityId before after createdAt } } }',
      {},
      admin.token,
    );
    expect(gql.data.auditLog.total).toBe(first.body.total);
    expect(gql.data.auditLog.items[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'user.update',
      entityType: 'user',
      entityId: u.user.id,
      after: { role: 'host_seller', status: 'active' },
    });
    expect((await t.api('GET', '/api/admin/audit-log?limit=5000', undefined, admin.token)).status).toBe(400);
  });
});

describe('listing approvals and rejections are audited', () => {
  const listing = (title: string) => ({
    title,
    description: 'A quiet room for 6 people.',
    category: 'Office Space',
    price: 120,
    period: 'day',
    location: 'Riyadh',
    images: [],
  });

  it('writes who, what, before, after and when for an approval and a rejection, and nothing for a refused one', async () => {
    const a = (await t.api('POST', '/api/resources', listing('Audit approve room'), host.token)).body.id;
    const b = (await t.api('POST', '/api/resources', listing('Audit reject room'), host.token)).body.id;
    const startedAt = Date.now();
    expect((await t.api('PUT', `/api/admin/resources/${a}/approve`, undefined, admin.token)).status).toBe(200);
    expect((await t.api('PUT', `/api/admin/resources/${b}/reject`, { reason: 'Photos missing' }, admin.token)).status).toBe(200);

    const log = await t.api('GET', '/api/admin/audit-log?entity_type=resource&limit=100', undefined, admin.token);
    expect(log.status).toBe(200);
    const approved = log.body.items.find((e: any) => e.entity_id === a);
    const rejected = log.body.items.find((e: any) => e.entity_id === b);
    expect(approved).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.email,
      action: 'resource.approve',
      entity_type: 'resource',
      entity_label: 'Audit approve room',
      before: { status: 'pending', rejection_reason: null },
      after: { status: 'active', rejection_reason: null },
    });
    expect(rejected).toMatchObject({
      actor_id: admin.user.id,
      action: 'resource.reject',
      entity_label: 'Audit reject room',
      before: { status: 'pending' },
      after: { status: 'rejected', rejection_reason: 'Photos missing' },
    });
    expect(new Date(approved.created_at).getTime()).toBeGreaterThanOrEqual(startedAt - 5000);

    // A refused review (already reviewed; not an admin) changes nothing and writes no audit row.
    const n = await auditCount();
    expect((await t.api('PUT', `/api/admin/resources/${a}/approve`, undefined, admin.token)).status).toBe(409);
    expect((await t.api('PUT', `/api/admin/resources/${b}/reject`, { reason: 'Again' }, admin.token)).status).toBe(409);
    expect((await t.api('PUT', `/api/admin/resources/${a}/reject`, { reason: 'x' }, host.token)).status).toBe(403);
    expect(await auditCount()).toBe(n);

    // GraphQL approvals are audited too.
    const c = (await t.api('POST', '/api/resources', listing('Audit gql room'), host.token)).body.id;
    const gql = await t.gql('mutation($id: ID!) { approveResource(id: $id) { status } }', { id: c }, admin.token);
    expect(gql.data.approveResource.status).toBe('active');
    const rows = await sql<{ action: string; after: any }>('select action, after from audit_log where entity_id = ?', [c]);
    expect(rows).toEqual([{ action: 'resource.approve', after: { status: 'active', rejection_reason: null } }]);

    // Leave no listings behind: the stats test below counts them on this same database.
    for (const id of [a, b, c]) expect((await t.api('DELETE', `/api/resources/${id}`, undefined, host.token)).status).toBeLessThan(300);
  });
});

describe('settings', () => {
  const AI_KEY = 'sk-live-SECRET-abcdefghijklmnop-9XyZ';

  it('lists the three keys with their defaults', async () => {
    const fresh = await createTestApp({}, { pciCertified: false });
    try {
      const a = await createUser(fresh.app, { role: 'admin' });
      const res = await fresh.api('GET', '/api/admin/settings', undefined, a.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          key: 'myfatoorah',
          value: {
            api_key_set: false,
            api_key_last4: null,
            test_mode: true,
            webhook_url: '',
            success_url: '',
            error_url: '',
            pci_certified: false,
          },
        },
        {
          key: 'ai_chat',
          value: {
            api_key_set: false,
            api_key_last4: null,
            enabled: false,
            provider: 'openai',
            model: 'gpt-4',
            system_prompt: '',
            temperature: 0.7,
            max_tokens: 1000,
          },
        },
        {
          key: 'general',
          value: {
            platform_name: 'Mawarid',
            contact_email: '',
            contact_phone: '',
            address: '',
            address_ar: '',
            vat_number: '',
            business_hours: '',
            business_hours_ar: '',
          },
        },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('encrypts API keys at rest, never returns them whole, and keeps the old key on a save without one', async () => {
    const save = await t.api(
      'PUT',
      '/api/admin/settings/ai_chat',
      {
        enabled: true,
        provider: 'openai',
        api_key: AI_KEY,
        model: 'gpt-4o',
        temperature: 1.3,
        max_tokens: 800,
        system_prompt: 'You help Mawarid users.',
      },
      admin.token,
    );
    expect(save.status).toBe(200);
    expect(save.body).toEqual({
      key: 'ai_chat',
      value: {
        api_key_set: true,
        api_key_last4: '9XyZ',
        enabled: true,
        provider: 'openai',
        model: 'gpt-4o',
        system_prompt: 'You help Mawarid users.',
        temperature: 1.3,
        max_tokens: 800,
      },
    });

    const [row] = await sql<{ value: any }>(`select value from settings where key = 'ai_chat'`);
    const raw = JSON.stringify(row.value);
    expect(raw).not.toContain(AI_KEY);
    expect(raw).not.toContain('SECRET');
    expect(row.value.api_key_encrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

    const list = await t.api('GET', '/api/admin/settings', undefined, admin.token);
    expect(JSON.stringify(list.body)).not.toContain('SECRET');
    const gql = await t.gql('{ adminSettings { aiChat { apiKeySet apiKeyLast4 model temperature maxTokens } } }', {}, admin.token);
    expect(gql.data.adminSettings.aiChat).toEqual({
      apiKeySet: true,
      apiKeyLast4: '9XyZ',
      model: 'gpt-4o',
      temperature: 1.3,
      maxTokens: 800,
    });

    // Save without a key (and with an empty one): the key stays.
    const again = await t.api('PUT', '/api/admin/settings/ai_chat', { model: 'gpt-4o-mini', api_key: '' }, admin.token);
    expect(again.body.value).toMatchObject({ api_key_set: true, api_key_last4: '9XyZ', model: 'gpt-4o-mini', temperature: 1.3 });
    const [row2] = await sql<{ value: any }>(`select value from settings where key = 'ai_chat'`);
    expect(row2.value.api_key_encrypted).toBe(row.value.api_key_encrypted);
    const cfg = await createServices(t.app.orm.em.fork(), t.app.deps).settings.getAiChat();
    expect(cfg).toMatchObject({ apiKey: AI_KEY, model: 'gpt-4o-mini', enabled: true });

    // The audit log says the key changed, never what it is.
    const audit = await t.api('GET', '/api/admin/audit-log?entity_type=setting', undefined, admin.token);
    const entries = audit.body.items.filter((e: any) => e.entity_id === 'ai_chat');
    expect(entries[0]).toMatchObject({
      action: 'settings.update',
      actor_id: admin.user.id,
      before: { model: 'gpt-4o' },
      after: { model: 'gpt-4o-mini', api_key_changed: false },
    });
    expect(entries[1]).toMatchObject({
      before: { api_key_set: false, enabled: false },
      after: { api_key_set: true, enabled: true, api_key_changed: true },
    });
    expect(JSON.stringify(audit.body)).not.toContain('SECRET');
    expect(JSON.stringify(await sql('select before, after from audit_log'))).not.toContain('SECRET');
  });

  it('gives the payments module the decrypted MyFatoorah configuration', async () => {
    const res = await t.api(
      'PUT',
      '/api/admin/settings/myfatoorah',
      {
        value: {
          api_key: 'mf-test-key-000111',
          test_mode: false,
          webhook_url: 'https://mawarid.sa/api/payment/webhook',
          success_url: 'https://mawarid.sa/payment/success',
          error_url: 'https://mawarid.sa/payment/error',
        },
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      api_key_set: true,
      api_key_last4: '0111',
      test_mode: false,
      pci_certified: true,
      webhook_url: 'https://mawarid.sa/api/payment/webhook',
      success_url: 'https://mawarid.sa/payment/success',
      error_url: 'https://mawarid.sa/payment/error',
    });
    const [row] = await sql<{ value: any }>(`select value from settings where key = 'myfatoorah'`);
    expect(JSON.stringify(row.value)).not.toContain('mf-test-key');
    const cfg = await createServices(t.app.orm.em.fork(), t.app.deps).settings.getMyFatoorah();
    expect(cfg).toEqual({
      apiKey: 'mf-test-key-000111',
      testMode: false,
      pciCertified: true,
      webhookUrl: 'https://mawarid.sa/api/payment/webhook',
      successUrl: 'https://mawarid.sa/payment/success',
      errorUrl: 'https://mawarid.sa/payment/error',
    });

    // A ciphertext moved to another key does not decrypt (bound to its place).
    const mf = row.value.api_key_encrypted;
    await sql(`update settings set value = jsonb_set(value, '{api_key_encrypted}', to_jsonb(?::text)) where key = 'ai_chat'`, [mf]);
    expect((await createServices(t.app.orm.em.fork(), t.app.deps).settings.getAiChat()).apiKey).toBeNull();
    await t.api('PUT', '/api/admin/settings/ai_chat', { api_key: AI_KEY }, admin.token);

    // Clearing the key.
    const cleared = await t.gql(
      'mutation { updateMyFatoorahSettings(input: { clearApiKey: true }) { apiKeySet apiKeyLast4 testMode } }',
      {},
      admin.token,
    );
    expect(cleared.data.updateMyFatoorahSettings).toEqual({ apiKeySet: false, apiKeyLast4: null, testMode: false });
    expect((await createServices(t.app.orm.em.fork(), t.app.deps).settings.getMyFatoorah()).apiKey).toBeNull();
  });

  it('validates ranges, steps and formats, and writes nothing on bad input', async () => {
    const before = await sql(`select key, value::text from settings order by key`);
    const n = await auditCount();
    const cases: Array<[string, unknown, string]> = [
      ['ai_chat', { temperature: 2.1 }, 'Temperature must be between 0 and 2'],
      ['ai_chat', { temperature: -0.1 }, 'Temperature must be between 0 and 2'],
      ['ai_chat', { temperature: 0.75 }, 'Temperature must be in steps of 0.1'],
      ['ai_chat', { temperature: '0.7' }, 'Temperature must be between 0 and 2'],
      ['ai_chat', { max_tokens: 50 }, 'Max tokens must be between 100 and 4000'],
      ['ai_chat', { max_tokens: 4100 }, 'Max tokens must be between 100 and 4000'],
      ['ai_chat', { max_tokens: 150 }, 'Max tokens must be in steps of 100'],
      ['ai_chat', { provider: 'azure' }, 'Provider must be openai, anthropic or google'],
      ['ai_chat', { model: '  ' }, 'Please enter a model name'],
      ['ai_chat', { enabled: 'yes' }, 'Please choose yes or no'],
      ['ai_chat', { api_key: 'x'.repeat(501), enabled: false }, 'This value is too long'],
      ['myfatoorah', { webhook_url: 'ftp://mawarid.sa/hook' }, 'Please enter a valid URL (http:// or https://)'],
      ['myfatoorah', { success_url: 'not a url' }, 'Please enter a valid URL (http:// or https://)'],
      ['general', { vat_number: '123456789012345' }, 'VAT registration number must be 15 digits, starting and ending with 3'],
      ['general', { contact_email: 'nope' }, 'Please enter a valid email address'],
      ['general', { platform_name: '' }, 'Please enter the platform name'],
    ];
    for (const [key, body, detail] of cases) {
      const res = await t.api('PUT', `/api/admin/settings/${key}`, body, admin.token);
      expect([res.status, res.body.detail], `${key} ${JSON.stringify(body)}`).toEqual([400, detail]);
    }
    const unknown = await t.api('PUT', '/api/admin/settings/smtp', { host: 'x' }, admin.token);
    expect([unknown.status, unknown.body.detail]).toEqual([404, 'Unknown settings key']);
    expect((await t.api('PUT', '/api/admin/settings/general', [1, 2], admin.token)).status).toBe(400);
    const gql = await t.gql('mutation { updateAiChatSettings(input: { temperature: 3 }) { temperature } }', {}, admin.token);
    expect(gql.errors?.[0]).toMatchObject({ message: 'Temperature must be between 0 and 2', extensions: { code: 'BAD_USER_INPUT' } });

    expect(await sql(`select key, value::text from settings order by key`)).toEqual(before);
    expect(await auditCount()).toBe(n);

    // The edges of the ranges are accepted.
    const ok = await t.api('PUT', '/api/admin/settings/ai_chat', { temperature: 2, max_tokens: 4000 }, admin.token);
    expect(ok.body.value).toMatchObject({ temperature: 2, max_tokens: 4000 });
    const ok2 = await t.api('PUT', '/api/admin/settings/ai_chat', { temperature: 0, max_tokens: 100 }, admin.token);
    expect(ok2.body.value).toMatchObject({ temperature: 0, max_tokens: 100 });
  });

  it('keeps the general settings and shows them publicly', async () => {
    const input = {
      platform_name: 'Mawarid',
      contact_email: 'info@mawarid.sa',
      contact_phone: '+966 11 000 0000',
      address: 'King Fahd Road, Riyadh',
      address_ar: 'طريق الملك فهد، الرياض',
      vat_number: '300000000000003',
      business_hours: 'Sun–Thu 9:00–18:00',
      business_hours_ar: 'الأحد–الخميس 9:00–18:00',
    };
    const res = await t.gql(
      'mutation($i: GeneralSettingsInput!) { updateGeneralSettings(input: $i) { platformName contactEmail contactPhone address addressAr vatNumber businessHours businessHoursAr } }',
      {
        i: {
          platformName: input.platform_name,
          contactEmail: input.contact_email,
          contactPhone: input.contact_phone,
          address: input.address,
          addressAr: input.address_ar,
          vatNumber: input.vat_number,
          businessHours: input.business_hours,
          businessHoursAr: input.business_hours_ar,
        },
      },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const pub = await t.api('GET', '/api/settings/general');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual(input);
    expect((await t.gql('{ platformInfo { vatNumber addressAr } }')).data.platformInfo).toEqual({
      vatNumber: '300000000000003',
      addressAr: 'طريق الملك فهد، الرياض',
    });
    const audit = await t.api('GET', '/api/admin/audit-log?entity_type=setting&limit=1', undefined, admin.token);
    expect(audit.body.items[0]).toMatchObject({ entity_id: 'general', after: { vat_number: '300000000000003' } });
  });
});

describe('AI assistant test against the providers’ HTTP APIs (local fakes)', () => {
  const configure = (body: Record<string, unknown>) => t.api('PUT', '/api/admin/settings/ai_chat', body, admin.token);
  const test = (message: string) => t.api('POST', '/api/admin/settings/test-ai-chat', { message }, admin.token);

  it('OpenAI chat completions with the saved model, prompt, temperature and max tokens', async () => {
    await configure({
      provider: 'openai',
      api_key: fake.validKey,
      model: 'gpt-4',
      system_prompt: 'Answer briefly.',
      temperature: 0.4,
      max_tokens: 300,
    });
    const res = await test('What is Mawarid?');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, model: 'gpt-4-0613', response: 'Echo: What is Mawarid?', error: null });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/openai/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${fake.validKey}`);
    expect(sent.body).toEqual({
      model: 'gpt-4',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'What is Mawarid?' },
      ],
      temperature: 0.4,
      max_tokens: 300,
    });
  });

  it('Anthropic messages API', async () => {
    await configure({
      provider: 'anthropic',
      api_key: fake.validKey,
      model: 'claude-sonnet-4-5',
      system_prompt: 'Be kind.',
      temperature: 1.5,
      max_tokens: 500,
    });
    const res = await test('مرحبا');
    expect(res.body).toEqual({ success: true, model: 'claude-sonnet-4-5', response: 'Echo: مرحبا', error: null });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/anthropic/v1/messages');
    expect(sent.headers['x-api-key']).toBe(fake.validKey);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    // Anthropic's temperature range is 0–1.
    expect(sent.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 500,
      system: 'Be kind.',
      messages: [{ role: 'user', content: 'مرحبا' }],
      temperature: 1,
    });
  });

  it('Google Gemini generateContent', async () => {
    await configure({
      provider: 'google',
      api_key: fake.validKey,
      model: 'gemini-1.5-flash',
      system_prompt: 'Reply in the user language.',
      temperature: 0.9,
      max_tokens: 1200,
    });
    const res = await test('Hello');
    expect(res.body).toEqual({ success: true, model: 'gemini-1.5-flash', response: 'Echo: Hello', error: null });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/google/v1beta/models/gemini-1.5-flash:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe(fake.validKey);
    expect(sent.body).toEqual({
      systemInstruction: { parts: [{ text: 'Reply in the user language.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      generationConfig: { temperature: 0.9, maxOutputTokens: 1200 },
    });
  });

  it.each([
    ['openai', 'gpt-4', /^OpenAI rejected the API key \(401\): Incorrect API key provided/],
    ['anthropic', 'claude-sonnet-4-5', /^Anthropic rejected the API key \(401\): invalid x-api-key/],
    ['google', 'gemini-1.5-flash', /^Google Gemini rejected the API key \(400\): API key not valid/],
  ])('%s: a bad key comes back as success:false with a clear error, not a 500', async (provider, model, error) => {
    await configure({ provider, model, api_key: 'sk-wrong-key-0000' });
    const res = await test('hi');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, model, response: null, error: expect.stringMatching(error) });
    expect(res.body.error).not.toContain('sk-wrong-key-0000');
  });

  it('a rate limit (429) comes back as success:false', async () => {
    for (const provider of ['openai', 'anthropic', 'google']) {
      await configure({ provider, api_key: fake.validKey, model: provider === 'google' ? 'gemini-1.5-flash' : 'm' });
      fake.failNext(429);
      const res = await test('hi');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/rate limiting requests or the quota is used up \(429\)/);
    }
  });

  it('an empty message gives "Please enter a test message"; no saved key says so', async () => {
    const res = await test('   ');
    expect([res.status, res.body.detail]).toEqual([400, 'Please enter a test message']);
    const gql = await t.gql('mutation { testAiChat(message: "") { success } }', {}, admin.token);
    expect(gql.errors?.[0].message).toBe('Please enter a test message');

    await configure({ clear_api_key: true });
    const calls = fake.requests.length;
    const none = await test('hi');
    expect(none.body).toMatchObject({ success: false, error: 'Please save an API key first' });
    expect(fake.requests.length).toBe(calls);
  });

  it('a network failure or a provider that does not answer in time comes back as success:false', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));

    const slow = await createTestApp({
      AI_OPENAI_BASE_URL: `http://127.0.0.1:${deadPort}/v1`,
      AI_ANTHROPIC_BASE_URL: fake.env.AI_ANTHROPIC_BASE_URL,
      AI_TIMEOUT_MS: '700',
    });
    try {
      const a = await createUser(slow.app, { role: 'admin' });
      await slow.api('PUT', '/api/admin/settings/ai_chat', { provider: 'openai', api_key: 'sk-anything-1234' }, a.token);
      const down = await slow.api('POST', '/api/admin/settings/test-ai-chat', { message: 'hi' }, a.token);
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ success: false, error: expect.stringMatching(/^Could not reach OpenAI \(ECONNREFUSED\)/) });

      await slow.api('PUT', '/api/admin/settings/ai_chat', { provider: 'anthropic', api_key: fake.validKey }, a.token);
      fake.delayNext(2000);
      const started = Date.now();
      const late = await slow.api('POST', '/api/admin/settings/test-ai-chat', { message: 'hi' }, a.token);
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ success: false, error: 'Anthropic did not answer within 1 seconds' });
      expect(Date.now() - started).toBeLessThan(1900);
    } finally {
      await slow.close();
    }
  });
});

describe('admin stats', () => {
  it('returns every figure (exact numbers for a known data set: tests/server/analytics.test.ts)', async () => {
    // The settings tests above leave no gateway key and test mode off: with test mode on, the sandbox takes payments.
    expect((await t.api('PUT', '/api/admin/settings/myfatoorah', { value: { test_mode: true } }, admin.token)).status).toBe(200);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int n from users');
    const res = await t.api('GET', '/api/admin/stats', undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_users: n,
      active_resources: 0,
      active_bookings: 0,
      total_revenue: 0,
      utilization_rate: 0,
      pending_resources: 0,
      new_inquiries: 0,
      payments_configured: true,
    });
    const gql = await t.gql(
      '{ adminStats { totalUsers activeResources activeBookings totalRevenue utilizationRate pendingResources newInquiries } }',
      {},
      admin.token,
    );
    expect(gql.data.adminStats).toEqual({
      totalUsers: n,
      activeResources: 0,
      activeBookings: 0,
      totalRevenue: 0,
      utilizationRate: 0,
      pendingResources: 0,
      newInquiries: 0,
    });
  });
});
