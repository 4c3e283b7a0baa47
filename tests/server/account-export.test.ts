import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';
import { exportFileName } from '../../server/src/modules/account/account.rest.js';

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
    await t.api('POST', '/api/inquiries', { full_name: 'Layla', email: u.email, message: 'A question about export' });
    await t.api('POST', '/api/inquiries', { full_name: 'Someone', email: stranger.email, message: 'Not hers' });
    await sql(`insert into newsletter_subscribers (id, email, locale, confirmed_at) values (?, ?, 'ar', now())`, [randomUUID(), u.email]);

    const res = await fetch(`${t.url}/api/account/export`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mawarid-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      format_version: 1,
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
    expect(JSON.parse(r.data.exportMyData)).toMatchObject({ format_version: 1, profile: { email: u.email }, bookings: [] });
    expect((await t.gql('{ exportMyData }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.api('GET', '/api/account/export')).status).toBe(401);
  });
});
