import { expect, test } from '@playwright/test';
import { setLanguage, signInAs } from './support';

// Signed-in pages are told apart in the browser's tabs and history by their heading (WCAG 2.4.2).
test('a signed-in page is titled by its heading, in the page language; a public page keeps its own title', async ({ page }) => {
  await signInAs(page, 'host', '/resources/earnings');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(page).toHaveTitle('Earnings | Mawarid');

  // Moving on within the app: the next page's heading, and a public page's own title.
  await page.goto('/resources');
  await expect(page).toHaveTitle('Resources marketplace | Mawarid');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found | Mawarid');

  await setLanguage(page, 'ar');
  await page.goto('/resources/earnings');
  await expect(page.getByRole('heading', { level: 1, name: 'الأرباح' })).toBeVisible();
  await expect(page).toHaveTitle('الأرباح | موارد');
});

test('an admin page is titled by its heading', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page).toHaveTitle('Payments | Mawarid');
});
