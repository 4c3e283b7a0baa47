import { expect, test } from '@playwright/test';
import { newSignedInPage, setLanguage, setPciCertified, signInAs, bookOfficeAndPay, DEMO_OFFICE as OFFICE } from './support';

// Paid on our own card form, which the merchant may use only when declared PCI certified (embedded form otherwise).
test.beforeAll(({ request }) => setPciCertified(request, true));

test('a host sets up payouts (a bad IBAN is refused at the field) and sees earnings after a customer pays', async ({ page, browser }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'host', '/resources/earnings');
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Payout profile' });
  await form.getByLabel('Legal name').fill('Olaya Offices Co.');
  await form.getByLabel('Commercial registration number').fill('1010123456');
  await form.getByLabel('Mobile number (Saudi)').fill('0551234567');
  await form.getByLabel('Bank').fill('Saudi National Bank');
  await form.getByLabel('IBAN').fill('SA0380000000608010167518');
  await form.getByRole('button', { name: 'Save payout profile' }).click();
  await expect(form.getByText('This IBAN is not valid: please check it for a typing mistake')).toBeVisible();
  await form.getByLabel('IBAN').fill('SA03 8000 0000 6080 1016 7519');
  // The commercial register goes up as soon as it is chosen, with a progress bar; the save names the upload.
  await page.route('**/api/uploads/payout-documents', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const register = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
  await form.getByLabel(/^Document/).setInputFiles({ name: 'cr.pdf', mimeType: 'application/pdf', buffer: register });
  const progress = form.getByRole('progressbar', { name: 'Uploading cr.pdf' });
  await expect(progress).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save payout profile' })).toBeDisabled();
  await expect(progress).toHaveCount(0, { timeout: 30_000 });
  await expect(form.getByText('cr.pdf', { exact: true })).toBeVisible(); // the chosen file named beside its button
  await form.getByRole('button', { name: 'Save payout profile' }).click();
  await expect(form.getByText(/documents? sent$/)).toHaveText(/^[1-9]\d* documents? sent$/);
  // The built-in test gateway approves the supplier at once; the IBAN comes back masked.
  await expect(page.getByTestId('supplier-status')).toHaveText('Approved');
  await expect(page.getByTestId('iban-masked')).toContainText('7519');
  await expect(page.getByTestId('iban-masked')).not.toContainText('608010167519');

  const customer = await newSignedInPage(browser, 'user', '/dashboard');
  await bookOfficeAndPay(customer, 210); // days no other journey books on the same office (payments.spec uses 40–181)
  await customer.close();

  await page.reload();
  await expect(page.getByTestId('earnings-item').first()).toContainText(OFFICE);
  await expect(page.getByTestId('earnings-item').first()).toContainText('Sent to you');
  await expect(page.getByTestId('earnings-net')).not.toHaveText('—');
});

test('the demo host’s earnings come 25 rows a page, the totals over all of them, in English and Arabic', async ({ page }) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'host', '/resources/earnings');
  const pager = page.getByTestId('earnings-pager');
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(page.getByTestId('earnings-item')).toHaveCount(25);
  const gross = await page.getByTestId('earnings-gross').textContent();
  const first = await page.getByTestId('earnings-item').first().textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(page.getByTestId('earnings-item').first()).not.toHaveText(first ?? '');
  await expect(page.getByTestId('earnings-gross')).toHaveText(gross ?? '');

  await setLanguage(page, 'ar');
  await page.goto('/resources/earnings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(pager.getByRole('button', { name: 'السابق' })).toBeDisabled();
  await pager.getByRole('button', { name: 'التالي' }).click();
  await expect(pager).toContainText('الصفحة');
  await expect(pager.getByRole('button', { name: 'السابق' })).toBeEnabled();
  await expect(page.getByTestId('earnings-item')).toHaveCount(25);
});

test('the Earnings page in Arabic: right to left, Arabic labels and the IBAN error in Arabic', async ({ page }) => {
  await setLanguage(page, 'ar');
  await signInAs(page, 'host', '/resources/earnings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأرباح', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'بيانات الصرف' });
  await form.getByLabel('رقم الآيبان').fill('GB82WEST12345698765432');
  await form.getByRole('button', { name: 'حفظ بيانات الصرف' }).click();
  await expect(form.getByText('يرجى إدخال رقم آيبان سعودي صحيح (SA يليه 22 رقماً)')).toBeVisible();
  await expect(page.getByTestId('supplier-status')).toBeVisible();
});
