import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO, login, setLanguage, sessionFile, newSignedInPage, setPciCertified } from './support';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// These journeys use our own card form (or direct charge): the merchant is declared PCI certified first (issue #24).
test.beforeAll(({ request }) => setPciCertified(request, true));

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

test('an admin watching the inbox sees a guest’s new inquiry arrive, and the dashboard badge count, without reloading', async ({
  browser,
}) => {
  const admin = await newSignedInPage(browser, 'admin', '/admin');
  const badge = admin.getByTestId('badge-inquiries');
  const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
  const inbox = await admin.context().newPage();
  await inbox.goto('/admin/inquiries');
  await expect(inbox.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
  await inbox.waitForTimeout(1000); // the socket is open and subscribed

  const name = `Live Guest ${Date.now()}`;
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/contact');
  const sent = await guest.request.post('/api/inquiries', {
    data: {
      service_type: 'resource-sharing',
      full_name: name,
      email: 'live-guest@example.sa',
      message: 'We have two idle forklifts in Buraydah.',
    },
  });
  expect(sent.status()).toBe(201);

  await expect(inbox.getByTestId('inquiry-item').filter({ hasText: name })).toBeVisible();
  await expect(admin.getByTestId('badge-inquiries')).toHaveText(String(before + 1));
});

test('the admin dashboard, inbox and moderation pages follow inquiries, listings and bookings from the events alone, refetching nothing', async ({
  browser,
  request,
}) => {
  const dash = await newSignedInPage(browser, 'admin', '/admin');
  const context = dash.context();
  const inbox = await context.newPage();
  await inbox.goto('/admin/inquiries');
  await expect(inbox.getByTestId('counter-countNew')).not.toContainText('–');
  const moderation = await context.newPage();
  await moderation.goto('/admin/resources');
  await expect(moderation.getByTestId('admin-count-pending')).not.toContainText('–');
  await expect(dash.getByTestId('stat-activeBookings')).toBeVisible();

  // Every GraphQL query over HTTP from the admin's three tabs, by operation name, from here on.
  const WATCHED = new Set(['AdminInquiries', 'AdminResources', 'AdminBadgeCounts', 'AdminStats']);
  const fetched: string[] = [];
  context.on('request', (req) => {
    if (req.method() !== 'POST' || !req.url().endsWith('/graphql')) return;
    const op = (req.postDataJSON() as { operationName?: string } | null)?.operationName;
    if (op && WATCHED.has(op)) fetched.push(op);
  });
  await dash.waitForTimeout(1500); // initial loads settled, the sockets open and subscribed
  fetched.length = 0;

  const numberIn = async (loc: ReturnType<Page['getByTestId']>) =>
    (await loc.count()) ? Number((await loc.innerText()).replace(/\D+/g, '') || 0) : 0;
  const newCount = inbox.getByTestId('counter-countNew');
  const inProgressCount = inbox.getByTestId('counter-countInProgress');
  const pendingCount = moderation.getByTestId('admin-count-pending');
  const before = {
    badgeInquiries: await numberIn(dash.getByTestId('badge-inquiries')),
    badgeResources: await numberIn(dash.getByTestId('badge-resources')),
    activeBookings: await numberIn(dash.getByTestId('stat-activeBookings')),
    new: await numberIn(newCount),
    inProgress: await numberIn(inProgressCount),
    pending: await numberIn(pendingCount),
  };
  const adminToken = await tokenOf(request, DEMO.admin);

  // 1. A guest's inquiry: at the top of the inbox, counted as new there and on the dashboard badge.
  const name = `No Refetch Guest ${Date.now()}`;
  const sent = await request.post('/api/inquiries', {
    data: {
      service_type: 'resource-sharing',
      full_name: name,
      email: 'no-refetch@example.sa',
      message: 'We have a spare cold room in Dammam.',
    },
  });
  expect(sent.status()).toBe(201);
  const item = inbox.getByTestId('inquiry-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(inbox.getByTestId('inquiry-item').first()).toContainText(name);
  await expect.poll(() => numberIn(newCount)).toBe(before.new + 1);
  await expect(dash.getByTestId('badge-inquiries')).toHaveText(String(before.badgeInquiries + 1));

  // 2. Its status changes: the counters move from New to In progress.
  const moved = await request.put(`/api/inquiries/${(await sent.json()).id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { status: 'in_progress' },
  });
  expect(moved.status()).toBe(200);
  await expect(item).toContainText('In progress');
  await expect.poll(() => numberIn(newCount)).toBe(before.new);
  await expect.poll(() => numberIn(inProgressCount)).toBe(before.inProgress + 1);

  // 3. A host submits a listing: first on the moderation page, pending counted there and on the dashboard badge.
  const hostToken = await tokenOf(request, DEMO.host);
  const title = `No refetch listing ${Date.now()}`;
  const created = await request.post('/api/resources', {
    headers: { authorization: `Bearer ${hostToken}` },
    data: {
      title,
      description: 'A bright room for 10 people with a screen.',
      category: 'Office Space',
      price: 100,
      period: 'day',
      location: 'Riyadh',
      images: [PNG],
    },
  });
  expect(created.status()).toBe(201);
  const card = moderation.getByTestId('resource-card').filter({ hasText: title });
  await expect(card.getByTestId('resource-status')).toHaveText('Pending');
  await expect(moderation.getByTestId('resource-card').first()).toContainText(title);
  await expect.poll(() => numberIn(pendingCount)).toBe(before.pending + 1);
  await expect(dash.getByTestId('badge-resources')).toHaveText(String(before.badgeResources + 1));

  // 4. Approved (by another admin session): active in place, one fewer pending.
  const approved = await request.put(`/api/admin/resources/${(await created.json()).id}/approve`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(approved.status()).toBe(200);
  await expect(card.getByTestId('resource-status')).toHaveText('Active');
  await expect.poll(() => numberIn(pendingCount)).toBe(before.pending);

  // 5. A booking is paid: the dashboard's active bookings figure comes from statsUpdated.
  const userToken = await tokenOf(request, DEMO.user);
  const list = await (await request.get('/api/resources?resource_type=physical')).json();
  const resource = list.items.find((r: { resource_type: string }) => r.resource_type === 'physical');
  const start = new Date(Date.now() + (1000 + Math.floor(Math.random() * 300)) * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  const booked = await request.post('/api/bookings', {
    headers: { authorization: `Bearer ${userToken}` },
    data: { resource_id: resource.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
  });
  expect(booked.status()).toBe(201);
  const paid = await request.post('/api/payment/direct-charge', {
    headers: { authorization: `Bearer ${userToken}` },
    data: {
      booking_id: (await booked.json()).id,
      card_holder_name: 'Sara Al-Otaibi',
      card_number: '4508 7500 1574 1019',
      expiry_month: '12',
      expiry_year: '39',
      cvv: '123',
    },
  });
  expect((await paid.json()).success).toBe(true);
  await expect.poll(() => numberIn(dash.getByTestId('stat-activeBookings'))).toBe(before.activeBookings + 1);

  // Everything above came from the events: not one of those queries went over HTTP again.
  await dash.waitForTimeout(1500);
  expect(fetched).toEqual([]);
  await context.close();
});

test('a host on My resources sees their listing become active the moment an admin approves it', async ({ browser }) => {
  const host = await newSignedInPage(browser, 'host', '/dashboard');
  const title = `Live listing ${Date.now()}`;
  const hostToken = await tokenOf(host.request, DEMO.host);
  const created = await host.request.post('/api/resources', {
    headers: { authorization: `Bearer ${hostToken}` },
    data: {
      title,
      description: 'A bright room for 10 people with a screen.',
      category: 'Office Space',
      price: 100,
      period: 'day',
      location: 'Riyadh',
      images: [PNG],
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id;

  await host.goto('/resources/my');
  const card = host.getByTestId('resource-card').filter({ hasText: title });
  await expect(card.getByTestId('resource-status')).toHaveText('Pending');
  await host.waitForTimeout(1000);

  const adminToken = await tokenOf(host.request, DEMO.admin);
  const approved = await host.request.put(`/api/admin/resources/${id}/approve`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(approved.status()).toBe(200);

  await expect(card.getByTestId('resource-status')).toHaveText('Active');
  await expect(host.getByText(`Your listing “${title}” was approved and is now live.`)).toBeVisible();
});

test('a user on My bookings sees their booking become Paid when the payment completes in another tab', async ({ browser }) => {
  const user = await newSignedInPage(browser, 'user', '/dashboard');
  const token = await tokenOf(user.request, DEMO.user);
  const list = await (await user.request.get('/api/resources?resource_type=physical')).json();
  const resource = list.items.find((r: { resource_type: string; owner_id?: string }) => r.resource_type === 'physical');
  const offset = 200 + Math.floor(Math.random() * 300);
  const start = new Date(Date.now() + offset * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  const booked = await user.request.post('/api/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { resource_id: resource.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
  });
  expect(booked.status()).toBe(201);
  const bookingId = (await booked.json()).id;

  await user.goto('/my-bookings');
  const row = user.getByTestId('booking-row').filter({ hasText: resource.title }).first();
  await expect(row.getByTestId('payment-status')).toHaveText('Payment Pending');
  await user.waitForTimeout(1000);

  // "Another tab": the same user pays through the API.
  const paid = await user.request.post('/api/payment/direct-charge', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      booking_id: bookingId,
      card_holder_name: 'Sara Al-Otaibi',
      card_number: '4508 7500 1574 1019',
      expiry_month: '12',
      expiry_year: '39',
      cvv: '123',
    },
  });
  expect((await paid.json()).success).toBe(true);

  await expect(row.getByTestId('payment-status')).toHaveText('Paid');
  await expect(user.getByText(`Payment received: your booking of ${resource.title} is paid.`)).toBeVisible();
});

test('after a network drop the socket reconnects by itself and My bookings catches up on what it missed', async ({ browser }) => {
  // Every GraphQL WebSocket of this browser goes through a route the test can cut, like a network drop.
  const context = await browser.newContext({ storageState: sessionFile('user') });
  let down = false;
  const open: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await context.routeWebSocket(/\/graphql$/, (ws) => {
    if (down) return void ws.close({ code: 1001, reason: 'network down' });
    open.push({ page: ws, server: ws.connectToServer() });
  });
  const user = await context.newPage();
  await setLanguage(user, 'en');
  await user.goto('/dashboard');
  await expect(user).toHaveURL(/\/dashboard$/);
  const token = await tokenOf(user.request, DEMO.user);
  const list = await (await user.request.get('/api/resources?resource_type=physical')).json();
  const resource = list.items.find((r: { resource_type: string }) => r.resource_type === 'physical');
  const start = new Date(Date.now() + (600 + Math.floor(Math.random() * 300)) * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  const booked = await user.request.post('/api/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { resource_id: resource.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
  });
  expect(booked.status()).toBe(201);
  const bookingId = (await booked.json()).id;

  await user.goto('/my-bookings');
  const row = user.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
  await expect(row.getByTestId('payment-status')).toHaveText('Payment Pending');
  await expect.poll(() => open.length).toBeGreaterThan(0);

  // The network drops; while it is down the booking is paid elsewhere, so its live event cannot arrive.
  down = true;
  for (const ws of open.splice(0)) {
    await ws.page.close({ code: 1001, reason: 'network down' });
    await ws.server.close();
  }
  const paid = await user.request.post('/api/payment/direct-charge', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      booking_id: bookingId,
      card_holder_name: 'Sara Al-Otaibi',
      card_number: '4508 7500 1574 1019',
      expiry_month: '12',
      expiry_year: '39',
      cvv: '123',
    },
  });
  expect((await paid.json()).success).toBe(true);
  await user.waitForTimeout(1500);
  await expect(row.getByTestId('payment-status')).toHaveText('Payment Pending');

  // The network comes back: the client reconnects on its own and refetches what is on screen.
  down = false;
  await expect.poll(() => open.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(row.getByTestId('payment-status')).toHaveText('Paid', { timeout: 20_000 });
  await context.close();
});

test('after a server restart the socket reconnects by itself, resubscribes, and live events arrive again', async ({ browser }) => {
  test.setTimeout(240_000);
  // A server of this test's own (the shared one cannot be restarted), on a fixed port and a data folder that outlives it.
  const port = Number(process.env.E2E_PORT ?? 4173) + 1100;
  const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-e2e-restart-'));
  const env = {
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOGIN_MAX_ATTEMPTS: '50',
  };
  const stop = async (s: ServerProcess) => {
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGTERM');
    await s.exited;
  };
  let server = await startServerProcess(env, port);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const user = await context.newPage();
    let sockets = 0;
    let refetches = 0;
    user.on('websocket', (ws) => ws.url().endsWith('/graphql') && sockets++);
    user.on('request', (req) => {
      if (
        req.method() === 'POST' &&
        req.url().endsWith('/graphql') &&
        (req.postDataJSON() as { operationName?: string } | null)?.operationName === 'MyBookings'
      )
        refetches++;
    });
    await setLanguage(user, 'en');
    await login(user, DEMO.user.email, DEMO.user.password);
    await expect(user).toHaveURL(/\/dashboard$/);
    const token = await tokenOf(user.request, DEMO.user);
    // This server's merchant is declared PCI certified, so the payment below may use our own card form.
    const admin = await tokenOf(user.request, DEMO.admin);
    const pci = await user.request.put('/api/admin/settings/myfatoorah', {
      headers: { authorization: `Bearer ${admin}` },
      data: { value: { pci_certified: true } },
    });
    expect(pci.status()).toBe(200);
    const list = await (await user.request.get('/api/resources?resource_type=physical')).json();
    const resource = list.items.find((r: { resource_type: string }) => r.resource_type === 'physical');
    const start = new Date(Date.now() + 30 * 86_400_000);
    start.setUTCHours(0, 0, 0, 0);
    const booked = await user.request.post('/api/bookings', {
      headers: { authorization: `Bearer ${token}` },
      data: { resource_id: resource.id, start_date: start.toISOString(), end_date: new Date(start.getTime() + 86_400_000).toISOString() },
    });
    expect(booked.status()).toBe(201);
    const bookingId = (await booked.json()).id;
    await user.goto('/my-bookings');
    const row = user.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
    await expect(row.getByTestId('payment-status')).toHaveText('Payment Pending');
    await expect.poll(() => sockets).toBeGreaterThan(0);

    // The server restarts (stopped as a deploy stops it, then started again on the same port and data).
    await stop(server);
    const [socketsBefore, refetchesBefore] = [sockets, refetches];
    server = await startServerProcess(env, port);

    // The client comes back by itself: a new socket, and what is on screen is refetched once (catch-up).
    await expect.poll(() => sockets, { timeout: 60_000 }).toBeGreaterThan(socketsBefore);
    await expect.poll(() => refetches, { timeout: 15_000 }).toBeGreaterThan(refetchesBefore);
    await user.waitForTimeout(1000);
    const refetchesAfterReconnect = refetches;

    // A payment now reaches the page through the resubscribed socket: Paid in place, with the live toast, no refetch.
    const paid = await user.request.post('/api/payment/direct-charge', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        booking_id: bookingId,
        card_holder_name: 'Sara Al-Otaibi',
        card_number: '4508 7500 1574 1019',
        expiry_month: '12',
        expiry_year: '39',
        cvv: '123',
      },
    });
    expect((await paid.json()).success).toBe(true);
    await expect(row.getByTestId('payment-status')).toHaveText('Paid');
    await expect(user.getByText(`Payment received: your booking of ${resource.title} is paid.`)).toBeVisible();
    expect(refetches).toBe(refetchesAfterReconnect);
  } finally {
    await context.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
