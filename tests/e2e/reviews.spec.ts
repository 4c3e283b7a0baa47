import { expect, test, type Page } from '@playwright/test';
import { newSignedInPage, setLanguage, signInAs, setPciCertified } from './support';

// These journeys use our own card form (or direct charge): the merchant is declared PCI certified first (issue #24).
test.beforeAll(({ request }) => setPciCertified(request, true));

const TEMPLATE = 'Commercial office lease template';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/**
 * Setup through the API, as the signed-in demo customer: buy the demo host's digital template again and pay it with
 * the test card. A paid digital purchase is reviewable at once (docs/decisions.md, "Reviews"), so the journey needs
 * no waiting for a booking's end.
 */
async function buyTemplate(page: Page): Promise<{ bookingId: string; resourceId: string }> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.get(`/api/resources?search=${encodeURIComponent(TEMPLATE)}`)).json();
  const resourceId = list.items.find((r: { title: string }) => r.title.startsWith(TEMPLATE)).id as string;
  const booked = await page.request.post('/api/bookings', { data: { resource_id: resourceId }, headers });
  expect(booked.status()).toBe(201);
  const bookingId = (await booked.json()).id as string;
  const paid = await page.request.post('/api/payment/direct-charge', {
    headers,
    data: {
      booking_id: bookingId,
      card_holder_name: 'Sara Al-Otaibi',
      card_number: '4508750015741019',
      expiry_month: '12',
      expiry_year: nextYear,
      cvv: '123',
    },
  });
  expect((await paid.json()).success).toBe(true);
  return { bookingId, resourceId };
}

const JOURNEYS = [
  {
    lang: 'en' as const,
    leave: 'Leave a review',
    star: (n: number) => `${n} of 5 stars`,
    publish: 'Publish review',
    comment: `Clear clauses and notes on Ejar; saved us a week (${Date.now()}).`,
    reply: 'Glad it helped, thank you!',
    replyButton: 'Reply',
    replySend: 'Publish reply',
    hostReply: "Host's reply",
    noRating: 'Please choose a rating from 1 to 5 stars',
    shortComment: 'Please write at least 10 characters about your experience',
  },
  {
    lang: 'ar' as const,
    leave: 'اكتب تقييماً',
    star: (n: number) => `${n} من 5 نجوم`,
    publish: 'نشر التقييم',
    comment: `نموذج واضح مع ملاحظات عن إيجار، وفّر علينا أسبوعاً (${Date.now()}).`,
    reply: 'سعداء بأنه أفادكم، شكراً لكم!',
    replyButton: 'رد',
    replySend: 'نشر الرد',
    hostReply: 'رد المضيف',
    noRating: 'يرجى اختيار تقييم من نجمة إلى 5 نجوم',
    shortComment: 'يرجى كتابة 10 أحرف على الأقل عن تجربتك',
  },
];

for (const j of JOURNEYS) {
  test(`complete → review with the keyboard → the host replies; the listing shows both (${j.lang})`, async ({ page, browser }) => {
    // Three people's browsers, one after the other.
    test.setTimeout(120_000);
    await setLanguage(page, j.lang);
    await signInAs(page, 'user', '/dashboard');
    const { bookingId, resourceId } = await buyTemplate(page);
    await page.reload();
    if (j.lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    const row = page.locator(`[data-booking-id="${bookingId}"]`);
    await row.getByRole('button', { name: j.leave }).click();
    const dialog = page.getByRole('alertdialog');
    // An empty review names both problems at once, each at its field, in the page's language.
    await dialog.getByRole('button', { name: j.publish }).click();
    await expect(dialog.getByRole('radiogroup')).toHaveAccessibleDescription(j.noRating);
    await expect(dialog.getByText(j.shortComment)).toBeVisible();
    await expect(dialog.getByTestId('review-comment')).toHaveAttribute('aria-invalid', 'true');
    // The stars are a radio group: reached with Tab, moved with the arrow keys (either reading direction).
    await dialog.getByRole('radio', { name: j.star(1) }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: j.star(4) })).toBeChecked();
    await expect(dialog.getByRole('radiogroup')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('textbox').fill(j.comment);
    await expect(dialog.getByTestId('review-comment')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: j.publish }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: j.leave })).toHaveCount(0);

    // The host answers on the listing's page.
    const host = await newSignedInPage(browser, 'host', `/resources/${resourceId}`, { lang: j.lang });
    const review = host.getByTestId('review').filter({ hasText: j.comment });
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: j.replyButton }).click();
    await review.getByRole('textbox').fill(j.reply);
    await review.getByRole('button', { name: j.replySend }).click();
    await expect(review.getByTestId('review-reply')).toContainText(j.reply);
    await expect(review.getByRole('button', { name: j.replyButton })).toHaveCount(0);
    await host.context().close();

    // A visitor sees the review, its stars and the reply, in the page the server drew.
    const visitor = await (await browser.newContext()).newPage();
    await setLanguage(visitor, j.lang);
    const res = await visitor.request.get(`/resources/${resourceId}`, { headers: { 'accept-language': j.lang } });
    const html = await res.text();
    expect(html).toContain(j.reply);
    await visitor.goto(`/resources/${resourceId}`);
    const seen = visitor.getByTestId('review').filter({ hasText: j.comment });
    await expect(seen.getByTestId('review-reply')).toContainText(j.hostReply);
    await expect(seen.getByRole('img', { name: j.lang === 'en' ? '4.0 out of 5 stars' : '4.0 من 5 نجوم' })).toBeVisible();
    await visitor.context().close();
  });
}
