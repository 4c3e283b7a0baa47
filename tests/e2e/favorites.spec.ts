import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, newSignedInPage } from './support';

async function userToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: DEMO.user });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

const CASES = [
  { lang: 'en' as const, index: 0, save: 'Save to favourites', remove: 'Remove from favourites', menu: 'Favourites' },
  { lang: 'ar' as const, index: 1, save: 'أضف إلى المفضلة', remove: 'أزل من المفضلة', menu: 'المفضلة' },
];

for (const c of CASES) {
  test(`(${c.lang}) the demo user hearts a listing on the marketplace, finds it on /favorites and removes it`, async ({
    browser,
    request,
  }) => {
    // Each language hearts a listing of its own from the marketplace's first page, starting from not saved.
    const listing = ((await (await request.get('/api/resources')).json()).items as Array<{ id: string; title: string }>)[c.index];
    expect(listing).toBeTruthy();
    const token = await userToken(request);
    const cleared = await request.delete(`/api/favorites/${listing.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(cleared.status()).toBe(200);

    const page = await newSignedInPage(browser, 'user', '/resources', { lang: c.lang });
    await expect(page.locator('html')).toHaveAttribute('dir', c.lang === 'ar' ? 'rtl' : 'ltr');
    const card = page.getByTestId('resource-card').filter({ has: page.getByRole('link', { name: listing.title, exact: true }) });
    const heart = card.getByRole('button', { name: c.save });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(card.getByRole('button', { name: c.remove })).toHaveAttribute('aria-pressed', 'true');

    // The listing's own page shows it saved too.
    await page.goto(`/resources/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('button', { name: c.remove })).toHaveAttribute('aria-pressed', 'true');

    // The account menu leads to /favorites, where the listing is.
    // The listing page arrives drawn by the server: a press before the app has taken it over may not open the menu,
    // or be done again once it is live and close the menu just opened; so the whole step is tried again until the
    // menu has led to /favorites.
    await expect(async () => {
      if (!/\/favorites$/.test(page.url())) {
        await page.getByRole('button', { name: /^(Account menu for|قائمة حساب) / }).click();
        await page.getByRole('menuitem', { name: c.menu }).click({ timeout: 3_000 });
      }
      await expect(page).toHaveURL(/\/favorites$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: c.menu })).toBeVisible();
    const saved = page.getByTestId('resource-card').filter({ has: page.getByRole('link', { name: listing.title, exact: true }) });
    await expect(saved).toHaveCount(1);

    // Removing it there takes it off the page, and the marketplace's heart is empty again.
    await saved.getByRole('button', { name: c.remove }).click();
    await expect(saved).toHaveCount(0);
    await page.goto('/resources');
    await expect(card.getByRole('button', { name: c.save })).toHaveAttribute('aria-pressed', 'false');
    await page.context().close();
  });
}

test('a visitor who clicks a heart is asked to sign in', async ({ page }) => {
  await page.goto('/resources');
  await page.getByTestId('resource-card').first().getByRole('button', { name: 'Save to favourites' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
