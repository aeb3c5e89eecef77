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
