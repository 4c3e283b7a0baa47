import { expect, test, type Page } from '@playwright/test';
import { login, setLanguage, uniqueEmail } from './support';

async function registerByApi(page: Page, email: string, password: string, fullName: string, locale: 'en' | 'ar') {
  const res = await page.request.post('/api/auth/register', { data: { email, password, full_name: fullName, locale } });
  expect(res.status()).toBe(201);
}

test('profile: company details for invoices, with the message at the field, in Arabic', async ({ page }) => {
  const email = uniqueEmail('profile-ar');
  await registerByApi(page, email, 'old-desert-2026', 'نورة السعود', 'ar');
  await setLanguage(page, 'ar');
  await login(page, email, 'old-desert-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('tab', { name: 'الملف الشخصي' }).click();

  const vat = page.getByLabel('رقم التسجيل في ضريبة القيمة المضافة');
  await vat.fill('300000000000004');
  await page.getByLabel('رقم السجل التجاري').fill('١٠١٠١٢٣٤٥٦');
  await page.getByLabel('رقم المبنى').fill('7364');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('يجب أن يتكون رقم التسجيل الضريبي من 15 رقماً يبدأ وينتهي بالرقم 3')).toBeVisible();
  await expect(page.getByText('يرجى إكمال العنوان الوطني: رقم المبنى والشارع والحي والمدينة والرمز البريدي')).toBeVisible();

  await vat.fill('300000000000003');
  await page.getByLabel('الشارع').fill('طريق الملك فهد');
  await page.getByLabel('الحي').fill('العليا');
  await page.getByLabel('المدينة').fill('الرياض');
  await page.getByLabel('الرمز البريدي').fill('12214');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم تحديث الملف الشخصي')).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const me = await (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me).toMatchObject({
    vat_number: '300000000000003',
    cr_number: '1010123456',
    national_address: { building_number: '7364', city: 'الرياض', postal_code: '12214' },
  });
  await page.reload();
  await page.getByRole('tab', { name: 'الملف الشخصي' }).click();
  await expect(page.getByLabel('رقم السجل التجاري')).toHaveValue('1010123456');
});

for (const lang of ['en', 'ar'] as const) {
  const L = {
    en: {
      tab: 'Profile',
      download: 'Download my data',
      del: 'Delete my account',
      dialog: 'Delete your account?',
      password: /^Your password/,
      confirm: 'Delete permanently',
      done: 'Your account has been deleted.',
      wrong: 'Current password is incorrect',
    },
    ar: {
      tab: 'الملف الشخصي',
      download: 'تنزيل بياناتي',
      del: 'حذف حسابي',
      dialog: 'حذف حسابك؟',
      password: /^كلمة المرور/,
      confirm: 'حذف نهائي',
      done: 'تم حذف حسابك.',
      wrong: 'كلمة المرور الحالية غير صحيحة',
    },
  }[lang];

  test(`${lang}: download my data, then delete the account after reading what goes and what stays`, async ({ page }) => {
    const email = uniqueEmail(`rights-${lang}`);
    await registerByApi(page, email, 'old-desert-2026', lang === 'ar' ? 'سارة الدوسري' : 'Sara Al-Dosari', lang);
    await setLanguage(page, lang);
    await login(page, email, 'old-desert-2026');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('tab', { name: L.tab }).click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: L.download }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^mawarid-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(data).toMatchObject({ format_version: 2, profile: { email }, bookings: [], payments: [], invoices: [] });
    // A freshly registered, unverified account's export holds its own account only, summed up in its language.
    expect(data).toMatchObject({ inquiries: [], newsletter: null });
    expect(data.summary).toContain(lang === 'ar' ? 'بياناتك' : 'Your Mawarid data');

    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    await page.getByRole('button', { name: L.del }).click();
    const dialog = page.getByRole('alertdialog', { name: L.dialog });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(L.password).fill('wrong-password');
    await dialog.getByRole('button', { name: L.confirm }).click();
    await expect(dialog.getByText(L.wrong)).toBeVisible();
    await dialog.getByLabel(L.password).fill('old-desert-2026');
    await dialog.getByRole('button', { name: L.confirm }).click();
    await expect(page.getByText(L.done).first()).toBeVisible();
    await expect(page).not.toHaveURL(/\/dashboard/);
    expect((await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    // The address is free again.
    const again = await page.request.post('/api/auth/register', { data: { email, password: 'fresh-start-2026', full_name: 'Again' } });
    expect(again.status()).toBe(201);
  });
}

test('the privacy page states the rights and how to use them, in English and Arabic; registration names the version', async ({ page }) => {
  await setLanguage(page, 'en');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Your rights and how to use them' })).toBeVisible();
  await expect(page.getByText(/Download my data/)).toBeVisible();
  await expect(page.getByText(/This is version \d{4}-\d{2}-\d{2} of this policy/)).toBeVisible();
  await setLanguage(page, 'ar');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'حقوقك وكيفية ممارستها' })).toBeVisible();
  await expect(page.getByText(/حذف حسابي/)).toBeVisible();
  await page.goto('/login');
  await page.getByRole('button', { name: 'أنشئ حساباً' }).click();
  await expect(
    page.getByTestId('privacy-consent').getByRole('link', { name: /سياسة الخصوصية \(النسخة \d{4}-\d{2}-\d{2}\)/ }),
  ).toBeVisible();
});
