import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { setLanguage, signInAs } from './support';

// Listing pictures go up one by one as they are chosen or dropped, with a progress bar; a phone photo over 5 MB is
// made smaller in the browser instead of being refused. Nothing is submitted: the uploads alone are the journey.

/** A photo-sized JPEG over 5 MB: noise does not compress, like a detailed 12 MP phone photo. */
const bigPhoto = () =>
  sharp(randomBytes(3000 * 2250 * 3), { raw: { width: 3000, height: 2250, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();

test('a 9 MB phone photo is scaled down in the browser and uploads with visible progress', async ({ page, request }) => {
  test.setTimeout(90_000);
  const photo = await bigPhoto();
  expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);
  await setLanguage(page, 'en');
  await signInAs(page, 'host', '/resources/list');
  // A mobile connection: the upload's answer takes a moment, long enough to see the bar.
  await page.route('**/api/uploads/images', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByTestId('image-input').setInputFiles({ name: 'site-visit.jpg', mimeType: 'image/jpeg', buffer: photo });
  const progress = page.getByRole('progressbar', { name: 'Uploading site-visit.jpg' });
  await expect(progress).toBeVisible();
  // While it goes up the listing cannot be submitted without it.
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  const preview = page.getByTestId('image-preview').getByRole('img', { name: 'site-visit.jpg' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/resources\/[0-9a-f-]{36}\.webp$/);
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  await expect(page.getByText(/too large/)).toHaveCount(0);
  // Stored as the web copy (1600 px) with its 400 px card copy beside it.
  const src = (await preview.getAttribute('src'))!;
  const web = await request.get(src);
  expect((await sharp(await web.body()).metadata()).width).toBe(1600);
  const card = await request.get(src.replace('.webp', '-w400.webp'));
  expect((await sharp(await card.body()).metadata()).width).toBe(400);
});

test('a picture dropped on the form uploads, in Arabic', async ({ page }) => {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await setLanguage(page, 'ar');
  await signInAs(page, 'host', '/resources/list');
  const drop = page.getByTestId('image-drop');
  await expect(drop).toContainText('أو أفلت الصور هنا');
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'قاعة.png', { type: 'image/png' }));
    return dt;
  }, png.toString('base64'));
  await drop.dispatchEvent('drop', { dataTransfer });
  const preview = page.getByTestId('image-preview').getByRole('img', { name: 'قاعة.png' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/resources\/[0-9a-f-]{36}\.webp$/, { timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

// A digital listing's file goes up the same way: on its own as it is chosen, with a progress bar, not as base64
// inside the listing's JSON.
test('a 9 MB digital file uploads with visible progress and is what the listing’s buyers will download', async ({ page, request }) => {
  test.setTimeout(90_000);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9 * 1024 * 1024)]);
  const title = `Tender pack ${Date.now()}`;
  await setLanguage(page, 'en');
  await signInAs(page, 'host', '/resources/list');
  await page.route('**/api/uploads/files**', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Description/).fill('Bid documents and pricing sheets for a Riyadh fit-out tender.');
  await page.getByLabel('Pricing period').selectOption('month');
  await page.getByLabel(/^Location/).fill('Riyadh');
  await page.getByLabel(/^Price/).fill('250');
  await page.getByText('This is a digital resource (a file buyers download)').click();
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'tender-pack.pdf', mimeType: 'application/pdf', buffer: pdf });
  const progress = page.getByRole('progressbar', { name: 'Uploading tender-pack.pdf' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Resource submitted! It will appear once an admin approves it.')).toBeVisible();

  // The host (its owner) downloads the very bytes that were chosen.
  const login = await request.post('/api/auth/login', { data: { email: 'host@mawarid.sa', password: 'Host#2026' } });
  const auth = { authorization: `Bearer ${(await login.json()).access_token}` };
  const mine = (await (await request.get('/api/resources/my/resources', { headers: auth })).json()) as Array<{ id: string; title: string }>;
  const listing = mine.find((r) => r.title === title)!;
  const link = await request.post(`/api/resources/${listing.id}/download-link`, { headers: auth });
  const file = await request.get((await link.json()).url);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
});

test('a file that is not what its name says is refused at its field, in Arabic', async ({ page }) => {
  await setLanguage(page, 'ar');
  await signInAs(page, 'host', '/resources/list');
  await page.getByText('هذا مورد رقمي (ملف يُنزّله المشترون)').click();
  const field = page.getByLabel('الملف', { exact: true });
  // The field speaks the page's language, not the browser's ("Choose File" / "No file chosen").
  await expect(page.getByRole('button', { name: 'اختر ملفًا' })).toBeVisible();
  await expect(page.getByText('لم يُختر أي ملف')).toBeVisible();
  await field.setInputFiles({ name: 'عقد.pdf', mimeType: 'application/pdf', buffer: Buffer.from('PK\u0003\u0004 not a pdf') });
  await expect(page.getByText('الملف لا يطابق صيغته')).toBeVisible();
  await expect(page.getByText('لم يُختر أي ملف')).toBeVisible(); // the refused file is not kept
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
