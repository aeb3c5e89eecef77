import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 25, second half, in Chromium on the app without a payment provider (season
 * clock): a run of its own with three bookings (a shared room for two, a private
 * room, a lone shared one); the admin's departure view shows the roster, the
 * rooming list and the dietary list, writes know before you go and messages the
 * group after a preview; a traveller's manage page shows both. axe on each page.
 */
const PASSWORD = 'e2e-admin-password';
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
const WORKSHOP = { id: 'e2e-departure-test-2026', name: 'Departure Desert Test' };
const here = path.dirname(fileURLToPath(import.meta.url));
// The e2e servers run in this folder: without SMTP_URL they write every mail into data/outbox.
const OUTBOX = path.resolve(here, 'data/outbox');
// The outbox folder outlives a run (the database does not): this run's message is told apart by its subject.
const SUBJECT = `Flash flood watch ${Date.now().toString(36)}`;

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
}

function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The manage link in the first mail to `email` whose text holds `marker`. */
function manageLinkIn(email: string, marker: string): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = mailText(path.join(OUTBOX, name));
    if (!text.includes(email) || !text.includes(marker)) continue;
    const link = /https?:\/\/[^\s"'<>]+\/manage\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/.exec(text);
    if (link) return link[0];
  }
  return null;
}

async function book(request: APIRequestContext, visitor: number, fields: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/bookings', {
    headers: { 'x-forwarded-for': `203.0.113.${150 + visitor}` },
    data: {
      workshop_id: WORKSHOP.id,
      customer_phone: '+1 555 010 0500',
      num_participants: 1,
      room_type: 'shared',
      payment_option: 'deposit',
      age: 41,
      camera_body: 'Sony A7 IV',
      lenses: '16-35mm',
      trip_goals: 'Night skies',
      emergency_contact_name: 'Pat Contact',
      emergency_contact_phone: '555-010-0501',
      emergency_contact_email: 'pat.contact@example.com',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the departure view shows the roster, rooming list and dietary list; know before you go and a group message reach the manage page', async ({ page, request }) => {
  const created = await request.post('/api/admin/workshops', {
    headers: ADMIN,
    data: {
      id: WORKSHOP.id,
      name: WORKSHOP.name,
      description: 'A workshop made for the departure end-to-end test.',
      location: 'Joshua Tree',
      state: 'California',
      start_date: '2026-10-12',
      end_date: '2026-10-16',
      time_zone: 'America/Los_Angeles',
      capacity: 12,
      minimum_participants: 6,
      price: 2400,
      private_room_supplement: null,
      difficulty_level: 'Easy',
      workshop_type: 'landscape',
      image_url: '/images/workshops/zion-canyon-light.svg',
      highlights: ['Milky Way over the Joshua trees'],
      itinerary: 'Day 1: Arrive\nDay 2: Shoot',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ann = await book(request, 1, { customer_name: 'Ann Lee', customer_email: 'ann.departure@example.com', num_participants: 2, dietary_restrictions: 'Vegan', travellers: [{ name: 'Ben Lee', email: 'ben.departure@example.com' }] });
  await book(request, 2, { customer_name: 'Dee Wu', customer_email: 'dee.departure@example.com', room_type: 'private', health_concerns: 'Bee sting allergy' });
  await book(request, 3, { customer_name: 'Eve Ray', customer_email: 'eve.departure@example.com' });
  // Ann's deposit, paid offline: her booking is confirmed, so Ben (whom she named) is written to as well.
  expect((await request.post(`/api/admin/bookings/${ann}/payments`, { headers: ADMIN, data: { amount: 1440 } })).status()).toBe(200);

  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Workshops' }).click();
  await page.getByRole('button', { name: `Departure of ${WORKSHOP.name}` }).click();

  await expect(page.getByRole('heading', { name: `Departure: ${WORKSHOP.name}` })).toBeVisible();
  const roster = page.getByRole('region', { name: 'Roster (4)' });
  for (const name of ['Ann Lee', 'Ben Lee', 'Dee Wu', 'Eve Ray']) await expect(roster.getByRole('rowheader', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByTestId('departure-readiness')).toContainText('of 4 ready');
  const rooms = page.getByTestId('rooming-list');
  await expect(rooms).toContainText('Shared room: Ann Lee & Ben Lee');
  await expect(rooms).toContainText('Private room: Dee Wu');
  await expect(rooms).toContainText('Shared room: Eve Ray (needs a roommate)');
  const dietary = page.getByTestId('dietary-list');
  await expect(dietary).toContainText('Vegan');
  await expect(dietary).toContainText('Bee sting allergy');
  await audit(page);

  // Know before you go, written in the admin.
  await page.getByRole('button', { name: 'Write know before you go' }).click();
  await page.getByLabel('Meeting point (address)').fill('74485 National Park Dr, Twentynine Palms, CA');
  await page.getByLabel('Map link').fill('https://maps.example.com/?q=twentynine-palms');
  await page.getByLabel('Meeting time').fill('06:45');
  await page.getByLabel('Emergency phone on the trip').fill('+1 760 555 0142');
  await page.getByLabel('What to expect from the weather').fill('Hot days, cold nights.');
  await page.getByLabel('What to bring beyond the gear list').fill('A warm jacket and a headlamp.');
  await page.getByRole('button', { name: 'Save know before you go' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Know before you go was saved' })).toBeVisible();
  await expect(page.getByText('6:45 AM on the first day')).toBeVisible();

  // Message the group: preview first, then send.
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(SUBJECT);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Pack a rain shell.\n\nWe meet as planned.');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the message' });
  await expect(preview).toContainText('To 4 recipients');
  await expect(preview).toContainText('ben.departure@example.com');
  await audit(page);
  await preview.getByRole('button', { name: 'Send to 4 recipients' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message was sent to 4 recipients.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages sent' })).toContainText(SUBJECT);

  // The traveller's manage page, from the message's mail.
  let link: string | null = null;
  await expect.poll(() => (link = manageLinkIn('ann.departure@example.com', SUBJECT)), { timeout: 30_000 }).not.toBeNull();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Know before you go' })).toBeVisible();
  await expect(page.getByText('74485 National Park Dr, Twentynine Palms, CA')).toBeVisible();
  const messages = page.getByRole('region', { name: 'Messages from your instructor' });
  await expect(messages).toContainText(SUBJECT);
  await expect(messages).toContainText('Pack a rain shell.');
  await audit(page);
});
