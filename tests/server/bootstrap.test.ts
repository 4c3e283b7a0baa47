import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { parseEnv, EnvError } from '../../server/src/config/env.js';

describe('first admin from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'Boss@Example.SA', ADMIN_PASSWORD: 'first-admin-2026' });
  });
  afterAll(async () => t?.close());

  it('exists, is active and verified, and can log in', async () => {
    const res = await t.api('POST', '/api/auth/login', { email: 'boss@example.sa', password: 'first-admin-2026' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'admin', status: 'active', email_verified: true });
  });

  it('creates no demo users when SEED_DEMO is off', async () => {
    const res = await t.api('POST', '/api/auth/login', { email: 'admin@mawarid.sa', password: 'Admin#2026' });
    expect(res.status).toBe(401);
  });
});

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(async () => t?.close());

  it('has the documented logins for admin, host and regular user', async () => {
    for (const [email, password, role] of [
      ['admin@mawarid.sa', 'Admin#2026', 'admin'],
      ['host@mawarid.sa', 'Host#2026', 'host_seller'],
      ['user@mawarid.sa', 'User#2026', 'regular'],
    ]) {
      const res = await t.api('POST', '/api/auth/login', { email, password });
      expect(res.status, email).toBe(200);
      expect(res.body.user.role).toBe(role);
    }
  });

  it("the demo user's paid template purchase opens its invoice (View invoice on My bookings)", async () => {
    const login = await t.api('POST', '/api/auth/login', { email: 'user@mawarid.sa', password: 'User#2026' });
    const [purchase] = (await t.api('GET', '/api/bookings/my', undefined, login.body.access_token)).body;
    expect(purchase).toMatchObject({ resource_type: 'digital', payment_status: 'paid', total_with_vat: 56.35 });
    const invoice = await t.api('GET', `/api/bookings/${purchase.id}/invoice`, undefined, login.body.access_token);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ booking_id: purchase.id, subtotal: 49, vat: 7.35, total: 56.35, currency: 'SAR' });
    expect(invoice.body.seller.vat_number).toBe('310122393500003');
  });

  it('has two advisors with weekly hours, so the demo services with advisors offer free slots', async () => {
    for (const [service, name] of [
      ['strategic-consulting', 'Khalid Al-Mutairi'],
      ['corporate-law', 'Reem Al-Dosari'],
    ]) {
      const res = await t.api('GET', `/api/services/${service}/slots`);
      expect(res.body.has_advisors, service).toBe(true);
      expect(res.body.days.length, service).toBeGreaterThan(5);
      expect(res.body.days[1].slots[0].advisors[0].display_name).toBe(name);
    }
    expect((await t.api('GET', '/api/services/logistics/slots')).body.has_advisors).toBe(false);
    expect((await t.api('POST', '/api/auth/login', { email: 'advisor@mawarid.sa', password: 'Advisor#2026' })).status).toBe(200);
  });

  it('gives the demo host its past months’ commission invoices from the seeded payments, issued by the monthly pass', async () => {
    const login = await t.api('POST', '/api/auth/login', { email: 'host@mawarid.sa', password: 'Host#2026' });
    const [splits] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from payment_splits where settled_at is not null`);
    expect(splits.n).toBeGreaterThan(10);
    await t.app.deps.jobs.send('commission-invoices.issue', {});
    let items: Array<{ month: string; subtotal: number; vat: number; total: number }> = [];
    for (let i = 0; i < 100 && !items.length; i++) {
      items = (await t.api('GET', '/api/host/commission-invoices', undefined, login.body.access_token)).body.items;
      if (!items.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(items.length).toBeGreaterThan(0);
    const thisMonth = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);
    for (const i of items) {
      expect(i.month < thisMonth).toBe(true);
      expect(Math.round((i.subtotal + i.vat) * 100)).toBe(Math.round(i.total * 100));
    }
  });

  it("the demo listings' ratings come from reviews the demo customers wrote on completed bookings", async () => {
    const list = (await t.api('GET', '/api/resources?page_size=50')).body.items as Array<{
      id: string;
      rating: number;
      reviews_count: number;
    }>;
    const rated = list.filter((r) => r.reviews_count > 0);
    expect(rated.length).toBeGreaterThan(0);
    for (const r of rated) {
      const reviews = (await t.api('GET', `/api/resources/${r.id}/reviews?page_size=50`)).body;
      expect(reviews.total).toBe(r.reviews_count);
      const average = reviews.items.reduce((sum: number, x: { rating: number }) => sum + x.rating, 0) / reviews.total;
      expect(r.rating).toBeCloseTo(average, 2);
    }
    const [{ n }] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `select count(*)::int as n from reviews v join bookings b on b.id = v.booking_id where b.status <> 'completed' or b.user_id <> v.user_id`,
      );
    expect(n).toBe(0);
  });
});

describe('environment', () => {
  it('refuses to start in production without secrets, database and APP_URL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET.*ENCRYPTION_KEY.*DATABASE_URL.*APP_URL/);
  });

  it('turns demo data off in production', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: 'y'.repeat(40),
      DATABASE_URL: 'postgres://db/mawarid',
      APP_URL: 'https://mawarid.sa',
      DATA_DIR: '/tmp/mawarid-env-test',
    });
    expect(env.seedDemo).toBe(false);
    expect(env.isProduction).toBe(true);
  });

  it('rejects a malformed setting with its name', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATA_DIR: '/tmp/mawarid-env-test' })).toThrow(/PORT/);
  });
});

describe('REST adapter edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await t.api('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found' });
  });

  it('refuses an oversized body with 413 and no 500', async () => {
    const res = await t.api('POST', '/api/auth/login', { email: 'a@b.sa', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  it('sets basic security headers', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
