import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
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
