import { expect, test } from '@playwright/test';
import { setLanguage, signInAs, uniqueEmail } from './support';

test.describe.configure({ timeout: 120_000 });

type Slots = {
  has_advisors: boolean;
  days: Array<{ date: string; slots: Array<{ time: string; advisors: Array<{ id: string; display_name: string }> }> }>;
};

test('an admin sees the advisors, adds one for a new account, and its Monday hours become free slots', async ({ page }) => {
  const email = uniqueEmail('advisor');
  const reg = await page.request.post('/api/auth/register', {
    data: { email, password: 'desert-rose-2026', full_name: 'Sara Al-Qahtani', company_name: 'Qassim Advisory' },
  });
  expect(reg.status()).toBe(201);

  await setLanguage(page, 'en');
  await signInAs(page, 'admin', '/admin');
  await page.getByRole('link', { name: 'Advisors', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/advisors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Advisors' })).toBeVisible();
  const seeded = page.getByTestId('advisor-row').filter({ hasText: 'Khalid Al-Mutairi' });
  await expect(seeded).toContainText('advisor@mawarid.sa');
  await expect(seeded).toContainText('Strategic Consulting');
  await expect(seeded.getByTestId('advisor-status')).toHaveText('Active');

  await page.getByRole('button', { name: 'Add advisor' }).click();
  const form = page.getByTestId('advisor-form');
  await expect(form.getByRole('heading', { name: 'Add an advisor' })).toBeVisible();
  // Nothing filled: the shared rules answer at their fields before anything is sent.
  await form.getByRole('button', { name: 'Save advisor' }).click();
  await expect(form.getByText('Please enter the email of the advisor’s account')).toBeVisible();
  await expect(form.getByText('Please choose at least one service')).toBeVisible();

  // An address without an account: the server's refusal is shown at the email field.
  await form.getByLabel('Account email').fill(uniqueEmail('nobody'));
  await form.getByLabel('Display name').fill('Sara Al-Qahtani');
  await form.getByRole('checkbox', { name: 'Sustainability Consulting' }).check({ force: true });
  await form.getByRole('button', { name: 'Save advisor' }).click();
  await expect(form.getByText('No active account has this email')).toBeVisible();

  await form.getByLabel('Account email').fill(email);
  await form.getByRole('button', { name: 'Add hours on Monday' }).click();
  await form.getByLabel('Monday from').fill('09:00');
  await form.getByLabel('Monday to').fill('12:00');
  await form.getByRole('button', { name: 'Save advisor' }).click();
  await expect(page.getByText('Advisor added').first()).toBeVisible();
  await expect(form).toBeHidden();
  const added = page.getByTestId('advisor-row').filter({ hasText: email });
  await expect(added).toContainText('Sara Al-Qahtani');
  await expect(added).toContainText('Sustainability Consulting');

  // The public slots of the service now offer Monday 09:00, 10:00 and 11:00 with her (the next two weeks hold a Monday).
  const res = await page.request.get('/api/services/sustainability/slots');
  expect(res.status()).toBe(200);
  const slots = (await res.json()) as Slots;
  expect(slots.has_advisors).toBe(true);
  const mondays = slots.days.filter((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 1);
  expect(mondays.length).toBeGreaterThan(0);
  const times = mondays.at(-1)!.slots;
  expect(times.map((s) => s.time)).toEqual(['09:00', '10:00', '11:00']);
  expect(times[0].advisors.map((a) => a.display_name)).toEqual(['Sara Al-Qahtani']);
  expect(slots.days.every((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);

  // Editing: she stops taking bookings, and the service has no slots any more.
  await added.getByRole('button', { name: 'Edit Sara Al-Qahtani' }).click();
  await expect(form.getByRole('heading', { name: 'Edit Sara Al-Qahtani' })).toBeVisible();
  await expect(form.getByLabel('Monday from')).toHaveValue('09:00');
  await form.getByLabel('Takes bookings').uncheck({ force: true });
  await form.getByRole('button', { name: 'Save advisor' }).click();
  await expect(page.getByText('Advisor saved').first()).toBeVisible();
  await expect(added.getByTestId('advisor-status')).toHaveText('Inactive');
  const after = (await (await page.request.get('/api/services/sustainability/slots')).json()) as Slots;
  expect(after.has_advisors).toBe(false);
});

test('the advisors page in Arabic is right to left', async ({ page }) => {
  await setLanguage(page, 'ar');
  await signInAs(page, 'admin', '/admin/advisors');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'المستشارون' })).toBeVisible();
  await expect(page.getByTestId('advisor-row').filter({ hasText: 'Khalid Al-Mutairi' }).getByTestId('advisor-status')).toHaveText('نشط');
  await page.getByRole('button', { name: 'إضافة مستشار' }).click();
  await expect(page.getByLabel('بريد الحساب')).toBeVisible();
  await expect(page.getByRole('button', { name: 'إضافة ساعات يوم الاثنين' })).toBeVisible();
});
