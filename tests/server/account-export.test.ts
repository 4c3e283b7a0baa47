import { randomUUID } from 'node:crypto';
import { ReferenceKind } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';
import { exportFileName } from '../../server/src/modules/account/account.rest.js';
import { EXPORT_COVERAGE } from '../../server/src/modules/account/account-data.service.js';
import { decodeQuotedPrintable } from '../support/smtp-sink.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const sql = (q: string, p: unknown[] = []) => t.app.orm.em.fork().getConnection().execute(q, p);
const LISTING = {
  title: 'Export room',
  description: 'Room',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [],
};

describe('GET /api/account/export', () => {
  it('downloads everything held about the user as JSON, without card data, and is audited and noticed', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const host = await createUser(t.app, { role: 'host_seller' });
    const u = await createUser(t.app, { fullName: 'Layla Export' });
    const stranger = await createUser(t.app);
    await t.api('PUT', '/api/auth/me', { full_name: 'Layla Export', vat_number: '300000000000003' }, u.token);
    const resourceId = (await t.api('POST', '/api/resources', LISTING, host.token)).body.id;
    await t.api('PUT', `/api/admin/resources/${resourceId}/approve`, undefined, admin.token);
    const start = new Date(Date.now() + 3 * 86_400_000);
    const booking = await t.api(
      'POST',
      '/api/bookings',
      { resource_id: resourceId, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
      u.token,
    );
    expect(booking.status).toBe(201);
    // A settled payment with its issued invoice, as settlement leaves them (card brand and last digits included).
    const snapshot = {
      invoice_number: '7001',
      buyer: { name: 'Layla Export' },
      payment: { card_brand: 'mada', card_last4: '4242', method: 'card', transaction_id: 'tx-1' },
      total: 115,
    };
    await sql(
      `insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, card_brand, card_last4, error, invoice_number, invoice_snapshot, paid_at)
       values (?, ?, ?, 'card', 'sandbox', 'paid', 100, 15, 115, 'mada', '4242', 'none', 7001, ?, now())`,
      [randomUUID(), booking.body.id, u.user.id, JSON.stringify(snapshot)],
    );
    await t.api('POST', '/api/inquiries', { full_name: 'Layla', email: u.email, message: 'A question about export' }, u.token);
    await t.api('POST', '/api/inquiries', { full_name: 'Someone', email: stranger.email, message: 'Not hers' });
    await sql(`insert into newsletter_subscribers (id, email, locale, confirmed_at, user_id) values (?, ?, 'ar', now(), ?)`, [
      randomUUID(),
      u.email,
      u.user.id,
    ]);

    const res = await fetch(`${t.url}/api/account/export`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mawarid-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      format_version: 2,
      profile: { id: u.user.id, email: u.email, full_name: 'Layla Export', vat_number: '300000000000003' },
    });
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ id: booking.body.id, resource_title: 'Export room' });
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).toMatchObject({ status: 'paid', invoice_number: '7001' });
    expect(data.invoices).toEqual([{ ...snapshot, payment: { ...snapshot.payment, card_brand: null, card_last4: null } }]);
    expect(data.inquiries.map((i: { message: string }) => i.message)).toEqual(['A question about export']);
    expect(data.listings).toEqual([]);
    expect(data.newsletter).toMatchObject({ email: u.email, locale: 'ar' });
    expect(data.account_activity.map((a: { action: string }) => a.action)).toContain('account.profile_update');
    // Nothing of the card, the password or the session anywhere in the file.
    expect(text).not.toMatch(/4242|card_last4": "|password|token_version|"none"/);

    // The host sees the booking of their listing, but not who made it.
    const hostData = await (await t.api('GET', '/api/account/export', undefined, host.token)).body;
    expect(hostData.listings.map((l: { id: string }) => l.id)).toEqual([resourceId]);
    expect(hostData.bookings_received).toHaveLength(1);
    expect(JSON.stringify(hostData.bookings_received)).not.toContain(u.user.id);
    expect(JSON.stringify(hostData)).not.toContain(u.email);

    const audit = await sql(`select action from audit_log where entity_id = ? and action = 'account.export'`, [u.user.id]);
    expect(audit).toHaveLength(1);
    await t.smtp.waitFor(u.email, (m) => readable(m).includes('A copy of your Mawarid data was downloaded'));
  });

  it('is named by the Riyadh calendar day: late evening UTC is already the next day there', () => {
    expect(exportFileName(new Date('2026-11-25T20:59:59Z'))).toBe('mawarid-my-data-2026-11-25.json');
    expect(exportFileName(new Date('2026-11-25T22:30:00Z'))).toBe('mawarid-my-data-2026-11-26.json');
  });

  it('the exportMyData query gives the same over GraphQL; a visitor gets nothing', async () => {
    const u = await createUser(t.app);
    const r = await t.gql('{ exportMyData }', {}, u.token);
    expect(r.errors).toBeUndefined();
    expect(JSON.parse(r.data.exportMyData)).toMatchObject({ format_version: 2, profile: { email: u.email }, bookings: [] });
    expect((await t.gql('{ exportMyData }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.api('GET', '/api/account/export')).status).toBe(401);
  });

  it("gives an account registered with someone else's address none of their rows; verifying the address joins them", async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.sa`;
    const sent = await t.api('POST', '/api/inquiries', {
      service_type: 'legal-consultancy',
      full_name: 'Victim Person',
      email,
      company_name: 'Victim Co',
      message: 'Confidential legal matter 4411',
    });
    expect(sent.status).toBe(201);
    expect((await t.api('POST', '/api/newsletter/subscribe', { email, locale: 'en' })).status).toBe(201);

    // Anyone can register with the address; until it is verified the account holds only what it made itself.
    const reg = await t.api('POST', '/api/auth/register', { email, password: 'sahara-2026', full_name: 'Intruder' });
    expect(reg.status).toBe(201);
    const token = reg.body.access_token as string;
    const res = await fetch(`${t.url}/api/account/export`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const data = JSON.parse(text);
    expect(text).not.toMatch(/Confidential legal matter|Victim/);
    expect(data.inquiries).toEqual([]);
    expect(data.newsletter).toBeNull();
    expect(data.consents.newsletter).toBeNull();
    // A freshly registered, unverified account's export holds its own account only.
    for (const [key, value] of Object.entries(data)) if (Array.isArray(value) && key !== 'account_activity') expect(value, key).toEqual([]);
    const gql = JSON.parse((await t.gql('{ exportMyData }', {}, token)).data.exportMyData);
    expect(gql.inquiries).toEqual([]);
    expect(gql.newsletter).toBeNull();

    // The verification link reached the address: what was sent with it before is now the account's.
    const mail = await t.smtp.waitFor(email, (m) => /verify-email\?token=/.test(decodeQuotedPrintable(m.raw)));
    const link = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw))![1];
    expect((await t.api('POST', '/api/auth/verify-email', { token: link })).status).toBe(200);
    const after = (await t.api('GET', '/api/account/export', undefined, token)).body;
    expect(after.inquiries.map((i: { message: string }) => i.message)).toEqual(['Confidential legal matter 4411']);
    expect(after.newsletter).toMatchObject({ email });
  });

  it('holds the notifications, preferences, payout profile (IBAN masked), advisor profile and service bookings, with a summary in Arabic', async () => {
    const u = await createUser(t.app, { role: 'host_seller' });
    await sql(`update users set locale = 'ar' where id = ?`, [u.user.id]);
    await sql(
      `insert into notifications (id, user_id, kind, source, params, link) values (?, ?, 'booking_confirmed', 'test:1', '{"n":1}', '/bookings')`,
      [randomUUID(), u.user.id],
    );
    await sql(`insert into notification_preferences (user_id, kind, email) values (?, 'booking_confirmed', false)`, [u.user.id]);
    await sql(
      `insert into payout_accounts (id, user_id, legal_name, commercial_registration, bank, iban_encrypted, iban_last4)
       values (?, ?, 'Export Legal', '1010101010', 'Al Rajhi', 'v1:opaque-ciphertext', '4321')`,
      [randomUUID(), u.user.id],
    );
    await sql(`insert into advisors (id, user_id, display_name) values (?, ?, 'Export Advisor')`, [randomUUID(), u.user.id]);
    await sql(
      `insert into service_bookings (id, user_id, service_id, service_name, service_name_ar, preferred_date, contact_number, requirements)
       values (?, ?, 'sustainability', 'Sustainability', 'الاستدامة', '2027-01-10', '0501234567', 'Export requirements')`,
      [randomUUID(), u.user.id],
    );
    const text = await (await fetch(`${t.url}/api/account/export`, { headers: { authorization: `Bearer ${u.token}` } })).text();
    const data = JSON.parse(text);
    expect(data.notifications).toEqual([expect.objectContaining({ kind: 'booking_confirmed', params: { n: 1 }, link: '/bookings' })]);
    expect(data.notification_preferences).toEqual([{ kind: 'booking_confirmed', email: false }]);
    expect(data.payout_account).toMatchObject({ legal_name: 'Export Legal', bank: 'Al Rajhi', iban: 'SA•• •••• •••• •••• •••• 4321' });
    expect(text).not.toContain('opaque-ciphertext');
    expect(data.advisor_profile).toMatchObject({ display_name: 'Export Advisor' });
    expect(data.service_bookings).toEqual([expect.objectContaining({ service_id: 'sustainability', requirements: 'Export requirements' })]);
    expect(data.sessions).toEqual({ ended_everywhere: [] });
    expect(data.language).toBe('ar');
    expect(data.summary).toContain('بياناتك في موارد');
    expect(data.summary).toContain('- الإشعارات (notifications): 1');
    expect(data.summary).toContain('- حجوزات الخدمات (service_bookings): 1');
  });
});

/**
 * Tables that hold a user id but are rightly not in the export, each with its reason. A new table that refers to an
 * account must be added to EXPORT_COVERAGE (and the export) or here, with a reason a reviewer can weigh.
 */
const NOT_EXPORTED: Record<string, string> = {
  // Hashed single-use links: worthless outside the mail that carried them, and gone within a day.
  email_verification_tokens: 'single-use link hashes',
  password_reset_tokens: 'single-use link hashes',
  email_change_tokens: 'single-use link hashes',
  // Which admin last saved a platform setting: the platform's configuration, not data about the admin.
  settings: 'platform configuration',
  // A gateway checkout's session id, kept only to resume that one checkout (its payment is exported).
  payment_sessions: 'transient checkout sessions',
  // Receipts of uploads not yet on a listing, removed within a day (the pictures and files on listings are exported).
  image_uploads: 'transient upload receipts',
  file_uploads: 'transient upload receipts',
};

/** Columns that name an account without a foreign key in the ORM: the audit log's actor, a setting's editor. */
const USER_COLUMN = /^(user|owner|customer|host|sender|actor|admin)_id$|^updated_by$/;

describe('export coverage', () => {
  it('covers every table that holds a user id (ORM metadata and database foreign keys), or says why not', async () => {
    const holding = new Set<string>();
    for (const meta of Object.values(t.app.orm.getMetadata().getAll())) {
      if (meta.embeddable || meta.virtual || meta.abstract || !meta.tableName) continue;
      const refersToUser = Object.values(meta.properties).some(
        (p) =>
          ((p.kind === ReferenceKind.MANY_TO_ONE || p.kind === ReferenceKind.ONE_TO_ONE) && p.targetMeta?.className === 'User') ||
          (p.fieldNames ?? []).some((f) => USER_COLUMN.test(f)),
      );
      if (refersToUser || meta.className === 'User') holding.add(meta.tableName);
    }
    expect(holding).toContain('payout_accounts');
    // Tables written with SQL only (no entity) are found by their foreign keys to users.
    const fks = await sql(
      `select distinct conrelid::regclass::text as t from pg_constraint where contype = 'f' and confrelid = 'users'::regclass`,
    );
    for (const { t: table } of fks as Array<{ t: string }>) holding.add(table.replace(/^public\./, ''));
    expect(holding).toContain('notifications');

    const missing = [...holding].filter((table) => !EXPORT_COVERAGE[table] && !NOT_EXPORTED[table]);
    expect(missing, 'tables holding a user id that the export neither covers nor excuses').toEqual([]);
    expect(Object.keys(NOT_EXPORTED).filter((table) => EXPORT_COVERAGE[table])).toEqual([]);
    expect(
      Object.keys(NOT_EXPORTED).filter((table) => !holding.has(table)),
      'stale exclusions',
    ).toEqual([]);

    // Every part the coverage names is really in the export.
    const u = await createUser(t.app);
    const data = (await t.api('GET', '/api/account/export', undefined, u.token)).body;
    const sections = [...new Set(Object.values(EXPORT_COVERAGE).flat())];
    expect(sections.filter((key) => !(key in data))).toEqual([]);
  });
});
