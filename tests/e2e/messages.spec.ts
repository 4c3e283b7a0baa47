import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, newSignedInPage } from './support';

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

/** The demo host's active listings (each language's journey asks about its own, so the two never meet). */
async function hostListings(request: APIRequestContext): Promise<Array<{ id: string; title: string }>> {
  const token = await tokenOf(request, DEMO.host);
  const res = await request.get('/api/resources/my/resources', { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  const items = (Array.isArray(body) ? body : body.items) as Array<{ id: string; title: string; status: string; resource_type?: string }>;
  return items.filter((r) => r.status === 'active');
}

const CASES = [
  {
    lang: 'en' as const,
    index: 0,
    ask: /^Ask the host$/,
    question: 'Is the room free next Sunday morning?',
    answer: 'Yes, from 8 am. See you then!',
    send: /^Send$/,
    phone: false,
  },
  {
    lang: 'ar' as const,
    index: 1,
    ask: /^اسأل المضيف$/,
    question: 'هل المورد متاح يوم الأحد القادم؟',
    answer: 'نعم، متاح من الساعة الثامنة صباحاً.',
    send: /^إرسال$/,
    phone: true,
  },
];

for (const c of CASES) {
  test(`(${c.lang}) a customer asks a host, the host sees the badge and answers live, the customer sees it without reloading`, async ({
    browser,
    request,
  }) => {
    const listing = (await hostListings(request))[c.index];
    expect(listing).toBeTruthy();

    // The host is somewhere else on the site, with the header's badge.
    const host = await newSignedInPage(browser, 'host', '/dashboard', { lang: c.lang });
    const hostBadge = host.getByTestId('unread-badge');
    await expect(host.getByTestId('messages-link')).toBeVisible();
    const before = (await hostBadge.count())
      ? Number((await hostBadge.textContent())?.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))))
      : 0;
    await host.waitForTimeout(1000); // its socket is open and subscribed

    // The customer (on a phone in Arabic) asks from the listing page.
    const customer = await newSignedInPage(browser, 'user', `/resources/${listing.id}`, {
      lang: c.lang,
      context: c.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : undefined,
    });
    await expect(customer.locator('html')).toHaveAttribute('dir', c.lang === 'ar' ? 'rtl' : 'ltr');
    await customer.getByRole('link', { name: c.ask }).click();
    await expect(customer).toHaveURL(/\/messages\/(new\?resource=|[0-9a-f-]{36})/);
    await customer.getByTestId('message-input').fill(c.question);
    await customer.getByRole('button', { name: c.send }).click();
    await expect(customer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const thread = customer.getByTestId('thread');
    await expect(thread.getByTestId('message').filter({ hasText: c.question })).toHaveAttribute('data-mine', 'true');
    if (c.phone) {
      // One view at a time on a phone: the thread, with the way back to the list; the list itself is hidden.
      await expect(customer.getByRole('link', { name: /كل المحادثات/ })).toBeVisible();
      await expect(customer.getByTestId('conversation-item').first()).toBeHidden();
    }
    await customer.waitForTimeout(500); // the thread's own subscription is registered

    // The host's badge counts it without a reload, and the conversation shows it.
    await expect(hostBadge).toBeVisible();
    await expect
      .poll(async () => Number((await hostBadge.textContent())?.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)))))
      .toBe(before + 1);
    await host.getByTestId('messages-link').click();
    await host.getByTestId('conversation-item').filter({ hasText: listing.title }).first().click();
    await expect(host.getByTestId('thread').getByTestId('message').filter({ hasText: c.question })).toHaveAttribute('data-mine', 'false');
    // Opening the thread read it: the badge goes back.
    if (before === 0) await expect(hostBadge).toBeHidden();
    await host.getByTestId('message-input').fill(c.answer);
    await host.getByRole('button', { name: c.send }).click();
    await expect(host.getByTestId('thread').getByTestId('message').filter({ hasText: c.answer })).toBeVisible();

    // The customer sees the answer arrive in the open thread, without reloading.
    await expect(thread.getByTestId('message').filter({ hasText: c.answer })).toHaveAttribute('data-mine', 'false');
    if (c.lang === 'ar') await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');

    // Empty messages are refused in the browser with the server's rule, translated.
    await customer.getByTestId('message-input').fill('   ');
    await customer.getByRole('button', { name: c.send }).click();
    await expect(customer.getByTestId('message-error')).toHaveText(c.lang === 'ar' ? 'يرجى كتابة رسالة' : 'Please write a message');
  });
}

test('a booking offers "Message the host", which opens the conversation of its listing', async ({ browser, request }) => {
  const token = await tokenOf(request, DEMO.user);
  const mine = await request.get('/api/bookings/my', { headers: { authorization: `Bearer ${token}` } });
  const bookings = (await mine.json()) as Array<{ id: string; resource_id: string }>;
  expect(bookings.length).toBeGreaterThan(0);
  const page = await newSignedInPage(browser, 'user', '/my-bookings');
  const row = page.locator(`[data-booking-id="${bookings[0].id}"]`);
  await row.getByTestId('message-host').click();
  await expect(page).toHaveURL(/\/messages\/(new\?resource=|[0-9a-f-]{36}\?booking=)/);
  await page.getByTestId('message-input').fill('About my booking: can I arrive at 7?');
  await page.getByRole('button', { name: /^Send$/ }).click();
  await expect(page.getByTestId('thread').getByTestId('message').filter({ hasText: 'About my booking' })).toContainText('about a booking');
});
