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
