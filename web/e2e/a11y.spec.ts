import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STRIPE_APP_URL } from './playwright.config';
import { PUBLIC_ROUTES } from './routes';

/**
 * WCAG 2.2 AA: axe runs every rule it has (WCAG A/AA up to 2.2 and best
 * practices) on every public route, on the admin screens and on the pages a
 * visitor reaches by booking (/confirmation, /payment-success), and any
 * violation fails the test.
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

const ADMIN_PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e server (playwright.config.ts)

let visitors = 0;

/**
 * A booking made through the spec's REST call, on the app at `origin` (default: the one without a
 * payment provider), by a visitor of its own: the hold limits count per address and email (056).
 */
async function book(request: APIRequestContext, origin = '', name = 'Axe Auditor'): Promise<string> {
  visitors += 1;
  const res = await request.post(`${origin}/api/bookings`, {
    headers: { 'x-forwarded-for': `203.0.113.${150 + visitors}` },
    data: {
      workshop_id: 'zion-canyon-light', customer_name: name, customer_email: `axe${visitors}.e2e@example.com`, customer_phone: '555 0100',
      num_participants: 1, age: 40, camera_body: 'Canon R5', lenses: '24-105mm', trip_goals: 'Light', emergency_contact_name: 'X',
      emergency_contact_phone: '555 0101', emergency_contact_email: 'x@example.com',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
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

  test('axe: the bookings table and the Activity tab', async ({ page, request }) => {
    await book(request, '', 'Phone Subject');
    await page.goto('/admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('tab', { name: /^Bookings/ }).click();
    await settle(page);
    await audit(page);
    await page.getByRole('tab', { name: /^Activity/ }).click();
    await settle(page);
    await audit(page);
  });
});

test('axe: /confirmation of a booking', async ({ page, request }) => {
  const id = await book(request);
  await page.goto(`/confirmation/${id}`);
  // Not paid (no payment provider here): the spots are held, so the booking is confirmed, pending payment (issue 21).
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await settle(page);
  await audit(page);
});

test('axe: /payment-success, paid and failed', async ({ page, request }) => {
  const id = await book(request, STRIPE_APP_URL);
  const session = await request.post(`${STRIPE_APP_URL}/api/checkout/create-session`, { data: { booking_id: id, origin_url: STRIPE_APP_URL } });
  const { url } = (await session.json()) as { url: string };
  await page.goto(url);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await audit(page);

  await page.goto(`${STRIPE_APP_URL}/payment-success?session_id=cs_test_unknown`);
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await audit(page);
});

test('axe: the admin screens (login, every dashboard tab, a booking in detail)', async ({ page, request }) => {
  await book(request, '', 'Axe Admin Subject');
  const posted = await request.post('/api/workshops/zion-canyon-light/messages', {
    data: { author_name: 'Axe Poster', author_email: 'poster@example.com', message: 'Anyone driving from Las Vegas?', topic: 'ride_sharing' },
  });
  expect(posted.ok()).toBe(true);
  await page.goto('/admin');
  await audit(page);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await settle(page);
  await audit(page); // Statistics

  for (const tab of [/^Bookings/, /^Messages/, /^Manage Photos/, /^Security/, /^Personal data/, /^Activity/]) {
    await page.getByRole('tab', { name: tab }).click();
    await settle(page);
    await audit(page);
  }
  // The Activity tab lists the sign-in just made.
  await expect(page.getByRole('table', { name: /^Activity/ }).getByText('Admin signed in').first()).toBeVisible();

  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await page.getByRole('button', { name: 'Name' }).click(); // sorted by name: a header in aria-sort state
  await audit(page);
  await page.getByRole('button', { name: 'Axe Admin Subject' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking of Axe Admin Subject' })).toBeFocused();
  await settle(page);
  await audit(page);
});

test('axe: the admin’s waiver editor of a workshop (issue 25)', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: /^Workshops/ }).click();
  await page.getByRole('button', { name: /^Waiver of / }).first().click();
  await expect(page.getByLabel('Waiver text')).not.toHaveValue('');
  await settle(page);
  await audit(page);
});
