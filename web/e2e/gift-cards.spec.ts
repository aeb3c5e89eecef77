import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addFutureWorkshop, STRIPE_APP_DB } from './futureWorkshops';
import { STRIPE_APP_URL } from './playwright.config';

/**
 * Gift cards (issue 27, docs/decisions/094) in Chromium with the Stripe fake: bought
 * from the link on the home page and paid on the fake's hosted page; delivered on
 * its date (the app's clock is mid-January 2026: the delivery job's due time is moved
 * into the past, as time passing would, and the app's job worker sends it); its
 * printable card; then used in part on a new booking's deposit (the booking form's
 * code box) and the rest on another booking's balance (the manage page). axe finds
 * nothing on the pages on the way.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const OUTBOX = path.resolve(here, 'data/outbox');
const STAMP = Date.now();
const RECIPIENT = `rita.${STAMP}@example.com`;
const BUYER = `bea.${STAMP}@example.com`;

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
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

async function fillBookingForm(page: Page, email: string) {
  await page.getByLabel('Full name *').fill('Rita Recipient');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill(email);
  await details.getByLabel('Phone *').fill('+1 555 010 0300');
  await page.getByLabel('Age *').fill('35');
  await page.getByLabel('Camera body *').fill('Nikon Z6 III');
  await page.getByLabel('Lenses *').fill('24-70mm f/4');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Canyon glow');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Ray Recipient');
  await emergency.getByLabel('Phone *').fill('555-010-0301');
  await emergency.getByLabel('Email *').fill('ray@example.com');
}

/** Time passes to the delivery date: the card's delivery job falls due (the worker runs due jobs every 15 s). */
function deliveryDateArrives(recipientEmail: string): void {
  const db = new DatabaseSync(STRIPE_APP_DB);
  try {
    const card = db.prepare('SELECT id FROM gift_cards WHERE recipient_email = ?').get(recipientEmail) as { id: string };
    const changed = db.prepare("UPDATE scheduled_jobs SET due_at = '2026-01-01 00:00:00.000' WHERE key = ? AND state = 'pending'").run(`gift_card:${card.id}:deliver`);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

test('a gift card bought, delivered on its date, used in part on a booking and the rest on another booking’s balance', async ({ page, request }) => {
  test.setTimeout(240_000);
  const workshopId = 'zion-gift-card-e2e';
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'zion-canyon-light', id: workshopId, name: 'Zion Gift Run', startInDays: 200 });

  // Bought from the home page's link.
  await page.goto(`${STRIPE_APP_URL}/`);
  await page.getByRole('link', { name: 'Give a Gift Card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Give a photography workshop' })).toBeVisible();
  await expect(page.getByText(/valid 5 years/)).toBeVisible();
  await audit(page);
  await page.getByLabel('Amount in US dollars').fill('1000');
  await page.getByLabel('Your name').fill('Bea Buyer');
  await page.getByLabel('Your email').fill(BUYER);
  await page.getByLabel('Recipient\'s name').fill('Rita Recipient');
  await page.getByLabel('Recipient\'s email').fill(RECIPIENT);
  await page.getByLabel('Your message (optional)').fill('Happy birthday! Go chase the light.');
  await page.getByLabel('Delivery date').fill('2026-01-16');
  await page.getByRole('button', { name: 'Pay $1,000' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Amount due: $1000.00')).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/gift-cards\/thanks\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('We email it to Rita Recipient on 2026-01-16')).toBeVisible();
  await audit(page);
  // The buyer's receipt at once; nothing to the recipient before the date.
  await expect.poll(() => inMailTo(BUYER, /Your payment of \$1,000 was received/), { timeout: 30_000, intervals: [1_000] }).not.toBeNull();
  expect(inMailTo(RECIPIENT, /GC-/)).toBeNull();

  // Delivered on its date.
  deliveryDateArrives(RECIPIENT);
  await expect.poll(() => inMailTo(RECIPIENT, /\/gift-cards\/card#(GC-[A-Z0-9-]+)/), { timeout: 90_000, intervals: [2_000] }).not.toBeNull();
  const code = inMailTo(RECIPIENT, /\/gift-cards\/card#(GC-[A-Z0-9-]+)/)![1];
  expect(inMailTo(RECIPIENT, /Happy birthday! Go chase the light\./)).not.toBeNull();
  await expect.poll(() => inMailTo(BUYER, /Your gift card was delivered/), { timeout: 30_000, intervals: [1_000] }).not.toBeNull();

  // The printable card.
  await page.goto(`${STRIPE_APP_URL}/gift-cards/card#${code}`);
  await expect(page.getByRole('heading', { name: 'A gift card for Rita Recipient' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print this card' })).toBeVisible();
  await audit(page);

  // Part of it pays a new booking's deposit ($868.50 of $2,895): confirmed at once.
  await page.goto(`${STRIPE_APP_URL}/booking/${workshopId}`);
  await fillBookingForm(page, `rita.first.${STAMP}@example.com`);
  await page.getByLabel('Credit or gift card code (optional)').fill(code);
  await page.getByRole('button', { name: /Continue to payment|Confirm booking|Book/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible({ timeout: 30_000 });

  // The rest ($131.50) pays part of another booking's balance from its manage page.
  const second = `rita.second.${STAMP}@example.com`;
  await page.goto(`${STRIPE_APP_URL}/booking/${workshopId}`);
  await fillBookingForm(page, second);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect.poll(() => inMailTo(second, /https?:\/\/[^\s"'<>]+\/manage\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/), { timeout: 30_000, intervals: [1_000] }).not.toBeNull();
  await page.goto(inMailTo(second, /https?:\/\/[^\s"'<>]+\/manage\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/)![0]);
  await expect(page.getByRole('heading', { name: 'Pay with a credit or gift card' })).toBeVisible();
  await audit(page);
  await page.getByLabel('Credit or gift card code').fill(code.toLowerCase());
  await expect(page.getByTestId('code-balance')).toHaveText(new RegExp(`^Gift card ${code}: \\$131\\.50 left, valid until \\w+ \\d+, 2031\\.$`));
  await page.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your gift card paid $131.50; $0 is left on it.' })).toBeVisible();

  // Empty now: the card says so.
  await page.goto(`${STRIPE_APP_URL}/gift-cards/card#${code}`);
  await expect(page.getByRole('definition').filter({ hasText: '$0' })).toBeVisible();

  // The admin sees it (bought, delivered, balance, uses), issues one by hand and voids it.
  await page.goto(`${STRIPE_APP_URL}/admin`);
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Gift cards' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Rita Recipient');
  await expect(row).toContainText('$131.50 on');
  await audit(page);
  await page.getByLabel('Amount in US dollars').fill('75');
  await page.getByLabel('Recipient’s name').fill('Gus Goodwill');
  await page.getByLabel('Recipient’s email').fill(`gus.${STAMP}@example.com`);
  await page.getByRole('button', { name: 'Issue and email it today' }).click();
  const goodwill = page.getByRole('row').filter({ hasText: `gus.${STAMP}@example.com` });
  await expect(goodwill).toContainText('$75');
  await goodwill.getByRole('button', { name: /^Void/ }).click();
  await expect(goodwill).toContainText('Void');
  await expect(goodwill.getByRole('button')).toHaveCount(0);
});
