import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PUBLIC_ROUTES } from './routes';

/**
 * WCAG 2.2 AA: axe runs every rule it has (WCAG A/AA up to 2.2 and best
 * practices) on every public route, and any violation fails the test.
 */
async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

/** Waits until the route has rendered its data (no loading state left). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="status"]:has-text("Loading")')).toHaveCount(0);
}

for (const route of PUBLIC_ROUTES) {
  test(`axe finds no violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await settle(page);
    await audit(page);
  });
}

test('axe: FAQ with an answer open, contact form after sending', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: /cancellation policy/i }).click();
  await audit(page);

  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Ada');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Hello');
  await page.getByLabel('Message', { exact: true }).fill('A question');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await audit(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('axe: home and reviews, with the menu open', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    await audit(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' })).toBeVisible();
    await audit(page);

    await page.goto('/testimonials');
    await settle(page);
    await audit(page);
  });
});
