import { describe, expect, it } from 'vitest';
import { renderShell } from './page-shell.js';
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
    expect(out).toContain('<link rel="canonical" href="https://mawarid.sa/privacy" />');
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
});
