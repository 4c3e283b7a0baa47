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
  expect(me).toMatchObject({ vat_number: '300000000000003', cr_number: '1010123456', national_address: { building_number: '7364', city: 'الرياض', postal_code: '12214' } });
  await page.reload();
  await page.getByRole('tab', { name: 'الملف الشخصي' }).click();
  await expect(page.getByLabel('رقم السجل التجاري')).toHaveValue('1010123456');
});
