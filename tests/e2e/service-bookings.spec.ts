import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, login, setLanguage } from './support';

// Two signed-in browsers, two logins and a live update each: longer than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const T = {
  en: {
    book: 'Book this service',
    contact: 'Contact number',
    requirements: 'Requirements',
    submit: 'Send booking request',
    slotRequired: 'Please choose one of the free times',
    advisor: 'Advisor',
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
    gateway: 'Payment gateway',
    continueToGateway: /^Continue to pay/,
    testGateway: 'Test payment gateway',
    paid: 'Paid',
    success: 'Payment Successful!',
    toDashboard: 'Back to dashboard',
    viewInvoice: 'View invoice',
    invoiceTitle: 'Simplified Tax Invoice',
  },
  ar: {
    book: 'احجز هذه الخدمة',
    contact: 'رقم التواصل',
    requirements: 'المتطلبات',
    submit: 'إرسال طلب الحجز',
    slotRequired: 'يرجى اختيار أحد المواعيد المتاحة',
    advisor: 'المستشار',
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
    gateway: 'بوابة الدفع',
    continueToGateway: /^تابع لدفع/,
    testGateway: 'بوابة الدفع التجريبية',
    paid: 'مدفوع',
    success: 'تم الدفع بنجاح!',
    toDashboard: 'العودة إلى لوحة التحكم',
    viewInvoice: 'عرض الفاتورة',
    invoiceTitle: 'فاتورة ضريبية مبسطة',
  },
};

async function signedIn(browser: Browser, lang: 'en' | 'ar', who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await setLanguage(page, lang);
  await login(page, who.email, who.password);
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
  return page;
}

/**
 * The customer books a free slot of the service's advisor from its page (field errors first), the admin sees the
 * advisor and confirms it with a quote at that time (the meeting field comes filled with the slot).
 */
async function bookAndConfirm(browser: Browser, lang: 'en' | 'ar', servicePath: string, requirements: string, advisor: string) {
  const t = T[lang];
  const customer = await signedIn(browser, lang, DEMO.user);
  await customer.goto(servicePath);
  const form = customer.getByTestId('service-booking-form');
  // The service page arrives drawn by the server; a click before the page is live does nothing, so try again.
  // A click that did land may show the form after the check gave up: then the button is gone, and the form is there.
  await expect(async () => {
    if (!(await form.isVisible())) await customer.getByTestId('book-service').click({ timeout: 1000 });
    await expect(form).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await form.getByLabel(t.contact).fill('');
  await form.getByRole('button', { name: t.submit }).click();
  const picker = form.getByTestId('slot-picker');
  await expect(picker.getByText(t.slotRequired)).toBeVisible();
  await expect(form.getByText(t.contactRequired)).toBeVisible();
  await expect(form.getByText(t.requirementsRequired)).toBeVisible();
  // The days with free times, then the times of the chosen day (the advisor's hours, Riyadh time).
  await picker.getByTestId('slot-day').nth(1).click();
  const slot = picker.getByTestId('slot-time').first();
  const time = (await slot.innerText()).trim();
  expect(time).toMatch(/^\d{2}:00$/);
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByText(t.slotRequired)).toHaveCount(0);
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
  await expect(row.getByTestId('service-advisor')).toHaveText(advisor);
  await expect(row.getByText(time, { exact: true })).toBeVisible();
  await expect(row.getByTestId('complete-service-payment')).toHaveCount(0);

  const admin = await signedIn(browser, lang, DEMO.admin);
  await admin.getByRole('link', { name: t.adminLink }).click();
  await expect(admin).toHaveURL(/\/admin\/service-bookings$/);
  await admin.getByLabel(t.search).fill(requirements);
  await admin.getByTestId('service-booking-item').first().click();
  const detail = admin.getByTestId('service-booking-detail');
  await expect(detail.getByText(requirements)).toBeVisible();
  await expect(detail.getByTestId('detail-advisor')).toHaveText(advisor);
  await expect(detail.getByLabel(t.meeting)).toHaveValue(new RegExp(`T${time}$`));
  await detail.getByLabel(t.price).fill('1500');
  await detail.getByRole('button', { name: t.confirm }).click();
  await expect(detail.getByTestId('detail-status')).toHaveText(t.confirmed);

  // The customer's dashboard hears it live: confirmed, with the VAT-inclusive total and Complete Payment.
  await expect(row.getByTestId('service-booking-status')).toHaveText(t.confirmed);
  await expect(row.getByTestId('service-total')).toContainText('1,725.00');
  await expect(row.getByTestId('complete-service-payment')).toHaveText(t.completePayment);
  return { customer, admin, row };
}

/**
 * Complete Payment → checkout with the server's total → the test gateway's hosted page → success, verified by the
 * server → the dashboard row is paid and opens its tax invoice.
 */
async function payOnTestGateway(lang: 'en' | 'ar', customer: Page, requirements: string) {
  const t = T[lang];
  const row = customer.getByTestId('service-booking').filter({ hasText: requirements });
  await row.getByTestId('complete-service-payment').click();
  await expect(customer).toHaveURL(/\/payment\/service\/[0-9a-f-]{36}$/);
  const checkout = customer.getByTestId('service-checkout');
  await expect(checkout.getByTestId('payment-total')).toContainText('1,725.00');
  await checkout.getByText(t.gateway, { exact: true }).click();
  await checkout.getByRole('button', { name: t.continueToGateway }).click();
  await expect(customer.getByRole('heading', { name: t.testGateway })).toBeVisible();
  await customer.getByRole('button', { name: /450875/ }).click();
  await expect(customer).toHaveURL(/\/payment\/success\?service_booking_id=/);
  await expect(customer.getByRole('heading', { name: t.success })).toBeVisible();
  await expect(customer.getByTestId('payment-total')).toContainText('1,725.00');

  await customer.getByRole('link', { name: t.toDashboard }).click();
  await expect(customer).toHaveURL(/\/dashboard$/);
  await expect(row.getByTestId('service-payment-status')).toHaveText(t.paid);
  await expect(row.getByTestId('complete-service-payment')).toHaveCount(0);
  await row.getByRole('link', { name: t.viewInvoice }).click();
  await expect(customer).toHaveURL(/\/service-bookings\/[0-9a-f-]{36}\/invoice$/);
  const invoice = customer.getByTestId('invoice');
  await expect(invoice.getByRole('heading', { name: t.invoiceTitle })).toBeVisible();
  await expect(customer.getByTestId('invoice-number')).toHaveText(/^\d+$/);
  await expect(invoice).toContainText('1,725.00');
  await expect(invoice).toContainText('225.00');
}

test('book a free slot of a business service in English → admin confirms with a price → Complete Payment → test gateway → invoice', async ({
  browser,
}) => {
  const requirements = `Market entry study ${Date.now()}`;
  const { customer } = await bookAndConfirm(browser, 'en', '/services/strategic-consulting', requirements, 'Khalid Al-Mutairi');
  await payOnTestGateway('en', customer, requirements);
  await expect(customer.getByTestId('invoice')).toContainText('Strategic Consulting');
});

test('book a free slot of a legal service in Arabic → admin confirms with a price → إتمام الدفع → test gateway → invoice', async ({
  browser,
}) => {
  const requirements = `مراجعة عقد توريد ${Date.now()}`;
  const { customer } = await bookAndConfirm(browser, 'ar', '/legal/corporate-law', requirements, 'Reem Al-Dosari');
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await payOnTestGateway('ar', customer, requirements);
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(customer.getByTestId('invoice')).toContainText('قانون الشركات');
});
