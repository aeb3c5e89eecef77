import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CALENDAR_APP_URL } from './playwright.config';

/**
 * The calendar (docs/decisions/059) in Chromium, on the app whose clock reads
 * 2026-11-23 (the day the issue was filed): ten of the eleven seeded workshops
 * have taken place; only the Everglades (December 7) is still to come.
 */
test.use({ baseURL: CALENDAR_APP_URL });

const PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e servers (playwright.config.ts)

/** WCAG 2.2 AA, as in a11y.spec.ts: any axe violation fails. */
async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
}

test('a past workshop shows that it has taken place: no Book Now, no booking form, listed apart', async ({ page }) => {
  await page.goto('/workshop/zion-canyon-light');
  await expect(page.getByRole('heading', { level: 1, name: 'Zion Canyon Light & Slot Canyons' })).toBeVisible();
  await expect(page.getByTestId('workshop-past')).toContainText('This workshop has taken place.');
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Join Community' })).toBeVisible();
  await audit(page);

  await page.goto('/booking/zion-canyon-light');
  await expect(page.getByTestId('booking-closed')).toContainText('This workshop has taken place');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

  // The list: the one upcoming workshop first, the ten past ones apart and marked.
  await page.goto('/workshops');
  await expect(page.getByTestId('upcoming-workshops').getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId('upcoming-workshops')).toContainText('Everglades');
  const past = page.getByRole('region', { name: 'Past workshops' });
  await expect(past.getByRole('article')).toHaveCount(10);
  await expect(past.getByText('Past workshop', { exact: true })).toHaveCount(10);
  await audit(page);

  // The server refuses a booking for it anyway (REST), naming the reason.
  const refused = await page.request.post('/api/bookings', {
    data: {
      workshop_id: 'zion-canyon-light', customer_name: 'Late Comer', customer_email: 'late@example.com', customer_phone: '555 0100',
      num_participants: 1, age: 40, camera_body: 'Canon R5', lenses: '24-105', trip_goals: 'Canyons', emergency_contact_name: 'X',
      emergency_contact_phone: '555 0101', emergency_contact_email: 'x@example.com',
    },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'WORKSHOP_STARTED' });
});

test('the admin schedules the 2027 run of a past workshop in two clicks, and it is bookable', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('tab', { name: 'Workshops' }).click();
  const zionRow = page.locator('tr[data-workshop="zion-canyon-light"]');
  await expect(zionRow.getByText('Past')).toBeVisible();
  await audit(page);

  // The editor: an empty form sent as it is comes back with the server's errors next to the fields.
  await page.getByRole('button', { name: 'New workshop' }).click();
  await page.getByRole('button', { name: 'Create workshop' }).click();
  await expect(page.getByRole('alert')).toContainText('Please correct the');
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#workshop-name-error')).toHaveText('name is required');
  await audit(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Click one: "Schedule again" proposes the same dates a year later under a new id.
  await zionRow.getByRole('button', { name: 'Schedule Zion Canyon Light & Slot Canyons again' }).click();
  await expect(page.getByLabel('Id of the new run')).toHaveValue('zion-canyon-light-2027');
  await expect(page.getByLabel('Start date')).toHaveValue('2027-04-13');
  await expect(page.getByLabel('End date')).toHaveValue('2027-04-18');
  await audit(page);
  // Click two.
  await page.getByRole('button', { name: 'Create the new run' }).click();
  await expect(page.getByRole('status')).toContainText('scheduled again: Apr 13-18, 2027 (zion-canyon-light-2027)');
  await expect(page.locator('tr[data-workshop="zion-canyon-light-2027"]').getByText('Upcoming')).toBeVisible();

  // The public site offers it at once.
  await page.goto('/workshops');
  await expect(page.getByTestId('upcoming-workshops')).toContainText('Apr 13-18, 2027');
  await page.goto('/workshop/zion-canyon-light-2027');
  await expect(page.getByTestId('available-spots')).toHaveText('12 of 12');
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking\/zion-canyon-light-2027$/);

  await page.getByLabel('Full name *').fill('Ana Lopez');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill('ana@example.com');
  await details.getByLabel('Phone *').fill('+1 555 010 0100');
  await page.getByLabel('Age *').fill('34');
  await page.getByLabel('Camera body *').fill('Nikon Z8');
  await page.getByLabel('Lenses *').fill('24-70mm f/2.8');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Reflected light in the Narrows');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Luis Lopez');
  await emergency.getByLabel('Phone *').fill('555-010-0101');
  await emergency.getByLabel('Email *').fill('luis@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f-]{36}$/);
  // Not paid (no payment provider here): the spots are held, so the booking is confirmed, pending payment (issue 21).
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByTestId('total-amount')).toHaveText('$2,895');
});
