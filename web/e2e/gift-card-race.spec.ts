import crypto from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addFutureWorkshop, STRIPE_APP_DB } from './futureWorkshops';
import { STRIPE_APP_URL } from './playwright.config';

/**
 * Issue 27's "two parallel bookings with the same card spend it at most once", in Chromium:
 * two tabs fill the booking form with the same $500 gift card and submit at the same moment.
 * The card pays part of one deposit ($868.50 of $2,895: $500 from the card, the rest at the
 * fake Checkout); the other tab is refused in the site's words and holds nothing. The card's
 * uses never add up to more than its value, and its balance never goes below zero.
 */
const STAMP = Date.now();
const WORKSHOP = 'zion-gift-race-e2e';
const SYMBOLS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
// A visitor of its own (the app trusts X-Forwarded-For from loopback): other files' holds and bookings do not count.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.72' } });

/** A $500 card issued as the admin would (active, delivered), straight into the app's database. */
function aGiftCard(): { id: string; code: string } {
  const code = `GC-${Array.from({ length: 16 }, () => SYMBOLS[crypto.randomInt(SYMBOLS.length)]).join('').match(/.{4}/g)!.join('-')}`;
  const id = crypto.randomUUID();
  const at = '2026-01-15 12:00:00.000';
  const db = new DatabaseSync(STRIPE_APP_DB);
  try {
    db.prepare(
      `INSERT INTO gift_cards (id, code, kind, state, initial_cents, balance_cents, workshop_id, buyer_name, buyer_email, recipient_name, recipient_email, message, deliver_on, delivered_at, checkout_session_id, provider_payment_id, created_at, paid_at, expires_at)
       VALUES (?, ?, 'goodwill', 'active', 50000, 50000, NULL, 'Wild Light Workshops', ?, 'Tess Tabs', ?, '', '2026-01-15', ?, NULL, NULL, ?, NULL, '2031-01-15 12:00:00.000')`,
    ).run(id, code, `tess.${STAMP}@example.com`, `tess.${STAMP}@example.com`, at, at);
  } finally {
    db.close();
  }
  return { id, code };
}

function cardState(id: string): { balance: number; used: number } {
  const db = new DatabaseSync(STRIPE_APP_DB);
  try {
    const card = db.prepare('SELECT balance_cents FROM gift_cards WHERE id = ?').get(id) as { balance_cents: number };
    const uses = db.prepare('SELECT COALESCE(SUM(amount_cents), 0) AS used FROM gift_card_uses WHERE gift_card_id = ?').get(id) as { used: number };
    return { balance: card.balance_cents, used: uses.used };
  } finally {
    db.close();
  }
}

async function fillBookingForm(page: Page, email: string, code: string) {
  await page.goto(`${STRIPE_APP_URL}/booking/${WORKSHOP}`);
  await page.getByLabel('Full name *').fill('Tess Tabs');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill(email);
  await details.getByLabel('Phone *').fill('+1 555 010 0500');
  await page.getByLabel('Age *').fill('29');
  await page.getByLabel('Camera body *').fill('Sony A7 IV');
  await page.getByLabel('Lenses *').fill('24-105mm f/4');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Night skies');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Tim Tabs');
  await emergency.getByLabel('Phone *').fill('555-010-0501');
  await emergency.getByLabel('Email *').fill('tim@example.com');
  await page.getByLabel('Credit or gift card code (optional)').fill(code);
}

test('two tabs booking with the same gift card at the same moment spend it at most once', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'zion-canyon-light', id: WORKSHOP, name: 'Zion Gift Race', startInDays: 210 });
  const card = aGiftCard();
  const second = await context.newPage();
  const tabs = [page, second];
  const alerts: string[] = [];
  for (const tab of tabs) {
    tab.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
  }
  await fillBookingForm(page, `tess.one.${STAMP}@example.com`, card.code);
  await fillBookingForm(second, `tess.two.${STAMP}@example.com`, card.code.toLowerCase());

  // Both submit at once.
  await Promise.all(tabs.map((tab) => tab.getByRole('button', { name: 'Continue to payment' }).click()));

  // One tab goes on to pay the rest of its deposit at Checkout; the other is refused in the site's words.
  const paid = tabs.map((tab) => tab.getByRole('heading', { name: 'Fake Stripe Checkout' }));
  // The code box's one answer for an unknown, used-up or raced code (decision 094: a guess learns nothing).
  const refusal = /creditCode is not a valid credit code or has been used/;
  await expect
    .poll(async () => {
      const outcome = await Promise.all(tabs.map(async (tab, i) => ((await paid[i].isVisible()) ? 'checkout' : (await tab.getByText(refusal).first().isVisible()) ? 'refused' : 'waiting')));
      return outcome.sort().join(',');
    }, { timeout: 30_000, intervals: [500] })
    .toBe('checkout,refused');
  const winner = (await paid[0].isVisible()) ? page : second;
  await expect(winner.getByText('Amount due: $368.50')).toBeVisible(); // $868.50 less the card's $500
  expect(alerts).toEqual(['Booking error. Please try again.']);

  // The card's uses add up to its value at most; nothing below zero.
  expect(cardState(card.id)).toEqual({ balance: 0, used: 50_000 });
  // The refused tab holds no spots: one booking only.
  const db = new DatabaseSync(STRIPE_APP_DB);
  try {
    const rows = db.prepare("SELECT status FROM bookings WHERE customer_email LIKE ? AND status <> 'expired'").all(`tess.%.${STAMP}@example.com`) as Array<{ status: string }>;
    expect(rows.map((r) => r.status)).toEqual(['held']);
  } finally {
    db.close();
  }
});
