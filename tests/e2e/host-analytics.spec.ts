import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, newSignedInPage, type DemoRole } from './support';

async function tokenOf(request: APIRequestContext, role: DemoRole): Promise<string> {
  const res = await request.post('/api/auth/login', { data: DEMO[role] });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

const CASES = [
  { lang: 'en' as const, title: 'Analytics of my resources', views: 'Views', open: 'Analytics' },
  { lang: 'ar' as const, title: 'تحليلات مواردي', views: 'المشاهدات', open: 'التحليلات' },
];

for (const c of CASES) {
  test(`(${c.lang}) a host sees a new listing's view and booking on their analytics page`, async ({ browser, request }) => {
    // A listing of the demo host's own, approved, then viewed and booked by the demo customer.
    const [host, admin, user] = [await tokenOf(request, 'host'), await tokenOf(request, 'admin'), await tokenOf(request, 'user')];
    const title = `Analytics room ${c.lang} ${Date.now()}`;
    const created = await request.post('/api/resources', {
      headers: { authorization: `Bearer ${host}` },
      data: { title, description: 'A room to count.', category: 'Office Space', price: 100, period: 'day', location: 'Riyadh', images: [] },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).id as string;
    expect((await request.put(`/api/admin/resources/${id}/approve`, { headers: { authorization: `Bearer ${admin}` } })).status()).toBe(200);
    expect((await request.get(`/api/resources/${id}`, { headers: { authorization: `Bearer ${user}` } })).status()).toBe(200);
    const start = new Date(Math.ceil(Date.now() / 86_400_000 + 30) * 86_400_000);
    const booked = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${user}` },
      data: { resource_id: id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
    });
    expect(booked.status()).toBe(201);
    // Counted views are written about once a second (docs/decisions.md, "Views"): the page below reads what is written.
    await expect
      .poll(async () => {
        const res = await request.get('/api/host/analytics', { headers: { authorization: `Bearer ${host}` } });
        return ((await res.json()).listings as Array<{ id: string; views: number }>).find((l) => l.id === id)?.views;
      })
      .toBe(1);

    // From My resources to the analytics page.
    const page = await newSignedInPage(browser, 'host', '/resources/my', { lang: c.lang });
    await page.getByRole('link', { name: c.open, exact: true }).click();
    await expect(page).toHaveURL(/\/resources\/analytics$/);
    await expect(page.locator('html')).toHaveAttribute('dir', c.lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await expect(page.getByTestId('host-fig-views')).toContainText(c.views);
    await expect(page.getByTestId('host-trend-chart')).toBeVisible();

    // The listing's row: one view, one booking, conversion 100 %.
    const row = page.getByTestId(`host-listing-${id}`);
    await expect(row.getByRole('link', { name: title })).toBeVisible();
    await expect(row.getByTestId('cell-views')).toHaveText('1');
    await expect(row.getByTestId('cell-bookings')).toHaveText('1');
    await expect(row.getByTestId('cell-conversion')).toHaveText('100%');

    // Another period is one press away and keeps the listing.
    await page.getByRole('button', { name: c.lang === 'en' ? 'Week' : 'أسبوع' }).click();
    await expect(page).toHaveURL(/period=week/);
    await expect(page.getByTestId(`host-listing-${id}`).getByTestId('cell-views')).toHaveText('1');
    await page.context().close();

    // The demo customer's hold is let go, so later journeys are not stopped by the limit on unpaid bookings.
    const booking = (await booked.json()).id as string;
    const cancelled = await request.delete(`/api/bookings/${booking}`, { headers: { authorization: `Bearer ${user}` } });
    expect(cancelled.status()).toBe(200);
  });
}
