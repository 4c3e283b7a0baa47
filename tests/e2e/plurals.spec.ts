import { expect, test } from '@playwright/test';
import { setLanguage } from './support';

// One demo listing matches "forklift".
test('counts read as numbers are said: "1 resource" in English, the dual and plural forms in Arabic', async ({ page }) => {
  await page.goto('/resources?q=forklift');
  await expect(page.getByText('1 resource', { exact: true })).toBeVisible();

  await setLanguage(page, 'ar');
  await page.goto('/resources?q=forklift');
  await expect(page.getByText('مورد واحد', { exact: true })).toBeVisible();
  // The whole marketplace: whatever the count, never the English-shaped "{{count}} مورد" for 3–10 or 11–99.
  await page.goto('/resources');
  const count = page.locator('[aria-live="polite"]').filter({ hasText: /مورد|موارد/ });
  await expect(count).toBeVisible();
  const text = (await count.textContent())!.trim();
  const n = Number(/\d+/.exec(text)?.[0]);
  expect(n).toBeGreaterThanOrEqual(3); // the demo listings at least
  const rest = n % 100; // Arabic's rules: 3–10 "few", 11–99 "many", the rest "other"
  expect(text).toBe(rest >= 3 && rest <= 10 ? `${n} موارد` : rest >= 11 ? `${n} مورداً` : `${n} مورد`);
});
