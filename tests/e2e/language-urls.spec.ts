import { expect, test } from '@playwright/test';
import { setLanguage } from './support';

test('an Arabic address opens in Arabic, its links stay Arabic, and English is the same page at its English address', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => void errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await setLanguage(page, 'en'); // an earlier choice of English: the Arabic address wins over it

  await page.goto('/ar/resources');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'سوق الموارد' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ar\/resources$/);

  // The app's own navigation keeps the language: a listing opens at its Arabic address.
  await page.getByRole('searchbox').fill('forklift');
  await expect(page.getByText('مورد واحد', { exact: true })).toBeVisible();
  const card = page.locator('a[href^="/ar/resources/"]').first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/ar\/resources\/[0-9a-f-]{36}$/);
  const id = /resources\/([0-9a-f-]{36})/.exec(page.url())![1];
  await expect(page.getByRole('heading', { level: 1 })).toContainText('forklift');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // Switching to English goes to the same listing's English address.
  await page.getByRole('button', { name: 'التبديل إلى الإنجليزية' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/${id}$`));
  expect(new URL(page.url()).pathname.startsWith('/ar')).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Switch to Arabic' })).toBeVisible();
  expect(errors).toEqual([]);
});
