import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

const sql = (q: string, p: unknown[] = []) => t.app.orm.em.fork().getConnection().execute(q, p);
const LISTING = {
  title: 'Delete room',
  description: 'Room',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [],
};

async function listing(host: MadeUser): Promise<string> {
  const id = (await t.api('POST', '/api/resources', LISTING, host.token)).body.id;
  await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token);
  return id;
}
let day = 10;
async function book(user: MadeUser, resourceId: string): Promise<string> {
  const start = new Date(Date.now() + day++ * 86_400_000);
  const res = await t.api(
    'POST',
    '/api/bookings',
    { resource_id: resourceId, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
    user.token,
  );
  expect(res.status).toBe(201);
  return res.body.id;
}
async function markPaid(bookingId: string, userId: string) {
  await sql(`update bookings set payment_status = 'paid', status = 'confirmed' where id = ?`, [bookingId]);
  await sql(
    `insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, card_brand, card_last4, invoice_number, invoice_snapshot, paid_at)
     values (?, ?, ?, 'card', 'sandbox', 'paid', 100, 15, 115, 'visa', '1111', nextval('invoice_number_seq'), ?, now())`,
    [randomUUID(), bookingId, userId, JSON.stringify({ buyer: { name: 'Issued name', email: 'issued@example.sa' } })],
  );
}

describe('DELETE /api/account', () => {
  it('erases the person, ends sessions, removes listings, cancels unpaid upcoming bookings, keeps payments; the email can register again', async () => {
    const u = await createUser(t.app, { role: 'host_seller', fullName: 'Sami Delete' });
    const customer = await createUser(t.app);
    await t.api('PUT', '/api/auth/me', { full_name: 'Sami Delete', phone: '0501234567', vat_number: '300000000000003' }, u.token);
    const mine = await listing(u);
    const onMine = await book(customer, mine); // unpaid, on the user's listing
    const otherHost = await createUser(t.app, { role: 'host_seller' });
    const theirs = await listing(otherHost);
    const unpaid = await book(u, theirs); // unpaid, the user's own
    const past = await book(u, theirs);
    await markPaid(past, u.user.id);
    await sql(`update bookings set start_date = now() - interval '3 days', end_date = now() - interval '2 days' where id = ?`, [past]);
    await t.api('POST', '/api/inquiries', { full_name: 'Sami', email: u.email, message: 'Personal question' }, u.token);
    await sql(`insert into newsletter_subscribers (id, email, locale, user_id) values (?, ?, 'en', ?)`, [randomUUID(), u.email, u.user.id]);
    const login = await t.api('POST', '/api/auth/login', { email: u.email, password: u.password });

    const res = await t.api('DELETE', '/api/account', { password: u.password }, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account has been deleted.' });

    // Every session ends; the login is gone.
    for (const token of [u.token, login.body.access_token]) expect((await t.api('GET', '/api/auth/me', undefined, token)).status).toBe(401);
    expect((await t.api('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    // The person is erased from the account row, which stays for the payment records.
    const [row] = await sql(`select email, full_name, phone, vat_number, status, deleted_at from users where id = ?`, [u.user.id]);
    expect(row).toMatchObject({
      email: `deleted-${u.user.id}@deleted.invalid`,
      full_name: 'Deleted user',
      phone: null,
      vat_number: null,
      status: 'inactive',
    });
    expect(row.deleted_at).not.toBeNull();
    // Listings leave the marketplace; unpaid upcoming bookings (own and on the listing) are cancelled; the past paid one stays.
    expect((await t.api('GET', `/api/resources/${mine}`)).status).toBe(404);
    const statuses = await sql(`select id, status from bookings where id in (?, ?, ?)`, [onMine, unpaid, past]);
    expect(Object.fromEntries(statuses.map((b: { id: string; status: string }) => [b.id, b.status]))).toEqual({
      [onMine]: 'cancelled',
      [unpaid]: 'cancelled',
      [past]: 'confirmed',
    });
    // Payment records and the issued invoice are kept; the card details on the payment row are cleared.
    const [pay] = await sql(`select status, amount, card_brand, card_last4, invoice_snapshot from payments where booking_id = ?`, [past]);
    expect(pay).toMatchObject({ status: 'paid', card_brand: null, card_last4: null, invoice_snapshot: { buyer: { name: 'Issued name' } } });
    // The account's inquiry is a case record the admin team must keep: it stays as sent, readable to admins.
    const inq = await t.api('GET', `/api/inquiries?search=${encodeURIComponent(u.email)}`, undefined, admin.token);
    expect(inq.body.map((i: { message: string }) => i.message)).toEqual(['Personal question']);
    // The account's newsletter subscription is gone.
    expect(await sql(`select 1 from newsletter_subscribers where email = ?`, [u.email])).toEqual([]);
    // Audit row and the notice at the old address.
    const audit = await sql(`select action, after from audit_log where entity_id = ? and action = 'account.delete'`, [u.user.id]);
    expect(audit[0].after).toEqual({ bookings_cancelled: 2, service_bookings_cancelled: 0, listings_removed: 1 });
    await t.smtp.waitFor(u.email, (m) => readable(m).includes('Your Mawarid account was deleted'));

    // The address can be registered again.
    const again = await t.api('POST', '/api/auth/register', { email: u.email, password: 'fresh-start-2026', full_name: 'Sami Again' });
    expect(again.status).toBe(201);
  });

  it("deleting an account registered with someone else's address changes none of their rows", async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.sa`;
    const sent = await t.api('POST', '/api/inquiries', {
      service_type: 'legal-consultancy',
      full_name: 'Victim Person',
      email,
      company_name: 'Victim Co',
      message: 'Victim case 7781',
    });
    expect(sent.status).toBe(201);
    expect((await t.api('POST', '/api/newsletter/subscribe', { email, locale: 'en' })).status).toBe(201);
    const reg = await t.api('POST', '/api/auth/register', { email, password: 'sahara-2026', full_name: 'Intruder' });
    expect(reg.status).toBe(201);
    expect((await t.api('DELETE', '/api/account', { password: 'sahara-2026' }, reg.body.access_token)).status).toBe(200);

    // The victim's inquiry is untouched, and the admin's search by its address still finds it.
    const [row] = await sql(`select full_name, email::text as email, company_name, message, user_id from inquiries where id = ?`, [
      sent.body.id,
    ]);
    expect(row).toEqual({ full_name: 'Victim Person', email, company_name: 'Victim Co', message: 'Victim case 7781', user_id: null });
    const found = await t.api('GET', `/api/inquiries?search=${encodeURIComponent(email)}`, undefined, admin.token);
    expect(found.body.map((i: { id: string }) => i.id)).toEqual([sent.body.id]);
    // So is their newsletter subscription.
    expect(await sql(`select email::text as email from newsletter_subscribers where email = ?`, [email])).toEqual([{ email }]);
  });

  it('an advisor who deletes the account is no longer offered for booking', async () => {
    const u = await createUser(t.app);
    const made = await t.api(
      'POST',
      '/api/advisors',
      { user_email: u.email, display_name: 'Leaving advisor', service_ids: ['sustainability'], languages: ['en'] },
      admin.token,
    );
    expect(made.status).toBe(201);
    expect((await t.api('GET', '/api/services/sustainability/advisors')).body.map((a: any) => a.id)).toContain(made.body.id);
    expect((await t.api('DELETE', '/api/account', { password: u.password }, u.token)).status).toBe(200);
    expect((await t.api('GET', '/api/services/sustainability/advisors')).body.map((a: any) => a.id)).not.toContain(made.body.id);
  });

  it('refuses a wrong password, changing nothing', async () => {
    const u = await createUser(t.app);
    const res = await t.api('DELETE', '/api/account', { password: 'not-the-password' }, u.token);
    expect(res).toMatchObject({ status: 400, body: { detail: 'Current password is incorrect' } });
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).status).toBe(200);
    expect((await t.api('DELETE', '/api/account', {}, u.token)).body.detail).toBe('Please fill in all required fields');
  });

  it('refuses while the user has a paid upcoming booking as a customer, or as a host', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const customer = await createUser(t.app);
    const b = await book(customer, await listing(host));
    await markPaid(b, customer.user.id);
    for (const who of [customer, host]) {
      const res = await t.api('DELETE', '/api/account', { password: who.password }, who.token);
      expect(res).toMatchObject({
        status: 409,
        body: {
          detail:
            'Your account cannot be deleted while you have paid upcoming bookings, as a customer or as a host. Cancel or complete them first.',
        },
      });
      expect((await t.api('GET', '/api/auth/me', undefined, who.token)).body.email).toBe(who.email);
    }
  });

  it('refuses the last active admin; another admin may go', async () => {
    await sql(`update users set status = 'suspended' where role = 'admin' and id <> ?`, [admin.user.id]);
    const refused = await t.api('DELETE', '/api/account', { password: admin.password }, admin.token);
    expect(refused).toMatchObject({
      status: 409,
      body: { detail: 'You are the last administrator. Make another user an administrator before deleting your account.' },
    });
    const second = await createUser(t.app, { role: 'admin' });
    expect((await t.api('DELETE', '/api/account', { password: second.password }, second.token)).status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', undefined, admin.token)).status).toBe(200);
  });

  it('the deleteAccount mutation does the same over GraphQL; a visitor cannot call it', async () => {
    const u = await createUser(t.app);
    const wrong = await t.gql('mutation { deleteAccount(password: "nope") { message } }', {}, u.token);
    expect(wrong.errors?.[0].message).toBe('Current password is incorrect');
    const r = await t.gql(`mutation($p: String!) { deleteAccount(password: $p) { message } }`, { p: u.password }, u.token);
    expect(r.data.deleteAccount.message).toBe('Your account has been deleted.');
    expect((await t.gql('{ me { id } }', {}, u.token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await t.api('DELETE', '/api/account', { password: 'x' })).status).toBe(401);
  });
});
