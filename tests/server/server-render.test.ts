import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createUser, type MadeUser } from '../support/factories.js';
import { scriptSafeJson } from '../../server/src/modules/public-pages/server-render.js';

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
    for (const tag of res.html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/type="module"[^>]*src=|type="application\/json"/);
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
    expect(await viewsOf(id)).toBe(before);
    // What the browser does after taking the page over: the page's own query, which counts the view.
    const asked = await t.gql(`query ($id: ID!) { resource(id: $id) { viewsCount } }`, { id });
    expect(asked.data.resource.viewsCount).toBe(before + 1);
    expect(await viewsOf(id)).toBe(before + 1);
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
