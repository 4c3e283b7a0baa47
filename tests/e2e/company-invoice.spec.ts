import { expect, test } from '@playwright/test';
import { DEMO_OFFICE, login, pickDays, riyadhDate, setLanguage, setPciCertified, uniqueEmail, verificationLinkFor } from './support';

// Our own card form is used: the merchant is declared PCI certified first (issue #24).
test.beforeAll(({ request }) => setPciCertified(request, true));

const L = {
  en: {
    book: 'Book now',
    toggle: 'Invoice to my company',
    company: 'Company name',
    vat: 'VAT registration number',
    cr: 'Commercial registration number',
    building: 'Building number',
    street: 'Street',
    district: 'District',
    city: 'City',
    postal: 'Postal code',
    save: 'Save company details',
    vatRequired: "Please enter the company's VAT registration number",
    vatInvalid: 'VAT registration number must be 15 digits, starting and ending with 3',
    address: 'Please complete the national address: building number, street, district, city and postal code',
    issuedTo: 'The tax invoice will be issued to your company:',
    card: 'Card details',
    holder: 'Cardholder name',
    number: 'Card number',
    month: 'Month',
    year: 'Year',
    cvv: 'CVV',
    pay: /^Pay /,
    view: 'View invoice',
    title: 'Tax Invoice',
    cityValue: 'Riyadh',
    verified: 'Email verified!',
  },
  ar: {
    book: 'احجز الآن',
    toggle: 'إصدار الفاتورة باسم شركتي',
    company: 'اسم الشركة',
    vat: 'رقم التسجيل في ضريبة القيمة المضافة',
    cr: 'رقم السجل التجاري',
    building: 'رقم المبنى',
    street: 'الشارع',
    district: 'الحي',
    city: 'المدينة',
    postal: 'الرمز البريدي',
    save: 'حفظ بيانات الشركة',
    vatRequired: 'يرجى إدخال رقم التسجيل الضريبي للشركة',
    vatInvalid: 'يجب أن يتكون رقم التسجيل الضريبي من 15 رقماً يبدأ وينتهي بالرقم 3',
    address: 'يرجى إكمال العنوان الوطني: رقم المبنى والشارع والحي والمدينة والرمز البريدي',
    issuedTo: 'ستصدر الفاتورة الضريبية باسم شركتك:',
    card: 'بيانات البطاقة',
    holder: 'اسم حامل البطاقة',
    number: 'رقم البطاقة',
    month: 'الشهر',
    year: 'السنة',
    cvv: 'رمز التحقق',
    pay: /^ادفع /,
    view: 'عرض الفاتورة',
    title: 'فاتورة ضريبية',
    cityValue: 'الرياض',
    verified: 'تم تأكيد البريد الإلكتروني!',
  },
};

// Days 350–360 from today on the demo office: no other journey books them.
for (const [lang, day] of [
  ['en', 350],
  ['ar', 355],
] as const) {
  const t = L[lang];
  test(`${lang}: checkout "Invoice to my company" asks for what the profile lacks, and the invoice is a standard tax invoice to the company`, async ({
    page,
  }) => {
    const email = uniqueEmail(`company-${lang}`);
    const res = await page.request.post('/api/auth/register', {
      data: { email, password: 'desert-rose-2026', full_name: 'Khalid Al-Harbi', locale: lang },
    });
    expect(res.status()).toBe(201);
    await setLanguage(page, lang);
    await page.goto(await verificationLinkFor(page, email));
    await expect(page.getByRole('heading', { name: t.verified })).toBeVisible();
    await login(page, email, 'desert-rose-2026');
    await expect(page).toHaveURL(/\/dashboard$/);

    type Listing = { id: string; title: string };
    const found = (await (await page.request.get(`/api/resources?search=${encodeURIComponent('Furnished private office')}`)).json()) as
      Listing[] | Record<string, unknown>;
    const list = (Array.isArray(found) ? found : Object.values(found).find(Array.isArray)) as Listing[];
    const id = list.find((r) => r.title.includes(DEMO_OFFICE))!.id;
    await page.goto(`/resources/${id}`);
    await pickDays(page, riyadhDate(day), riyadhDate(day + 1), lang);
    await page.getByRole('button', { name: t.book }).click();
    await expect(page).toHaveURL(/\/payment\/checkout$/);

    const box = page.getByTestId('company-invoice');
    await box.getByText(t.toggle).click();
    await box.getByLabel(t.company).fill('Harbi Logistics');
    await box.getByLabel(t.building).fill('8228');
    await box.getByRole('button', { name: t.save }).click();
    // Each problem under its field, in the page's language; nothing saved.
    await expect(box.getByText(t.vatRequired)).toBeVisible();
    await expect(box.getByText(t.address).first()).toBeVisible();
    await box.getByLabel(t.vat).fill('300000000000004');
    await box.getByLabel(t.cr).fill('1010123456');
    await box.getByRole('button', { name: t.save }).click();
    await expect(box.getByText(t.vatInvalid)).toBeVisible();
    // Arabic-Indic digits count as digits.
    await box.getByLabel(t.vat).fill(lang === 'ar' ? '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣' : '300000000000003');
    await box.getByLabel(t.street).fill('Imam Saud');
    await box.getByLabel(t.district).fill('Al Nakheel');
    await box.getByLabel(t.city).fill(t.cityValue);
    await box.getByLabel(t.postal).fill('12382');
    await box.getByRole('button', { name: t.save }).click();
    await expect(box.getByTestId('company-invoice-summary')).toContainText(t.issuedTo);
    await expect(box.getByTestId('company-invoice-summary')).toContainText('300000000000003');

    const form = page.getByRole('form', { name: t.card });
    await form.getByLabel(t.holder).fill('Khalid Al-Harbi');
    await form.getByLabel(t.number).fill('4508750015741019');
    await form.getByLabel(t.month).selectOption('12');
    await form.getByLabel(t.year).selectOption(String((new Date().getFullYear() + 1) % 100).padStart(2, '0'));
    await form.getByLabel(t.cvv).fill('123');
    await form.getByRole('button', { name: t.pay }).click();
    await expect(page).toHaveURL(/\/payment\/success$/);

    await page.getByRole('link', { name: t.view }).click();
    const invoice = page.getByTestId('invoice');
    await expect(invoice.getByRole('heading', { name: t.title, exact: true })).toBeVisible();
    await expect(page.getByTestId('invoice-buyer-vat')).toContainText('300000000000003');
    await expect(invoice).toContainText('Harbi Logistics');
    await expect(invoice).toContainText('1010123456');
    await expect(invoice).toContainText('8228 Imam Saud');
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
}
