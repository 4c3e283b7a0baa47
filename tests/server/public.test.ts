import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { decodeQuotedPrintable } from '../support/smtp-sink.js';
import { todayInRiyadh } from '../../server/src/shared/public.rules.js';

let t: TestApp;
let admin: MadeUser;
let regular: MadeUser;
let clientDist: string;

beforeAll(async () => {
  // A stand-in client build so the server serves its page shell (index.html with per-page meta).
  clientDist = mkdtempSync(join(tmpdir(), 'mawarid-client-'));
  writeFileSync(
    join(clientDist, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><meta name="description" content="generic" /><title>Mawarid | موارد</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ CLIENT_DIST: clientDist });
  admin = await createUser(t.app, { role: 'admin', fullName: 'Inbox Admin' });
  regular = await createUser(t.app, { role: 'regular', fullName: 'Huda Al-Zahrani' });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDist, { recursive: true, force: true });
});

const count = async (table: string) =>
  Number((await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from ${table}`))[0].n);

const addDays = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const valid = {
  service_type: 'resource-sharing',
  full_name: 'Khalid Al-Mutairi',
  email: 'khalid@example.sa',
  company_name: 'Qassim Dates Co.',
  message: 'We have two idle forklifts in Buraydah.',
};

describe('POST /api/inquiries', () => {
  it('stores a visitor inquiry as new, answers 201 with the spec fields, and mails a confirmation', async () => {
    const res = await t.api('POST', '/api/inquiries', { ...valid, email: 'Khalid@Example.SA' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      service_type: 'resource-sharing',
      full_name: 'Khalid Al-Mutairi',
      email: 'khalid@example.sa',
      company_name: 'Qassim Dates Co.',
      message: 'We have two idle forklifts in Buraydah.',
      status: 'new',
      preferred_date: null,
      preferred_time: null,
      created_at: expect.any(String),
    });
    const mail = await t.smtp.waitFor('khalid@example.sa');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('We received your inquiry');
    expect(body).toContain(res.body.id.slice(0, 8).toUpperCase());
  });

  it('defaults service_type to resource-sharing and company_name to null', async () => {
    const res = await t.api('POST', '/api/inquiries', { full_name: 'Reem', email: 'reem@example.sa', message: 'Hello' });
    expect(res.status).toBe(201);
    expect(res.body.service_type).toBe('resource-sharing');
    expect(res.body.company_name).toBeNull();
  });

  it('rejects missing or bad fields with the spec message and writes nothing', async () => {
    const before = await count('inquiries');
    await t.mailsSent();
    const mailsBefore = t.smtp.received.length;
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ ...valid, full_name: '' }, 'Please fill in all required fields', 'full_name'],
      [{ ...valid, full_name: '   ' }, 'Please fill in all required fields'],
      [{ ...valid, email: '' }, 'Please fill in all required fields'],
      [{ ...valid, message: undefined }, 'Please fill in all required fields'],
      [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...valid, service_type: 'plumbing' }, 'Please choose a valid service type'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
      [
        { ...valid, service_type: 'legal-consultancy', preferred_date: addDays(todayInRiyadh(), -1) },
        'Preferred date cannot be in the past',
        'preferred_date',
      ],
      [{ ...valid, service_type: 'legal-consultancy', preferred_date: '2030-02-30' }, 'Please enter a valid date'],
      [{ ...valid, service_type: 'legal-consultancy', preferred_time: '25:00' }, 'Please enter a valid time'],
    ];
    for (const [body, detail, field] of cases) {
      const res = await t.api('POST', '/api/inquiries', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.detail).toBe(detail);
      // REST names the field as its body does.
      if (field) expect(res.body.field).toBe(field);
    }
    const notJson = await t.api('POST', '/api/inquiries', '{"full_name":', undefined);
    expect(notJson.status).toBe(400);
    expect(await count('inquiries')).toBe(before);
    await t.mailsSent();
    expect(t.smtp.received.length).toBe(mailsBefore);
  });

  it('the GraphQL mutation applies the same rules', async () => {
    const bad = await t.gql(`mutation { submitInquiry(input: { fullName: "", email: "a@b.sa", message: "x" }) { id } }`);
    expect(bad.errors?.[0].message).toBe('Please fill in all required fields');
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fullName' });
    const ok = await t.gql(
      `mutation { submitInquiry(input: { fullName: "Nawaf", email: "nawaf@example.sa", message: "Office space in Khobar?" }) { id status serviceType } }`,
    );
    expect(ok.data.submitInquiry).toMatchObject({ status: 'new', serviceType: 'resource_sharing' });
  });
});

describe('inquiry limits', () => {
  it('answers 429 with Retry-After after 30 inquiries from one IP in 10 minutes, and stores nothing more', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 30; i++) {
      const ok = await t.api('POST', '/api/inquiries', { ...valid, email: `burst-${i}@example.sa` }, undefined, ip);
      expect(ok.status, `inquiry ${i + 1}`).toBe(201);
    }
    const before = await count('inquiries');
    await t.mailsSent();
    const mails = t.smtp.received.length;
    const limited = await t.api('POST', '/api/inquiries', { ...valid, email: 'burst-31@example.sa' }, undefined, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many requests. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const gql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip },
      body: JSON.stringify({
        query: `mutation { submitInquiry(input: { fullName: "Burst", email: "burst-gql@example.sa", message: "Hi" }) { id } }`,
      }),
    }).then((r) => r.json());
    expect(gql.errors?.[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(await count('inquiries')).toBe(before);
    await t.mailsSent();
    expect(t.smtp.received.length).toBe(mails);
    // Another address is not affected.
    expect((await t.api('POST', '/api/inquiries', valid, undefined, { 'x-forwarded-for': '203.0.113.78' })).status).toBe(201);
  });

  it('sends at most 5 confirmation mails an hour to one address; later inquiries are still stored', async () => {
    const email = 'many-mails@example.sa';
    const ip = { 'x-forwarded-for': '203.0.113.90' };
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.api('POST', '/api/inquiries', { ...valid, email, message: `Question number ${i + 1}` }, undefined, ip);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await t.mailsSent();
    const mine = t.smtp.received.filter((m) => m.to.includes(email));
    expect(mine).toHaveLength(5);
    const stored = await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from inquiries where email = ?`, [email]);
    expect(stored[0].n).toBe(7);
    // The cap is per address, not per IP: someone else still gets their confirmation.
    await t.api('POST', '/api/inquiries', { ...valid, email: 'other-mail@example.sa' }, undefined, ip);
    await t.smtp.waitFor('other-mail@example.sa');
  });
});

describe('consultation requests', () => {
  it('stores preferred date and time, mails in the sender’s language, and shows them to the admin', async () => {
    const date = addDays(todayInRiyadh(), 3);
    const res = await t.api('POST', '/api/inquiries', {
      service_type: 'legal-consultancy',
      full_name: 'سلمان الدوسري',
      email: 'salman@example.sa',
      message: 'أحتاج مراجعة عقد توريد مع مورد صيني.',
      preferred_date: date,
      preferred_time: '10:30',
      locale: 'ar',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ service_type: 'legal-consultancy', preferred_date: date, preferred_time: '10:30' });

    const mail = await t.smtp.waitFor('salman@example.sa');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/i); // an encoded (Arabic) subject
    const list = await t.api('GET', '/api/inquiries?status=new&search=salman', undefined, admin.token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: res.body.id, preferred_date: date, preferred_time: '10:30' });
  });

  it('accepts today (Riyadh) and an empty date', async () => {
    const today = await t.api('POST', '/api/inquiries', {
      ...valid,
      service_type: 'legal-consultancy',
      preferred_date: todayInRiyadh(),
      preferred_time: '',
    });
    expect(today.status).toBe(201);
    expect(today.body.preferred_time).toBeNull();
    const none = await t.api('POST', '/api/inquiries', { ...valid, service_type: 'legal-consultancy', preferred_date: '' });
    expect(none.status).toBe(201);
    expect(none.body.preferred_date).toBeNull();
  });

  it('a logged-in user’s requests are theirs: /api/inquiries/my and myInquiries list them with status', async () => {
    const sent = await t.api(
      'POST',
      '/api/inquiries',
      {
        ...valid,
        service_type: 'legal-consultancy',
        full_name: 'Huda Al-Zahrani',
        email: regular.email,
        message: 'Compliance check for a new branch',
      },
      regular.token,
    );
    expect(sent.status).toBe(201);
    const mine = await t.api('GET', '/api/inquiries/my', undefined, regular.token);
    expect(mine.status).toBe(200);
    expect(mine.body.map((i: { id: string }) => i.id)).toEqual([sent.body.id]);
    expect(mine.body[0].status).toBe('new');

    const other = await createUser(t.app);
    const empty = await t.api('GET', '/api/inquiries/my', undefined, other.token);
    expect(empty.body).toEqual([]);
    const gql = await t.gql(`{ myInquiries { id status serviceType } }`, {}, regular.token);
    expect(gql.data.myInquiries).toEqual([{ id: sent.body.id, status: 'new', serviceType: 'legal_consultancy' }]);

    expect((await t.api('GET', '/api/inquiries/my')).status).toBe(401);
    const mail = await t.smtp.waitFor(regular.email);
    expect(decodeQuotedPrintable(mail.raw)).toContain('http://app.test/dashboard');
  });
});

describe('a logged-in user’s consultation request is in their own name', () => {
  it('takes name, email and company from the account, whatever the request says (REST and GraphQL)', async () => {
    const who = await createUser(t.app, { fullName: 'Maha Al-Qahtani' });
    await t.app.orm.em.fork().getConnection().execute(`update users set company_name = 'Tabuk Logistics' where id = ?`, [who.user.id]);
    const forged = {
      service_type: 'legal-consultancy',
      full_name: 'Someone Else',
      email: 'victim@example.sa',
      company_name: 'Fake Co',
      message: 'Please review our lease.',
    };
    const res = await t.api('POST', '/api/inquiries', forged, who.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ full_name: 'Maha Al-Qahtani', email: who.email, company_name: 'Tabuk Logistics' });
    const row = (
      await t.app.orm.em
        .fork()
        .getConnection()
        .execute(`select full_name, email, company_name, user_id from inquiries where id = ?`, [res.body.id])
    )[0];
    expect(row).toEqual({ full_name: 'Maha Al-Qahtani', email: who.email, company_name: 'Tabuk Logistics', user_id: who.user.id });
    // The confirmation goes to the account's address, never to the one typed in.
    await t.smtp.waitFor(who.email);
    expect(t.smtp.received.some((m) => m.raw.includes('victim@example.sa'))).toBe(false);

    // The three fields may be left out entirely.
    const bare = await t.api('POST', '/api/inquiries', { service_type: 'legal-consultancy', message: 'A second question.' }, who.token);
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ full_name: 'Maha Al-Qahtani', email: who.email });

    const gql = await t.gql(
      `mutation { submitInquiry(input: { serviceType: legal_consultancy, fullName: "Other", email: "other@example.sa", message: "Via GraphQL" }) { fullName email companyName } }`,
      {},
      who.token,
    );
    expect(gql.data.submitInquiry).toEqual({ fullName: 'Maha Al-Qahtani', email: who.email, companyName: 'Tabuk Logistics' });

    // A guest's request keeps what they typed.
    const guest = await t.api('POST', '/api/inquiries', forged);
    expect(guest.body).toMatchObject({ full_name: 'Someone Else', email: 'victim@example.sa' });
  });
});

describe('admin inbox permissions and status', () => {
  it('GET and PUT /api/inquiries are admin only', async () => {
    const one = await t.api('POST', '/api/inquiries', valid);
    expect((await t.api('GET', '/api/inquiries')).status).toBe(401);
    expect((await t.api('GET', '/api/inquiries', undefined, regular.token)).status).toBe(403);
    const host = await createUser(t.app, { role: 'host_seller' });
    expect((await t.api('GET', '/api/inquiries', undefined, host.token)).status).toBe(403);
    const put = await t.api('PUT', `/api/inquiries/${one.body.id}`, { status: 'resolved' }, regular.token);
    expect(put.status).toBe(403);
    expect((await t.api('PUT', `/api/inquiries/${one.body.id}`, { status: 'resolved' })).status).toBe(401);
    const gql = await t.gql(`{ inquiries { id } }`, {}, regular.token);
    expect(gql.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const row = await t.app.orm.em.fork().getConnection().execute(`select status from inquiries where id = ?`, [one.body.id]);
    expect(row[0].status).toBe('new');
  });

  it('moves an inquiry new → in_progress → resolved → closed → new, publishing each change', async () => {
    const one = await t.api('POST', '/api/inquiries', { ...valid, full_name: 'Status Walk' });
    const id = one.body.id as string;
    for (const status of ['in_progress', 'resolved', 'closed', 'new']) {
      const res = await t.api('PUT', `/api/inquiries/${id}`, { status }, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const same = await t.api('PUT', `/api/inquiries/${id}`, { status: 'new' }, admin.token);
    expect(same.status).toBe(200);
    const bad = await t.api('PUT', `/api/inquiries/${id}`, { status: 'archived' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Please choose a valid status');
    expect((await t.api('PUT', `/api/inquiries/not-a-uuid`, { status: 'closed' }, admin.token)).status).toBe(404);
    const missing = await t.api('PUT', `/api/inquiries/00000000-0000-4000-8000-000000000000`, { status: 'closed' }, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Inquiry not found');

    const gql = await t.gql(`mutation($id: ID!) { updateInquiryStatus(id: $id, status: in_progress) { id status } }`, { id }, admin.token);
    expect(gql.data.updateInquiryStatus.status).toBe('in_progress');
  });

  it('publishes inquiry events after commit', async () => {
    const seen: Array<[string, unknown]> = [];
    const created = t.app.deps.bus.subscribe('INQUIRY_CREATED') as AsyncIterableIterator<unknown>;
    const updated = t.app.deps.bus.subscribe('INQUIRY_UPDATED') as AsyncIterableIterator<unknown>;
    const one = await t.api('POST', '/api/inquiries', valid);
    seen.push(['created', (await created.next()).value]);
    await t.api('PUT', `/api/inquiries/${one.body.id}`, { status: 'resolved' }, admin.token);
    seen.push(['updated', (await updated.next()).value]);
    await created.return?.();
    await updated.return?.();
    expect(seen).toEqual([
      ['created', { inquiryId: one.body.id, serviceType: 'resource-sharing' }],
      ['updated', { inquiryId: one.body.id, status: 'resolved', previousStatus: 'new' }],
    ]);
  });

  it('filters by status, searches, and counts', async () => {
    const all = await t.api('GET', '/api/inquiries', undefined, admin.token);
    const stats = await t.api('GET', '/api/inquiries/stats', undefined, admin.token);
    expect(stats.body.total).toBe(all.body.length);
    expect(stats.body.new).toBe(all.body.filter((i: { status: string }) => i.status === 'new').length);
    const resolved = await t.api('GET', '/api/inquiries?status=resolved', undefined, admin.token);
    expect(resolved.body.length).toBe(stats.body.resolved);
    expect(resolved.body.every((i: { status: string }) => i.status === 'resolved')).toBe(true);
    const search = await t.api('GET', '/api/inquiries?search=QASSIM%20dates', undefined, admin.token);
    expect(search.body.length).toBeGreaterThan(0);
    expect(search.body.every((i: { company_name: string }) => i.company_name === 'Qassim Dates Co.')).toBe(true);
    const pct = await t.api('GET', '/api/inquiries?search=%25', undefined, admin.token);
    expect(pct.body).toEqual([]);
    const badStatus = await t.api('GET', '/api/inquiries?status=archived', undefined, admin.token);
    expect(badStatus.status).toBe(400);
    const gql = await t.gql(`{ inquiryStats { total new inProgress resolved closed } }`, {}, admin.token);
    expect(gql.data.inquiryStats.total).toBe(stats.body.total);
  });
});

describe('business services', () => {
  const IDS = ['logistics', 'resource-optimization', 'strategic-consulting', 'operational-efficiency', 'sustainability', 'market-entry'];

  it('lists the six seeded services in English by default and Arabic on request', async () => {
    const en = await t.api('GET', '/api/services');
    expect(en.status).toBe(200);
    expect(en.body.map((s: { id: string }) => s.id)).toEqual(IDS);
    for (const s of en.body) {
      expect(s).toMatchObject({
        title: expect.any(String),
        description: expect.any(String),
        icon: expect.any(String),
        details: expect.any(String),
        locale: 'en',
      });
      expect(s.benefits.length).toBeGreaterThan(0);
      expect(s.process_steps.map((p: { step: number }) => p.step)).toEqual([1, 2, 3, 4]);
    }
    const ar = await t.api('GET', '/api/services?locale=ar');
    expect(ar.body[0].title).toBe('الحلول اللوجستية');
    const byHeader = await t.api('GET', '/api/services', undefined, undefined, { 'accept-language': 'ar-SA,ar;q=0.9' });
    expect(byHeader.body[0].locale).toBe('ar');
  });

  it('shows one service, and 404 "Service not found" for an unknown id', async () => {
    const one = await t.api('GET', '/api/services/logistics');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: 'logistics',
      title: 'Logistics Solutions',
      icon: 'Truck',
      image: '/images/services/logistics.svg',
    });
    const missing = await t.api('GET', '/api/services/teleportation');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Service not found');
    const gql = await t.gql(`{ businessService(id: "market-entry", locale: "ar") { title processSteps { step title } } }`);
    expect(gql.data.businessService.title).toBe('دعم دخول السوق');
    const gqlMissing = await t.gql(`{ businessService(id: "nope") { id } }`);
    expect(gqlMissing.errors?.[0]).toMatchObject({ message: 'Service not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('content sync is idempotent (runs at every start)', async () => {
    const { syncServiceContent } = await import('../../server/src/modules/business-services/business-service.service.js');
    await syncServiceContent(t.app.orm.em.fork());
    expect(await count('services')).toBe(6);
  });
});

describe('newsletter', () => {
  const unsubscribeToken = (raw: string) => {
    const m = /newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
    if (!m) throw new Error('no unsubscribe link in mail');
    return m[1];
  };
  const confirmToken = (raw: string) => {
    const m = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
    if (!m) throw new Error('no confirmation link in mail');
    return m[1];
  };
  const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
  /** Subscribes and follows the confirmation link; resolves with the welcome mail (which has the unsubscribe link). */
  const subscribeConfirmed = async (email: string, locale?: string) => {
    const before = mailsTo(email).length;
    expect((await t.api('POST', '/api/newsletter/subscribe', { email, locale })).status).toBe(201);
    await t.smtp.waitFor(email, (m) => mailsTo(email).indexOf(m) >= before);
    const token = confirmToken(mailsTo(email)[before].raw);
    expect((await t.api('POST', '/api/newsletter/confirm', { token })).status).toBe(200);
    await t.smtp.waitFor(email, (m) => mailsTo(email).indexOf(m) > before);
    return mailsTo(email)[before + 1].raw;
  };

  it('double opt-in: a sign-up is pending until the link in its confirmation mail is followed, then welcomed', async () => {
    const email = 'optin@example.sa';
    const res = await t.api('POST', '/api/newsletter/subscribe', { email, locale: 'ar' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Please check your email to confirm your subscription.' });
    const raw = (await t.smtp.waitFor(email)).raw;
    const mail = decodeQuotedPrintable(raw);
    expect(mail).toMatch(/http:\/\/app\.test\/newsletter\/confirm\?token=/);
    expect(mail).not.toMatch(/unsubscribe/i); // not subscribed yet: nothing to unsubscribe from
    const row = async () =>
      (await t.app.orm.em.fork().getConnection().execute(`select confirmed_at from newsletter_subscribers where email = ?`, [email]))[0];
    expect((await row()).confirmed_at).toBeNull();

    const bad = await t.api('POST', '/api/newsletter/confirm', { token: 'x'.repeat(48) });
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe('This confirmation link is not valid');
    expect((await t.api('POST', '/api/newsletter/confirm', {})).status).toBe(400);

    // The raw mail: decoding twice would read a token starting with two digits ("=42…") as an escape.
    const token = confirmToken(raw);
    const ok = await t.gql(`mutation($t: String!) { confirmNewsletter(token: $t) { email subscribed } }`, { t: token });
    expect(ok.data.confirmNewsletter).toEqual({ email: 'o***n@example.sa', subscribed: true });
    expect((await row()).confirmed_at).not.toBeNull();
    // The welcome (in the subscriber's language) carries the unsubscribe link; confirming again sends nothing more.
    await t.smtp.waitFor(email, (m) => m !== mailsTo(email)[0]);
    const again = await t.api('POST', '/api/newsletter/confirm', { token });
    expect(again.body).toMatchObject({ success: true, message: 'Your newsletter subscription is confirmed.', subscribed: true });
    await t.mailsSent();
    expect(mailsTo(email)).toHaveLength(2);
    expect(decodeQuotedPrintable(mailsTo(email)[1].raw)).toMatch(/newsletter\/unsubscribe\?token=/);
  });

  it('sign-ups are limited per client address, and confirmation mails per address', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const target = 'flooded@example.sa';
    for (let i = 0; i < 10; i++)
      expect((await t.api('POST', '/api/newsletter/subscribe', { email: target }, undefined, from(`192.0.2.${i + 1}`))).status).toBe(201);
    await t.smtp.waitFor(target);
    await t.mailsSent();
    expect(mailsTo(target)).toHaveLength(3);

    const ip = '192.0.2.100';
    for (let i = 0; i < 10; i++)
      expect((await t.api('POST', '/api/newsletter/subscribe', { email: `many-${i}@example.sa` }, undefined, from(ip))).status).toBe(201);
    const refused = await t.api('POST', '/api/newsletter/subscribe', { email: 'many-10@example.sa' }, undefined, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('Too many requests. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from newsletter_subscribers where email = 'many-10@example.sa'`);
    expect(rows[0].n).toBe(0);
  });

  it('subscribing twice is a success and stores the address once; empty or invalid is refused', async () => {
    const first = await t.api('POST', '/api/newsletter/subscribe', { email: 'Twice@Example.SA' });
    const second = await t.api('POST', '/api/newsletter/subscribe', { email: 'twice@example.sa' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ success: true, message: 'Please check your email to confirm your subscription.' });
    const rows = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from newsletter_subscribers where email = 'twice@example.sa'`);
    expect(rows[0].n).toBe(1);
    for (const email of ['', 'nope', undefined]) {
      const res = await t.api('POST', '/api/newsletter/subscribe', { email });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please enter a valid email address');
    }
    // A confirmation mail each time while it is pending (a lost first mail can be asked for again).
    await t.smtp.waitFor('twice@example.sa');
    await t.mailsSent();
    expect(t.smtp.received.filter((m) => m.to.includes('twice@example.sa'))).toHaveLength(2);
  });

  it('the unsubscribe link in the mail works, twice, and resubscribing is allowed', async () => {
    const token = unsubscribeToken(await subscribeConfirmed('leaving@example.sa', 'ar'));

    const look = await t.api('GET', `/api/newsletter/unsubscribe?token=${token}`);
    expect(look.status).toBe(200);
    expect(look.body).toEqual({ email: 'l***g@example.sa', subscribed: true });

    const out = await t.api('POST', '/api/newsletter/unsubscribe', { token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, subscribed: false });
    const again = await t.api('POST', '/api/newsletter/unsubscribe', { token });
    expect(again.status).toBe(200);
    const row = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select unsubscribed_at from newsletter_subscribers where email = 'leaving@example.sa'`);
    expect(row[0].unsubscribed_at).not.toBeNull();

    const bad = await t.api('POST', '/api/newsletter/unsubscribe', { token: 'x'.repeat(48) });
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe('This unsubscribe link is not valid');
    expect((await t.api('POST', '/api/newsletter/unsubscribe', {})).status).toBe(400);

    // Subscribing again needs a new confirmation.
    await t.api('POST', '/api/newsletter/subscribe', { email: 'leaving@example.sa' });
    await t.mailsSent();
    const pending = await t.gql(`query($token: String!) { newsletterSubscription(token: $token) { subscribed } }`, { token });
    expect(pending.data.newsletterSubscription.subscribed).toBe(false);
    const reconfirm = confirmToken(mailsTo('leaving@example.sa').at(-1)!.raw);
    expect((await t.api('POST', '/api/newsletter/confirm', { token: reconfirm })).status).toBe(200);
    const back = await t.gql(`query($token: String!) { newsletterSubscription(token: $token) { subscribed } }`, { token });
    expect(back.data.newsletterSubscription.subscribed).toBe(true);
    const gqlOut = await t.gql(`mutation($token: String!) { unsubscribeNewsletter(token: $token) { subscribed } }`, { token });
    expect(gqlOut.data.unsubscribeNewsletter.subscribed).toBe(false);
  });

  it('every newsletter mail carries List-Unsubscribe and one-click List-Unsubscribe-Post, and the one-click POST works', async () => {
    const raw = await subscribeConfirmed('oneclick@example.sa');
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const token = unsubscribeToken(raw);
    const list = /^List-Unsubscribe: <([^>]+)>/im.exec(head);
    expect(list?.[1]).toBe(`http://app.test/api/newsletter/unsubscribe?token=${token}`);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);

    // What a mail client sends for one-click (RFC 8058): a form POST to the header's URL, no login, no JSON.
    const res = await fetch(list![1].replace('http://app.test', t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const row = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select unsubscribed_at from newsletter_subscribers where email = 'oneclick@example.sa'`);
    expect(row[0].unsubscribed_at).not.toBeNull();

    // The Arabic welcome goes through the same wrapper.
    const ar = await subscribeConfirmed('oneclick-ar@example.sa', 'ar');
    const arHead = ar.slice(0, ar.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(arHead).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(arHead).toMatch(
      new RegExp(`^List-Unsubscribe: <http://app\\.test/api/newsletter/unsubscribe\\?token=${unsubscribeToken(ar)}>$`, 'im'),
    );
  });
});

describe('page shell: redirects and link previews', () => {
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(t.url + path, { redirect: 'manual', headers });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];

  it('the footer legal aliases are 301 redirects answered by the server, keeping the query string', async () => {
    for (const [alias, target] of [
      ['/legal/corporate', '/legal/corporate-law'],
      ['/legal/contracts', '/legal/contract-review'],
      ['/legal/consultation', '/legal/legal-consultation'],
    ]) {
      const res = await page(alias);
      expect(res.status, alias).toBe(301);
      expect(res.location, alias).toBe(target);
      expect((await page(`${alias}/?lang=ar`)).location).toBe(`${target}?lang=ar`);
      const landed = await page(target);
      expect(landed.status).toBe(200);
      expect(landed.html).toContain('<meta property="og:title"');
    }
    expect((await page('/legal/corporate-law')).status).toBe(200);
  });

  it('every page carries the default Open Graph image as an absolute URL from APP_URL', async () => {
    for (const path of ['/', '/about', '/contact', '/resources', '/dashboard']) {
      const { html } = await page(path);
      expect(ogImage(html), path).toBe('http://app.test/images/og-default.png');
    }
    const about = (await page('/about')).html;
    expect(about).toContain('<meta property="og:image:width" content="1200" />');
    expect(about).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const resources = (await page('/resources', { 'accept-language': 'ar' })).html;
    expect(resources).toContain('<title>سوق الموارد | موارد</title>');
  });

  it('/resources/{id} shows an active listing’s own title and description, and nothing of a pending one', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const listing = (title: string, description: string) => ({
      title,
      description,
      category: 'Equipment',
      price: 900,
      period: 'week',
      location: 'Dammam',
      images: [],
    });
    const active = (
      await t.api(
        'POST',
        '/api/resources',
        listing('Forklift & pallet jack <Dammam>', 'A 3-ton electric forklift with a pallet jack, delivered in Dammam industrial city.'),
        host.token,
      )
    ).body.id;
    expect((await t.api('PUT', `/api/admin/resources/${active}/approve`, undefined, admin.token)).status).toBe(200);
    const pending = (
      await t.api('POST', '/api/resources', listing('Secret prototype press', 'Unreleased machine, not public yet.'), host.token)
    ).body.id;

    const shown = (await page(`/resources/${active}`)).html;
    expect(shown).toContain('<title>Forklift &amp; pallet jack &lt;Dammam&gt; | Mawarid</title>');
    expect(shown).toContain(
      '<meta property="og:description" content="A 3-ton electric forklift with a pallet jack, delivered in Dammam industrial city." />',
    );
    expect(shown).toContain(`<link rel="canonical" href="http://app.test/resources/${active}" />`);
    expect(ogImage(shown)).toBe('http://app.test/images/og-default.png');

    for (const path of [`/resources/${pending}`, '/resources/00000000-0000-4000-8000-000000000000', '/resources/not-a-uuid']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain('<title>Mawarid | موارد</title>');
      expect(res.html, path).not.toContain('Secret prototype');
      expect(res.html, path).not.toContain('og:title');
    }

    // Rejected or deleted, it stops being previewed.
    await t.api('DELETE', `/api/resources/${active}`, undefined, host.token);
    expect((await page(`/resources/${active}`)).html).not.toContain('Forklift');
  });

  it("a listing's `$&`, `$``, `$'` and `$$` appear as written, never copying the page's HTML", async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const title = "Press $` and $& and $' and $$1";
    const description = "Cost $` / $& / $' / $$ per week, delivered.";
    const id = (
      await t.api(
        'POST',
        '/api/resources',
        { title, description, category: 'Equipment', price: 900, period: 'week', location: 'Dammam', images: [] },
        host.token,
      )
    ).body.id;
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const html = (await page(`/resources/${id}`)).html;
    expect(html).toContain('<title>Press $` and $&amp; and $&#39; and $$1 | Mawarid</title>');
    expect(html).toContain(`<meta property="og:description" content="Cost $\` / $&amp; / $&#39; / $$ per week, delivered." />`);
    for (const once of ['<!doctype html>', '<head>', '</head>', '<body>', '<div id="root">', '<title>'])
      expect(html.split(once).length - 1, once).toBe(1);
  });
});

describe('pages in both languages for search engines', () => {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(t.url + path, { headers });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };
  const link = (html: string, rel: string, hreflang?: string) =>
    new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]+)"`).exec(html)?.[1];

  it('an /ar/ address is the Arabic page whatever the browser asks for; each page names both addresses', async () => {
    const ar = (await get('/ar/about', { 'accept-language': 'en', cookie: 'lang=en' })).body;
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('<title>من نحن | موارد</title>');
    expect(link(ar, 'canonical')).toBe('http://app.test/ar/about');
    const en = (await get('/about', { 'accept-language': 'en' })).body;
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(link(en, 'canonical')).toBe('http://app.test/about');
    for (const html of [ar, en]) {
      expect(link(html, 'alternate', 'en')).toBe('http://app.test/about');
      expect(link(html, 'alternate', 'ar')).toBe('http://app.test/ar/about');
      expect(link(html, 'alternate', 'x-default')).toBe('http://app.test/about');
    }
    // The home page's Arabic address is /ar.
    expect(link((await get('/ar')).body, 'canonical')).toBe('http://app.test/ar');
  });

  it('a listing page describes the listing for search engines (schema.org Product, its price in SAR with VAT)', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const body = {
      title: 'Structured data press',
      description: 'A listing described as a schema.org Product.',
      category: 'Equipment',
      price: 100,
      period: 'day',
      location: 'Riyadh',
      images: [],
    };
    const id = (await t.api('POST', '/api/resources', body, host.token)).body.id;
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const blocks = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

    const [product] = blocks((await get(`/ar/resources/${id}`)).body);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Structured data press',
      category: 'Equipment',
      url: `http://app.test/ar/resources/${id}`,
      offers: {
        '@type': 'Offer',
        price: '115.00',
        priceCurrency: 'SAR',
        priceSpecification: { price: '115.00', priceCurrency: 'SAR', valueAddedTaxIncluded: true, unitCode: 'DAY' },
      },
    });
    expect(product.aggregateRating).toBeUndefined(); // nobody has rated it: no rating is claimed
    // The platform itself on the home page; a pending listing describes nothing.
    expect(blocks((await get('/')).body)).toEqual([
      expect.objectContaining({ '@type': 'Organization', name: 'Mawarid', url: 'http://app.test/' }),
    ]);
    const pending = (await t.api('POST', '/api/resources', { ...body, title: 'Unlisted press' }, host.token)).body.id;
    expect(blocks((await get(`/resources/${pending}`)).body)).toEqual([]);
  });

  it('sitemap.xml lists every public page, service and active listing in both languages; robots.txt points to it', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const listing = {
      description: 'A listing for the sitemap test, long enough.',
      category: 'Equipment',
      price: 100,
      period: 'day',
      location: 'Riyadh',
      images: [],
    };
    const live = (await t.api('POST', '/api/resources', { ...listing, title: 'Sitemap live listing' }, host.token)).body.id;
    expect((await t.api('PUT', `/api/admin/resources/${live}/approve`, undefined, admin.token)).status).toBe(200);
    const hidden = (await t.api('POST', '/api/resources', { ...listing, title: 'Sitemap pending listing' }, host.token)).body.id;

    const map = await get('/sitemap.xml');
    expect(map.status).toBe(200);
    expect(map.type).toMatch(/application\/xml/);
    const locs = [...map.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['', '/about', '/resources', '/legal/legal-consultation', `/resources/${live}`])
      expect(locs, path).toEqual(expect.arrayContaining([`http://app.test${path || '/'}`, `http://app.test/ar${path}`]));
    expect(locs.some((l) => /\/services\/[a-z0-9-]+$/.test(l!))).toBe(true);
    expect(map.body).not.toContain(hidden);
    expect(map.body).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="http://app.test/ar/resources/${live}"/>`);

    const robots = await get('/robots.txt');
    expect(robots.type).toMatch(/text\/plain/);
    expect(robots.body).toContain('Sitemap: http://app.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /ar/dashboard');
  });
});

describe('the built client is sent compressed', () => {
  it('sends the Brotli or gzip copy the build made, the same bytes once decoded, cached for a year', async () => {
    // A built asset in the stand-in client folder, compressed by the build's own step.
    mkdirSync(join(clientDist, 'assets'), { recursive: true });
    const original = Buffer.from(
      Array.from({ length: 4000 }, (_, i) => `export const item${i} = { id: ${i}, label: "Resource ${i}" };`).join('\n'),
    );
    writeFileSync(join(clientDist, 'assets', 'index-AbC123.js'), original);
    execFileSync(process.execPath, [new URL('../../scripts/compress-assets.mjs', import.meta.url).pathname, clientDist]);

    const plain = await fetch(t.url + '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);

    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // fetch would decode by itself; node:http shows the bytes as sent.
      const res = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) =>
        get(t.url + '/assets/index-AbC123.js', { headers: { 'accept-encoding': accept } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c) => chunks.push(c));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.length).toBeLessThan(original.length / 5);
      expect(decode(res.body).equals(original)).toBe(true);
    }
    // Nothing outside the client folder is reachable through the compressed copies.
    // (The answer is the page shell, itself compressed: HTML, not the file.)
    const escape = await fetch(t.url + '/assets/..%2F..%2Fpackage.json', { headers: { 'accept-encoding': 'br' } });
    expect(escape.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await escape.text()).not.toContain('"name": "mawarid"');
  });
});
