import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * "Cancel this workshop" (docs/decisions/063) in Chromium, on the app without a
 * payment provider (season clock, mid-January 2026): a workshop of its own with
 * two bookings (one paid offline), cancelled from the Go / no-go section with
 * the typed confirmation.
 */
const PASSWORD = 'e2e-admin-password';
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
const WORKSHOP = { id: 'e2e-cancel-test-2026', name: 'Cancelled Coast Test' };

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
}

async function book(request: APIRequestContext, name: string, visitor: number): Promise<string> {
  const res = await request.post('/api/bookings', {
    headers: { 'x-forwarded-for': `203.0.113.${200 + visitor}` },
    data: {
      workshop_id: WORKSHOP.id,
      customer_name: name,
      customer_email: `${name.split(' ')[0].toLowerCase()}.cancel@example.com`,
      customer_phone: '+1 555 010 0400',
      num_participants: 1,
      payment_option: 'deposit',
      age: 44,
      camera_body: 'Canon R6',
      lenses: '24-105mm',
      trip_goals: 'Sea stacks',
      emergency_contact_name: 'Sam Contact',
      emergency_contact_phone: '555-010-0401',
      emergency_contact_email: 'sam.contact@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the admin cancels a workshop with the typed confirmation; its bookings are cancelled and it takes no more', async ({ page, request }) => {
  const created = await request.post('/api/admin/workshops', {
    headers: ADMIN,
    data: {
      id: WORKSHOP.id,
      name: WORKSHOP.name,
      description: 'A workshop made to be cancelled by the end-to-end test.',
      location: 'Cannon Beach',
      state: 'Oregon',
      start_date: '2026-09-14',
      end_date: '2026-09-18',
      time_zone: 'America/Los_Angeles',
      capacity: 12,
      minimum_participants: 6,
      price: 2400,
      private_room_supplement: null,
      difficulty_level: 'Easy',
      workshop_type: 'landscape',
      image_url: '/images/workshops/zion-canyon-light.svg',
      highlights: ['Haystack Rock at dusk'],
      itinerary: 'Day 1: Arrive\nDay 2: Shoot',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const paidOffline = await book(request, 'Olive Offline', 1);
  await book(request, 'Hugo Held', 2);
  expect((await request.post(`/api/admin/bookings/${paidOffline}/payments`, { headers: ADMIN, data: { amount: 720 } })).status()).toBe(200);

  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Workshops' }).click();

  const section = page.getByRole('region', { name: 'Go / no-go' });
  const row = section.locator(`tr[data-go-no-go="${WORKSHOP.id}"]`);
  await expect(row).toContainText('At risk');
  await expect(row).toContainText('5 more paid needed');
  await audit(page);

  await row.getByRole('button', { name: `Cancel ${WORKSHOP.name}` }).click();
  const form = page.getByRole('form', { name: `Cancel ${WORKSHOP.name}?` });
  const typed = form.getByLabel("Type the workshop's name to confirm");
  await expect(typed).toBeFocused();
  await audit(page);
  // A wrong name cancels nothing.
  await typed.fill('Cancelled Coast');
  await form.getByRole('button', { name: 'Cancel this workshop' }).click();
  await expect(form.getByRole('alert')).toHaveText(`Type the workshop's name exactly: ${WORKSHOP.name}`);
  await expect(row).toContainText('At risk');

  await typed.fill(WORKSHOP.name);
  await form.getByRole('button', { name: 'Cancel this workshop' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${WORKSHOP.name} is cancelled` })).toContainText('2 bookings cancelled');
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button')).toHaveCount(0);
  await audit(page);

  // The bookings tab shows both bookings cancelled.
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  for (const name of ['Olive Offline', 'Hugo Held']) {
    const bookingRow = page.getByRole('row').filter({ has: page.getByRole('button', { name }) });
    await expect(bookingRow).toContainText('Cancelled');
  }

  // The public page says it is cancelled, with no Book Now.
  await page.goto(`/workshop/${WORKSHOP.id}`);
  await expect(page.getByTestId('workshop-cancelled')).toContainText('This workshop has been cancelled.');
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await audit(page);

  // The workshop takes no more bookings.
  const refused = await request.post('/api/bookings', {
    headers: { 'x-forwarded-for': '203.0.113.203' },
    data: {
      workshop_id: WORKSHOP.id, customer_name: 'Late Larry', customer_email: 'larry.cancel@example.com', customer_phone: '555 0100',
      num_participants: 1, age: 40, camera_body: 'Canon R5', lenses: '24-105', trip_goals: 'Coast', emergency_contact_name: 'X',
      emergency_contact_phone: '555 0101', emergency_contact_email: 'x@example.com',
    },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'WORKSHOP_CANCELLED' });
});
