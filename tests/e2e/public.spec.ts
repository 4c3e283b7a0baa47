import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO, login, logoutViaMenu, setLanguage, uniqueEmail } from './support';

/** A date N days ahead, YYYY-MM-DD (Riyadh is never behind the test machine by a whole day for N ≥ 2). */
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function outboxMail(page: Page, to: string, match: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/outbox')).json()) as Array<{ to: string; subject: string; text: string }>;
      found = mails.find((m) => m.to === to && match.test(m.subject));
      return !!found;
    })
    .toBe(true);
  return found!;
}

/** The locale files the client ships: the smoke test checks each page shows its text in each language. */
const locale = (lang: 'en' | 'ar', file: string) => JSON.parse(readFileSync(`client/src/locales/${lang}/${file}.json`, 'utf8'));

/**
 * Opens a page the server draws with the application's code held back until `release()` (whatever shows meanwhile
 * is the HTML the server sent), collecting the page's console errors.
 */
async function openDrawn(page: Page, request: APIRequestContext, path: string) {
  // The server loads its rendering code when a first page is asked for (that page goes out undrawn).
  await expect.poll(async () => (await (await request.get('/contact')).text()).includes('data-ssr="en"')).toBe(true);
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { errors, release };
}

test.describe('public site', () => {
  test('a visitor gets the marketplace drawn by the server, and the browser adopts that very page', async ({ page, request }) => {
    const { errors, release } = await openDrawn(page, request, '/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Resources marketplace' })).toBeVisible();
    await expect(page.getByTestId('resource-card').first()).toBeVisible();
    await page.evaluate(() => void ((document.querySelector('h1') as HTMLElement & { drawnByServer?: boolean }).drawnByServer = true));
    // Presses and typing before the page is live are not lost: they are done once the application has taken it over.
    await page.getByRole('button', { name: 'Vehicles', exact: true }).click();
    const footer = page.getByRole('contentinfo');
    await footer.getByPlaceholder('Your email address').fill(uniqueEmail('early'));
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    release();
    await expect(page.getByTestId('resource-card').first()).toContainText('Vehicles');
    await expect(page.getByText('Almost done! Please check your email to confirm your subscription.')).toBeVisible();
    // Adopted, not redrawn: React now owns the very heading the server sent.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const h1 = document.querySelector('h1') as HTMLElement & { drawnByServer?: boolean };
          return h1.drawnByServer === true && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
        }),
      )
      .toBe(true);
    // And it works as the application: a page change without a reload.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Mawarid' })).toBeVisible();
    expect(await page.evaluate(() => (document.querySelector('#root') as HTMLElement).dataset.ssr)).toBe('en');
    expect(errors).toEqual([]);
  });

  test("a signed-in user's drawn page is adopted too: their account menu appears, and a search and a link pressed before it was live are kept", async ({
    page,
    request,
  }) => {
    const { items } = (await (await request.get('/api/resources')).json()) as { items: Array<{ id: string; title: string }> };
    const wanted = items[1]!;
    await setLanguage(page, 'en');
    await login(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const { errors, release } = await openDrawn(page, request, '/resources');
    // The server draws the page a visitor sees (its header offers Login) …
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await page.evaluate(() => void ((document.querySelector('header') as HTMLElement & { drawnByServer?: boolean }).drawnByServer = true));
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(wanted.title);
    await page.getByRole('link', { name: wanted.title }).first().click();
    release();
    // … and the browser adopts it for the signed-in user: their menu in the very header the server sent.
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    expect(await page.evaluate(() => (document.querySelector('header') as HTMLElement & { drawnByServer?: boolean }).drawnByServer)).toBe(
      true,
    );
    await expect(page).toHaveURL(new RegExp(`/resources/${wanted.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: wanted.title })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a service page drawn by the server is adopted without a mismatch, in English and Arabic', async ({ page, request }) => {
    for (const path of ['/services/logistics', '/ar/services/logistics']) {
      const { errors, release } = await openDrawn(page, request, path);
      // What shows before the code runs is the service the server drew, not a skeleton.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(path.startsWith('/ar') ? /[\u0600-\u06FF]/ : 'Logistics Solutions');
      release();
      // Taken over (React owns the heading the server sent), and the refetch it then makes has settled.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const h1 = document.querySelector('h1');
            return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
          }),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('book-service')).toBeVisible();
      expect(errors).toEqual([]);
      await page.unroute(/\/assets\/start-[\w-]+\.js$/);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('a visitor sends a contact inquiry and gets a confirmation email', async ({ page }) => {
    const email = uniqueEmail('contact');
    await setLanguage(page, 'en');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contact' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page).toHaveTitle(/Contact us \| Mawarid/);

    const hours = page.getByTestId('business-hours');
    await expect(hours).toContainText('Monday to Thursday');
    await expect(hours).toContainText('9:00 AM to 6:00 PM');
    await expect(hours).toContainText('9:00 AM to 12:00 PM');
    await expect(hours).toContainText('Saturday and Sunday');
    await expect(hours).toContainText('Phone support: Monday to Friday, 9AM to 5PM');
    await expect(hours).toContainText('Appointment required before visiting');
    await expect(page.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute('href', '/legal/legal-consultation');
    await expect(page.getByRole('link', { name: 'Browse resources' }).first()).toHaveAttribute('href', '/resources');

    const form = page.getByRole('form', { name: 'Inquiry form' });
    // Each missing field says so at the field (name, email, message), not once in a toast.
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByText('Please fill in all required fields')).toHaveCount(3);
    for (const label of [/^Full name/, /^Email/, /^Message/]) await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(/^Company name/)).not.toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Service type').selectOption('resource-sharing');
    await form.getByLabel(/^Full name/).fill('Yousef Al-Qahtani');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Company name/).fill('Tabuk Equipment');
    await form.getByLabel(/^Message/).fill('We have three excavators idle until March. Can we list them?');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(page.getByText('Inquiry submitted successfully! We will contact you soon.')).toBeVisible();
    await expect(form.getByLabel(/^Message/)).toHaveValue('');

    const mail = await outboxMail(page, email, /We received your inquiry/);
    expect(mail.text).toContain('We have three excavators idle until March');
  });

  test('a logged-in user requests a consultation with locked details, follows it on the dashboard; the admin resolves it', async ({
    page,
  }) => {
    const date = daysAhead(5);
    const details = `Review of a warehouse sharing agreement ${Date.now()}`;
    await setLanguage(page, 'en');
    await login(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/legal/legal-consultation');
    const form = page.getByRole('form', { name: 'Consultation request form' });
    await expect(page.getByTestId('guest-tip')).toHaveCount(0);
    await expect(form.getByLabel(/^Full name/)).toHaveValue('Sara Al-Otaibi');
    await expect(form.getByLabel(/^Full name/)).not.toBeEditable();
    await expect(form.getByLabel(/^Email/)).toHaveValue(DEMO.user.email);
    await expect(form.getByLabel(/^Email/)).not.toBeEditable();
    await expect(form.getByLabel(/^Company name/)).toHaveValue('Jeddah Logistics');
    await expect(form.getByLabel(/^Company name/)).not.toBeEditable();

    await form.getByLabel(/^Consultation details/).fill(details);
    await form.getByLabel(/^Preferred date/).fill(date);
    await form.getByLabel(/^Preferred time/).fill('11:30');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByText('Consultation request submitted successfully! We will contact you soon.')).toBeVisible();
    await outboxMail(page, DEMO.user.email, /legal consultation request/);

    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'My Requests' }).click();
    const mine = page.getByTestId('my-inquiries');
    const card = mine.getByTestId('my-inquiry').filter({ hasText: details });
    await expect(card).toContainText('Legal consultancy');
    await expect(card).toContainText('New');

    // The admin sees it with the preferred slot and resolves it.
    await logoutViaMenu(page, /Account menu for Sara/);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/inquiries');
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();
    await page.getByLabel('Search inquiries').fill(details);
    const item = page.getByTestId('inquiry-item').filter({ hasText: 'Sara Al-Otaibi' });
    await expect(item).toHaveCount(1);
    await item.click();
    const detail = page.getByTestId('inquiry-detail');
    await expect(detail.getByText(details)).toBeVisible();
    await expect(detail.getByTestId('preferred-time')).toHaveText('11:30');
    await expect(detail.getByTestId('preferred-date')).not.toHaveText('Not given');
    await expect(detail.getByText('Legal consultancy')).toBeVisible();

    await detail.getByRole('button', { name: 'Mark as In Progress' }).click();
    await expect(page.getByText('Inquiry status updated')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Mark as In Progress' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(detail.getByRole('button', { name: 'Mark as Resolved' })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Mark as In Progress' })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Close Inquiry' })).toBeVisible();
    await expect(item.getByText('Resolved')).toBeVisible();

    // Filter by status keeps it under Resolved, not under New.
    await page.getByLabel('Filter by status').selectOption('new');
    await expect(page.getByTestId('inquiry-item').filter({ hasText: 'Sara Al-Otaibi' })).toHaveCount(0);
    await page.getByLabel('Filter by status').selectOption('resolved');
    await expect(page.getByTestId('inquiry-item').filter({ hasText: 'Sara Al-Otaibi' })).toHaveCount(1);
    await expect(page.getByTestId('counter-countResolved')).not.toContainText('–');

    // The customer sees the new status on their dashboard.
    await logoutViaMenu(page, /Account menu for Noura/);
    await login(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('tab', { name: 'My Requests' }).click();
    await expect(page.getByTestId('my-inquiry').filter({ hasText: details })).toContainText('Resolved');
  });

  test('a guest sends a consultation request in Arabic (RTL); the admin moves it to in_progress then resolved', async ({ page }) => {
    const email = uniqueEmail('guest-ar');
    await setLanguage(page, 'ar');
    await page.goto('/legal/legal-consultation');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'استشارة قانونية' })).toBeVisible();
    await expect(page.getByTestId('guest-tip')).toBeVisible();
    await expect(page.getByTestId('guest-tip').getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');

    const form = page.getByRole('form', { name: 'نموذج طلب الاستشارة' });
    await form.getByLabel(/^الاسم الكامل/).fill('ريم العتيبي');
    await form.getByLabel(/^البريد الإلكتروني/).fill(email);
    await form.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(form.getByText('يرجى تعبئة جميع الحقول المطلوبة')).toHaveCount(1);
    await expect(form.getByLabel(/^تفاصيل الاستشارة/)).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(/^تفاصيل الاستشارة/).fill('نحتاج استشارة حول نظام حماية البيانات الشخصية لمتجرنا الإلكتروني.');
    await form.getByLabel(/^التاريخ المفضل/).fill(daysAhead(2));
    await form.getByLabel(/^الوقت المفضل/).fill('09:15');
    await form.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page.getByText('تم إرسال طلب الاستشارة بنجاح! سنتواصل معك قريباً.')).toBeVisible();
    await outboxMail(page, email, /استلمنا طلب الاستشارة القانونية/);

    await login(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/inquiries');
    await expect(page.getByRole('heading', { level: 1, name: 'الاستفسارات' })).toBeVisible();
    await page.getByLabel('البحث في الاستفسارات').fill(email);
    const item = page.getByTestId('inquiry-item').filter({ hasText: 'ريم العتيبي' }).filter({ hasText: email });
    await item.click();
    const detail = page.getByTestId('inquiry-detail');
    await expect(detail.getByTestId('preferred-time')).toHaveText('09:15');
    await detail.getByRole('button', { name: 'تحويل إلى قيد المعالجة' }).click();
    await expect(page.getByText('تم تحديث حالة الاستفسار')).toBeVisible();
    await expect(item.getByText('قيد المعالجة')).toBeVisible();
    await detail.getByRole('button', { name: 'تحديد كمحلول' }).click();
    await expect(item.getByText('تم الحل')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'تحديد كمحلول' })).toHaveCount(0);
  });

  test('business services come from the server; an unknown one says so and returns to /services', async ({ page }) => {
    await setLanguage(page, 'en');
    await page.goto('/services');
    const grid = page.getByTestId('service-grid');
    for (const title of [
      'Logistics Solutions',
      'Resource Optimization',
      'Strategic Consulting',
      'Operational Efficiency',
      'Sustainability Consulting',
      'Market Entry Support',
    ])
      await expect(grid.getByRole('link', { name: title })).toBeVisible();
    await grid.getByRole('link', { name: 'Market Entry Support' }).click();
    await expect(page).toHaveURL(/\/services\/market-entry$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Market Entry Support' })).toBeVisible();
    await expect(page.getByTestId('benefits').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByTestId('process-steps').getByRole('listitem')).toHaveCount(4);

    await page.goto('/services/time-travel');
    await expect(page.getByText('Service not found')).toBeVisible();
    await expect(page).toHaveURL(/\/services$/);
  });

  test('legal pages, footer aliases and policies', async ({ page, request }) => {
    await setLanguage(page, 'en');
    await page.goto('/legal');
    for (const id of ['corporate-law', 'contract-review', 'compliance', 'legal-consultation'])
      await expect(page.getByTestId(`legal-${id}`)).toBeVisible();
    await page.goto('/legal/contracts');
    await expect(page).toHaveURL(/\/legal\/contract-review$/);
    await expect(page.getByTestId('process-steps').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Contact us' }).first()).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'All legal services' }).first()).toHaveAttribute('href', '/legal');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(/Being informed: we email you/)).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy | Mawarid');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Privacy Policy | Mawarid');

    // Crawlers and link previews (no cookies: not this browser's language choice) get the page's own meta without
    // running JavaScript.
    const shell = await (await request.get('/legal/compliance', { headers: { 'accept-language': 'ar-SA,ar;q=0.9' } })).text();
    expect(shell).toContain('<title>الامتثال | موارد</title>');
    expect(shell).toContain('<html lang="ar" dir="rtl">');
    const service = await (await request.get('/services/logistics', { headers: { 'accept-language': 'en' } })).text();
    expect(service).toContain('<meta property="og:title" content="Logistics Solutions | Mawarid" />');
  });

  test('newsletter: subscribe twice, confirm from the mail, then the unsubscribe link in the welcome works', async ({ page }) => {
    const email = uniqueEmail('news');
    await setLanguage(page, 'en');
    const footer = page.getByRole('contentinfo');
    for (let i = 0; i < 2; i++) {
      await footer.getByPlaceholder('Your email address').fill(email);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByText('Almost done! Please check your email to confirm your subscription.').first()).toBeVisible();
    }
    // Double opt-in: nothing is subscribed until the link in the confirmation mail is followed and confirmed.
    const confirmation = await outboxMail(page, email, /Confirm your Mawarid newsletter subscription/);
    const confirmLink = confirmation.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
    expect(confirmLink).toBeTruthy();
    await page.goto(confirmLink!);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByText('You are subscribed')).toBeVisible();
    const mail = await outboxMail(page, email, /Welcome to the Mawarid newsletter/);
    const link = mail.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed')).toBeVisible();
    await page.reload();
    await expect(page.getByText('You are unsubscribed')).toBeVisible();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`smoke (${lang}): home sections, About, Terms, Cookies and Privacy render in the language and direction`, async ({ page }) => {
      const common = locale(lang, 'common');
      const pub = locale(lang, 'public').publicSite;
      const policies = locale(lang, 'legal').policies;
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await setLanguage(page, lang);

      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: common.home.heroTitle })).toBeVisible();
      const stats = page.getByRole('region', { name: pub.home.statsLabel });
      for (const figure of ['500+', '30%', '24/7']) await expect(stats).toContainText(figure);
      for (const key of ['aboutTitle', 'servicesTitle', 'approachTitle', 'whyTitle', 'testimonialsTitle', 'ctaTitle']) {
        const section = page.getByRole('region', { name: pub.home[key] });
        await expect(section, key).toBeVisible();
        await expect(section.getByRole('heading', { level: 2, name: pub.home[key] })).toBeVisible();
      }
      await expect(page.getByRole('region', { name: pub.home.servicesTitle }).getByRole('link')).not.toHaveCount(0);

      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1, name: pub.about.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(lang === 'ar' ? '\\| موارد$' : '\\| Mawarid$'));

      for (const doc of ['terms', 'cookies', 'privacy'] as const) {
        await page.goto(`/${doc}`);
        await expect(page.getByRole('heading', { level: 1, name: policies[doc].title })).toBeVisible();
        await expect(page.getByText(policies.lastUpdated)).toBeVisible();
        const headings = policies[doc].sections.map((sct: { heading: string }) => sct.heading);
        expect(headings.length).toBeGreaterThanOrEqual(3);
        for (const h of headings) await expect(page.getByRole('heading', { level: 2, name: h, exact: true })).toBeVisible();
        await expect(page).toHaveTitle(`${policies[doc].title} | ${lang === 'ar' ? 'موارد' : 'Mawarid'}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }
      expect(errors).toEqual([]);
    });
  }

  test('link previews: the default Open Graph image is served, and the footer aliases are 301s from the server', async ({
    page,
    baseURL,
  }) => {
    const img = await page.request.get('/images/og-default.png');
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    const shell = await (await page.request.get('/about')).text();
    expect(shell).toContain(`<meta property="og:image" content="${baseURL}/images/og-default.png" />`);
    for (const [alias, target] of [
      ['/legal/corporate', '/legal/corporate-law'],
      ['/legal/contracts', '/legal/contract-review'],
      ['/legal/consultation', '/legal/legal-consultation'],
    ]) {
      const res = await page.request.get(alias, { maxRedirects: 0 });
      expect(res.status(), alias).toBe(301);
      expect(res.headers().location).toBe(target);
    }
  });
});
