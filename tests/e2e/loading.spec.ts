import { expect, test, type Page } from '@playwright/test';
import { newSignedInPage } from './support';

/** Holds the GraphQL operation `name` until the returned function is called. */
async function hold(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName !== name) return route.fallback();
    await held;
    await route.fallback();
  });
  return release;
}

test('the marketplace and a listing show placeholders shaped like their content while they load', async ({ page }) => {
  await page.goto('/contact'); // drawn without the marketplace's data: the list is loaded when opened
  const releaseList = await hold(page, 'Resources');
  await page.getByRole('banner').getByRole('link', { name: 'Resources', exact: true }).click();
  const busy = page.getByRole('status', { name: 'Loading…' });
  await expect(busy).toBeVisible();
  await expect(busy.locator('.chakra-card__root')).toHaveCount(8); // cards, not a spinner
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  releaseList();
  await expect(page.getByTestId('resource-card').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  const releaseDetail = await hold(page, 'Resource');
  await page.getByTestId('resource-card').first().getByRole('link').first().click();
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  releaseDetail();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});

test('the admin lists show row placeholders while they load, in English and Arabic', async ({ browser }) => {
  for (const [lang, loading] of [
    ['en', 'Loading…'],
    ['ar', 'جارٍ التحميل…'],
  ] as const) {
    const page = await newSignedInPage(browser, 'admin', '/admin', { lang });
    for (const [operation, path] of [
      ['AdminServiceBookings', '/admin/service-bookings'],
      ['AdminUsers', '/admin/users'],
      ['AuditLog', '/admin/audit'],
    ] as const) {
      const release = await hold(page, operation);
      await page.goto(path);
      // The sign-in check's spinner says the same word first, on a full load; then the rows.
      const busy = page.getByRole('status', { name: loading });
      const rows = busy.filter({ has: page.locator('.chakra-skeleton') });
      await expect(rows).toBeVisible();
      await expect(page.locator('.chakra-spinner')).toHaveCount(0); // rows, not a spinner
      // Shaped like rows: several placeholder blocks in the one status.
      expect(await rows.locator('.chakra-skeleton').count()).toBeGreaterThan(1);
      release();
      await expect(busy).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.unrouteAll();
    }
    await page.context().close();
  }
});

test("a visitor's first page does not load the validation library: zod comes with the first form that needs it", async ({ page }) => {
  // zod is ≈ 27 KB gzip of code evaluated before the page is live (Lighthouse's Total Blocking Time); the server's
  // messages the first page translates live in zod-free modules (marketplace.messages.ts, bidi.ts).
  // The scripts' addresses as the page loads them, their bodies fetched afterwards: a response's body can no longer
  // be read once its page has navigated away, and the built files never change.
  const urls = new Set<string>();
  page.on('response', (r) => void (r.request().resourceType() === 'script' && urls.add(r.url())));
  const withZod = async () => {
    const found: string[] = [];
    for (const url of urls) {
      const res = await page.request.get(url);
      expect(res.ok(), url).toBe(true);
      if ((await res.text()).includes('$ZodType')) found.push(url);
    }
    return found;
  };
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
  await page.waitForLoadState('networkidle');
  expect(urls.size).toBeGreaterThan(5);
  expect(await withZod()).toEqual([]);

  // The sign-in form does validate with it.
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await withZod()).length).toBeGreaterThan(0);
});
