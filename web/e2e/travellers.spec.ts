import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_PORT } from './playwright.config';
import { addFutureWorkshop, APP_DB } from './futureWorkshops';

/**
 * Issue 25 end to end: a booking of three names its travellers (one left for
 * later, named on the manage page); once paid, each other traveller's personal
 * link, read from their mail, signs the waiver and completes the pre-trip tasks,
 * and the booker does hers on the manage page (her own link); the manage page
 * shows every traveller ready. The admin's departure view then shows 3 of 3
 * ready, the rooming list and the dietary list, and each signed waiver
 * downloads as a PDF from the roster. axe finds nothing on the new pages.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const OUTBOX = path.resolve(here, 'data/outbox');
const APP_URL = `http://127.0.0.1:${E2E_PORT}`;
const ADMIN = `Basic ${Buffer.from('admin:e2e-admin-password').toString('base64')}`;

function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link matching `pattern` in a mail to `email`. */
function linkFor(email: string, pattern: RegExp): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = mailText(path.join(OUTBOX, name));
    if (!text.includes(`To: ${email}`)) continue;
    const link = pattern.exec(text);
    if (link) return link[0];
  }
  return null;
}
// No transitions (the site honours reduced motion): axe reads final colours, never a button mid-fade.
test.use({ reducedMotion: 'reduce' });

const TRIP = /https?:\/\/[^\s"'<>]+\/trip\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/;
const MANAGE = /https?:\/\/[^\s"'<>]+\/manage\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/;

async function waitForLink(email: string, pattern: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = linkFor(email, pattern);
        return link;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .not.toBeNull();
  return link!;
}

async function audit(page: Page) {
  // A button just clicked is hovered and focused, its colours mid-transition: audit the page at rest.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

/** On a traveller's tasks page: sign, confirm health, give travel details, tick the gear. */
async function completeTasks(scope: Locator, page: Page, fullName: string, arrivalDate: string) {
  await expect(scope.getByTestId('tasks-progress')).toContainText('0 of 4 tasks done');
  await audit(page);
  const waiver = scope.getByTestId('task-waiver');
  await waiver.getByLabel('Full legal name *').fill(fullName);
  await waiver.getByLabel('I have read this release and agree to it').check();
  await waiver.getByRole('button', { name: 'Sign the release' }).click();
  await expect(scope.getByTestId('waiver-signed')).toContainText(`Signed by ${fullName}`);

  const health = scope.getByTestId('task-health');
  await health.getByLabel('Age *').fill('36');
  await health.getByLabel('Dietary needs', { exact: true }).fill('Vegetarian');
  await health.getByLabel('Emergency contact name *').fill('Pat Contact');
  await health.getByLabel('Emergency contact phone *').fill('+1 555 010 0300');
  await health.getByLabel('Emergency contact email *').fill('pat@example.com');
  await health.getByRole('button', { name: 'Confirm these details' }).click();
  await expect(health.getByRole('status')).toHaveText('Saved: thank you.');

  const travel = scope.getByTestId('task-travel');
  await travel.getByLabel('Arrival date *').fill(arrivalDate);
  await travel.getByLabel('Arrival time (local) *').fill('17:30');
  await travel.getByLabel('Arriving by *').selectOption('flight');
  await travel.getByLabel('Flight number (optional)').fill('UA1234');
  await travel.getByLabel('Roommate preference (shared room) *').selectOption('no_preference');
  await travel.getByRole('button', { name: 'Save travel details' }).click();
  await expect(travel.getByRole('status')).toHaveText('Saved: thank you.');

  const gear = scope.getByTestId('task-gear');
  for (const item of ['DSLR or mirrorless camera with manual mode', 'Sturdy tripod', 'At least 2 spare batteries', '64GB+ storage']) await gear.getByLabel(item).check();
  await gear.getByRole('button', { name: 'Save checklist' }).click();
  await expect(scope.getByTestId('tasks-progress')).toContainText('4 of 4 tasks done');
  await audit(page);
}

test('a booking of 3 names its travellers; each traveller’s link signs the waiver and completes the tasks', async ({ page, request }) => {
  test.setTimeout(180_000);
  const workshopId = 'travellers-e2e';
  await addFutureWorkshop(request, { baseUrl: APP_URL, db: APP_DB, from: 'zion-canyon-light', id: workshopId, name: 'Travellers Canyon Run', startInDays: 90 });
  const workshop = (await (await request.get(`${APP_URL}/api/workshops/${workshopId}`)).json()) as { start_date: string };
  const arrival = workshop.start_date;

  const stamp = Date.now();
  const ana = `ana.${stamp}@example.com`;
  const bea = `bea.${stamp}@example.com`;
  const cy = `cy.${stamp}@example.com`;

  await page.goto(`/booking/${workshopId}`);
  await page.getByLabel('Full name *').fill('Ana Lopez');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill(ana);
  await details.getByLabel('Phone *').fill('+1 555 010 0200');
  await page.getByLabel('Age *').fill('41');
  await page.getByLabel('Participants (photographers) *').fill('3');
  const others = page.getByRole('group', { name: 'Who else is travelling' });
  await expect(others).toBeVisible();
  await others.getByLabel('Traveller 2: full name').fill('Bea Kim');
  await others.getByLabel('Traveller 2: email').fill(bea);
  await others.getByLabel('I’ll add traveller 3 later').check();
  await audit(page);
  await page.getByLabel('Camera body *').fill('Canon R5');
  await page.getByLabel('Lenses *').fill('16-35mm f/4');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Slot canyon glow');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Jon Lopez');
  await emergency.getByLabel('Phone *').fill('555-010-0201');
  await emergency.getByLabel('Email *').fill('jon@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  // No payment provider here: the admin records the payment, and the named travellers are invited (not before: decision 084).
  const bookingId = page.url().split('/confirmation/')[1];
  const booking = (await (await request.get(`${APP_URL}/api/bookings/${bookingId}`)).json()) as { total_amount: number };
  const paid = await request.post(`${APP_URL}/api/admin/bookings/${bookingId}/payments`, { headers: { authorization: ADMIN }, data: { amount: booking.total_amount } });
  expect(paid.status()).toBe(200);

  // The booker's manage page: three travellers, the third not named yet; Ana names them.
  await page.goto(await waitForLink(ana, MANAGE));
  const section = page.getByTestId('travellers-section');
  await expect(section.getByRole('heading', { name: 'Travellers and pre-trip tasks' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('traveller-3')).toContainText('Traveller 3 (not named yet)');
  await page.getByRole('button', { name: 'Name traveller 3' }).click();
  const nameForm = page.getByRole('form', { name: 'Name traveller 3' });
  await nameForm.getByLabel('Full name').fill('Cy Ode');
  await nameForm.getByLabel('Email').fill(cy);
  await audit(page);
  await nameForm.getByRole('button', { name: 'Save and send their link' }).click();
  await expect(page.getByTestId('traveller-3')).toContainText('Cy Ode');

  // The booker does her own tasks on the manage page (her personal link).
  await page.getByRole('button', { name: 'Tasks of Ana Lopez' }).click();
  await completeTasks(page.getByTestId('traveller-1'), page, 'Ana Lopez', arrival);

  // Each other traveller's own link, from their own mail.
  for (const [email, name] of [
    [bea, 'Bea Kim'],
    [cy, 'Cy Ode'],
  ] as const) {
    await page.goto(await waitForLink(email, TRIP));
    await expect(page.getByRole('heading', { level: 1, name: `${name}: your pre-trip tasks` })).toBeVisible();
    await completeTasks(page.locator('main'), page, name, arrival);
  }

  // The booker sees everyone ready.
  await page.goto(await waitForLink(ana, MANAGE));
  for (const n of [1, 2, 3]) await expect(page.getByTestId(`traveller-${n}-progress`)).toContainText('4 of 4 tasks done');
  await audit(page);

  // The admin's departure view: 3 of 3 ready, the rooming and dietary lists, each signed waiver as a PDF.
  await page.goto('/admin');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Workshops' }).click();
  await page.getByRole('button', { name: 'Departure of Travellers Canyon Run' }).click();
  await expect(page.getByRole('heading', { name: 'Departure: Travellers Canyon Run' })).toBeVisible();
  await expect(page.getByTestId('departure-readiness')).toContainText('3 of 3 ready');
  const rooms = page.getByTestId('rooming-list');
  await expect(rooms).toContainText('Shared room: Ana Lopez & Bea Kim');
  await expect(rooms).toContainText('Shared room: Cy Ode (needs a roommate)');
  const dietary = page.getByTestId('dietary-list');
  for (const name of ['Ana Lopez', 'Bea Kim', 'Cy Ode']) await expect(dietary.getByRole('row', { name: new RegExp(name) })).toContainText('Vegetarian');
  await audit(page);
  const roster = page.getByRole('region', { name: 'Roster (3)' });
  for (const name of ['Ana Lopez', 'Bea Kim', 'Cy Ode']) {
    const downloaded = page.waitForEvent('download');
    await roster.getByRole('button', { name: `Signed PDF: the waiver of ${name}` }).click();
    const pdf = fs.readFileSync((await (await downloaded).path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  }
});
