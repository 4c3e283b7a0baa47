import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, newSignedInPage } from './support';

const riyadhDate = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function tokenOf(request: APIRequestContext, role: 'host' | 'user' | 'admin'): Promise<string> {
  const res = await request.post('/api/auth/login', { data: DEMO[role] });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

/** Pages the calendar forward, a month at a time (each drawn before the next click), to the day's month. */
async function showDay(page: Page, calendar: string, day: string, next: string) {
  const cal = page.getByTestId(calendar);
  const today = riyadhDate(0);
  await expect(cal.locator(`[data-day="${today.slice(0, 7)}-01"]`)).toBeVisible();
  const months = (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 1; i <= months; i++) {
    await cal.getByRole('button', { name: next }).click();
    const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + i, 1)).toISOString().slice(0, 10);
    await expect(cal.locator(`[data-day="${d}"]`)).toBeVisible();
  }
  return cal.locator(`[data-day="${day}"]`);
}

const CASES = [
  {
    lang: 'en' as const,
    index: 0,
    offset: 40,
    manage: 'Availability',
    next: 'Next month',
    note: 'Note (only you see it)',
    block: 'Block these days',
    none: 'No dates chosen yet.',
    selectDates: 'Please select start and end dates',
    book: 'Book now',
  },
  {
    lang: 'ar' as const,
    index: 1,
    offset: 46,
    manage: 'التوفر',
    next: 'الشهر التالي',
    note: 'ملاحظة (تظهر لك وحدك)',
    block: 'احجب هذه الأيام',
    none: 'لم تختر تواريخ بعد.',
    selectDates: 'يرجى اختيار تاريخي البداية والنهاية',
    book: 'احجز الآن',
  },
];

for (const c of CASES) {
  test(`(${c.lang}) the host blocks days; the customer's calendar shows them taken and cannot book them`, async ({ browser, request }) => {
    const host = await tokenOf(request, 'host');
    const auth = { authorization: `Bearer ${host}` };
    // A day-priced listing of the demo host's per language (not the office other journeys book), starting unblocked.
    const mine = (await (await request.get('/api/resources/my/resources', { headers: auth })).json()) as Array<{
      id: string;
      title: string;
      period: string;
      status: string;
      resource_type: string;
    }>;
    const listing = mine.filter(
      (r) => r.status === 'active' && r.period === 'day' && r.resource_type === 'physical' && !/Al Olaya/.test(r.title),
    )[c.index];
    expect(listing, 'a demo listing priced by the day').toBeTruthy();
    expect((await request.put(`/api/resources/${listing.id}/availability`, { headers: auth, data: { blocked: [] } })).status()).toBe(200);
    const first = riyadhDate(c.offset);
    const last = riyadhDate(c.offset + 1);

    // The host opens the listing's calendar from My resources and blocks two days with a note.
    const hostPage = await newSignedInPage(browser, 'host', '/resources/my', { lang: c.lang });
    await expect(hostPage.locator('html')).toHaveAttribute('dir', c.lang === 'ar' ? 'rtl' : 'ltr');
    const card = hostPage.getByTestId('resource-card').filter({ has: hostPage.getByRole('link', { name: listing.title, exact: true }) });
    await card.getByRole('link', { name: c.manage, exact: true }).click();
    await expect(hostPage).toHaveURL(new RegExp(`/resources/${listing.id}/availability$`));
    await (await showDay(hostPage, 'block-calendar', first, c.next)).click();
    const blockCalendar = hostPage.getByTestId('block-calendar');
    if (last.slice(0, 7) !== first.slice(0, 7)) await blockCalendar.getByRole('button', { name: c.next }).click();
    await blockCalendar.locator(`[data-day="${last}"]`).click();
    await hostPage.getByLabel(c.note).fill(`Maintenance ${c.lang}`);
    await hostPage.getByRole('button', { name: c.block, exact: true }).click();
    await expect(hostPage.getByTestId('blocked-list')).toContainText(`Maintenance ${c.lang}`);
    await expect(hostPage.getByTestId('ics-url')).toHaveValue(new RegExp(`/api/resources/${listing.id}/calendar\\.ics\\?token=`));

    // The customer sees both days taken in the booking calendar; the day before stays free.
    const customer = await newSignedInPage(browser, 'user', `/resources/${listing.id}`, { lang: c.lang });
    await expect(await showDay(customer, 'booking-calendar', first, c.next)).toBeDisabled();
    // The neighbouring days are checked when they are in the month shown.
    const bookingCalendar = customer.getByTestId('booking-calendar');
    if (last.slice(0, 7) === first.slice(0, 7)) await expect(bookingCalendar.locator(`[data-day="${last}"]`)).toBeDisabled();
    const before = riyadhDate(c.offset - 1);
    if (before.slice(0, 7) === first.slice(0, 7)) await expect(bookingCalendar.locator(`[data-day="${before}"]`)).toBeEnabled();
    // Clicking a blocked day picks nothing, and booking without dates opens no checkout.
    await bookingCalendar.locator(`[data-day="${first}"]`).click({ force: true });
    await expect(customer.getByTestId('booking-selection')).toHaveText(c.none);
    await customer.getByRole('button', { name: c.book }).click();
    await expect(customer.getByRole('alert').filter({ hasText: c.selectDates })).toBeVisible();
    await expect(customer).toHaveURL(new RegExp(`/resources/${listing.id}$`));
    // And the server refuses them too.
    const user = await tokenOf(request, 'user');
    const refused = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${user}` },
      data: { resource_id: listing.id, start_date: `${first}T00:00:00+03:00`, end_date: `${last}T00:00:00+03:00` },
    });
    expect(refused.status()).toBe(409);

    expect((await request.put(`/api/resources/${listing.id}/availability`, { headers: auth, data: { blocked: [] } })).status()).toBe(200);
  });
}

const HOURLY = [
  {
    lang: 'en' as const,
    offset: 60,
    hours: 'Opening hours (Riyadh time)',
    closed: 'Closed',
    open: '08:00 – 12:00',
    startTime: 'Start time',
    endTime: 'End time',
    taken: 'These dates are already booked. Please choose other dates.',
    outside: "This time is outside the listing's opening hours. Please choose another time.",
    book: 'Book now',
  },
  {
    lang: 'ar' as const,
    offset: 67,
    hours: 'ساعات العمل (بتوقيت الرياض)',
    closed: 'مغلق',
    open: 'من 08:00 إلى 12:00',
    startTime: 'وقت البداية',
    endTime: 'وقت النهاية',
    taken: 'هذه التواريخ محجوزة مسبقاً. يرجى اختيار تواريخ أخرى.',
    outside: 'هذا الوقت خارج ساعات عمل الإعلان. يرجى اختيار وقت آخر.',
    book: 'احجز الآن',
  },
];

for (const c of HOURLY) {
  test(`(${c.lang}) an hourly listing shows its opening hours; a partly booked day stays open and taken hours are refused at the time`, async ({
    browser,
    request,
  }) => {
    const host = await tokenOf(request, 'host');
    const auth = { authorization: `Bearer ${host}` };
    const mine = (await (await request.get('/api/resources/my/resources', { headers: auth })).json()) as Array<{
      id: string;
      period: string;
      status: string;
    }>;
    const room = mine.find((r) => r.status === 'active' && r.period === 'hour');
    expect(room, 'a demo listing priced by the hour').toBeTruthy();
    const day = riyadhDate(c.offset);
    const closedDay = riyadhDate(c.offset + 1);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    // Open 08:00–12:00 on that weekday only; someone else holds 08:00–10:00 of the day.
    const set = await request.put(`/api/resources/${room!.id}/availability`, {
      headers: auth,
      data: { blocked: [], opening_hours: [{ weekday, opens: '08:00', closes: '12:00' }] },
    });
    expect(set.status(), await set.text()).toBe(200);
    const admin = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const held = await request.post('/api/bookings', {
      headers: admin,
      data: { resource_id: room!.id, start_date: `${day}T08:00:00+03:00`, end_date: `${day}T10:00:00+03:00` },
    });
    expect(held.status(), await held.text()).toBe(201);

    try {
      const customer = await newSignedInPage(browser, 'user', `/resources/${room!.id}`, { lang: c.lang });
      const hours = customer.getByTestId('opening-hours');
      await expect(hours.getByRole('heading', { name: c.hours })).toBeVisible();
      await expect(hours).toContainText(c.open);
      await expect(hours).toContainText(c.closed);
      // The partly booked day can be picked; the closed day after it cannot.
      const cal = customer.getByTestId('booking-calendar');
      const dayButton = await showDay(customer, 'booking-calendar', day, c.lang === 'ar' ? 'الشهر التالي' : 'Next month');
      await expect(dayButton).toBeEnabled();
      if (closedDay.slice(0, 7) === day.slice(0, 7)) await expect(cal.locator(`[data-day="${closedDay}"]`)).toBeDisabled();
      await dayButton.click();
      await expect(customer.getByTestId('booking-selection')).toHaveAttribute('data-chosen', `${day}/${day}`);

      // Hours someone holds are refused at the start time, with the server's message.
      const start = customer.getByLabel(c.startTime);
      await start.fill('09:00');
      await customer.getByLabel(c.endTime).fill('11:00');
      await customer.getByRole('button', { name: c.book }).click();
      await expect(start).toHaveAttribute('aria-invalid', 'true');
      await expect(start).toHaveAccessibleErrorMessage(c.taken);
      // So are hours past closing time.
      await start.fill('10:00');
      await customer.getByLabel(c.endTime).fill('13:00');
      await customer.getByRole('button', { name: c.book }).click();
      await expect(start).toHaveAccessibleErrorMessage(c.outside);
      // The free hours book.
      await customer.getByLabel(c.endTime).fill('12:00');
      await customer.getByRole('button', { name: c.book }).click();
      await expect(customer).toHaveURL(/\/payment\/checkout$/);
      const user = { authorization: `Bearer ${await tokenOf(request, 'user')}` };
      const mineBooked = (await (await request.get('/api/bookings/my', { headers: user })).json()) as Array<{
        id: string;
        resource_id: string;
        status: string;
      }>;
      for (const b of mineBooked.filter((x) => x.resource_id === room!.id && x.status === 'pending'))
        expect((await request.delete(`/api/bookings/${b.id}`, { headers: user })).status()).toBe(200);
    } finally {
      await request.delete(`/api/bookings/${(await held.json()).id}`, { headers: admin });
      await request.put(`/api/resources/${room!.id}/availability`, { headers: auth, data: { blocked: [], opening_hours: [] } });
    }
  });
}
