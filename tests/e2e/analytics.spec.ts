import { expect, test, type Page } from '@playwright/test';
import { setLanguage, signInAs } from './support';

const PERIODS = ['week', 'month', 'quarter', 'year'] as const;

async function openAsAdmin(page: Page, lang: 'en' | 'ar') {
  await setLanguage(page, lang);
  await signInAs(page, 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

async function expectChartsFor(page: Page, period: string) {
  const report = page.getByTestId(`analytics-${period}`);
  await expect(report).toBeVisible();
  await expect(report.getByTestId('revenue-trend-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(report.getByTestId('revenue-trend-chart').locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(report.getByTestId('category-chart').locator('.recharts-pie-sector').first()).toBeVisible();
}

test('the home page shows the live platform figures beside the fixed ones', async ({ page }) => {
  await setLanguage(page, 'en');
  await expect(page.getByText('500+')).toBeVisible();
  const live = page.getByTestId('home-live-stats');
  await expect(live).toBeVisible();
  await expect(live.getByText('Resources available now')).toBeVisible();
  await expect(page.getByTestId('live-activeResources')).toHaveText(/^[1-9]\d*$/);
});

test('an admin reads the dashboard cards and the analytics charts for every period in English', async ({ page }) => {
  await openAsAdmin(page, 'en');
  await expect(page.getByTestId('stat-totalRevenue')).toContainText(/SAR [\d.,]+K/);
  await expect(page.getByTestId('stat-utilizationRate')).toContainText('%');
  await expect(page.getByTestId('stat-newInquiries')).toBeVisible();
  await page
    .getByRole('link', { name: /analytics/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/analytics/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const p of PERIODS) {
    await page.getByTestId(`period-${p}`).click();
    await expect(page.getByTestId(`period-${p}`)).toHaveAttribute('aria-pressed', 'true');
    await expectChartsFor(page, p);
    await expect(page.getByTestId('fig-revenue')).toContainText('SAR');
    await expect(page.getByTestId('fig-conversion')).toContainText('%');
  }
});

test('the analytics page reads right to left in Arabic, with charts for every period', async ({ page }) => {
  await openAsAdmin(page, 'ar');
  await page.goto('/admin/analytics');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'التحليلات', level: 1 })).toBeVisible();
  const labels = { week: 'أسبوع', month: 'شهر', quarter: 'ربع سنة', year: 'سنة' } as const;
  for (const p of PERIODS) {
    await page.getByRole('button', { name: labels[p], exact: true }).click();
    await expectChartsFor(page, p);
    await expect(page.getByTestId('fig-retention')).toContainText('معدل الاحتفاظ');
  }
  // Time runs right to left: the newest bucket's tick is left of the oldest one.
  const ticks = page.getByTestId('revenue-trend-chart').locator('.recharts-xAxis .recharts-cartesian-axis-tick');
  const first = await ticks.first().boundingBox();
  const last = await ticks.last().boundingBox();
  expect(first && last && first.x > last.x).toBe(true);
});

test('the analytics page shows the dashboard stat cards above the computed figures', async ({ page }) => {
  await openAsAdmin(page, 'en');
  await page.goto('/admin/analytics?period=week');
  const cards = page.getByTestId('admin-stat-cards');
  for (const key of [
    'totalUsers',
    'activeResources',
    'activeBookings',
    'totalRevenue',
    'pendingResources',
    'newInquiries',
    'utilizationRate',
  ]) {
    await expect(cards.getByTestId(`stat-${key}`)).toBeVisible();
  }
  await expect(cards.getByTestId('stat-totalRevenue')).toContainText(/SAR [\d.,]+K/);
  await expect(cards.getByTestId('stat-totalUsers')).toContainText('Total users');
  const report = page.getByTestId('analytics-week');
  await expect(report).toBeVisible();
  const cardsBox = await cards.boundingBox();
  const reportBox = await report.boundingBox();
  expect(cardsBox && reportBox && cardsBox.y + cardsBox.height <= reportBox.y).toBe(true);
});

for (const [lang, message] of [
  ['en', 'Failed to load analytics'],
  ['ar', 'تعذّر تحميل التحليلات'],
] as const) {
  test(`when the stat cards cannot load, the analytics page says so (${lang})`, async ({ page }) => {
    await openAsAdmin(page, lang);
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== 'AdminStats') return route.fallback();
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
      });
    });
    await page.goto('/admin/analytics');
    await expect(page.getByTestId('stats-failed')).toContainText(message);
    // The computed analytics still show below.
    await expect(page.getByTestId('analytics-month')).toBeVisible();
  });
}
