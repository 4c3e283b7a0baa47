import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, setLanguage, setPciCertified } from './support';

// These journeys use our own card form (or direct charge): the merchant is declared PCI certified first (issue #24).
test.beforeAll(({ request }) => setPciCertified(request, true));

// Keyboard only: every control of the login, booking and checkout journeys is reached with Tab (in the page's
// own tab order), filled by typing, and activated with Enter — no clicks, no programmatic fills.

// Days 120–121 of the demo office: no other journey books them.
const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** Presses Tab until `target` has the focus; fails if it is not in the tab order within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('log in, book a listing and pay for it with the keyboard alone', async ({ page }) => {
  await setLanguage(page, 'en');
  await page.goto('/login');
  const main = page.getByRole('main');
  await tabTo(page, main.getByLabel('Email'));
  await page.keyboard.type(DEMO.user.email);
  await tabTo(page, main.getByLabel('Password'));
  await page.keyboard.type(DEMO.user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  const found = await page.request.get('/api/resources?search=' + encodeURIComponent('Furnished private office'));
  const { items } = (await found.json()) as { items: Array<{ id: string }> };
  await page.goto(`/resources/${items[0].id}`);
  // The booking calendar is one tab stop (today); the arrows move a day or a week, Enter picks the first and last day.
  const calendar = page.getByTestId('booking-calendar');
  await tabTo(page, calendar.locator(`[data-day="${riyadhDate(0)}"]`));
  for (let i = 0; i < 17; i++) await page.keyboard.press('ArrowDown'); // 119 days on
  await page.keyboard.press('ArrowRight');
  await expect(calendar.locator(`[data-day="${riyadhDate(120)}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('booking-selection')).toHaveAttribute('data-chosen', `${riyadhDate(120)}/${riyadhDate(121)}`);
  await expect(page.getByTestId('booking-selection')).toContainText('Your dates:');
  await tabTo(page, page.getByRole('button', { name: 'Book now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/checkout$/);

  const form = page.getByRole('form', { name: 'Card details' });
  await tabTo(page, form.getByLabel('Cardholder name'));
  await page.keyboard.type('Sara Al-Otaibi');
  await tabTo(page, form.getByLabel('Card number'));
  await page.keyboard.type('4508750015741019');
  await expect(form.getByLabel('Card number')).toHaveValue('4508 7500 1574 1019');
  await tabTo(page, form.getByLabel('Month'));
  await page.keyboard.type('12');
  await tabTo(page, form.getByLabel('Year'));
  await page.keyboard.type(nextYear);
  await expect(form.getByLabel('Month')).toHaveValue('12');
  await expect(form.getByLabel('Year')).toHaveValue(nextYear);
  await tabTo(page, form.getByLabel('CVV'));
  await page.keyboard.type('123');
  await tabTo(page, form.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('the skip link is the first stop and moves the focus to the main content', async ({ page }) => {
  await setLanguage(page, 'en');
  await page.goto('/resources');
  const skip = page.getByRole('link', { name: /skip to (main )?content/i });
  // The app renders in the browser: wait for the page before the first key press.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(skip).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main|\/resources/);
  await page.keyboard.press('Tab');
  // The next stop is inside the main content, not back in the header.
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('in Arabic the booking calendar runs right to left: the left arrow is the next day, Enter and Space pick, and the choice clears', async ({
  page,
}) => {
  await setLanguage(page, 'ar');
  const found = await page.request.get('/api/resources?search=' + encodeURIComponent('Furnished private office'));
  const { items } = (await found.json()) as { items: Array<{ id: string }> };
  await page.goto(`/resources/${items[0].id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const calendar = page.getByTestId('booking-calendar');
  await tabTo(page, calendar.locator(`[data-day="${riyadhDate(0)}"]`));
  // Days 130–132 of the office: no journey books them. Down a week at a time, then left (the next day in Arabic).
  for (let i = 0; i < 18; i++) await page.keyboard.press('ArrowDown'); // 126 days on
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(calendar.locator(`[data-day="${riyadhDate(130)}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(calendar.locator(`[data-day="${riyadhDate(131)}"]`)).toBeFocused();
  await page.keyboard.press(' ');
  const chosen = page.getByTestId('booking-selection');
  await expect(chosen).toHaveAttribute('data-chosen', `${riyadhDate(130)}/${riyadhDate(131)}`);
  await expect(chosen).toContainText('التواريخ المختارة:');
  await expect(page.getByTestId('booking-estimate')).toBeVisible();
  // The clear button is the next stop after the choice, and forgets it.
  await tabTo(page, page.getByRole('button', { name: 'مسح التواريخ' }));
  await page.keyboard.press('Enter');
  await expect(chosen).toHaveText('لم تختر تواريخ بعد.');
});
