import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@mawarid.sa', password: 'Admin#2026' },
  host: { email: 'host@mawarid.sa', password: 'Host#2026' },
  user: { email: 'user@mawarid.sa', password: 'User#2026' },
};

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
