import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// A visitor of its own (the app trusts X-Forwarded-For from loopback): the other files' bookings do not count toward its holds.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' } });

// The one 2026 workshop still ahead on the real calendar (the app runs on the real clock here).
const WORKSHOP = 'everglades-wading-birds';
const ADMIN = { authorization: `Basic ${Buffer.from('admin:e2e-admin-password').toString('base64')}` };

const availableSpots = async (request: APIRequestContext) => ((await (await request.get(`/api/workshops/${WORKSHOP}`)).json()) as { available_spots: number }).available_spots;

/** Books every spot left, so the workshop is sold out; returns the booking (or null when it already was). */
async function sellOut(request: APIRequestContext): Promise<string | null> {
  const left = await availableSpots(request);
  if (left === 0) return null;
  const res = await request.post('/api/bookings', {
    data: {
      workshop_id: WORKSHOP,
      customer_name: 'Club Organiser',
      customer_email: 'club.organiser@example.com',
      customer_phone: '+1 555 010 0300',
      num_participants: left,
      payment_option: 'full',
      age: 48,
      camera_body: 'Nikon Z9',
      lenses: '500mm PF',
      trip_goals: 'Herons at dawn',
      emergency_contact_name: 'Pat Organiser',
      emergency_contact_phone: '555-010-0301',
      emergency_contact_email: 'pat@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('waiting list (docs/decisions/061): a visitor joins the list of a sold-out workshop; a cancellation offers them the spots', async ({ page, request }) => {
  const before = await availableSpots(request);
  const filler = await sellOut(request);
  let entryId: string | null = null;
  try {
    await page.goto(`/workshop/${WORKSHOP}`);
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    const form = page.getByRole('form', { name: 'Join the waiting list' });
    await expect(form).toBeVisible();
    // Nothing is sent without a name and a valid email.
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();

    await form.getByLabel('Name').fill('Mia Chen');
    await form.getByLabel('Email').fill('mia.waitlist@example.com');
    await form.getByLabel('Spots wanted').selectOption('2');
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    const done = page.getByRole('status').filter({ hasText: 'You are on the waiting list.' });
    await expect(done).toContainText('When 2 spots open up, we will email mia.waitlist@example.com a link that holds them for you for 48 hours.');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`), 'axe violations').toEqual([]);

    // The admin sees the entry.
    const list = async () => (await (await request.get(`/api/admin/workshops/${WORKSHOP}/waitlist`, { headers: ADMIN })).json()) as Array<{ id: string; email: string; state: string; spots: number }>;
    const entry = (await list()).find((e) => e.email === 'mia.waitlist@example.com');
    expect(entry).toMatchObject({ state: 'waiting', spots: 2 });
    entryId = entry!.id;

    // Spots come back: the offer holds them, the public sees none.
    if (filler) {
      expect((await request.post(`/api/admin/bookings/${filler}/cancel`, { headers: ADMIN })).status()).toBe(200);
      expect((await list()).find((e) => e.id === entryId)).toMatchObject({ state: 'offered' });
      expect(await availableSpots(request)).toBe(before - 2);
    }

    // The admin's Waiting lists tab shows the entry and its offer, with no axe violation.
    await page.goto('/admin');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Waiting lists' }).click();
    await page.getByLabel('Workshop', { exact: true }).selectOption(WORKSHOP);
    const row = page.getByRole('row').filter({ hasText: 'mia.waitlist@example.com' });
    await expect(row).toContainText(filler ? 'Offer open' : 'Waiting');
    await expect(row.getByRole('button', { name: 'Remove Mia Chen from the waiting list' })).toBeVisible();
    const admin = await new AxeBuilder({ page }).analyze();
    expect(admin.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
  } finally {
    // Leave the workshop as this file found it for the files after it.
    if (entryId) await request.delete(`/api/admin/waitlist/${entryId}`, { headers: ADMIN });
    if (filler) await request.post(`/api/admin/bookings/${filler}/cancel`, { headers: ADMIN });
  }
  expect(await availableSpots(request)).toBe(before);
});
