import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { addFutureWorkshop, APP_DB } from './futureWorkshops';

/**
 * The phone funnel (issue 24): the price and Book Now stay in view on a phone-sized
 * workshop page, the booking summary comes before the submit button, form errors
 * stand next to their fields, and a sold-out workshop's booking page offers the waiting list.
 */
const PHONE = { width: 375, height: 740 };

// A visitor of its own (the app trusts X-Forwarded-For from loopback): other files' holds do not count.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.24' } });

async function ahead(request: APIRequestContext, baseURL: string, id: string): Promise<void> {
  await addFutureWorkshop(request, { baseUrl: baseURL, db: APP_DB, from: 'zion-canyon-light', id, startInDays: 300 });
}

test('a phone-sized workshop page keeps the price, the spots and Book Now in view without covering the page; a wide one does not show the bar', async ({ page, request, baseURL }) => {
  await ahead(request, baseURL!, 'zion-funnel-bar');
  await page.setViewportSize(PHONE);
  await page.goto('/workshop/zion-funnel-bar');
  const bar = page.getByRole('region', { name: 'Price and booking' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('$2,895');
  await expect(bar).toContainText('12 spots left');
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);
  expect(box.height).toBeLessThan(90);

  // Still there after scrolling into the itinerary; the last line of the page ends above it.
  await page.getByRole('heading', { name: 'Itinerary' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const legal = (await page.locator('.site-footer__legal').boundingBox())!;
  expect(legal.y + legal.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);

  // Keyboard and pointer reach it.
  await bar.getByRole('link', { name: 'Book Now' }).focus();
  await expect(bar.getByRole('link', { name: 'Book Now' })).toBeFocused();
  await bar.getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking\/zion-funnel-bar$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/workshop/zion-funnel-bar');
  await expect(page.getByRole('region', { name: 'Price and booking' })).toBeHidden();
});

test('on a phone the booking summary (total, due today, balance and its date) precedes the submit button; errors stand next to their fields', async ({ page, request, baseURL }) => {
  await ahead(request, baseURL!, 'zion-funnel-form');
  await page.setViewportSize(PHONE);
  await page.goto('/booking/zion-funnel-form');
  const summary = page.getByRole('complementary', { name: 'Booking summary' });
  const submit = page.getByRole('button', { name: 'Continue to payment' });
  await expect(summary).toContainText('Total');
  await expect(summary).toContainText('Due today (30% deposit)');
  await expect(summary).toContainText(/The balance of \$2,026\.50 is due 60 days before the workshop starts \(.+\)\./);
  const s = (await summary.boundingBox())!;
  const b = (await submit.boundingBox())!;
  expect(s.y + s.height).toBeLessThanOrEqual(b.y);

  // Nothing typed: the site's own words next to the fields, the first one focused, no browser pop-up.
  await submit.click();
  const name = page.getByLabel('Full name *');
  await expect(name).toBeFocused();
  await expect(page.locator('#customer_name-error')).toHaveText('Please enter your full name.');
  await expect(page.locator('#age-error')).toHaveText('Please enter your age.');
  await expect(page.getByTestId('form-errors')).toContainText('Please correct the 10 fields marked above.');
  await expect(page).toHaveURL(/\/booking\/zion-funnel-form$/);

  // Nothing on the page runs past the 375 px edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('a sold-out workshop’s booking page says so and offers the waiting list instead of the form', async ({ page, request, baseURL }) => {
  await ahead(request, baseURL!, 'zion-funnel-full');
  const res = await request.post('/api/bookings', {
    data: {
      workshop_id: 'zion-funnel-full',
      customer_name: 'Club Organiser',
      customer_email: 'club.funnel@example.com',
      customer_phone: '+1 555 010 0300',
      num_participants: 12,
      payment_option: 'full',
      age: 48,
      camera_body: 'Nikon Z9',
      lenses: '24-70mm',
      trip_goals: 'Slot canyons',
      emergency_contact_name: 'Pat Organiser',
      emergency_contact_phone: '555-010-0301',
      emergency_contact_email: 'pat@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize(PHONE);
  await page.goto('/booking/zion-funnel-full');
  await expect(page.getByTestId('booking-sold-out')).toContainText('Every spot on this workshop is taken.');
  await expect(page.getByRole('form', { name: 'Join the waiting list' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Booking form' })).toHaveCount(0);
  await expect(page.getByText(/Up to 0/)).toHaveCount(0);
});
