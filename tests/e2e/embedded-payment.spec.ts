import { expect, test } from '@playwright/test';
import { DEMO_OFFICE as OFFICE, bookOffice, riyadhDate, setLanguage, setPciCertified, signInAs } from './support';

/**
 * Issue #24: the default card payment is MyFatoorah's embedded form. Offline, the built-in test gateway stands in
 * for it: its card form (a script at our origin) inside the checkout, then the 3-D Secure step, then back to our
 * success page, verified by the server. The merchant is not declared PCI certified (the default).
 */
// Days 240–261 of the demo office: payments.spec.ts books 40–181 of it, keyboard.spec.ts 120–121.

test.beforeAll(({ request }) => setPciCertified(request, false));

test('book → checkout → embedded test card form → 3-D Secure step → success → My bookings shows Paid', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 240);

  // No card fields of our own: MyFatoorah's (here the test gateway's) form is drawn inside the checkout.
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
  const form = page.getByRole('form', { name: /Test card form/ });
  await expect(form).toBeVisible();
  await expect(page.getByTestId('embedded-payment').getByText(/your card details go to MyFatoorah, never to us/)).toBeVisible();
  await form.getByLabel('Test card').selectOption('mastercard');
  await form.getByRole('button', { name: 'Pay with this card' }).click();

  await expect(page).toHaveURL(/\/payment\/test-gateway\/[0-9a-f]{32}\?method=3ds$/);
  await expect(page.getByRole('heading', { name: '3-D Secure check (test)' })).toBeVisible();
  await expect(page.getByText(/with Mastercard 512345 •••• 0008/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the payment' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.getByRole('link', { name: 'My Bookings' }).click();
  const row = page.getByTestId('booking-row').filter({ hasText: OFFICE }).first();
  await expect(row.getByTestId('payment-status')).toHaveText('Paid');
});

test('the declined test card fails on the embedded form; Apple Pay then pays without a 3-D Secure step', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await bookOffice(page, 250);
  const form = page.getByRole('form', { name: /Test card form/ });
  await form.getByLabel('Test card').selectOption('declined');
  await form.getByRole('button', { name: 'Pay with this card' }).click();
  await expect(page).toHaveURL(/\/payment\/error$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Insufficient funds' })).toBeVisible();

  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout$/);
  await page
    .getByRole('form', { name: /Test card form/ })
    .getByRole('button', { name: 'Pay with Apple Pay' })
    .click();
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('in Arabic: the embedded form, right to left → 3-D Secure → success → My bookings shows Paid', async ({ page }) => {
  await setLanguage(page, 'ar');
  await signInAs(page, 'user', '/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.get(`/api/resources?search=${encodeURIComponent('Furnished private office')}`)).json();
  const resourceId = list.items.find((r: { title: string }) => r.title.startsWith(OFFICE)).id as string;
  const booked = await page.request.post('/api/bookings', {
    headers,
    data: { resource_id: resourceId, start_date: riyadhDate(260), end_date: riyadhDate(261) },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = (await booked.json()).id as string;

  await page.goto(`/payment/${bookingId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const form = page.getByRole('form', { name: /نموذج البطاقة التجريبي/ });
  await expect(form).toBeVisible();
  await form.getByLabel('البطاقة التجريبية').selectOption('mada');
  await form.getByRole('button', { name: 'ادفع بهذه البطاقة' }).click();

  await expect(page.getByRole('heading', { name: 'تحقق 3-D Secure (تجريبي)' })).toBeVisible();
  await page.getByRole('button', { name: 'أكّد الدفع' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking_id=/);
  await expect(page.getByRole('heading', { name: 'تم الدفع بنجاح!' })).toBeVisible();

  await page.getByRole('link', { name: 'حجوزاتي' }).first().click();
  const row = page.getByTestId('booking-row').filter({ hasText: OFFICE }).first();
  await expect(row.getByTestId('payment-status')).toHaveText('مدفوع');
});
