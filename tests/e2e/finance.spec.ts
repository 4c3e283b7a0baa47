import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newSignedInPage, setLanguage, setPciCertified, signInAs, bookOfficeAndPay, riyadhDate, DEMO_OFFICE as OFFICE } from './support';

// The customer pays on our own card form, which the merchant may use only when declared PCI certified.
test.beforeAll(({ request }) => setPciCertified(request, true));

async function paidToday(browser: Parameters<typeof newSignedInPage>[0], day: number) {
  const customer = await newSignedInPage(browser, 'user', '/dashboard');
  await bookOfficeAndPay(customer, day);
  await customer.close();
}

test('an admin finds a payment, reads its timeline and downloads the payments CSV', async ({ page, browser }) => {
  await paidToday(browser, 300);
  await setLanguage(page, 'en');
  await signInAs(page, 'admin', '/admin');
  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('Furnished private office');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Status', { exact: true }).selectOption('paid');
  await page.getByLabel('Method', { exact: true }).selectOption('card');
  await page.getByLabel('From', { exact: true }).fill(riyadhDate(0));
  await page.getByLabel('To', { exact: true }).fill(riyadhDate(0));
  const rows = page.getByTestId('payment-row');
  await expect(rows.first()).toContainText(OFFICE);
  // Only paid card payments are left once the filters apply.
  await expect(rows.filter({ hasNotText: 'Paid' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Payment page' })).toHaveCount(0);

  await rows
    .first()
    .getByRole('button', { name: /Details of the payment/ })
    .click();
  const dialog = page.getByTestId('payment-detail');
  await expect(dialog).toBeVisible();
  const timeline = dialog.getByTestId('payment-timeline');
  await expect(timeline.getByText('Payment started')).toBeVisible();
  await expect(timeline.getByText('Paid', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/SAR|﷼/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Payments as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`mawarid-payments-${riyadhDate(0)}-to-${riyadhDate(0)}.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(/^payment_id,created_at,paid_at,status,/);
  expect(text).toContain(OFFICE);
});

test('the payments page in Arabic: right to left, Arabic labels, a timeline and a CSV', async ({ page, browser }) => {
  await paidToday(browser, 302);
  await setLanguage(page, 'ar');
  await signInAs(page, 'admin', '/admin/payments');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'المدفوعات', level: 1 })).toBeVisible();
  await page.getByLabel('الحالة', { exact: true }).selectOption('paid');
  await page.getByLabel('من', { exact: true }).fill(riyadhDate(0));
  const rows = page.getByTestId('payment-row');
  await expect(rows.first()).toContainText('مدفوعة');
  // The wide table scrolls inside its border; the page itself never scrolls sideways (and so never shifts).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await rows
    .first()
    .getByRole('button', { name: /تفاصيل دفعة/ })
    .click();
  const timeline = page.getByTestId('payment-timeline');
  await expect(timeline.getByText('بدء الدفع')).toBeVisible();
  await expect(timeline.getByText('تم الدفع', { exact: true })).toBeVisible();
  await page.getByTestId('payment-detail').getByRole('button', { name: 'إغلاق' }).first().click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'تنزيل المدفوعات بصيغة CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`mawarid-payments-${riyadhDate(0)}.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
});
