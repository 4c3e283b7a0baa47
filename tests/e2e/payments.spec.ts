import { expect, test } from '@playwright/test';
import {
  DEMO,
  DEMO_OFFICE as OFFICE,
  bookOffice,
  fillCard,
  login,
  setLanguage,
  signInAs,
  uniqueEmail,
  verificationLinkFor,
  setPciCertified,
} from './support';

// These journeys use our own card form (or direct charge): the merchant is declared PCI certified first (issue #24).
test.beforeAll(({ request }) => setPciCertified(request, true));

test('book → checkout → a declined card → error page → Try Again → the test card → success → My bookings shows Paid', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 40);

  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(page.getByTestId('test-mode')).toBeVisible();
  await expect(page.getByText('VAT (15%)')).toBeVisible();
  await expect(page.getByText('All payments are final. No refunds will be processed.')).toBeVisible();

  // The number field keeps digits only, grouped by four.
  let form = await fillCard(page, '4000-0000-0000-0002');
  await expect(form.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/error$/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Insufficient funds' })).toBeVisible();
  await expect(page.getByText('Payment Pending')).toBeVisible();
  await expect(page.getByText('International transactions disabled')).toBeVisible();

  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout$/);
  form = await fillCard(page, '4508750015741019');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Transaction ID')).toBeVisible();

  await page.getByRole('link', { name: 'My Bookings' }).click();
  const row = page.getByTestId('booking-row').filter({ hasText: OFFICE }).first();
  await expect(row.getByTestId('payment-status')).toHaveText('Paid');
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});

test('hosted gateway: the test gateway page → Pay → back on the success page, verified by the server', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 50);
  const charged = await page.getByTestId('payment-total').textContent(); // subtotal + VAT
  await page.getByText('Payment gateway', { exact: true }).click();
  await page.getByRole('button', { name: /Continue to pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Test payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay .* with Visa/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  // "Total paid" is what was charged, VAT included (not the booking's pre-VAT amount).
  await expect(page.getByTestId('payment-total')).toHaveText(charged!);
});

test('the published Mastercard test card pays on the card form with an expiry the year list offers and its CVV 100', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 90);
  // Its published expiry is 01/39, beyond the ten years the form offers: the test gateway takes any future expiry.
  const lastYear = String((new Date().getFullYear() + 9) % 100).padStart(2, '0');
  const form = await fillCard(page, '5123450000000008', { month: '01', year: lastYear, cvv: '100' });
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('mada through the hosted gateway: choose mada, pay with the mada test card on the test gateway page, shown as mada on the invoice', async ({
  page,
}) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 70);
  await page.getByText('Payment gateway', { exact: true }).click();
  await page.getByText('mada', { exact: true }).click();
  await page.getByRole('button', { name: /Continue to pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Test payment gateway' })).toBeVisible();
  // The MADA page offers the mada test card only.
  await expect(page.getByRole('button', { name: /with (Visa|Mastercard)/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay .* with mada 446404 •••• 0007$/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const bookingId = new URL(page.url()).searchParams.get('booking_id');
  await page.getByRole('link', { name: 'My Bookings' }).click();
  const mine = page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
  await expect(mine.getByTestId('payment-status')).toHaveText('Paid');
  await mine.getByRole('link', { name: 'View invoice' }).click();
  await expect(page.getByTestId('invoice-card')).toHaveText('Paid with: mada •••• 0007');
});

test('a payment screen open in another tab moves to success by itself when the booking is paid', async ({ page, context }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 180);
  // The same booking's payment screen in a second tab, by its address.
  await page.getByRole('button', { name: /^Pay / }).waitFor();
  const bookingId = await page.evaluate(() => (history.state?.usr?.booking?.id as string | undefined) ?? '');
  expect(bookingId).not.toBe('');
  const other = await context.newPage();
  await other.goto(`/payment/${bookingId}`);
  await expect(other.getByRole('form', { name: 'Card details' })).toBeVisible();

  const form = await fillCard(page, '4508750015741019');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
  // No reload in the other tab: the paymentUpdated event moves it on.
  await expect(other).toHaveURL(/\/payment\/success$/);
  await expect(other.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('checkout needs a login, and without a booking says so and offers the marketplace', async ({ page }) => {
  await setLanguage(page, 'en');
  await page.goto('/payment/checkout');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, DEMO.user.email, DEMO.user.password);
  // Back where the visitor was going.
  await expect(page).toHaveURL(/\/payment\/checkout$/);
  await expect(page.getByRole('heading', { name: 'No Booking Found' })).toBeVisible();
  await expect(page.getByText('Please create a booking first')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Browse Resources', exact: true }).click();
  await expect(page).toHaveURL(/\/resources$/);
});

test('the dashboard offers Pay Now for an unpaid booking, shows it is loading, and says so when it cannot load', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 80);
  await page.getByRole('button', { name: /^Pay / }).waitFor();
  const pendingId = await page.evaluate(() => (history.state?.usr?.booking?.id as string | undefined) ?? '');
  expect(pendingId).not.toBe('');

  // An unpaid hold (pending, payment pending) offers Pay Now on the dashboard as on My bookings; a paid one does not.
  await page.goto('/dashboard');
  const pendingRow = page.locator(`[data-testid="booking-row"][data-booking-id="${pendingId}"]`);
  await expect(pendingRow.getByTestId('payment-status')).toHaveText('Payment Pending');
  const payNow = pendingRow.getByRole('link', { name: 'Pay Now' });
  await expect(payNow).toHaveAttribute('href', `/payment/${pendingId}`);
  const paidRows = page.getByTestId('booking-row').filter({ has: page.getByText('Paid', { exact: true }) });
  await expect(paidRows.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await payNow.click();
  await expect(page).toHaveURL(new RegExp(`/payment/${pendingId}$`));
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();

  // A slow, then failed, load of the bookings: a loading state, then the spec's message, not "no bookings yet".
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('MyBookings')) return route.fallback();
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ message: 'down', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
    });
  });
  await page.goto('/dashboard');
  // The bookings list's placeholder (the first; the service bookings below have their own).
  await expect(page.getByRole('tabpanel').getByRole('status', { name: 'Loading…' }).first()).toBeVisible();
  await expect(page.getByText('You have no bookings yet.')).toHaveCount(0);
  release();
  await expect(page.getByTestId('dashboard-load-failed')).toHaveText(/Failed to load dashboard data/);
  await expect(page.getByText('You have no bookings yet.')).toHaveCount(0);

  await setLanguage(page, 'ar');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-load-failed')).toBeVisible();
  await expect(page.getByTestId('dashboard-load-failed')).not.toHaveText(/Failed to load/);
});

test('without a gateway the admin dashboard warns and checkout says online payment is not set up, in English and Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000); // two roles, two languages
  const setTestMode = async (on: boolean) => {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const res = await page.request.put('/api/admin/settings/myfatoorah', {
      headers: { authorization: `Bearer ${token}` },
      data: { value: { test_mode: on } },
    });
    expect(res.status()).toBe(200);
  };
  await setLanguage(page, 'en');
  await signInAs(page, 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('stat-totalUsers')).toBeVisible();
  await expect(page.getByTestId('payments-not-configured')).toHaveCount(0);
  // Test mode off and no key: no gateway at all (what a production install without a key has).
  await setTestMode(false);
  try {
    await page.reload();
    const warning = page.getByTestId('payments-not-configured');
    await expect(warning).toContainText('Online payment is not set up');
    await warning.getByRole('link', { name: 'Open payment settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await setLanguage(page, 'ar');
    await page.goto('/admin');
    await expect(page.getByTestId('payments-not-configured')).toContainText('الدفع الإلكتروني غير مُعَدّ');

    await page.evaluate(() => localStorage.clear());
    await setLanguage(page, 'en');
    await signInAs(page, 'user', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await bookOffice(page, 140); // keyboard.spec.ts books days 120–121 of the same office
    const refusal = page.getByTestId('payment-not-available');
    await expect(refusal).toContainText('Online payment is not set up yet. Your booking is kept unpaid');
    await expect(page.getByTestId('test-mode')).toHaveCount(0);
    await expect(page.getByText('4508 7500 1574 1019')).toHaveCount(0);
    const bookingId = await page.evaluate(() => (history.state?.usr?.booking?.id as string | undefined) ?? '');
    expect(bookingId).not.toBe('');
    await setLanguage(page, 'ar');
    await page.goto(`/payment/${bookingId}`);
    await expect(page.getByTestId('payment-not-available')).toContainText('لم يُفعَّل الدفع الإلكتروني بعد');
  } finally {
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, 'admin', '/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await setTestMode(true);
  }
  await page.reload();
  await expect(page.getByTestId('stat-totalUsers')).toBeVisible();
  await expect(page.getByTestId('payments-not-configured')).toHaveCount(0);
});

test('the payment page by its address shows the payment method in its summary, in English and Arabic', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 150);
  await page.getByRole('button', { name: /^Pay / }).waitFor();
  const bookingId = await page.evaluate(() => (history.state?.usr?.booking?.id as string | undefined) ?? '');
  expect(bookingId).not.toBe('');
  await page.goto(`/payment/${bookingId}`);
  const summary = page.getByRole('heading', { name: /Booking summary/ }).locator('xpath=..');
  await expect(summary.getByText('Payment method')).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveText('Card');

  await setLanguage(page, 'ar');
  await page.goto(`/payment/${bookingId}`);
  await expect(
    page
      .getByRole('heading', { name: /ملخص الحجز/ })
      .locator('xpath=..')
      .getByText('طريقة الدفع'),
  ).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveText('بطاقة');
});

test('back from the hosted gateway after a failure, the error page shows the booking and Payment Pending, in English and Arabic', async ({
  page,
}) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 160);
  const charged = await page.getByTestId('payment-total').textContent();
  await page.getByText('Payment gateway', { exact: true }).click();
  await page.getByRole('button', { name: /Continue to pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Test payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page).toHaveURL(/\/payment\/error\?booking_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  // The booking summary names the listing (live toasts about the customer's other bookings may name it too).
  await expect(page.locator('dd', { hasText: OFFICE })).toBeVisible();
  await expect(page.getByText('Payment Pending', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText(charged!);
  await expect(page.getByTestId('payment-start')).not.toBeEmpty();

  const errorUrl = page.url();
  await setLanguage(page, 'ar');
  await page.goto(errorUrl);
  await expect(page.getByRole('heading', { name: 'فشل الدفع' })).toBeVisible();
  await expect(page.getByText('الدفع معلّق', { exact: true })).toBeVisible();
  await expect(page.locator('dd', { hasText: OFFICE })).toBeVisible();
});

test('an unverified email keeps the checkout closed; verifying it in another tab opens it without a reload (en, ar)', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('pay-unverified');
  const password = 'desert-rose-2026';
  const reg = await page.request.post('/api/auth/register', {
    data: { email, password, full_name: 'Huda Al-Zahrani', company_name: 'Qassim Dates' },
  });
  expect(reg.ok()).toBe(true);
  await setLanguage(page, 'en');
  await login(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookOffice(page, 170);
  const refusal = page.getByTestId('payment-not-available');
  await expect(refusal).toContainText('Email verification required for payments');
  await expect(refusal.getByRole('link', { name: 'Verify Email to Continue' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
  const bookingId = await page.evaluate(() => (history.state?.usr?.booking?.id as string | undefined) ?? '');
  expect(bookingId).not.toBe('');

  await setLanguage(page, 'ar');
  await page.goto(`/payment/${bookingId}`);
  await expect(page.getByTestId('payment-not-available')).toBeVisible();
  await expect(page.getByTestId('payment-not-available')).not.toContainText('Email verification required');

  // Verified in a second tab: this one opens the card form by itself (canMakePayments follows meUpdated).
  const other = await context.newPage();
  await other.goto(await verificationLinkFor(other, email));
  await expect(page.getByRole('form', { name: 'بيانات البطاقة' })).toBeVisible();
  await expect(page.getByTestId('payment-not-available')).toHaveCount(0);
});
