import { expect, test } from '@playwright/test';
import { DEMO, login, logoutViaMenu, setLanguage, uniqueEmail, verificationLinkFor } from './support';

test.describe('account journey in English', () => {
  test('register → verify from the email link → log out → log in → log out', async ({ page }) => {
    const email = uniqueEmail('journey-en');
    await setLanguage(page, 'en');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full name').fill('Omar Al-Shehri');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('desert-rose-2026');
    await page.getByLabel(/Company name/).fill('Dammam Freight');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Registration successful! Please check your email to verify your account.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // The dashboard tells an unverified user so.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Omar Al-Shehri' })).toBeVisible();
    await expect(page.getByTestId('unverified-banner')).toBeVisible();

    const link = await verificationLinkFor(page, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
    await expect(page.getByTestId('unverified-banner')).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();

    await login(page, email, 'desert-rose-2026');
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByText(email)).toBeVisible();

    await logoutViaMenu(page, /Account menu for Omar/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong password shows the failure and keeps the visitor on /login', async ({ page }) => {
    await setLanguage(page, 'en');
    await login(page, DEMO.user.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired or used link shows the right view', async ({ page }) => {
    await setLanguage(page, 'en');
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByText('Invalid verification link')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  });

  test('guards: visitors go to /login, non-admins away from /admin, admins away from /dashboard', async ({ page }) => {
    await setLanguage(page, 'en');
    for (const path of ['/dashboard', '/my-bookings', '/resources/list', '/admin', '/verify-email']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
    await login(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page.getByText('Admin access required')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/resources/list');
    await expect(page.getByText('You need to be a host/seller to list resources')).toBeVisible();
    await expect(page).toHaveURL(/\/resources$/);

    await page.evaluate(() => localStorage.clear());
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a session the server no longer accepts sends the browser to /login', async ({ page }) => {
    await setLanguage(page, 'en');
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'expired.or.forged');
      localStorage.setItem('user', JSON.stringify({ id: 'x', email: 'x@y.sa', fullName: 'Ghost', role: 'regular', status: 'active', emailVerified: true }));
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});

test.describe('account journey in Arabic', () => {
  test('register → verify → log out → log in, right-to-left', async ({ page }) => {
    const email = uniqueEmail('journey-ar');
    await setLanguage(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByRole('link', { name: 'ابدأ الآن' }).click();
    await expect(page.getByRole('heading', { name: 'أنشئ حسابك' })).toBeVisible();
    await page.getByLabel('الاسم الكامل').fill('ريم العنزي');
    await page.getByLabel(/^البريد الإلكتروني/).fill(email);
    await page.getByLabel(/^كلمة المرور/).fill('najd-palm-2026');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByText('تم التسجيل بنجاح! يرجى مراجعة بريدك الإلكتروني لتأكيد حسابك.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'تحقق من بريدك الإلكتروني' })).toBeVisible();

    const link = await verificationLinkFor(page, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'تم تأكيد البريد الإلكتروني!' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { name: 'مرحباً، ريم العنزي' })).toBeVisible();

    await page.getByRole('button', { name: 'تسجيل الخروج' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('تم تسجيل الخروج بنجاح')).toBeVisible();

    await login(page, email, 'najd-palm-2026');
    await expect(page.getByText('تم تسجيل الدخول بنجاح!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('the language switch flips the whole page', async ({ page }) => {
    await setLanguage(page, 'en');
    await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: 'الرئيسية' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'التبديل إلى الإنجليزية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});

test('newsletter: invalid address is refused, a valid one subscribes', async ({ page }) => {
  await setLanguage(page, 'en');
  const form = page.getByRole('form', { name: 'Stay in the loop' });
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByPlaceholder('Your email address').fill(uniqueEmail('news'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Successfully subscribed to newsletter!')).toBeVisible();
});

test('mobile menu opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await setLanguage(page, 'en');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
