import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e server (playwright.config.ts)
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
const WORKSHOP = 'zion-canyon-light';
const WORKSHOP_NAME = 'Zion Canyon Light & Slot Canyons';
/** The run as the admin names it (api/shared/dates runLabel): other tests schedule the workshop again under the same name. */
const RUN_LABEL = `${WORKSHOP_NAME}, Apr 13-18, 2026`;

/** A small real JPEG made here (3:2, a gradient so the encoders have something to do). */
async function aJpeg(width: number, from: string, to: string): Promise<Buffer> {
  const height = Math.round((width * 2) / 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function uploadGalleryPhoto(request: APIRequestContext, altText: string, caption: string, jpeg: Buffer): Promise<string> {
  const res = await request.post('/api/admin/photos', {
    headers: ADMIN,
    multipart: { kind: 'workshop_gallery', workshop_id: WORKSHOP, alt_text: altText, caption, file: { name: `${altText}.jpg`, mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test.describe('photographs (docs/decisions/077)', () => {
  // The other specs see the seeded illustrations: every photo made here is deleted again.
  test.afterAll(async ({ request }) => {
    const all = (await (await request.get('/api/admin/photos', { headers: ADMIN })).json()) as Array<{ id: string }>;
    for (const p of all) await request.delete(`/api/admin/photos/${p.id}`, { headers: ADMIN });
  });

  test('a cover uploaded in the admin appears on the workshop page in responsive sizes, preloaded; the gallery steps with the keys', async ({ page, request }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Manage Photos' }).click();
    const form = page.getByRole('form', { name: `Upload Cover photograph of ${RUN_LABEL}`, exact: true });
    await form.getByLabel('Photograph').setInputFiles({ name: 'narrows.jpg', mimeType: 'image/jpeg', buffer: await aJpeg(2000, '#d9773a', '#3b2b5c') });
    await form.getByLabel('Alt text (required)').fill('Reflected light on the walls of the Narrows');
    await form.getByRole('button', { name: /Upload/ }).click();
    await expect(form.getByText('Uploaded.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('img', { name: 'Reflected light on the walls of the Narrows' })).toBeVisible();

    for (const [i, [a, b]] of [['#204060', '#d0a060'], ['#603020', '#f0d0a0'], ['#306040', '#e0f0d0']].entries()) {
      await uploadGalleryPhoto(request, `Gallery photo ${i + 1}`, i === 0 ? 'Wading the Narrows' : '', await aJpeg(1200, a, b));
    }

    // The server render preloads the cover (the LCP image) with its AVIF srcset and sizes.
    const html = await (await request.get(`/workshop/${WORKSHOP}`)).text();
    const preloads = [...html.matchAll(/<link[^>]*>/g)].map((m) => m[0]).filter((l) => /rel="preload"/.test(l) && l.includes('/photos/'));
    expect(preloads).toHaveLength(1);
    const preload = preloads[0];
    expect(preload).toMatch(/as="image"/);
    expect(preload).toMatch(/imagesrcset="\/photos\/[^"]+-480\.avif 480w, [^"]+-960\.avif 960w, [^"]+-1600\.avif 1600w, [^"]+-2000\.avif 2000w"/i);
    expect(preload).toMatch(/imagesizes="100vw"/i);

    await page.goto(`/workshop/${WORKSHOP}`);
    const cover = page.getByRole('img', { name: 'Reflected light on the walls of the Narrows' });
    await expect(cover).toBeVisible();
    const srcset = (await cover.getAttribute('srcset')) ?? '';
    expect(srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['480w', '960w', '1600w', '2000w']);
    // The browser picked one of the renderings (AVIF, from the <source>) and decoded it.
    const loaded = await cover.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
    expect(loaded.src).toMatch(/\/photos\/[0-9a-f-]+-(480|960|1600|2000)\.avif$/);
    expect(loaded.width).toBeGreaterThan(0);
    const cached = await request.get(new URL(loaded.src).pathname);
    expect(cached.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(cached.headers()['content-type']).toBe('image/avif');

    // The gallery: below the fold, lazy; the arrow keys move it, and the status says where it is.
    const strip = page.getByRole('region', { name: /Photographs from Zion Canyon Light/ });
    await expect(page.getByRole('img', { name: 'Gallery photo 1' })).toHaveAttribute('loading', 'lazy');
    await strip.scrollIntoViewIfNeeded();
    await expect(strip).toContainText('Wading the Narrows');
    const status = page.getByTestId('gallery-status');
    await expect(status).toHaveText('1 of 3');
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveText('2 of 3');
    await expect.poll(() => strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(1);
    await page.keyboard.press('End');
    await expect(status).toHaveText('3 of 3');
    await expect(page.getByRole('img', { name: 'Gallery photo 3' })).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(status).toHaveText('1 of 3');
    await page.getByRole('button', { name: /Next/ }).click();
    await expect(status).toHaveText('2 of 3');
  });
});
