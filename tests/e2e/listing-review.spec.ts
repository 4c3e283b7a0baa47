import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, newSignedInPage, setLanguage } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

test("a host's edit of an approved listing waits for the admin, who sees it live and approves it", async ({ browser, request }) => {
  test.setTimeout(150_000); // two signed-in browsers and a visitor on a shared machine
  const title = `Review room ${Date.now()}`;
  const renamed = `${title} (renovated)`;

  // An approved listing of the demo host.
  const hostToken = await tokenOf(request, DEMO.host);
  const adminToken = await tokenOf(request, DEMO.admin);
  const created = await request.post('/api/resources', {
    headers: { authorization: `Bearer ${hostToken}` },
    data: {
      title,
      description: 'A quiet room for 6.',
      category: 'Office Space',
      price: 200,
      period: 'day',
      location: 'Riyadh',
      images: [`data:image/png;base64,${PNG.toString('base64')}`],
    },
  });
  const id = (await created.json()).id as string;
  expect((await request.put(`/api/admin/resources/${id}/approve`, { headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(
    200,
  );

  // The admin has the moderation page open.
  const admin = await newSignedInPage(browser, 'admin', '/admin');
  await admin.goto('/admin/resources');
  await expect(admin.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();

  // The host edits the title and price; the page says the change awaits review and still shows the live version.
  const host = await newSignedInPage(browser, 'host', '/dashboard');
  await host.goto(`/resources/${id}?edit=true`);
  await host.getByLabel(/^Title/).fill(renamed);
  await host.getByLabel(/^Price/).fill('150');
  await host.getByRole('button', { name: 'Save changes' }).click();
  await expect(host.getByText('Your changes were sent for review.', { exact: false })).toBeVisible();
  await expect(host.getByRole('heading', { name: title, exact: true })).toBeVisible();
  const notice = host.getByTestId('changes-awaiting');
  await expect(notice).toContainText('Changes awaiting review');
  await expect(notice.getByTestId('changes-diff')).toContainText(renamed);
  await host.goto('/resources/my');
  await expect(host.getByTestId('resource-card').filter({ hasText: title }).getByTestId('changes-awaiting')).toContainText(
    'Changes awaiting review',
  );
  // In Arabic too.
  await host.evaluate(() => localStorage.setItem('language', 'ar'));
  await host.reload();
  await expect(host.getByTestId('resource-card').filter({ hasText: title }).getByTestId('changes-awaiting')).toContainText(
    'تعديلات بانتظار المراجعة',
  );

  // Visitors still see the approved version.
  const visitor = await (await browser.newContext()).newPage();
  await setLanguage(visitor, 'en');
  await visitor.goto(`/resources/${id}`);
  await expect(visitor.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(visitor.getByTestId('changes-awaiting')).toHaveCount(0);

  // The edit reached the admin's open page without a reload; they approve it.
  const item = admin.getByTestId('changes-queue-item').filter({ hasText: title });
  await expect(item.getByTestId('changes-diff')).toContainText(renamed);
  await item.getByRole('button', { name: 'Approve changes' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve changes' }).click();
  await expect(admin.getByText('Changes approved and published')).toBeVisible();
  await expect(admin.getByTestId('changes-queue-item').filter({ hasText: title })).toHaveCount(0);

  // Now the marketplace shows the edit.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
  for (const p of [admin, host, visitor]) await p.context().close();
});

test("the admin's Resources badge counts hosts' edits awaiting review, live, in English and Arabic", async ({ browser, request }) => {
  const hostToken = await tokenOf(request, DEMO.host);
  const adminToken = await tokenOf(request, DEMO.admin);
  const title = `Badge room ${Date.now()}`;
  const data = {
    title,
    description: 'A quiet room for 4.',
    category: 'Office Space',
    price: 120,
    period: 'day',
    location: 'Jeddah',
    images: [`data:image/png;base64,${PNG.toString('base64')}`],
  };
  const created = await request.post('/api/resources', { headers: { authorization: `Bearer ${hostToken}` }, data });
  const id = (await created.json()).id as string;
  expect((await request.put(`/api/admin/resources/${id}/approve`, { headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(
    200,
  );

  const admin = await newSignedInPage(browser, 'admin', '/admin');
  const badge = admin.getByTestId('badge-resources');
  const auth = { headers: { authorization: `Bearer ${adminToken}` } };
  const editQueued = async () =>
    ((await (await request.get('/api/admin/resources/changes', auth)).json()) as Array<{ id: string }>).some((r) => r.id === id);
  // Other journeys submit and review listings meanwhile, so the badge is compared with the server's count at the time
  // (never with a count taken earlier): shown, with its label, while anything awaits review; gone at 0. The page is
  // not reloaded between the edit and these checks, so the badge can only follow through the live updates.
  const badgeShowsServerCount = () =>
    expect(async () => {
      const c = await (await request.get('/api/admin/resources/counts', auth)).json();
      const n = c.pending + c.changes_pending;
      if (n === 0) return expect(await badge.count()).toBe(0);
      expect(await badge.textContent({ timeout: 1000 })).toBe(String(n));
      // What a screen reader hears: the count as a sentence, in the link's name.
      expect(await admin.getByRole('link', { name: new RegExp(`Listings and edits awaiting review: ${n}$`) }).count()).toBe(1);
    }).toPass({ timeout: 15_000 });
  await badgeShowsServerCount();

  // The host edits the approved listing: the badge counts the edit without a reload.
  const { images: _images, ...edit } = data;
  const edited = await request.put(`/api/resources/${id}`, {
    headers: { authorization: `Bearer ${hostToken}` },
    data: { ...edit, title: `${title} (edited)` },
  });
  expect(edited.status()).toBe(200);
  expect(await editQueued()).toBe(true);
  await expect(badge).toBeVisible(); // this edit alone makes the count at least 1
  await badgeShowsServerCount();

  await admin.evaluate(() => localStorage.setItem('language', 'ar'));
  await admin.reload();
  // A screen reader hears the count as a sentence, in the page's language, as part of the link's name.
  await expect(admin.getByRole('link', { name: /إعلانات وتعديلات بانتظار المراجعة: / })).toBeVisible();

  // Reviewed: it leaves the count, live.
  await admin.evaluate(() => localStorage.setItem('language', 'en'));
  await admin.reload();
  await badgeShowsServerCount();
  expect((await request.put(`/api/admin/resources/${id}/changes/approve`, auth)).status()).toBe(200);
  expect(await editQueued()).toBe(false);
  await badgeShowsServerCount();
  await admin.context().close();
});
