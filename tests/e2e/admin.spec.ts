import { expect, test, type Page } from '@playwright/test';
import { DEMO, setLanguage, signInAs, uniqueEmail } from './support';
import { startFakeAi } from '../support/fake-ai';

// The same port playwright.config.ts points the server's AI base URLs at.
const FAKE_PORT = Number(process.env.E2E_AI_FAKE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2000);
const VALID_KEY = 'sk-e2e-valid-key-7Q9z';
let fake: Awaited<ReturnType<typeof startFakeAi>>;

test.beforeAll(async () => {
  fake = await startFakeAi({ validKey: VALID_KEY, port: FAKE_PORT });
});
test.afterAll(async () => fake?.close());

async function openAsAdmin(page: Page) {
  await setLanguage(page, 'en');
  await signInAs(page, 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe('admin console in English', () => {
  test('an admin finds a user and changes their role; the change is in the audit log', async ({ page }) => {
    const email = uniqueEmail('promote');
    const reg = await page.request.post('/api/auth/register', {
      data: { email, password: 'desert-rose-2026', full_name: 'Reem Al-Dosari', company_name: 'Khobar Tools' },
    });
    expect(reg.status()).toBe(201);

    await openAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByTestId('stat-totalUsers')).toContainText(/\d+/);
    await page.getByRole('link', { name: 'Manage users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByTestId('count-hosts')).toContainText(/\d+/);
    const hostsBefore = Number((await page.getByTestId('count-hosts').innerText()).match(/\d+/)![0]);

    await page.getByLabel('Search users').fill('khobar tools');
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
    await expect(row.getByText('Regular')).toBeVisible();

    await row.getByRole('button', { name: 'Edit Reem Al-Dosari' }).click();
    await row.getByLabel('Role for Reem Al-Dosari').selectOption('host_seller');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(row.getByText('Host / Seller')).toBeVisible();
    await expect(page.getByTestId('count-hosts')).toContainText(String(hostsBefore + 1));

    // An admin cannot take away their own admin role: the option is not offered.
    await page.getByLabel('Search users').fill(DEMO.admin.email);
    const me = page.getByTestId(`user-row-${DEMO.admin.email}`);
    await me.getByRole('button', { name: /^Edit / }).click();
    await expect(me.getByRole('combobox', { name: /^Role for/ }).locator('option[value="regular"]')).toBeDisabled();
    await me.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const first = page.getByTestId('audit-table').getByRole('row').nth(1);
    await expect(first).toContainText('Changed a user');
    await expect(first).toContainText(DEMO.admin.email);
    await expect(first).toContainText('role: host_seller');
    await expect(first).toContainText(email);
  });

  test('AI assistant settings: save a key (only its last 4 shown), test against the provider, a bad key fails clearly', async ({
    page,
  }) => {
    await openAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('link', { name: 'Back to Admin Dashboard' })).toBeVisible();
    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    const panel = page.getByRole('tabpanel');

    // No key yet: the test button is disabled.
    await expect(page.getByRole('button', { name: 'Send test' })).toBeDisabled();
    await expect(page.getByTestId('ai-api-key-status')).toHaveText('No key saved');

    await page.getByText('Enable the AI assistant').click();
    await expect(panel.getByLabel('Enable the AI assistant')).toBeChecked();
    await panel.getByLabel('Provider').selectOption('openai');
    await panel.getByLabel(/^Model/).fill('gpt-4o-mini');
    await panel.getByLabel('API key').fill(VALID_KEY);
    await panel.getByLabel('System prompt').fill('You are the Mawarid assistant.');
    const temperature = panel.getByLabel('Temperature');
    await expect(temperature).toHaveAttribute('min', '0');
    await expect(temperature).toHaveAttribute('max', '2');
    await expect(temperature).toHaveAttribute('step', '0.1');
    await temperature.fill('0.5');
    const maxTokens = panel.getByLabel('Max tokens');
    await expect(maxTokens).toHaveAttribute('min', '100');
    await expect(maxTokens).toHaveAttribute('max', '4000');
    await expect(maxTokens).toHaveAttribute('step', '100');
    await maxTokens.fill('600');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByTestId('ai-api-key-status')).toHaveText('A key is saved, ending in ••••7Q9z');
    await expect(panel.getByLabel('API key')).toHaveValue('');

    // After a reload the page knows only the last 4 characters.
    await page.reload();
    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    await expect(page.getByTestId('ai-api-key-status')).toHaveText('A key is saved, ending in ••••7Q9z');
    await expect(panel.getByLabel(/^Model/)).toHaveValue('gpt-4o-mini');
    expect(await page.content()).not.toContain(VALID_KEY);

    // An empty message is refused before calling anyone.
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Please enter a test message')).toBeVisible();

    await panel.getByLabel('Test message').fill('How do I book an office?');
    await page.getByRole('button', { name: 'Send test' }).click();
    const result = page.getByTestId('ai-test-result');
    await expect(result).toContainText('The assistant answered');
    await expect(result).toContainText('Echo: How do I book an office?');
    await expect(result).toContainText('Model: gpt-4o-mini');
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${VALID_KEY}`);
    expect(sent.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.5,
      max_tokens: 600,
      messages: [
        { role: 'system', content: 'You are the Mawarid assistant.' },
        { role: 'user', content: 'How do I book an office?' },
      ],
    });

    // A wrong key: the provider says 401 and the admin is told so.
    await panel.getByLabel('API key').fill('sk-wrong-0000');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('ai-api-key-status')).toHaveText('A key is saved, ending in ••••0000');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('AI Chat test failed').first()).toBeVisible();
    await expect(result).toContainText('OpenAI rejected the API key (401)');

    // Out-of-range values are refused at their field with the server's own message, as the field is left.
    await panel.getByLabel('Temperature').fill('2.5');
    await panel.getByLabel('Max tokens').focus();
    await expect(panel.getByLabel('Temperature')).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByText('Temperature must be between 0 and 2')).toBeVisible();
  });

  test('payment gateway and general settings are saved', async ({ page }) => {
    await openAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByLabel('Test mode (no real charges)')).toBeChecked();
    // The webhook URL to register in the MyFatoorah portal: this site's (APP_URL) until one is saved.
    await expect(page.getByTestId('webhook-endpoint')).toContainText(/http:\/\/127\.0\.0\.1:\d+\/api\/payment\/webhook/);
    await page.getByLabel('API key').fill('mf-live-key-abcd-5678');
    await page.getByText('Test mode (no real charges)').click();
    await expect(page.getByLabel('Test mode (no real charges)')).not.toBeChecked();
    await page.getByLabel('Webhook URL').fill('https://mawarid.sa/api/payment/webhook');
    await page.getByLabel('Success URL').fill('https://mawarid.sa/payment/success');
    await page.getByLabel('Error URL').fill('https://mawarid.sa/payment/error');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByTestId('myfatoorah-api-key-status')).toHaveText('A key is saved, ending in ••••5678');

    // What General holds before (the demo data), put back at the end for the journeys that follow.
    const original = await (await page.request.get('/api/settings/general')).json();
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel(/^Platform name/).fill('Mawarid');
    await page.getByLabel('VAT registration number').fill('123');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('VAT registration number must be 15 digits, starting and ending with 3')).toBeVisible();
    await page.getByLabel('VAT registration number').fill('310123456700003');
    await page.getByLabel('Contact email').fill('hello@mawarid.example');
    await page.getByLabel('Contact phone').fill('+966 12 345 6789');
    await page.getByLabel('Address', { exact: true }).fill('Prince Sultan Road, Jeddah 23511');
    await page.getByLabel('Business hours', { exact: true }).fill('Sunday to Thursday: 8:00 AM to 5:00 PM\nFriday and Saturday: Closed');
    // What Arabic pages show instead.
    await page.getByLabel('Address (Arabic)').fill('طريق الأمير سلطان، جدة 23511');
    await page.getByLabel('Business hours (Arabic)').fill('من الأحد إلى الخميس: 8:00 ص إلى 5:00 م');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved').last()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Test mode (no real charges)')).not.toBeChecked();
    await expect(page.getByLabel('Webhook URL')).toHaveValue('https://mawarid.sa/api/payment/webhook');
    await expect(page.getByTestId('webhook-endpoint')).toContainText('https://mawarid.sa/api/payment/webhook');
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByLabel('VAT registration number')).toHaveValue('310123456700003');
    // The site's footer shows what General settings hold.
    await expect(page.getByRole('contentinfo')).toContainText('VAT registration number: 310123456700003');
    await expect(page.getByRole('contentinfo')).toContainText('hello@mawarid.example');
    const pub = await page.request.get('/api/settings/general');
    expect(await pub.json()).toMatchObject({ vat_number: '310123456700003', contact_email: 'hello@mawarid.example' });

    // The Contact page and the footer show the saved contact details and business hours instead of the defaults.
    await page.goto('/contact');
    const info = page.getByRole('region', { name: 'Contact information' });
    await expect(info).toContainText('Prince Sultan Road, Jeddah 23511');
    await expect(info.getByRole('link', { name: '+966 12 345 6789' })).toHaveAttribute('href', 'tel:+966123456789');
    await expect(info.getByRole('link', { name: 'hello@mawarid.example' })).toHaveAttribute('href', 'mailto:hello@mawarid.example');
    await expect(info).not.toContainText('info@mawarid.sa');
    const hours = page.getByTestId('business-hours');
    await expect(hours).toContainText('Sunday to Thursday: 8:00 AM to 5:00 PM');
    await expect(hours).toContainText('Friday and Saturday: Closed');
    await expect(hours).not.toContainText('Monday to Thursday');
    await expect(page.getByRole('contentinfo')).toContainText('Sunday to Thursday: 8:00 AM to 5:00 PM');
    await expect(page.getByRole('contentinfo')).toContainText('Prince Sultan Road, Jeddah 23511');
    // In Arabic, the Arabic address and hours.
    await setLanguage(page, 'ar');
    await page.goto('/contact');
    await expect(page.getByRole('region', { name: 'معلومات التواصل' })).toContainText('طريق الأمير سلطان، جدة 23511');
    await expect(page.getByTestId('business-hours')).toContainText('من الأحد إلى الخميس: 8:00 ص إلى 5:00 م');
    await expect(page.getByRole('contentinfo')).toContainText('طريق الأمير سلطان، جدة 23511');
    await expect(page.getByRole('contentinfo')).not.toContainText('Prince Sultan Road');
    await setLanguage(page, 'en');

    // A renamed platform shows its name in the header and footer.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (
        await page.request.put('/api/admin/settings/general', { headers: auth, data: { value: { platform_name: 'Mawarid Business Hub' } } })
      ).status(),
    ).toBe(200);
    await page.reload();
    await expect(page.getByTestId('footer-platform-name')).toHaveText('Mawarid Business Hub');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mawarid Business Hub' })).toBeVisible();

    // Cleared again, the page falls back to section 9's hours (and the default contact details) in the visitor's language.
    const cleared = await page.request.put('/api/admin/settings/general', {
      headers: auth,
      data: {
        value: {
          platform_name: 'Mawarid',
          contact_email: '',
          contact_phone: '',
          address: '',
          address_ar: '',
          business_hours: '',
          business_hours_ar: '',
        },
      },
    });
    expect(cleared.status()).toBe(200);
    await setLanguage(page, 'ar');
    await page.goto('/contact');
    await expect(page.getByTestId('business-hours')).toContainText('من الاثنين إلى الخميس');
    await expect(page.getByTestId('business-hours')).toContainText('9:00 صباحاً حتى 12:00 ظهراً');
    await expect(page.getByTestId('business-hours')).toContainText('الدعم الهاتفي');
    await expect(page.getByTestId('footer-platform-name')).toHaveText('موارد');
    await expect(page.getByRole('region', { name: 'معلومات التواصل' })).toContainText('info@mawarid.sa');
    await expect(page.getByRole('region', { name: 'معلومات التواصل' })).toContainText('طريق الملك فهد، العليا، الرياض');
    await setLanguage(page, 'en');
    const restored = await page.request.put('/api/admin/settings/general', { headers: auth, data: { value: original } });
    expect(restored.status()).toBe(200);

    // Back to the fresh-install gateway (test mode, no key, no return URLs: they are the gateway's CallBackUrl and
    // ErrorUrl when set) so the payment journeys use the built-in test gateway and come back to this site.
    const reset = await page.request.put('/api/admin/settings/myfatoorah', {
      headers: auth,
      data: { value: { clear_api_key: true, test_mode: true, webhook_url: '', success_url: '', error_url: '' } },
    });
    expect(reset.status()).toBe(200);
  });

  test('with the assistant enabled, a visitor chats with it and sees the answer stream in', async ({ page, browser }) => {
    await openAsAdmin(page);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Provider').selectOption('anthropic');
    await panel.getByLabel(/^Model/).fill('claude-haiku-4-5');
    await panel.getByLabel('API key').fill(VALID_KEY);
    if (!(await panel.getByLabel('Enable the AI assistant').isChecked())) await panel.getByText('Enable the AI assistant').click();
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(panel.getByTestId('ai-api-key-status')).toHaveText('A key is saved, ending in ••••7Q9z');

    // A visitor (no login) in Arabic.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await setLanguage(visitor, 'ar');
    await visitor.getByRole('button', { name: 'فتح المساعد الذكي' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'مساعد موارد' });
    await dialog.getByLabel('اكتب سؤالك').fill('كيف أحجز مكتباً؟');
    await dialog.getByRole('button', { name: 'إرسال' }).click();
    await expect(dialog.getByTestId('assistant-messages')).toContainText('Echo: كيف أحجز مكتباً؟');
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/anthropic/v1/messages');
    expect(sent.body.stream).toBe(true);
    expect(sent.body.system).toContain('Answer in Arabic');
    await context.close();

    // Turned off again, the widget is gone (and the other journeys run without it).
    await panel.getByText('Enable the AI assistant').click();
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved').last()).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the chat assistant' })).toHaveCount(0);
  });

  test('a regular user is kept out of the admin pages', async ({ page }) => {
    await setLanguage(page, 'en');
    await signInAs(page, 'user', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/users');
    await expect(page.getByText('Admin access required')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('admin console in Arabic', () => {
  test('settings tabs and users page read right to left', async ({ page }) => {
    await setLanguage(page, 'ar');
    await signInAs(page, 'admin', '/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'لوحة الإدارة' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('link', { name: 'الإعدادات' }).click();
    await expect(page.getByRole('tab', { name: 'بوابة الدفع' })).toBeVisible();
    await page.getByRole('tab', { name: 'المساعد الذكي' }).click();
    await expect(page.getByText('درجة الحرارة')).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'المستخدمون' })).toBeVisible();
    await expect(page.getByText('المضيفون / البائعون')).toBeVisible();
  });
});
