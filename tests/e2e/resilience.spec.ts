import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, setLanguage } from './support';

const NETWORK_MESSAGE = {
  en: 'Unable to connect to backend service. Please check your network connection or try again later.',
  ar: 'تعذر الاتصال بالخادم. يرجى التحقق من اتصالك بالشبكة أو المحاولة لاحقاً.',
} as const;

const operationOf = (body: unknown) => (body as { operationName?: string } | null)?.operationName;

async function signedInOnDashboard(page: Page, lang: 'en' | 'ar') {
  await setLanguage(page, lang);
  await login(page, DEMO.user.email, DEMO.user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const lang of ['en', 'ar'] as const) {
  test(`a network blip on reload is not a sign-out (${lang})`, async ({ page }) => {
    await signedInOnDashboard(page, lang);
    // The "who am I" check cannot reach the server.
    const blocked = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      if (operationOf(route.request().postDataJSON()) === 'Me') return route.abort('internetdisconnected');
      return route.fallback();
    };
    await page.route('**/graphql', blocked);
    await page.reload();
    await expect(page.getByTestId('connection-lost')).toHaveText(NETWORK_MESSAGE[lang]);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();

    // The server is back: the check is retried by itself and the user is still signed in.
    const meAnswered = page.waitForResponse(
      (r) => r.url().includes('/graphql') && operationOf(r.request().postDataJSON()) === 'Me' && r.ok(),
      { timeout: 20_000 },
    );
    await page.unroute('**/graphql', blocked);
    await meAnswered;
    await expect(page.getByTestId('connection-lost')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();
  });
}

test('a token the server no longer accepts still signs out on reload', async ({ page }) => {
  await signedInOnDashboard(page, 'en');
  await page.evaluate(() => localStorage.setItem('auth_token', 'not-a-valid-token'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});
