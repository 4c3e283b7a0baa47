import { expect, test, type Page } from '@playwright/test';

// Every page runs under a Content-Security-Policy without 'unsafe-eval'. A refused `eval` or `new Function` is
// swallowed by whoever tried it, but the browser still reports it (to the console's Issues panel, to Lighthouse's
// best practices, and as a `securitypolicyviolation` event): the journeys a visitor makes must report none.
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the marketplace, a listing and the sign-up form validate input without a CSP violation', async ({ page, request }) => {
  await recordViolations(page);
  const { items } = (await (await request.get('/api/resources')).json()) as { items: Array<{ id: string }> };

  await page.goto('/resources');
  await page.getByRole('searchbox').fill('office');
  await expect(page).toHaveURL(/q=office/);
  expect(await violations(page)).toEqual([]);

  await page.goto(`/resources/${items[0].id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The recorder itself works: a string compiled as code in the page (as zod's `new Function` probe) is reported.
  // (A timer with a string body, because code the test evaluates directly is exempt from the page's policy.)
  await page.evaluate(() => setTimeout('void 0'));
  await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^script-src/)]);
});
