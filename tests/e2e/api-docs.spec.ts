import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './support';

// The OpenAPI docs page runs under the same Content-Security-Policy as every page, from our own origin.
test('the REST API docs page draws every tag and runs a request, with no CSP violation or other origin', async ({ page }) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(page.url() === 'about:blank' ? r.url() : page.url()).origin) && !r.url().startsWith('data:'))
      foreign.push(r.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Mawarid REST API/ })).toBeVisible();
  for (const tag of ['auth', 'marketplace', 'bookings', 'payments', 'payouts', 'advisory', 'admin', 'notifications', 'messages', 'health'])
    await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();

  // Tags open collapsed; "Try it out" on the liveness probe: the page calls our API and shows its answer.
  await page.locator('#operations-tag-health').click();
  const live = page.locator('#operations-health-getApiHealthLive');
  await live.locator('.opblock-summary').click();
  await live.getByRole('button', { name: 'Try it out' }).click();
  await live.getByRole('button', { name: 'Execute' }).click();
  await expect(live.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(live.locator('.live-responses-table')).toContainText('"status": "ok"');

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});

// GET /graphql in a browser (outside production) is GraphiQL from our own origin; a signed-in user's token goes with it.
test('the GraphQL explorer runs a query as the signed-in user, with no CSP violation or other origin', async ({ page }) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    const url = r.url();
    if (!/^(data:|blob:)/.test(url) && !url.startsWith('http://127.0.0.1:') && !url.startsWith('ws://127.0.0.1:')) foreign.push(url);
  });
  await signInAs(page, 'user', '/graphql');
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  // The schema is read (introspection) for the docs and completion: the documentation explorer lists the root types.
  await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
  await expect(page.getByText('Root Types')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Query', exact: true }).first()).toBeVisible();
  // The example query runs as it is: the marketplace's first page.
  await page.getByRole('button', { name: /Execute query/ }).click();
  const result = page.locator('.graphiql-response');
  await expect(result).toContainText('"total"', { timeout: 15_000 });
  await expect(result).toContainText('"items"');

  // A query of the signed-in user's own account: the product's token was sent.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('query Me { me { email } }');
  // GraphiQL reads the operation's name from the editor after a short pause: run until it runs the new one.
  await expect(async () => {
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect(result).toContainText(DEMO.user.email, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
