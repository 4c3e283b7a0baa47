import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, newSignedInPage } from './support';

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

/** A pending listing of the demo host, uniquely titled; returns its id. */
async function pendingListing(request: APIRequestContext, token: string, title: string): Promise<string> {
  const res = await request.post('/api/resources', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      description: 'A quiet room for 6.',
      category: 'Office Space',
      price: 200,
      period: 'day',
      location: 'Riyadh',
      images: [],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

for (const lang of ['en', 'ar'] as const) {
  test(`the host's bell rises live when the admin approves their listing, and opening it reads it (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const title = `Bell room ${lang} ${Date.now()}`;
    const hostToken = await tokenOf(request, DEMO.host);
    const adminToken = await tokenOf(request, DEMO.admin);
    const id = await pendingListing(request, hostToken, title);
    // Start from nothing unread, so the badge that appears is this approval's.
    await request.post('/api/notifications/read', { headers: { authorization: `Bearer ${hostToken}` }, data: { all: true } });

    const host = await newSignedInPage(browser, 'host', '/dashboard', { lang });
    // Loaded again with an eye on the socket: the approval is sent only once the bell's subscription is on the wire.
    const subscribed = new Promise<void>((resolve) =>
      host.on('websocket', (ws) => ws.on('framesent', (f) => String(f.payload).includes('notificationAdded') && resolve())),
    );
    await host.reload();
    await subscribed;
    await expect(host.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const bell = host.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(host.getByTestId('notification-count')).toHaveCount(0);

    // The admin approves it elsewhere: the count appears without a reload.
    const approved = await request.put(`/api/admin/resources/${id}/approve`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(approved.status()).toBe(200);
    await expect(host.getByTestId('notification-count')).toBeVisible({ timeout: 20_000 });
    await expect(bell).toHaveAttribute('aria-label', lang === 'ar' ? /إشعار/ : /Notifications, \d+ unread/);

    // Open it: the approval is listed in the reader's language, with a link to the host's listings; it is now read.
    await bell.click();
    const popover = host.getByTestId('notification-popover');
    const sentence = lang === 'ar' ? `تمت الموافقة على إعلانك «${title}»` : `Your listing "${title}" was approved`;
    const item = popover.getByRole('button', { name: new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(host.getByTestId('notification-count')).toHaveCount(0);
    const after = await request.get('/api/notifications', { headers: { authorization: `Bearer ${hostToken}` } });
    const mine = ((await after.json()).items as Array<{ params: { resource_title: string }; read: boolean }>).find(
      (n) => n.params.resource_title === title,
    );
    expect(mine?.read).toBe(true);

    // Its link opens the host's listings; the full list is at /notifications.
    await item.click();
    await expect(host).toHaveURL(/\/resources\/my$/);
    await host.goto('/notifications');
    await expect(host.getByRole('heading', { name: lang === 'ar' ? 'الإشعارات' : 'Notifications', exact: true })).toBeVisible();
    await expect(host.getByTestId('notifications-page-list')).toContainText(title);
    await host.context().close();
  });
}
