import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createUser, paidBooking, type MadeUser } from '../support/factories.js';
import { advanceBookings } from '../../server/src/modules/bookings/booking.service.js';
import { scriptSafeJson } from '../../server/src/modules/public-pages/server-render.js';
import { viewCounter } from '../../server/src/modules/resources/view-counter.js';

// Server rendering of the public pages, with the real client build (`npm test` builds it before the tests).
const CLIENT_DIST = 'client/dist';
if (!existsSync(`${CLIENT_DIST}/index.html`) || !existsSync('client/dist-ssr/entry-server.js'))
  throw new Error('Build the client first: npm run build');

let t: TestApp;
let host: MadeUser;
let admin: MadeUser;

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** A page as a browser asks for it. */
async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + path, { headers: { 'accept-language': 'en', ...headers } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** A page's visible text, tags dropped. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
const rootOf = (html: string) => /<div id="root"([^>]*)>/.exec(html)?.[1] ?? null;
const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)![1]!);
const viewsOf = async (id: string) =>
  Number((await t.app.orm.em.fork().getConnection().execute(`select views_count from resources where id = ?`, [id]))[0].views_count);

beforeAll(async () => {
  t = await createTestApp({ CLIENT_DIST });
  // Pages go out undrawn until the rendering code has loaded (in the background, from the first page asked for).
  for (let i = 0; i < 200 && rootOf((await page('/contact')).html) !== ' data-ssr="en"'; i++) await new Promise((r) => setTimeout(r, 100));
  host = await createUser(t.app, { role: 'host_seller', fullName: 'Faisal Al-Harbi' });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('public pages arrive drawn by the server', () => {
  it('the home page: its text in the HTML, the data it was drawn from beside it, and no inline script (CSP)', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(rootOf(res.html)).toBe(' data-ssr="en"');
    expect(res.html).toContain('Put your idle business resources to work');
    expect(stateOf(res.html).ROOT_QUERY).toBeTruthy();
    // Every script is the module entry or the JSON data block: nothing for the browser to execute inline.
    for (const tag of res.html.match(/<script\b[^>]*>/g) ?? [])
      expect(tag).toMatch(/type="module"[^>]*src=|type="application\/(ld\+)?json"/);
    // The application's code is fetched once the page is painted, not preloaded along with it.
    expect(res.html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(res.html).not.toContain('modulepreload');
  });

  it("the page's styles arrive in the head, named so that the browser's Emotion adopts them instead of moving or adding them", async () => {
    const { html } = await page('/resources');
    const [head, body] = html.split('</head>') as [string, string];
    // None inside the page: the browser would move each one to the head and restyle the page every time.
    expect(body).not.toMatch(/<style\b/);
    const tags = [...head.matchAll(/<style data-emotion="([^"]+)" data-s="">([\s\S]*?)<\/style>/g)];
    expect(tags.filter(([, key]) => key.startsWith('css-global ')).length).toBeGreaterThan(0);
    const regular = tags.filter(([, key]) => key.startsWith('css '));
    expect(regular).toHaveLength(1);
    const [, key, css] = regular[0]!;
    const names = new Set(key.split(' ').slice(1));
    // Every class the markup uses is styled there, under a name the browser's Emotion reads as already inserted.
    const used = new Set(
      [...body.matchAll(/class="([^"]*)"/g)].flatMap(([, list]) =>
        list
          .split(' ')
          .filter((c) => c.startsWith('css-'))
          .map((c) => c.slice(4)),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) {
      expect(names.has(name), name).toBe(true);
      expect(css).toContain(`.css-${name}`);
    }
  });

  it('the marketplace in Arabic, right to left, with a listing approved a moment ago', async () => {
    const title = `Meeting room ${Date.now()}`;
    await page('/resources?lang=ar'); // drawn and remembered before the listing exists
    await activeListing(t, { owner: host, admin }, { title, images: [PNG] });
    const res = await page('/resources', { 'accept-language': 'ar' });
    expect(res.html).toContain('<html lang="ar" dir="rtl">');
    expect(rootOf(res.html)).toBe(' data-ssr="ar"');
    expect(res.html).toContain('سوق الموارد');
    expect(res.html).toContain(title); // the approval emptied the remembered page
  });

  it("the marketplace is drawn with its query: a category's page, a search, a later page", async () => {
    const stamp = Date.now();
    const vehicle = `Tipper truck ${stamp}`;
    const office = `Corner office ${stamp}`;
    await activeListing(t, { owner: host, admin }, { title: vehicle, category: 'Vehicles', images: [PNG] });
    await activeListing(t, { owner: host, admin }, { title: office, category: 'Office Space', images: [PNG] });

    const vehicles = await page('/resources?category=Vehicles');
    expect(rootOf(vehicles.html)).toBe(' data-ssr="en"');
    expect(vehicles.html).toContain(vehicle);
    expect(vehicles.html).not.toContain(office);
    // Remembered per query: the unfiltered page is not answered with the filtered one, nor the other way round.
    expect((await page('/resources')).html).toContain(office);
    expect((await page('/resources?category=Vehicles')).html).not.toContain(office);

    const search = await page(`/resources?q=${encodeURIComponent(`Corner office ${stamp}`)}`);
    expect(search.html).toContain(office);
    expect(search.html).not.toContain(vehicle);
    expect(search.html).toContain('1 resource<');

    // Parameters the page does not read change nothing; a page past the last is drawn empty, not as page 1.
    expect((await page('/resources?category=Vehicles&utm_source=x')).html).toContain(vehicle);
    const far = await page('/resources?page=999');
    expect(far.html).not.toContain(office);
    expect(far.html).toContain('No resources found');
  });

  it("an Arabic address is drawn in Arabic with the app's links under /ar, whatever the browser asks for", async () => {
    const res = await page('/ar/resources?category=Vehicles', { 'accept-language': 'en', cookie: 'lang=en' });
    expect(res.html).toContain('<html lang="ar" dir="rtl">');
    expect(rootOf(res.html)).toBe(' data-ssr="ar"');
    expect(res.html).toContain('سوق الموارد');
    const links = [...res.html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(links).toContain('/ar/resources');
    expect(links.filter((l) => l.startsWith('/resources/')).length).toBe(0); // listing cards keep the language
    expect(links.filter((l) => l.startsWith('/ar/resources/')).length).toBeGreaterThan(0);
    // The English address of the same page is a page of its own.
    const en = await page('/resources?category=Vehicles', { 'accept-language': 'en' });
    expect(rootOf(en.html)).toBe(' data-ssr="en"');
    expect(en.html).not.toContain('href="/ar/');
  });

  it("an admin's change to the platform's details shows on the next drawn page at once", async () => {
    expect((await page('/contact')).html).not.toContain('Mawarid Test Hub');
    const saved = await t.api('PUT', '/api/admin/settings/general', { value: { platform_name: 'Mawarid Test Hub' } }, admin.token);
    expect(saved.status).toBe(200);
    const res = await page('/contact');
    expect(res.html).toContain('Mawarid Test Hub');
    expect(JSON.stringify(stateOf(res.html))).toContain('Mawarid Test Hub');
  });

  it('the language cookie the client keeps wins over Accept-Language', async () => {
    const res = await page('/about', { 'accept-language': 'en', cookie: 'lang=ar' });
    expect(rootOf(res.html)).toBe(' data-ssr="ar"');
    expect(res.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("a listing's page is drawn without counting a view; the browser that shows it counts one", async () => {
    const id = await activeListing(t, { owner: host, admin }, { title: 'Leica GNSS surveying kit', images: [PNG] });
    const before = await viewsOf(id);
    const res = await page(`/resources/${id}`);
    expect(res.html).toContain('Leica GNSS surveying kit');
    expect(stateOf(res.html)[`Resource:${id}`]).toMatchObject({ title: 'Leica GNSS surveying kit' });
    await viewCounter(t.app.deps).flush(); // counted views are written about once a second: none may be waiting
    expect(await viewsOf(id)).toBe(before);
    // What the browser does after taking the page over: the page's own query, which counts the view.
    const asked = await t.gql(`query ($id: ID!) { resource(id: $id) { viewsCount } }`, { id });
    expect(asked.data.resource.viewsCount).toBe(before + 1);
    await expect.poll(() => viewsOf(id), { timeout: 5_000, interval: 100 }).toBe(before + 1);
  });

  it("a digital listing's Buy button names what the buyer pays, VAT included (English and Arabic)", async () => {
    const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`;
    const listing = { title: 'Tender template pack', resource_type: 'digital', file: pdf, file_format: 'pdf', period: 'month', price: 49 };
    const id = await activeListing(t, { owner: host, admin }, listing);
    // One period of 49 SAR + 15% VAT: 56.35 is what checkout charges.
    const en = text((await page(`/resources/${id}`)).html);
    expect(en).toMatch(/Buy for SAR\s56\.35 incl\. VAT/);
    expect(en).not.toMatch(/Buy for SAR\s49\.00/);
    const ar = text((await page(`/resources/${id}`, { 'accept-language': 'ar' })).html);
    expect(ar).toMatch(/اشترِ مقابل .*56\.35.* شامل الضريبة/);
  });

  it("a listing's reviews and the host's reply are in its drawn HTML, at once after they are written", async () => {
    const customer = await createUser(t.app, { fullName: 'Reem Al-Dossary' });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const b = await paidBooking(
      t,
      { owner: host, admin, who: customer },
      { start, end: new Date(start.getTime() + 86_400_000) },
      { title: 'Reviewed meeting room', images: [PNG] },
    );
    // Drawn once before the review: the remembered page must not hide it afterwards.
    expect((await page(`/resources/${b.resourceId}`)).html).toContain('Reviewed meeting room');
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`update bookings set start_date = now() - interval '2 days', end_date = now() - interval '1 day' where id = ?`, [b.id]);
    await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
    const comment = 'Bright room, fast Wi-Fi & a <very> helpful host.';
    const review = await t.api('POST', `/api/bookings/${b.id}/review`, { rating: 5, comment }, customer.token);
    expect(review.status).toBe(201);
    expect((await t.api('POST', `/api/reviews/${review.body.id}/reply`, { text: 'Thank you, Reem!' }, host.token)).status).toBe(200);

    const res = await page(`/resources/${b.resourceId}`);
    expect(rootOf(res.html)).toBe(' data-ssr="en"');
    const root = res.html.split('<div id="root"')[1]!.split('id="ssr-state"')[0]!;
    expect(root).toContain('Bright room, fast Wi-Fi &amp; a &lt;very&gt; helpful host.');
    expect(root).toContain('Thank you, Reem!');
    expect(root).toContain('Reem'); // the reviewer's first name
    expect(root).not.toContain('Al-Dossary');
    expect(root).toContain('5.0 out of 5 (1 review)');
    const ar = await page(`/resources/${b.resourceId}`, { 'accept-language': 'ar' });
    expect(ar.html).toContain('Bright room, fast Wi-Fi &amp; a &lt;very&gt; helpful host.');
    expect(ar.html).toContain('رد المضيف');
  });

  it('text from users is escaped in the markup and cannot end the data block', async () => {
    const title = 'Room </script><script>alert(1)</script> <!--';
    const id = await activeListing(t, { owner: host, admin }, { title, images: [PNG] });
    const res = await page(`/resources/${id}`);
    expect(res.html).not.toContain('<script>alert(1)</script>');
    expect(res.html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(stateOf(res.html)[`Resource:${id}`].title).toBe(title);
    expect(scriptSafeJson({ a: '</script><!--\u2028' })).toBe('{"a":"\\u003c/script>\\u003c!--\\u2028"}');
  });

  it('private pages and unknown paths are sent undrawn (the browser draws them, as before)', async () => {
    for (const path of ['/dashboard', '/admin', '/login', '/no-such-page']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(rootOf(res.html), path).toBe('');
      expect(res.html, path).not.toContain('ssr-state');
      expect(res.html, path).toContain('rel="modulepreload"'); // nothing to show before the code: it is preloaded
    }
  });

  it('the HTML is compressed for browsers that accept it', async () => {
    const res = await fetch(t.url + '/resources', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await res.text()).toContain('data-ssr="en"'); // fetch decodes it
  });
});
