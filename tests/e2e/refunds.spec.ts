import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newSignedInPage, sessionFile, setPciCertified, type DemoRole } from './support';

// Paid on our own card form, which the merchant may use only when declared PCI certified (embedded form otherwise).
test.beforeAll(({ request }) => setPciCertified(request, true));

/**
 * Issue #24: a customer books a listing whose host chose the flexible policy, sees the policy before paying, pays on
 * the built-in test gateway, cancels, is told the exact refund in the dialog, and sees the refund arrive (the test
 * gateway completes refunds by itself). In English and in Arabic.
 */
const tokenOf = (role: DemoRole) => {
  const state = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as {
    origins: Array<{ localStorage: Array<{ name: string; value: string }> }>;
  };
  return state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'auth_token')!.value;
};
const bearer = (role: DemoRole) => ({ authorization: `Bearer ${tokenOf(role)}` });
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** A fresh flexible-policy listing by the demo host, approved by the demo admin (120 SAR a day). */
async function flexibleListing(request: APIRequestContext, title: string): Promise<string> {
  const created = await request.post('/api/resources', {
    headers: bearer('host'),
    data: {
      title,
      description: 'Quiet meeting room with a screen',
      category: 'Office Space',
      price: 120,
      period: 'day',
      location: 'Riyadh',
      images: [],
      cancellation_policy: 'flexible',
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  expect((await request.put(`/api/admin/resources/${id}/approve`, { headers: bearer('admin') })).status()).toBe(200);
  return id;
}

for (const lang of ['en', 'ar'] as const) {
  test(`customer cancels a flexible booking, sees the refund quote, and the refund arrives (${lang})`, async ({ browser }) => {
    const ar = lang === 'ar';
    const page = await newSignedInPage(browser, 'user', '/my-bookings', { lang });
    const title = `Refund room ${lang} ${Date.now()}`;
    const resourceId = await flexibleListing(page.request, title);

    // The listing page states the policy.
    await page.goto(`/resources/${resourceId}`);
    await expect(page.getByTestId('cancellation-policy')).toHaveText(
      ar ? /مرنة: استرداد كامل/ : 'Flexible: full refund if cancelled at least 24 hours before the start.',
    );

    // Booked for ten days from now (a whole day), then checkout states the policy before payment.
    const start = new Date(Date.now() + 10 * 86_400_000);
    start.setUTCHours(21, 0, 0, 0); // midnight in Riyadh
    const booked = await page.request.post('/api/bookings', {
      headers: bearer('user'),
      data: { resource_id: resourceId, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
    });
    expect(booked.status()).toBe(201);
    const bookingId = (await booked.json()).id as string;
    await page.goto(`/payment/${bookingId}`);
    await expect(page.getByTestId('cancellation-policy')).toHaveText(ar ? /مرنة/ : /^Flexible: full refund/);

    // Paid with the published test card on the test gateway's direct form.
    const form = page.locator('form').filter({ has: page.locator('input[autocomplete="cc-number"]') });
    await form.locator('input[autocomplete="cc-name"]').fill('Sara Al-Otaibi');
    await form.locator('input[autocomplete="cc-number"]').fill('4508750015741019');
    await form.locator('select[autocomplete="cc-exp-month"]').selectOption('12');
    await form.locator('select[autocomplete="cc-exp-year"]').selectOption(nextYear);
    await form.locator('input[autocomplete="cc-csc"]').fill('123');
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/payment\/success$/);

    await page.goto('/my-bookings');
    const row = page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
    await row.getByRole('button', { name: ar ? 'إلغاء' : 'Cancel', exact: true }).click();
    // 120 + 15% VAT = 138 SAR, all of it refunded (more than 24 h before the start).
    const quote = page.getByTestId('cancel-quote');
    await expect(quote).toBeVisible();
    await expect(quote).toContainText(ar ? 'سيُعاد إليك' : 'You will be refunded');
    await expect(quote).toContainText(ar ? /١٣٨|138/ : '138.00');
    await page.getByTestId('cancel-confirm').click();

    // The refund settles by itself on the test gateway and arrives live. It is asked for through the job queue,
    // whose worker may be busy with other tests' mail and invoices: allow it the time a loaded machine takes.
    const refund = row.getByTestId('refund-status');
    await expect(refund).toHaveAttribute('data-status', 'refunded', { timeout: 35_000 });
    await expect(refund).toContainText(ar ? 'تم الاسترداد' : 'Refunded');
    if (ar) await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    const api = await (await page.request.get(`/api/bookings/${bookingId}`, { headers: bearer('user') })).json();
    expect(api).toMatchObject({ status: 'cancelled', refund_status: 'refunded', refund_amount: 138 });
    const notes = await (await page.request.get(`/api/bookings/${bookingId}/credit-notes`, { headers: bearer('user') })).json();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ total: -138, vat: -18, subtotal: -120 });
  });
}
