import { expect, test as setup } from '@playwright/test';
import { DEMO, login, sessionFile } from './support';

// One sign-in through the login form per demo role and run; specs reuse the saved storage (signInAs).
for (const role of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    await login(page, DEMO[role].email, DEMO[role].password);
    await expect(page).not.toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    await page.context().storageState({ path: sessionFile(role) });
  });
}
