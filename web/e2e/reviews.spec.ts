import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { APP_DB } from './futureWorkshops';

/**
 * Reviews from verified participants (issue 26, docs/decisions/089), in Chromium:
 * a run that ended a few days before the app's clock (mid-January 2026), a confirmed
 * booking on it and its first review ask due (the rows the confirming payment and the
 * migration write), the app's job worker mails the link (an .eml file, no SMTP here),
 * the participant writes the review, the admin publishes it, and it shows on
 * /testimonials and on the run's page. axe finds nothing on the pages on the way.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// The e2e servers run in this folder: without SMTP_URL they write every mail into data/outbox.
const OUTBOX = path.resolve(here, 'data/outbox');
const PASSWORD = 'e2e-admin-password';
const RUN = 'zion-review-e2e';
const EMAIL = `reviewer-${Date.now()}@example.com`;
const WORDS = 'Sunrise at the Watchman, then the Narrows at noon.\nWorth every early alarm.';

function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function reviewLinkFor(email: string): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = mailText(path.join(OUTBOX, name));
    if (!text.includes(email)) continue;
    const link = /https?:\/\/[^\s"'<>]+\/review\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/.exec(text);
    if (link) return link[0];
  }
  return null;
}

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

/** A copy of Zion that ran January 5-10, 2026, and a confirmed booking on it whose first ask is due. */
async function aRunThatEndedWithOneParticipant(page: Page): Promise<void> {
  const res = await page.request.post('/api/bookings', {
    // A visitor of its own: the specs before this one have booked from the default client (hold limits, decision 056).
    headers: { 'x-forwarded-for': '203.0.113.233' },
    data: {
      workshop_id: 'zion-canyon-light',
      customer_name: 'Rosa Mendez',
      customer_email: EMAIL,
      customer_phone: '+1 555 010 0199',
      num_participants: 1,
      room_type: 'shared',
      num_spouses: 0,
      payment_option: 'deposit',
      age: 41,
      experience_level: 'intermediate',
      camera_body: 'Sony A7 IV',
      lenses: '24-105mm f/4',
      trip_goals: 'Reflected light',
      emergency_contact_name: 'Luis Mendez',
      emergency_contact_phone: '555-010-0198',
      emergency_contact_email: 'luis.mendez@example.com',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const db = new DatabaseSync(APP_DB);
  try {
    const row = db.prepare("SELECT * FROM workshops WHERE id = 'zion-canyon-light'").get() as Record<string, string | number | null>;
    const copy = { ...row, id: RUN, start_date: '2026-01-05', end_date: '2026-01-10', spots_claimed: 1 };
    const columns = Object.keys(copy);
    db.prepare(`INSERT OR IGNORE INTO workshops (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => copy[c as keyof typeof copy]));
    db.prepare("UPDATE bookings SET workshop_id = ?, status = 'confirmed', payment_status = 'deposit_paid' WHERE id = ?").run(RUN, id);
    const now = '2026-01-15 12:00:00.000';
    db.prepare(
      "INSERT INTO scheduled_jobs (id, kind, key, due_at, state, attempts, payload, created_at, updated_at) VALUES (?, 'review.request', ?, '2026-01-12 17:00:00.000', 'pending', 0, ?, ?, ?)",
    ).run(crypto.randomUUID(), `review:${id}:ask:1`, JSON.stringify({ bookingId: id, stage: 1 }), now, now);
  } finally {
    db.close();
  }
}

test('a participant reviews through the mailed link, the admin publishes, the review shows on /testimonials and the run’s page', async ({ page }) => {
  test.setTimeout(180_000);
  await aRunThatEndedWithOneParticipant(page);

  // The job worker (every 15 s) sends the ask; the mail worker writes it.
  await expect.poll(() => reviewLinkFor(EMAIL), { timeout: 90_000, intervals: [2_000] }).not.toBeNull();
  const link = new URL(reviewLinkFor(EMAIL)!);

  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Review Zion Canyon Light & Slot Canyons' })).toBeVisible();
  await expect(page.getByLabel('Name to show')).toHaveValue('Rosa M.');
  await audit(page);
  await page.getByLabel('5 stars: Excellent').check();
  await page.getByLabel('Your review').fill(WORDS);
  await page.getByLabel('Place to show (optional)').fill('Tucson, Arizona');
  await page.getByRole('checkbox', { name: /I agree that this review/ }).check();
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();
  await audit(page);

  // Not public before the admin publishes it.
  await page.goto('/testimonials');
  await expect(page.getByText('Rosa M.')).toHaveCount(0);

  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Rosa M.' });
  await expect(item).toBeVisible();
  await audit(page);
  await item.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Rosa M.' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Published' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Rosa M.' })).toContainText('Published');

  await page.goto('/testimonials');
  const card = page.getByRole('article').filter({ hasText: 'Rosa M.' });
  await expect(card).toContainText('Verified participant');
  await expect(card).toContainText('Tucson, Arizona');
  await expect(card).toContainText('Trip: January 2026');
  await expect(card).toContainText('Sunrise at the Watchman');
  await expect(page.getByText('5.0 average from 1 verified review')).toBeVisible();
  const ratings = await page.locator('script[type="application/ld+json"]').allTextContents();
  const aggregate = ratings.map((t) => JSON.parse(t) as { aggregateRating?: { reviewCount: number } }).find((d) => d.aggregateRating);
  expect(aggregate?.aggregateRating?.reviewCount).toBe(1);
  await audit(page);

  await page.goto(`/workshop/${RUN}`);
  const reviews = page.getByRole('region', { name: 'Reviews from this trip' });
  await expect(reviews).toContainText('5.0 average from 1 verified review');
  await expect(reviews.getByRole('article').filter({ hasText: 'Rosa M.' })).toContainText('Verified participant');
  await audit(page);
});
