import { expect, test, type Browser } from '@playwright/test';
import { newSignedInPage } from './support';

test.describe.configure({ timeout: 120_000 });

const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

const T = {
  en: {
    cancel: 'Cancel booking',
    title: 'Cancel this service booking?',
    reason: 'Reason (optional)',
    yes: 'Yes, cancel it',
    done: 'Your service booking has been cancelled.',
    cancelled: 'Cancelled',
    until: /You can cancel or reschedule until/,
  },
  ar: {
    cancel: 'إلغاء الحجز',
    title: 'إلغاء حجز الخدمة هذا؟',
    reason: 'السبب (اختياري)',
    yes: 'نعم، ألغِه',
    done: 'تم إلغاء حجز الخدمة.',
    cancelled: 'ملغي',
    until: /يمكنك الإلغاء أو تغيير الموعد حتى/,
  },
};

/** The demo customer books a service (through the API, the booking form has its own journey) and cancels it on /dashboard. */
async function cancelFromDashboard(browser: Browser, lang: 'en' | 'ar') {
  const t = T[lang];
  const page = await newSignedInPage(browser, 'user', '/dashboard', { lang });
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const requirements = `Cancel journey ${lang} ${Date.now()}`;
  const res = await page.request.post('/api/service-bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      service_id: 'contract-review',
      preferred_date: riyadhDate(6),
      preferred_time: '11:00',
      contact_number: '0501234567',
      requirements,
    },
  });
  expect(res.status()).toBe(201);
  await page.reload();
  const row = page.getByTestId('service-booking').filter({ hasText: requirements });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('service-change-deadline')).toHaveText(t.until);

  await row.getByRole('button', { name: t.cancel }).click();
  const dialog = page.getByRole('alertdialog', { name: t.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t.reason).fill('Plans changed');
  await dialog.getByRole('button', { name: t.yes }).click();
  await expect(page.getByText(t.done).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('service-booking-status')).toHaveText(t.cancelled);
  await expect(row.getByText('Plans changed')).toBeVisible();
  await expect(row.getByRole('button', { name: t.cancel })).toHaveCount(0);
  // The page agrees after a reload: the server cancelled it.
  await page.reload();
  await expect(page.getByTestId('service-booking').filter({ hasText: requirements }).getByTestId('service-booking-status')).toHaveText(
    t.cancelled,
  );
  if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.context().close();
}

test('a customer cancels a service booking from the dashboard, after confirming', async ({ browser }) => {
  await cancelFromDashboard(browser, 'en');
});

test('the same in Arabic, right to left', async ({ browser }) => {
  await cancelFromDashboard(browser, 'ar');
});

test('an admin turns a legal consultation request into a service booking from the inbox', async ({ browser }) => {
  const customer = await newSignedInPage(browser, 'user', '/dashboard');
  const token = await customer.evaluate(() => localStorage.getItem('auth_token'));
  const message = `Consultation to convert ${Date.now()}`;
  const sent = await customer.request.post('/api/inquiries', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      service_type: 'legal-consultancy',
      full_name: 'x',
      email: 'x@example.sa',
      message,
      preferred_date: riyadhDate(8),
      preferred_time: '09:30',
    },
  });
  expect(sent.status()).toBe(201);

  const admin = await newSignedInPage(browser, 'admin', '/admin/inquiries');
  await admin.getByLabel('Search inquiries').fill(message);
  await admin.getByTestId('inquiry-item').first().click();
  const detail = admin.getByTestId('inquiry-detail');
  await expect(detail.getByText(message)).toBeVisible();
  await detail.getByRole('button', { name: 'Create service booking' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Turn this request into a service booking' });
  await dialog.getByLabel('Contact number').fill('0551234567');
  await dialog.getByRole('button', { name: 'Create booking' }).click();
  await expect(admin.getByText('Service booking created from the request').first()).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Open service bookings' })).toBeVisible();

  // The customer finds it on the dashboard, with the request's text as its requirements.
  await customer.reload();
  await expect(customer.getByTestId('service-booking').filter({ hasText: message })).toContainText('Legal consultation');
  await admin.context().close();
  await customer.context().close();
});
