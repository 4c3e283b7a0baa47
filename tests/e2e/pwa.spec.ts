import { expect, test } from '@playwright/test';

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

test('the app can be added to a home screen: manifest, icons and theme colour', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ short_name: 'Mawarid', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
  expect(manifest.name).toContain('موارد');
  // Installable in Chromium: a 192 and a 512 icon, plus a maskable one for Android's shapes.
  const png = manifest.icons.filter((i) => i.type === 'image/png');
  expect(png.map((i) => `${i.sizes}:${i.purpose}`)).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of png) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }

  // Every page (drawn by the server or not) links the manifest, the Apple touch icon and the theme colour.
  for (const path of ['/', '/resources', '/login']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const { width } = pngSize(await (await request.get(touch!)).body());
    expect(width).toBe(180);
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a page that cannot load shows the offline page in both languages, then comes back', async ({ page, context }) => {
    await page.goto('/');
    // The worker takes the page over once installed (clients.claim).
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 15_000 });

    await context.setOffline(true);
    await page.goto('/resources').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // "Try again" while still offline tries the server again and says so again.
    await page.getByRole('button', { name: /Try again/ }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

    // Online again: the page loads what was asked for from the server (nothing served from a cache), by itself on the
    // browser's online event or with "Try again" — whichever comes first (the event does not always fire under test).
    await context.setOffline(false);
    const retry = page.getByRole('button', { name: /Try again/ });
    await expect(async () => {
      if (await retry.isVisible()) await retry.click({ timeout: 2_000 }).catch(() => undefined);
      await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.locator('#root')).not.toBeEmpty();
  });
});
