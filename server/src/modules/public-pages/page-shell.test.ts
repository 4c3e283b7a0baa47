import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clip, OG_IMAGE_PATH, renderShell } from './page-shell.js';
import { pageMeta, PAGE_META } from '../../shared/page-meta.js';

const html = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta name="description" content="generic" />
    <title>Mawarid | موارد</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('page shell meta', () => {
  it('writes the page title, description and Open Graph tags in the chosen language', () => {
    const out = renderShell(html, { meta: pageMeta('/privacy/', 'ar-SA'), locale: 'ar', url: 'https://mawarid.sa/privacy' });
    expect(out).toContain('<html lang="ar" dir="rtl">');
    expect(out).toContain('<title>سياسة الخصوصية | موارد</title>');
    expect(out).toContain('<meta property="og:title" content="سياسة الخصوصية | موارد" />');
    // The Arabic page's canonical is its Arabic address, whichever address it was served at; both are named.
    expect(out).toContain('<link rel="canonical" href="https://mawarid.sa/ar/privacy" />');
    expect(out).toContain('<link rel="alternate" hreflang="en" href="https://mawarid.sa/privacy" />');
    expect(out).toContain('<link rel="alternate" hreflang="ar" href="https://mawarid.sa/ar/privacy" />');
    expect(out).toContain('<link rel="alternate" hreflang="x-default" href="https://mawarid.sa/privacy" />');
    expect(out).toContain('<meta property="og:url" content="https://mawarid.sa/ar/privacy" />');
    const en = renderShell(html, { meta: pageMeta('/privacy', 'en'), locale: 'en', url: 'https://mawarid.sa/ar/privacy' });
    expect(en).toContain('<link rel="canonical" href="https://mawarid.sa/privacy" />');
    expect(out).not.toContain('content="generic"');
    expect(out.match(/name="description"/g)).toHaveLength(1);
  });

  it('escapes text and leaves unknown pages with the generic tags', () => {
    const out = renderShell(html, { meta: { title: 'A & "B"', description: '<script>' }, locale: 'en', url: 'http://x/a' });
    expect(out).toContain('<title>A &amp; &quot;B&quot; | Mawarid</title>');
    expect(out).toContain('content="&lt;script&gt;"');
    const unknown = renderShell(html, { meta: pageMeta('/admin', 'en'), locale: 'en', url: 'http://x/admin' });
    expect(unknown).toContain('<title>Mawarid | موارد</title>');
  });

  it('every public page has both languages', () => {
    for (const [path, m] of Object.entries(PAGE_META)) {
      expect(m.en.title && m.en.description && m.ar.title && m.ar.description, path).toBeTruthy();
      expect(m.ar.title).not.toBe(m.en.title);
    }
  });

  it('adds the Open Graph image as an absolute URL: the default one, or the page’s own', () => {
    const dflt = renderShell(html, {
      meta: pageMeta('/about', 'en'),
      locale: 'en',
      url: 'https://mawarid.sa/about',
      appUrl: 'https://mawarid.sa',
    });
    expect(dflt).toContain('<meta property="og:image" content="https://mawarid.sa/images/og-default.png" />');
    expect(dflt).toContain('<meta name="twitter:image" content="https://mawarid.sa/images/og-default.png" />');
    expect(dflt).toContain('<meta property="og:image:alt" content="Mawarid logo" />');
    const own = renderShell(html, {
      meta: { title: 'Room', description: 'Nice' },
      locale: 'ar',
      url: 'https://mawarid.sa/resources/x',
      appUrl: 'https://mawarid.sa',
      image: '/uploads/a.webp',
    });
    expect(own).toContain('<meta property="og:image" content="https://mawarid.sa/uploads/a.webp" />');
    expect(own).not.toContain('og-default');
    expect(own).toContain('<meta property="og:image:alt" content="شعار موارد" />');
    const bare = renderShell(html, { meta: undefined, locale: 'en', url: 'https://mawarid.sa/admin', appUrl: 'https://mawarid.sa' });
    expect(bare).toContain('og-default.png');
    expect(bare).not.toContain('og:title');
  });

  it('the default image is a real 1200×630 PNG in the client’s public folder', () => {
    const png = readFileSync(fileURLToPath(new URL(`../../../../client/public${OG_IMAGE_PATH}`, import.meta.url)));
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('clips long descriptions at a word with an ellipsis', () => {
    expect(clip('short  text\n here')).toBe('short text here');
    const long = clip('word '.repeat(100), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });
});
