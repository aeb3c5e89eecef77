import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addFutureWorkshop, STRIPE_APP_DB } from './futureWorkshops';
import { E2E_PORT, STRIPE_APP_URL } from './playwright.config';

/**
 * Recovering an abandoned checkout (issue 27, docs/decisions/098) in Chromium with the Stripe
 * fake: a booking whose customer ticked "Email me a link if I don't finish" is left unpaid on
 * the fake's Checkout page and its session expires (the fake's expire call, as Stripe does at
 * expires_at, sends checkout.session.expired): the hold lapses and one recovery job is
 * scheduled a day later. Time passes the way the other specs move it: the job's due time is
 * moved into the past and the app's job worker (every 15 s) runs it. Exactly one mail; its link
 * shows "Finish your booking" with today's figures; one click makes the new booking and opens a
 * fresh Checkout; paid, the booking is confirmed. A booking without consent gets no job and no
 * mail; running the job again later (a second instance, a catch-up) writes no second mail.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const OUTBOX = path.resolve(here, 'data/outbox');
const STAMP = Date.now();
const CONSENTED = `cora.${STAMP}@example.com`;
const SILENT = `sid.${STAMP}@example.com`;
const FAKE_STRIPE = `http://127.0.0.1:${E2E_PORT + 2}`;
const WORKSHOP = 'zion-recovery-e2e';
// A visitor of its own (the app trusts X-Forwarded-For from loopback): other files' holds and bookings do not count.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' } });

function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The texts of the mails to `email` that match `pattern` (one per mail file). */
function mailsTo(email: string, pattern: RegExp): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => mailText(path.join(OUTBOX, f)))
    .filter((text) => text.includes(email) && pattern.test(text));
}

const RECOVERY_MAIL = /you started booking/;
const RECOVERY_LINK = /https?:\/\/[^\s"'<>]+\/booking\/[a-z0-9-]+\?resume=[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/;

function withDb<T>(run: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(STRIPE_APP_DB);
  try {
    return run(db);
  } finally {
    db.close();
  }
}

const bookingsOf = (email: string) =>
  withDb((db) => db.prepare('SELECT id, status, payment_status, recovery_booking_id FROM bookings WHERE customer_email = ? ORDER BY created_at').all(email)) as Array<{
    id: string;
    status: string;
    payment_status: string;
    recovery_booking_id: string | null;
  }>;

const recoveryJobsOf = (bookingId: string) =>
  withDb((db) => db.prepare("SELECT id, due_at, state FROM scheduled_jobs WHERE kind = 'checkout.recovery' AND payload LIKE ?").all(`%${bookingId}%`)) as Array<{
    id: string;
    due_at: string;
    state: string;
  }>;

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

async function bookAndLeaveCheckout(page: Page, email: string, consent: boolean): Promise<string> {
  await page.goto(`${STRIPE_APP_URL}/booking/${WORKSHOP}`);
  await page.getByLabel('Full name *').fill('Cora Lane');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill(email);
  await details.getByLabel('Phone *').fill('+1 555 010 0400');
  await page.getByLabel('Age *').fill('41');
  await page.getByLabel('Camera body *').fill('Canon R5');
  await page.getByLabel('Lenses *').fill('16-35mm f/4');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Slot canyon glow');
  await page.getByLabel('Dietary restrictions').fill('Vegan');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Cal Lane');
  await emergency.getByLabel('Phone *').fill('555-010-0401');
  await emergency.getByLabel('Email *').fill('cal@example.com');
  const box = page.getByLabel(/Email me a link if I don’t finish/);
  await expect(box).not.toBeChecked(); // unticked by default
  if (consent) await box.check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  // Left unpaid: the session lapses (Stripe expires it and sends checkout.session.expired).
  const sessionId = /\/pay\/(cs_[A-Za-z0-9_]+)/.exec(page.url())![1];
  const expired = await page.request.post(`${FAKE_STRIPE}/v1/checkout/sessions/${sessionId}/expire`, { headers: { authorization: 'Bearer sk_test_e2e' } });
  expect(expired.status()).toBe(200);
  await expect.poll(() => bookingsOf(email).map((b) => b.status), { timeout: 20_000 }).toEqual(['expired']);
  return bookingsOf(email)[0].id;
}

/** A day passes for the recovery job: its due time is moved into the past; the job worker runs it within 15 s. */
function aDayPasses(jobId: string): void {
  withDb((db) => {
    const changed = db.prepare("UPDATE scheduled_jobs SET due_at = '2026-01-01 00:00:00.000' WHERE id = ? AND state = 'pending'").run(jobId);
    expect(changed.changes).toBe(1);
  });
}

test('an abandoned checkout mails once with consent, never without; its link finishes the booking through a fresh Checkout', async ({ page, request }) => {
  test.setTimeout(300_000);
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'zion-canyon-light', id: WORKSHOP, name: 'Zion Recovery Run', startInDays: 200 });

  const lapsed = await bookAndLeaveCheckout(page, CONSENTED, true);
  const silent = await bookAndLeaveCheckout(page, SILENT, false);

  // One job for the consenting booking, due about a day after the lapse; none without consent.
  const jobs = recoveryJobsOf(lapsed);
  expect(jobs).toHaveLength(1);
  expect(jobs[0].state).toBe('pending');
  const lapsedAt = withDb((db) => (db.prepare('SELECT updated_at FROM bookings WHERE id = ?').get(lapsed) as { updated_at: string }).updated_at);
  const utc = (sqlite: string) => Date.parse(`${sqlite.replace(' ', 'T')}Z`);
  expect(Math.abs(utc(jobs[0].due_at) - utc(lapsedAt) - 24 * 3_600_000)).toBeLessThan(60_000);
  expect(recoveryJobsOf(silent)).toEqual([]);
  // Not before the day is over: the worker leaves it.
  await page.waitForTimeout(16_000);
  expect(mailsTo(CONSENTED, RECOVERY_MAIL)).toEqual([]);

  aDayPasses(jobs[0].id);
  await expect.poll(() => mailsTo(CONSENTED, RECOVERY_MAIL).length, { timeout: 90_000, intervals: [2_000] }).toBe(1);
  const mail = mailsTo(CONSENTED, RECOVERY_MAIL)[0];
  expect(mail).toContain('Finish my booking');
  expect(mailsTo(SILENT, RECOVERY_MAIL)).toEqual([]);

  // The job again, later (a catch-up, a second instance): still one mail.
  withDb((db) => {
    const at = '2026-01-15 12:00:00.000';
    db.prepare("INSERT INTO scheduled_jobs (id, kind, key, due_at, state, attempts, payload, created_at, updated_at) VALUES (?, 'checkout.recovery', ?, '2026-01-01 00:00:00.000', 'pending', 0, ?, ?, ?)").run(
      crypto.randomUUID(),
      `checkout-recovery:${lapsed}:again`,
      JSON.stringify({ bookingId: lapsed }),
      at,
      at,
    );
  });
  await expect.poll(() => withDb((db) => (db.prepare('SELECT state FROM scheduled_jobs WHERE key = ?').get(`checkout-recovery:${lapsed}:again`) as { state: string }).state), { timeout: 60_000, intervals: [2_000] }).toBe('done');
  await page.waitForTimeout(3_000);
  expect(mailsTo(CONSENTED, RECOVERY_MAIL)).toHaveLength(1);
  expect(mailsTo(SILENT, RECOVERY_MAIL)).toEqual([]);

  // The link: the same choices with today's figures, and one button.
  const link = new URL(RECOVERY_LINK.exec(mail)![0]);
  await page.goto(`${STRIPE_APP_URL}${link.pathname}${link.search}${link.hash}`);
  const panel = page.getByRole('region', { name: 'Finish your booking' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Welcome back, Cora.');
  await expect(panel).toContainText('Zion Recovery Run');
  await expect(panel).toContainText('1 photographer');
  await expect(panel).toContainText('Shared room');
  await expect(panel.getByTestId('finish-total')).toHaveText('$2,895');
  await expect(panel.getByTestId('finish-due-now')).toHaveText('$868.50');
  await expect(page.getByRole('form', { name: 'Booking form' })).toHaveCount(0);
  await audit(page);
  await panel.getByRole('button', { name: 'Finish my booking' }).click();

  // A fresh Checkout for the new booking: paid, it is confirmed.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Amount due: $868.50')).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const [old, fresh] = bookingsOf(CONSENTED);
  expect(old).toMatchObject({ id: lapsed, status: 'expired', recovery_booking_id: fresh.id });
  expect(fresh).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid' });
  // The answers came along: nothing was typed again.
  const answers = withDb((db) => db.prepare('SELECT age, dietary_restrictions, emergency_contact_name, camera_body FROM bookings WHERE id = ?').get(fresh.id));
  expect(answers).toEqual({ age: 41, dietary_restrictions: 'Vegan', emergency_contact_name: 'Cal Lane', camera_body: 'Canon R5' });
  await page.goto(`${STRIPE_APP_URL}/confirmation/${fresh.id}`);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();

  // The link again: it leads to that booking, it does not book a second time.
  await page.goto(`${STRIPE_APP_URL}${link.pathname}${link.search}${link.hash}`);
  await expect(page.getByTestId('resumed-checkout')).toContainText('This booking was finished already.');
  await page.getByRole('link', { name: 'see your booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/confirmation/${fresh.id}$`));
  expect(bookingsOf(CONSENTED)).toHaveLength(2);
  // Still one recovery mail.
  expect(mailsTo(CONSENTED, RECOVERY_MAIL)).toHaveLength(1);
});
