import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, setLanguage, signInAs } from './support';

const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const OFFICE = 'Furnished private office in Al Olaya';
const amount = (s: string) => Number(s.replace(/[^\d.]/g, ''));

async function bookAndPay(page: Page, fromDay: number) {
  await page.goto('/resources');
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('Furnished private office');
  await page
    .getByRole('link', { name: new RegExp(OFFICE) })
    .first()
    .click();
  await page.getByLabel('Start date').fill(riyadhDate(fromDay));
  await page.getByLabel('End date').fill(riyadhDate(fromDay + 1));
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout$/);
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Cardholder name').fill('Sara Al-Otaibi');
  await form.getByLabel('Card number').fill('4508750015741019');
  await form.getByLabel('Month').selectOption('12');
  await form.getByLabel('Year').selectOption(nextYear);
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
}

test('pay with the test card → View invoice → number, VAT 15% and total; PDF download; the email carries the PDF; Arabic is RTL', async ({
  page,
}) => {
  await setLanguage(page, 'en');
  await signInAs(page, 'user', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await bookAndPay(page, 62);

  await page.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]+\/invoice$/);
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByRole('heading', { name: 'Simplified Tax Invoice' })).toBeVisible();
  const number = (await page.getByTestId('invoice-number').innerText()).trim();
  expect(number).toMatch(/^\d+$/);
  const subtotal = amount(await page.getByTestId('invoice-Subtotal (excluding VAT)').innerText());
  const vat = amount(await page.getByTestId('invoice-VAT 15%').innerText());
  const total = amount(await page.getByTestId('invoice-Total (including VAT)').innerText());
  expect(subtotal).toBeGreaterThan(0);
  expect(vat).toBeCloseTo(Math.round(subtotal * 15) / 100, 2);
  expect(total).toBeCloseTo(subtotal + vat, 2);
  await expect(page.getByTestId('invoice-card')).toContainText('Visa •••• 1019');
  await expect(page.getByTestId('invoice-qr')).toBeVisible();
  // The seller's VAT number, as General settings hold it now (another journey may have changed the demo one).
  const general = await (await page.request.get('/api/settings/general')).json();
  expect(general.vat_number).toMatch(/^3\d{13}3$/);
  await expect(invoice).toContainText(general.vat_number);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-invoice').click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The confirmation email (dev outbox) has the same invoice attached.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/outbox')).json()) as Array<{
        to: string;
        subject: string;
        attachments?: Array<{ filename: string; size: number }>;
      }>;
      return mails.filter(
        (m) => m.to === DEMO.user.email && m.attachments?.some((a) => a.filename === `invoice-${number}.pdf` && a.size > 1000),
      ).length;
    })
    .toBe(1);

  // My bookings: the paid booking offers the invoice too.
  await page.goto('/my-bookings');
  const row = page
    .getByTestId('booking-row')
    .filter({ hasText: OFFICE })
    .filter({ has: page.getByRole('link', { name: 'View invoice' }) })
    .first();
  await expect(row.getByTestId('payment-status')).toHaveText('Paid');
  await row.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(/\/invoice$/);

  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('invoice-ضريبة القيمة المضافة 15%')).toBeVisible();
  await page.screenshot({ path: 'test-results/invoice-ar.png', fullPage: true });
});
