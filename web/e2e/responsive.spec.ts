import { expect, test } from './fixtures';
import { ALL_ROUTES } from './routes';

/**
 * All 18 routes at phone and desktop width: they render inside the site frame,
 * without console errors (the fixture), without horizontal scrolling, and
 * their images reserve their size before loading.
 */
for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 900 } });

    test(`every route renders without errors or horizontal scroll`, async ({ page }) => {
      test.setTimeout(90_000);
      for (const route of ALL_ROUTES) {
        const res = await page.goto(route);
        expect(res?.status(), route).toBe(200);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('header.site-header'), route).toBeVisible();
        await expect(page.locator('main h1').first(), route).toBeVisible();
        // base.css hides sideways overflow on <body> as a safety net; measure without it.
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          document.body.style.overflowX = 'visible';
          const size = { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
          document.body.style.overflowX = '';
          return size;
        });
        expect(scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
        const unsized = await page.locator('main img:not([width][height])').count();
        expect(unsized, `${route}: images without width and height`).toBe(0);
      }
    });
  });
}

test('tablet widths do not scroll sideways either', async ({ page }) => {
  for (const width of [768, 1024, 1199, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of ['/', '/faq', '/workshop/zion-canyon-light']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => {
        document.body.style.overflowX = 'visible';
        return document.documentElement.scrollWidth - document.documentElement.clientWidth;
      });
      expect(overflow, `${route} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

test.describe('phone navigation', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu collapses behind a toggle', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Equipment' })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('link', { name: 'Equipment' })).toBeVisible();
    await nav.getByRole('link', { name: 'Equipment' }).click();
    await expect(page).toHaveURL(/\/equipment$/);
    await expect(nav.getByRole('link', { name: 'Equipment' })).toBeHidden();
  });
});

test('images below the fold load lazily; the hero image does not', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.hero__image')).not.toHaveAttribute('loading', 'lazy');
  await page.waitForLoadState('networkidle');
  const cards = page.locator('.workshop-card img');
  await expect(cards.first()).toBeVisible();
  for (const img of await cards.all()) await expect(img).toHaveAttribute('loading', 'lazy');
});

test('a broken workshop image is hidden', async ({ page, consoleErrors }) => {
  await page.route('**/images/workshops/zion-canyon-light.svg', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/workshop/zion-canyon-light');
  await expect(page.getByRole('heading', { level: 1, name: 'Zion Canyon Light & Slot Canyons' })).toBeVisible();
  await expect(page.locator('img[src="/images/workshops/zion-canyon-light.svg"]')).toHaveCount(0);
  // The browser reports the 404 this test provoked; nothing else may be logged.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e)));
});

// Issue 22: the admin's Payments table (six columns) pushed the booking detail sideways on a phone.
test.describe('the admin booking detail on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  const PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e server (playwright.config.ts)

  test('does not scroll sideways: the Payments table scrolls in its own box, says so, and the keyboard reaches it', async ({ page, request }) => {
    const name = 'Narrow Ledger Guest';
    const created = await request.post('/api/bookings', {
      headers: { 'x-forwarded-for': '203.0.113.240' },
      data: {
        workshop_id: 'zion-canyon-light', customer_name: name, customer_email: 'narrow.ledger.e2e@example.com', customer_phone: '555 0100', num_participants: 1,
        age: 40, camera_body: 'Canon R5', lenses: '24-105mm', trip_goals: 'Light', emergency_contact_name: 'X', emergency_contact_phone: '555 0101',
        emergency_contact_email: 'x@example.com', payment_option: 'deposit',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const admin = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
    expect((await request.post(`/api/admin/bookings/${id}/payments`, { headers: admin, data: { amount: 400 } })).status()).toBe(200);

    await page.goto('/admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('tab', { name: /^Bookings/ }).click();
    await page.getByRole('button', { name }).first().click();
    const payments = page.getByRole('region', { name: 'Payments', description: 'Scroll the table sideways to see every column.' });
    await expect(payments.getByRole('table', { name: 'Payments' })).toBeVisible();
    await expect(page.getByText('Scroll the table sideways to see every column.').first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const overflow = await page.evaluate(() => {
      document.body.style.overflowX = 'visible';
      const o = document.documentElement.scrollWidth - document.documentElement.clientWidth;
      document.body.style.overflowX = '';
      return o;
    });
    expect(overflow, 'the booking detail scrolls sideways').toBeLessThanOrEqual(0);
    // The hidden columns are reached by scrolling the table's own box (the arrow keys once it has focus).
    const note = payments.getByRole('columnheader', { name: 'Note' });
    await expect(note).not.toBeInViewport({ ratio: 1 });
    await payments.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    await expect(note).toBeInViewport({ ratio: 1 });
  });
});
