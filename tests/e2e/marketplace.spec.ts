import { expect, test } from '@playwright/test';
import { DEMO, newSignedInPage, pickDays, setLanguage } from './support';

// 1×1 PNG as an uploaded file.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A calendar date in Riyadh, `n` days from today, as a date input wants it. */
const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
/** That date as the English UI writes it (Nov 10, 2026). */
const shownDate = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${d}, ${y}`;
};

test('host lists a resource → admin approves → user books it, sees it in My bookings and cancels', async ({ browser }) => {
  test.setTimeout(150_000); // three signed-in browsers on a shared machine
  const title = `Conference hall ${Date.now()}`;

  // Host lists with an image.
  const host = await newSignedInPage(browser, 'host', '/dashboard');
  await host.goto('/resources/list');
  await host.getByRole('button', { name: 'Submit for review' }).click();
  // Each problem stands at its field (forms.spec.ts has the whole journey in both languages).
  await expect(host.getByText('Please fill in all required fields').first()).toBeVisible();
  await expect(host.getByLabel(/^Title/)).toHaveAttribute('aria-invalid', 'true');
  await host.getByLabel(/^Title/).fill(title);
  await host.getByLabel(/^Description/).fill('A 40-seat hall with projector and sound system.');
  await expect(host.getByTestId('description-counter')).toHaveText('47/1000 characters');
  await host.getByLabel('Category').selectOption('Office Space');
  await host.getByLabel('Pricing period').selectOption('day');
  await host.getByLabel(/^Location/).fill('Al Malqa, Riyadh');
  await host.getByLabel(/^Price/).fill('0');
  await host.getByRole('button', { name: 'Submit for review' }).click();
  await expect(host.getByText('Price must be greater than 0')).toBeVisible();
  await host.getByLabel(/^Price/).fill('750.50');
  await host.getByTestId('image-input').setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: PNG });
  await expect(host.getByTestId('image-preview')).toHaveCount(1);
  await host.getByRole('button', { name: 'Submit for review' }).click();
  await expect(host.getByText('Resource submitted! It will appear once an admin approves it.')).toBeVisible();
  await expect(host).toHaveURL(/\/resources\/my$/);
  const card = host.getByTestId('resource-card').filter({ hasText: title });
  await expect(card.getByTestId('resource-status')).toHaveText('Pending');
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // Admin approves it.
  await host.context().close();
  const admin = await newSignedInPage(browser, 'admin', '/admin');
  await admin.goto('/admin/resources');
  await admin.getByRole('button', { name: 'Pending', exact: true }).click();
  const pending = admin.getByTestId('resource-card').filter({ hasText: title });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Resource approved successfully')).toBeVisible();

  await admin.context().close();

  // A user in London finds it, books it and is sent to checkout: the dates are Riyadh's, the amounts include VAT.
  const user = await newSignedInPage(browser, 'user', '/dashboard', { context: { timezoneId: 'Europe/London' } });
  await user.goto('/resources');
  await user.getByRole('searchbox', { name: 'Search resources' }).fill(title);
  await user.getByRole('link', { name: title }).click();
  await expect(user.getByRole('heading', { name: title })).toBeVisible();
  await user.getByRole('button', { name: 'Book now' }).click();
  await expect(user.getByRole('alert').filter({ hasText: 'Please select start and end dates' })).toBeVisible();
  // The calendar repeats the choice as text, and Clear dates forgets it.
  await pickDays(user, riyadhDate(10), riyadhDate(11));
  await expect(user.getByTestId('booking-selection')).toContainText('Your dates:');
  await user.getByRole('button', { name: 'Clear dates' }).click();
  await expect(user.getByTestId('booking-selection')).toHaveText('No dates chosen yet.');
  await expect(user.getByTestId('booking-estimate')).toBeHidden();
  await pickDays(user, riyadhDate(10), riyadhDate(11));
  // 1,501.00 for two days + 225.15 VAT: what checkout will charge.
  await expect(user.getByTestId('booking-estimate')).toContainText('Estimated total: SAR 1,726.15 including VAT');
  await expect(user.getByTestId('booking-estimate')).toContainText('SAR 1,501.00 + VAT 15% SAR 225.15');
  await user.getByRole('button', { name: 'Book now' }).click();
  await expect(user.getByText('Booking created! Redirecting to payment...')).toBeVisible();
  await expect(user).toHaveURL(/\/payment\/checkout$/);

  // My bookings shows it with Pay Now and Cancel; cancelling asks first.
  await user.goto('/my-bookings');
  const row = user.getByTestId('booking-row').filter({ hasText: title });
  await expect(row.getByTestId('booking-status')).toHaveText('Pending');
  await expect(row.getByTestId('payment-status')).toHaveText('Payment Pending');
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', /\/payment\/[0-9a-f-]{36}$/);
  await expect(row.getByTestId('booking-amount')).toHaveText('SAR 1,726.15');
  await expect(row).toContainText(`${shownDate(riyadhDate(10))} – ${shownDate(riyadhDate(11))}`);
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = user.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to cancel this booking?');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(user.getByText('Booking cancelled successfully')).toBeVisible();
  await expect(row.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await user.getByRole('tab', { name: /Cancelled/ }).click();
  await expect(
    user
      .getByRole('tabpanel', { name: /Cancelled/ })
      .getByTestId('booking-row')
      .filter({ hasText: title }),
  ).toBeVisible();
  await user.getByRole('tab', { name: /Pending/ }).click();
  await expect(
    user
      .getByRole('tabpanel', { name: /Pending/ })
      .getByTestId('booking-row')
      .filter({ hasText: title }),
  ).toHaveCount(0);
});

test('a visitor is asked to log in before booking, and an unknown resource sends back to the marketplace', async ({ page }) => {
  await setLanguage(page, 'en');
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Vehicles' }).click();
  await expect(page.getByTestId('resource-card').first()).toContainText('Vehicles');
  await page.getByTestId('resource-card').first().getByRole('link').click();
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByText('Please login to book resources')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/resources/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Resource not found')).toBeVisible();
  await expect(page).toHaveURL(/\/resources$/);
});

test('the marketplace reads right-to-left in Arabic', async ({ page }) => {
  await setLanguage(page, 'ar');
  await page.goto('/resources');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'سوق الموارد' })).toBeVisible();
  await page.getByRole('button', { name: 'مركبات' }).click();
  await expect(page.getByTestId('resource-card').first()).toContainText('مركبات');
  await expect(page.getByTestId('resource-card').first()).toContainText('ر.س.');
});

test('the admin must give a reason to reject a listing, and the host sees it', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Blurry storage unit ${Date.now()}`;
  const api = await (await browser.newContext()).request;
  const { access_token: hostToken } = await (await api.post('/api/auth/login', { data: DEMO.host })).json();
  const created = await api.post('/api/resources', {
    headers: { authorization: `Bearer ${hostToken}` },
    data: {
      title,
      description: 'Storage unit near the port.',
      category: 'Office Space',
      price: 40,
      period: 'day',
      location: 'Jeddah',
      images: [`data:image/png;base64,${PNG.toString('base64')}`],
    },
  });
  expect(created.status()).toBe(201);

  const admin = await newSignedInPage(browser, 'admin', '/admin');
  await admin.goto('/admin/resources');
  await admin.getByRole('button', { name: 'Pending', exact: true }).click();
  const card = admin.getByTestId('resource-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please give a reason for the rejection')).toBeVisible();
  await dialog.getByRole('textbox').fill('   ');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please give a reason for the rejection')).toBeVisible();
  const stillPending = await api.get(`/api/resources/${(await created.json()).id}`, { headers: { authorization: `Bearer ${hostToken}` } });
  expect((await stillPending.json()).status).toBe('pending');

  await dialog.getByRole('textbox').fill('The photos do not show the unit.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Resource rejected')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await admin.context().close();

  const host = await newSignedInPage(browser, 'host', '/dashboard');
  await host.goto('/resources/my');
  const mine = host.getByTestId('resource-card').filter({ hasText: title });
  await expect(mine.getByTestId('resource-status')).toHaveText('Rejected');
  await expect(mine).toContainText('The photos do not show the unit.');
  await host.context().close();
});
