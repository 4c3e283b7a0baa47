import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO, login, setLanguage, signInAs } from './support';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startFakeZatca } from '../support/fake-zatca';

// The shared e2e server runs without ZATCA_ENV (playwright.config.ts), so there the card shows e-invoicing as not
// enabled, the counts at zero, and the onboarding form checks its fields but cannot be submitted. The onboarding
// journey runs on a server of its own in simulation, pointed at the local fake of the Fatoora API.

/** Serious or critical axe findings in the card (the settings page's other tabs are checked by a11y.spec.ts). */
async function axeFindings(page: Page) {
  const result = await new AxeBuilder({ page })
    .include('[role="tabpanel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`);
}

async function openZatcaTab(page: Page, tab: string) {
  await signInAs(page, 'admin', '/admin/settings');
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel');
}

test.describe('ZATCA e-invoicing card', () => {
  test('an admin sees that e-invoicing is off, what to do, and the form checks each field', async ({ page }) => {
    await setLanguage(page, 'en');
    const card = await openZatcaTab(page, 'ZATCA e-invoicing');
    await expect(card.getByRole('heading', { name: 'ZATCA e-invoicing', level: 2 })).toBeVisible();
    await expect(card.getByTestId('zatca-environment')).toHaveText('Not enabled');
    await expect(card.getByTestId('zatca-onboarding')).toHaveText('Not onboarded');
    await expect(card.getByTestId('zatca-off')).toContainText('set ZATCA_ENV on the server to simulation');
    for (const [status, label] of [
      ['cleared', 'Cleared'],
      ['reported', 'Reported'],
      ['reported_with_warnings', 'Reported with warnings'],
      ['rejected', 'Rejected'],
      ['pending', 'Pending'],
    ])
      await expect(card.getByTestId(`zatca-count-${status}`)).toHaveText(`${label}0`);

    const form = card.getByRole('form', { name: 'Onboard with ZATCA' });
    const otp = form.getByLabel('One-time code (OTP)');
    await otp.fill('12');
    await otp.blur();
    await expect(form.getByText('Enter the 6-digit one-time code from the Fatoora portal')).toBeVisible();
    await expect(otp).toHaveAttribute('aria-invalid', 'true');
    const vat = form.getByLabel('VAT number');
    await vat.fill('123456789012345');
    await vat.blur();
    await expect(form.getByText('The VAT number has 15 digits and starts and ends with 3')).toBeVisible();
    const name = form.getByLabel('Seller name');
    await name.focus();
    await name.blur();
    await expect(form.getByText('Required', { exact: true })).toBeVisible();
    const postal = form.getByLabel('Postal code');
    await postal.fill('1234');
    await postal.blur();
    await expect(form.getByText('The postal code has 5 digits')).toBeVisible();
    // Corrected, a field's message goes away.
    await otp.fill('123456');
    await expect(form.getByText('Enter the 6-digit one-time code from the Fatoora portal')).toBeHidden();
    await expect(otp).not.toHaveAttribute('aria-invalid', 'true');
    await expect(vat).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Onboarding is available once ZATCA_ENV is set on the server.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Start onboarding' })).toBeDisabled();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('in Arabic the card reads right to left and its checks are in Arabic', async ({ page }) => {
    await setLanguage(page, 'ar');
    const card = await openZatcaTab(page, 'الفوترة الإلكترونية (زاتكا)');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(card.getByTestId('zatca-environment')).toHaveText('غير مفعّلة');
    await expect(card.getByTestId('zatca-onboarding')).toHaveText('لم يتم الربط');
    await expect(card.getByTestId('zatca-off')).toContainText('الفوترة الإلكترونية غير مفعّلة على هذا الخادم');
    await expect(card.getByTestId('zatca-count-rejected')).toHaveText('مرفوضة0');

    const form = card.getByRole('form', { name: 'الربط مع زاتكا' });
    const otp = form.getByLabel('رمز التحقق لمرة واحدة');
    // Digits are typed left to right inside the right-to-left page.
    await expect(otp).toHaveAttribute('dir', 'ltr');
    await otp.fill('abc');
    await otp.blur();
    await expect(form.getByText('أدخل رمز التحقق المكوّن من 6 أرقام من منصة فاتورة')).toBeVisible();
    const crn = form.getByLabel('رقم السجل التجاري');
    await crn.fill('12');
    await crn.blur();
    await expect(form.getByText('رقم السجل التجاري 10 أرقام')).toBeVisible();
    const city = form.getByLabel('المدينة');
    await city.focus();
    await city.blur();
    await expect(form.getByText('مطلوب', { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: 'بدء الربط' })).toBeDisabled();
    expect(await axeFindings(page)).toEqual([]);
  });
});

test.describe('ZATCA onboarding against the fake Fatoora API', () => {
  let fake: Awaited<ReturnType<typeof startFakeZatca>> | undefined;
  let server: ServerProcess | undefined;
  test.afterAll(async () => {
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGTERM');
    await server?.exited;
    await fake?.close();
  });

  test('an admin onboards with the one-time code: a wrong code is refused at its field, the right one activates', async ({ browser }) => {
    test.setTimeout(180_000);
    // A server of this test's own in ZATCA's simulation, talking to the local fake (the shared server has no ZATCA_ENV).
    fake = await startFakeZatca({ otp: '123345' });
    const port = Number(process.env.E2E_PORT ?? 4173) + 1200;
    server = await startServerProcess(
      {
        NODE_ENV: 'development',
        SEED_DEMO: 'true',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'mawarid-e2e-zatca-')),
        APP_URL: `http://127.0.0.1:${port}`,
        LOGIN_MAX_ATTEMPTS: '50',
        ZATCA_ENV: 'simulation',
        ZATCA_BASE_URL: fake.url,
      },
      port,
    );
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await setLanguage(page, 'en');
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'ZATCA e-invoicing' }).click();
    const card = page.getByRole('tabpanel');
    await expect(card.getByTestId('zatca-environment')).toHaveText('Simulation');
    await expect(card.getByTestId('zatca-onboarding')).toHaveText('Not onboarded');
    await expect(card.getByTestId('zatca-off')).toHaveCount(0);

    const form = card.getByRole('form', { name: 'Onboard with ZATCA' });
    // The seller is the one General settings name (the demo's: "Mawarid", VAT 310122393500003); another is refused.
    const seller: Array<[string, string]> = [
      ['Seller name', 'Mawarid'],
      ['VAT number', '310122393500003'],
      ['Commercial registration number', '1010010000'],
      ['Street', 'King Fahd Road'],
      ['Building number', '1234'],
      ['District', 'Al Olaya'],
      ['City', 'Riyadh'],
      ['Postal code', '12211'],
      ['Branch or unit', 'Riyadh Branch'],
      ['Industry', 'Rental services'],
    ];
    for (const [label, value] of seller) await form.getByLabel(label).fill(value);
    const otp = form.getByLabel('One-time code (OTP)');
    await otp.fill('000000');
    await form.getByRole('button', { name: 'Start onboarding' }).click();
    await expect(form.getByText('Enter the 6-digit one-time code from the Fatoora portal')).toBeVisible();
    await expect(otp).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByTestId('zatca-onboarding')).toHaveText('Failed');

    await otp.fill('123345');
    await form.getByRole('button', { name: 'Start onboarding' }).click();
    await expect(page.getByText('Onboarding complete: invoices are now e-invoiced with ZATCA')).toBeVisible({ timeout: 60_000 });
    await expect(card.getByTestId('zatca-onboarding')).toHaveText('Active');
    await expect(card.getByText('Certificate expires on')).toBeVisible();
    await expect(card.getByRole('form', { name: 'Onboard with ZATCA' })).toHaveCount(0);
    expect(fake.requests.filter((r) => r.path === '/compliance/invoices')).toHaveLength(6);
    expect(fake.requests.filter((r) => r.path === '/production/csids')).toHaveLength(1);

    // Renewal with a new one-time code (ZATCA: PATCH /production/csids): a wrong code at its field, then renewed.
    const renewal = card.getByRole('form', { name: 'Renew the certificate' });
    const newOtp = renewal.getByLabel('One-time code (OTP)');
    await newOtp.fill('12');
    await renewal.getByRole('button', { name: 'Renew certificate' }).click();
    await expect(renewal.getByText('Enter the 6-digit one-time code from the Fatoora portal')).toBeVisible();
    await newOtp.fill('123345');
    await renewal.getByRole('button', { name: 'Renew certificate' }).click();
    await expect(page.getByText('The ZATCA certificate was renewed.')).toBeVisible({ timeout: 30_000 });
    expect(fake.requests.filter((r) => r.path === '/production/csids')).toHaveLength(2);
  });
});
