import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, login, setLanguage } from './support';

// Two signed-in browsers, two logins and a live update each: longer than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

const T = {
  en: {
    book: 'Book this service',
    date: 'Preferred date',
    time: 'Preferred time',
    contact: 'Contact number',
    requirements: 'Requirements',
    submit: 'Send booking request',
    dateRequired: 'Please choose a preferred date',
    contactRequired: 'Please enter a contact number',
    contactInvalid: 'Please enter a valid phone number (for example 05XXXXXXXX or +966 5X XXX XXXX)',
    requirementsRequired: 'Please describe your requirements',
    pending: 'Pending',
    confirmed: 'Confirmed',
    completePayment: 'Complete Payment',
    adminLink: 'Service bookings',
    search: 'Search service bookings',
    price: 'Price (SAR, before VAT)',
    meeting: 'Meeting date and time',
    confirm: 'Confirm booking',
  },
  ar: {
    book: 'احجز هذه الخدمة',
    date: 'التاريخ المفضل',
    time: 'الوقت المفضل',
    contact: 'رقم التواصل',
    requirements: 'المتطلبات',
    submit: 'إرسال طلب الحجز',
    dateRequired: 'يرجى اختيار التاريخ المفضل',
    contactRequired: 'يرجى إدخال رقم للتواصل',
    contactInvalid: 'يرجى إدخال رقم هاتف صحيح (مثل 05XXXXXXXX أو ‎+966 5X XXX XXXX)',
    requirementsRequired: 'يرجى وصف متطلباتك',
    pending: 'قيد الانتظار',
    confirmed: 'مؤكد',
    completePayment: 'إتمام الدفع',
    adminLink: 'حجوزات الخدمات',
    search: 'البحث في حجوزات الخدمات',
    price: 'السعر (ريال، قبل الضريبة)',
    meeting: 'تاريخ ووقت الاجتماع',
    confirm: 'تأكيد الحجز',
  },
};

async function signedIn(browser: Browser, lang: 'en' | 'ar', who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await setLanguage(page, lang);
  await login(page, who.email, who.password);
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
  return page;
}

/** The customer books from a service page (field errors first), the admin confirms it with a quote. */
async function bookAndConfirm(browser: Browser, lang: 'en' | 'ar', servicePath: string, requirements: string) {
  const t = T[lang];
  const customer = await signedIn(browser, lang, DEMO.user);
  await customer.goto(servicePath);
  const form = customer.getByTestId('service-booking-form');
  // The service page arrives drawn by the server; a click before the page is live does nothing, so try again.
  await expect(async () => {
    await customer.getByTestId('book-service').click({ timeout: 1000 });
    await expect(form).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await form.getByLabel(t.contact).fill('');
  await form.getByRole('button', { name: t.submit }).click();
  await expect(form.getByText(t.dateRequired)).toBeVisible();
  await expect(form.getByText(t.contactRequired)).toBeVisible();
  await expect(form.getByText(t.requirementsRequired)).toBeVisible();
  await form.getByLabel(t.date).fill(riyadhDate(5));
  await form.getByLabel(t.time).fill('10:30');
  await form.getByLabel(t.contact).fill('12345');
  await form.getByLabel(t.requirements).fill(requirements);
  await form.getByRole('button', { name: t.submit }).click();
  await expect(form.getByText(t.contactInvalid)).toBeVisible();
  await form.getByLabel(t.contact).fill('050 123 4567');
  await form.getByRole('button', { name: t.submit }).click();
  await expect(customer).toHaveURL(/\/dashboard$/);
  const row = customer.getByTestId('service-booking').filter({ hasText: requirements });
  await expect(row.getByTestId('service-booking-status')).toHaveText(t.pending);
  await expect(row.getByText('+966501234567')).toBeVisible();
  await expect(row.getByTestId('complete-service-payment')).toHaveCount(0);

  const admin = await signedIn(browser, lang, DEMO.admin);
  await admin.getByRole('link', { name: t.adminLink }).click();
  await expect(admin).toHaveURL(/\/admin\/service-bookings$/);
  await admin.getByLabel(t.search).fill(requirements);
  await admin.getByTestId('service-booking-item').first().click();
  const detail = admin.getByTestId('service-booking-detail');
  await expect(detail.getByText(requirements)).toBeVisible();
  await detail.getByLabel(t.price).fill('1500');
  await detail.getByLabel(t.meeting).fill(`${riyadhDate(6)}T11:00`);
  await detail.getByRole('button', { name: t.confirm }).click();
  await expect(detail.getByTestId('detail-status')).toHaveText(t.confirmed);

  // The customer's dashboard hears it live: confirmed, with the VAT-inclusive total and Complete Payment.
  await expect(row.getByTestId('service-booking-status')).toHaveText(t.confirmed);
  await expect(row.getByTestId('service-total')).toContainText('1,725.00');
  await expect(row.getByTestId('complete-service-payment')).toHaveText(t.completePayment);
  return { customer, admin, row };
}

test('book a business service in English → admin confirms with a price → Complete Payment on /dashboard', async ({ browser }) => {
  const { customer, row } = await bookAndConfirm(browser, 'en', '/services/strategic-consulting', `Market entry study ${Date.now()}`);
  // Checkout shows the quote, 15% VAT and the total from the server; online payment of service bookings is not open yet.
  await row.getByTestId('complete-service-payment').click();
  await expect(customer).toHaveURL(/\/payment\/service\/[0-9a-f-]{36}$/);
  await expect(customer.getByTestId('checkout-total')).toContainText('1,725.00');
  await expect(customer.getByTestId('service-payment-unavailable')).toBeVisible();
});

test('book a legal service in Arabic → admin confirms with a price → إتمام الدفع on /dashboard', async ({ browser }) => {
  const { customer } = await bookAndConfirm(browser, 'ar', '/legal/contract-review', `مراجعة عقد توريد ${Date.now()}`);
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
});
