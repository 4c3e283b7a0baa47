import { expect, test } from '@playwright/test';
import { newSignedInPage, setLanguage, signInAs } from './support';

/**
 * Held shares paid out (issue #24): the demo host's history was paid before it had an approved payout profile, so its
 * shares are held. Once the host's supplier is approved (the built-in test gateway approves at once), an admin pays
 * the held balance from Admin › Payments and the host's Earnings shows the transfer with nothing held.
 */
test('an admin pays out the demo host’s held balance once its payout profile is approved, and the host sees it', async ({
  page,
  browser,
}) => {
  const host = await newSignedInPage(browser, 'host', '/resources/earnings');
  await host.evaluate(() => localStorage.setItem('language', 'en'));
  await host.reload();
  const form = host.getByRole('form', { name: 'Payout profile' });
  await form.getByLabel('Legal name').fill('Olaya Offices Co.');
  await form.getByLabel('Commercial registration number').fill('1010123456');
  await form.getByLabel('Mobile number (Saudi)').fill('0551234567');
  await form.getByLabel('Bank').fill('Saudi National Bank');
  await form.getByLabel('IBAN').fill('SA0380000000608010167519');
  await form.getByRole('button', { name: 'Save payout profile' }).click();
  await expect(host.getByTestId('supplier-status')).toHaveText('Approved');

  await setLanguage(page, 'en');
  await signInAs(page, 'admin', '/admin/payments');
  const section = page.getByTestId('held-balances');
  await expect(section.getByRole('heading', { name: 'Held balances' })).toBeVisible();
  const row = section.getByTestId('held-balance').filter({ hasText: 'host@mawarid.sa' });
  await expect(row).toContainText('Approved');
  await row.getByTestId('pay-held').click();
  await row.getByTestId('confirm-pay-held').click();
  await expect(page.getByText('The held balance was transferred to the host.')).toBeVisible();
  await expect(section.getByTestId('held-balance').filter({ hasText: 'host@mawarid.sa' })).toHaveCount(0);

  await host.reload();
  await expect(host.getByTestId('held-payout').first()).toContainText('transferred to your MyFatoorah supplier account');
  await expect(host.getByTestId('earnings-pending')).toHaveText(/0\.00/);
  await host.close();
});

test('the held balances in Arabic: right to left, Arabic heading', async ({ page }) => {
  await setLanguage(page, 'ar');
  await signInAs(page, 'admin', '/admin/payments');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('held-balances').getByRole('heading', { name: 'الأرصدة المحجوزة' })).toBeVisible();
});
