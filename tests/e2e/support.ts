import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEMO = {
  admin: { email: 'admin@mawarid.sa', password: 'Admin#2026' },
  host: { email: 'host@mawarid.sa', password: 'Host#2026' },
  user: { email: 'user@mawarid.sa', password: 'User#2026' },
};

export type DemoRole = keyof typeof DEMO;

/**
 * Where sessions.setup.ts saves a demo role's signed-in browser storage: it signs in once per role per run (the
 * client keeps the session in localStorage: auth_token and user). playwright.config.ts sets E2E_DATA_DIR.
 */
export const sessionFile = (role: DemoRole) => join(process.env.E2E_DATA_DIR ?? tmpdir(), 'sessions', `${role}.json`);

/**
 * Puts a demo role's saved session in this page's storage and opens `path`, as the login form would have left it.
 * For specs that need a signed-in role, not the sign-in itself (that is auth.spec.ts). A whole file or describe
 * that keeps one role can use `test.use({ storageState: sessionFile(role) })` instead.
 */
export async function signInAs(page: Page, role: DemoRole, path: string) {
  const state = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as {
    origins: Array<{ localStorage: Array<{ name: string; value: string }> }>;
  };
  const items = state.origins.flatMap((o) => o.localStorage).filter((i) => i.name === 'auth_token' || i.name === 'user');
  expect(items.length, `no saved session for ${role}: run with the sessions setup project`).toBe(2);
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate((kept) => kept.forEach((i) => localStorage.setItem(i.name, i.value)), items);
  await page.goto(path);
}

/** A demo role's saved access token (from the sessions setup), for API calls made as that role. */
function savedToken(role: DemoRole): string {
  const state = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as {
    origins: Array<{ localStorage: Array<{ name: string; value: string }> }>;
  };
  const token = state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'auth_token')?.value;
  expect(token, `no saved session for ${role}: run with the sessions setup project`).toBeTruthy();
  return token!;
}

/**
 * The demo admin declares the merchant PCI certified (our own card form, direct charge) or not (the default: only
 * MyFatoorah's embedded form takes cards). Specs run one at a time; each that pays by card sets the mode it needs.
 */
export async function setPciCertified(request: APIRequestContext, on: boolean) {
  const res = await request.put('/api/admin/settings/myfatoorah', {
    headers: { authorization: `Bearer ${savedToken('admin')}` },
    data: { value: { pci_certified: on } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new browser context signed in as a demo role from its saved session, in `lang`, on `path`. */
export async function newSignedInPage(
  browser: Browser,
  role: DemoRole,
  path: string,
  opts: { lang?: 'en' | 'ar'; context?: BrowserContextOptions } = {},
): Promise<Page> {
  const page = await (await browser.newContext({ ...opts.context, storageState: sessionFile(role) })).newPage();
  await setLanguage(page, opts.lang ?? 'en');
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.sa`;

/** Reads the newest verification link sent to `email` from the dev outbox (GET /api/dev/outbox). */
export async function verificationLinkFor(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/outbox');
      const mails = (await res.json()) as Array<{ to: string; text: string }>;
      const mail = mails.find((m) => m.to === email);
      link = mail?.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

export async function setLanguage(page: Page, lang: 'en' | 'ar') {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel(/email|البريد/i).fill(email);
  await main.getByLabel(/password|كلمة المرور/i).fill(password);
  await main.getByRole('button', { name: /^(log in|تسجيل الدخول)$/i }).click();
}

/** Logs out through the header's account menu and waits until the session is really gone. */
export async function logoutViaMenu(page: Page, accountName: RegExp) {
  await expect(async () => {
    if ((await page.getByRole('menuitem', { name: /^(Logout|تسجيل الخروج)$/ }).count()) === 0) {
      await page.getByRole('button', { name: accountName }).click();
    }
    await page.getByRole('menuitem', { name: /^(Logout|تسجيل الخروج)$/ }).click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 2000 });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  }).toPass({ timeout: 15_000 });
}

/**
 * Chooses days in the listing page's booking calendar as a person does: "Next month" until the first day's month
 * shows, a click on it, then the same for the last day (days are Riyadh dates, YYYY-MM-DD). The calendar has no
 * typed date inputs (issue #23).
 */
export async function pickDays(page: Page, from: string, to: string, lang: 'en' | 'ar' = 'en') {
  const cal = page.getByTestId('booking-calendar');
  const next = cal.getByRole('button', { name: lang === 'ar' ? 'الشهر التالي' : 'Next month', exact: true });
  for (const day of [from, to]) {
    // Only the days of the month shown are drawn as buttons.
    let shown = ((await cal.locator('[data-day]').first().getAttribute('data-day')) ?? '').slice(0, 7);
    while (shown < day.slice(0, 7)) {
      const [y, m] = shown.split('-').map(Number);
      shown = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
      await next.click();
      await expect(cal.locator(`[data-day="${shown}-01"]`)).toBeVisible();
    }
    await cal.locator(`[data-day="${day}"]`).click();
  }
  await expect(page.getByTestId('booking-selection')).toHaveAttribute('data-chosen', `${from}/${to}`);
}

/** A Riyadh date `n` days from today, YYYY-MM-DD. */
export const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** The seeded office most payment journeys book. */
export const DEMO_OFFICE = 'Furnished private office in Al Olaya';

/**
 * Books the demo office for days `fromDay` and `fromDay + 1` and stops at checkout. Each spec keeps its own days, so
 * that journeys running one after another never meet on the office's calendar: payments 40–181, invoices 62,
 * keyboard 120 (chosen, not booked), payouts 210, embedded 240–261, finance 300.
 */
export async function bookOffice(page: Page, fromDay: number) {
  await page.goto('/resources');
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('Furnished private office');
  await page
    .getByRole('link', { name: new RegExp(DEMO_OFFICE) })
    .first()
    .click();
  await pickDays(page, riyadhDate(fromDay), riyadhDate(fromDay + 1));
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout$/);
}

/** Next year's two digits, the expiry year the test cards are given. */
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** Fills our own card form at checkout (the merchant declared PCI certified) and answers the form. */
export async function fillCard(page: Page, number: string, opts: { month?: string; year?: string; cvv?: string } = {}) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Cardholder name').fill('Sara Al-Otaibi');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Month').selectOption(opts.month ?? '12');
  await form.getByLabel('Year').selectOption(opts.year ?? nextYear);
  await form.getByLabel('CVV').fill(opts.cvv ?? '123');
  return form;
}

/** `bookOffice`, then pays with the test card on our own card form (the spec must have declared PCI certified). */
export async function bookOfficeAndPay(page: Page, fromDay: number) {
  await bookOffice(page, fromDay);
  const form = await fillCard(page, '4508750015741019');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
}
