import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addFutureWorkshop, STRIPE_APP_DB } from './futureWorkshops';
import { STRIPE_APP_URL } from './playwright.config';

/**
 * Credits as balances (issue 27, docs/decisions/095 amendment) in Chromium with
 * the Stripe fake: the admin cancels a run; its customer takes a credit on her
 * manage page; the credit pays part of a new booking on the booking form (its
 * balance and what it covers shown as the code is typed) and the rest of another
 * booking's balance from that booking's manage page, each page showing what is
 * left on the code. axe finds nothing on the way.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const OUTBOX = path.resolve(here, 'data/outbox');
const STAMP = Date.now();
const ADMIN = { authorization: `Basic ${Buffer.from('admin:e2e-admin-password').toString('base64')}` };
const MANAGE_LINK = /https?:\/\/[^\s"'<>]+\/manage\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/;

function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first mail to `email` whose text matches `pattern`: the match, or null. */
function inMailTo(email: string, pattern: RegExp): RegExpExecArray | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = mailText(path.join(OUTBOX, name));
    if (!text.includes(email)) continue;
    const m = pattern.exec(text);
    if (m) return m;
  }
  return null;
}

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
}

async function fillBookingForm(page: Page, email: string) {
  await page.getByLabel('Full name *').fill('Carla Credit');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill(email);
  await details.getByLabel('Phone *').fill('+1 555 010 0500');
  await page.getByLabel('Age *').fill('41');
  await page.getByLabel('Camera body *').fill('Sony A7 IV');
  await page.getByLabel('Lenses *').fill('16-35mm');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Desert light');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Cal Credit');
  await emergency.getByLabel('Phone *').fill('555-010-0501');
  await emergency.getByLabel('Email *').fill('cal@example.com');
}

/** A booking of the run to be cancelled, paid in full by other means (the admin records it). */
async function bookAndPayOffline(request: APIRequestContext, workshopId: string, email: string): Promise<string> {
  const res = await request.post(`${STRIPE_APP_URL}/api/bookings`, {
    headers: { 'x-forwarded-for': '203.0.113.231' },
    data: {
      workshop_id: workshopId,
      customer_name: 'Carla Credit',
      customer_email: email,
      customer_phone: '+1 555 010 0500',
      num_participants: 1,
      payment_option: 'full',
      age: 41,
      camera_body: 'Sony A7 IV',
      lenses: '16-35mm',
      trip_goals: 'Desert light',
      emergency_contact_name: 'Cal Credit',
      emergency_contact_phone: '555-010-0501',
      emergency_contact_email: 'cal@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const paid = await request.post(`${STRIPE_APP_URL}/api/admin/bookings/${id}/payments`, { headers: ADMIN, data: { amount: 2400 } });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

test('a cancelled run’s credit is used in part on a new booking and the rest on another booking’s balance, each page showing what is left', async ({ page, request }) => {
  test.setTimeout(240_000);
  const cancelled = `credit-cancelled-${STAMP}`;
  const next = `credit-next-${STAMP}`;
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'zion-canyon-light', id: cancelled, name: `Credit Cancelled Run ${STAMP}`, startInDays: 210, priceCents: 240_000 });
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'zion-canyon-light', id: next, name: `Credit Next Run ${STAMP}`, startInDays: 230, priceCents: 180_000 });
  const email = `carla.${STAMP}@example.com`;
  await bookAndPayOffline(request, cancelled, email);

  // The admin cancels the run (the typed name); the customer is mailed her manage link.
  const cancel = await request.post(`${STRIPE_APP_URL}/api/admin/workshops/${cancelled}/cancel`, { headers: ADMIN, data: { confirm_name: `Credit Cancelled Run ${STAMP}` } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await expect.poll(() => inMailTo(email, /valid for 5 years/), { timeout: 30_000, intervals: [1_000] }).not.toBeNull();
  const manageLink = inMailTo(email, MANAGE_LINK)![0];

  // She takes a credit: its code, amount and validity on her manage page.
  await page.goto(manageLink);
  await page.getByRole('button', { name: 'Take a credit of $2,400' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your credit of $2,400 is ready' })).toBeVisible();
  const code = (await page.locator('.credit-choice__code').first().textContent())!.trim();
  expect(code).toMatch(/^WL(-[2-9A-HJKMNP-Z]{4}){3}$/);
  await expect(page.locator('.credit-choice__credits li')).toHaveText(new RegExp(`^Credit code ${code}: \\$2,400, not used yet, valid until \\w+ \\d+, 2031`));
  await audit(page);

  // Part of it pays a new booking in full ($1,800): its balance and what it covers are shown before booking.
  await page.goto(`${STRIPE_APP_URL}/booking/${next}`);
  await fillBookingForm(page, `carla.first.${STAMP}@example.com`);
  await page.getByLabel('Payment').selectOption('full');
  await page.getByLabel('Credit or gift card code (optional)').fill(code.toLowerCase());
  await expect(page.getByTestId('code-balance')).toHaveText(new RegExp(`^Credit ${code}: \\$2,400 left, valid until \\w+ \\d+, 2031\\.$`));
  await expect(page.getByTestId('booking-code-covers')).toHaveText('-$1,800');
  await expect(page.getByTestId('booking-left-to-pay')).toHaveText('$0');
  await expect(page.getByTestId('booking-code-note')).toHaveText('$600 stays on your code for later.');
  await audit(page);
  await page.getByRole('button', { name: /Continue to payment|Confirm booking|Book/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible({ timeout: 30_000 });

  // The first manage page shows what is left on the credit.
  await page.goto(manageLink);
  await expect(page.locator('.credit-choice__credits li')).toHaveText(new RegExp(`^Credit code ${code}: \\$2,400, \\$600 left, valid until \\w+ \\d+, 2031`));

  // The rest ($600) pays part of another booking's balance from its manage page.
  const second = `carla.second.${STAMP}@example.com`;
  await page.goto(`${STRIPE_APP_URL}/booking/${next}`);
  await fillBookingForm(page, second);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect.poll(() => inMailTo(second, MANAGE_LINK), { timeout: 30_000, intervals: [1_000] }).not.toBeNull();
  await page.goto(inMailTo(second, MANAGE_LINK)![0]);
  await expect(page.getByRole('heading', { name: 'Pay with a credit or gift card' })).toBeVisible();
  await page.getByLabel('Credit or gift card code').fill(code);
  await expect(page.getByTestId('code-balance')).toHaveText(new RegExp(`^Credit ${code}: \\$600 left, valid until \\w+ \\d+, 2031\\.$`));
  await audit(page);
  await page.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your credit paid $600; $0 is left on it.' })).toBeVisible();

  // Spent to the last cent: the first booking's page says so.
  await page.goto(manageLink);
  await expect(page.locator('.credit-choice__credits li')).toHaveText(`Credit code ${code}: $2,400, used up`);
});
