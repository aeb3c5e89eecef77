import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SEASON_START, STRIPE_APP_URL } from './playwright.config';
import { addFutureWorkshop, STRIPE_APP_DB } from './futureWorkshops';

/**
 * Issue 14 end to end, against the app paying through the Stripe fake: book with a
 * deposit, open the manage link from the booking's mail (an .eml file, no SMTP here),
 * pay the balance on the fake's hosted page, see it paid, then cancel with the quoted
 * refund and see the refund.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
// The e2e servers run in this folder: without SMTP_URL they write every mail into data/outbox.
const OUTBOX = path.resolve(here, 'data/outbox');

/** The text of a mail file, with quoted-printable soft breaks and escapes undone. */
function mailText(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The manage link of the first mail to `email` that carries one. */
function manageLinkFor(email: string): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = mailText(path.join(OUTBOX, name));
    if (!text.includes(email)) continue;
    const link = /https?:\/\/[^\s"'<>]+\/manage\/[0-9a-f-]{36}#[A-Za-z0-9_\-.~%]+/.exec(text);
    if (link) return link[0];
  }
  return null;
}

/** The text of the first mail to `email` whose text holds `marker`, or null. */
function mailFor(email: string, marker: string): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = mailText(path.join(OUTBOX, name));
    if (text.includes(email) && text.includes(marker)) return text;
  }
  return null;
}

/** WCAG 2.2 AA as in a11y.spec.ts: any axe violation fails. */
async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

async function fillBookingForm(page: Page, email: string) {
  await page.getByLabel('Full name *').fill('Marta Ruiz');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill(email);
  await details.getByLabel('Phone *').fill('+1 555 010 0200');
  await page.getByLabel('Age *').fill('41');
  await page.getByLabel('Camera body *').fill('Canon R5');
  await page.getByLabel('Lenses *').fill('16-35mm f/4');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Towers at first light');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Jon Ruiz');
  await emergency.getByLabel('Phone *').fill('555-010-0201');
  await emergency.getByLabel('Email *').fill('jon@example.com');
}

test('the manage link from the mail: pay the balance, then cancel with the quoted refund', async ({ page, request }) => {
  test.setTimeout(120_000);
  const workshopId = 'patagonia-towers-e2e';
  // 200 days ahead: a deposit is offered, and cancelling falls in the 90+ days tier.
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'everglades-wading-birds', id: workshopId, name: 'Patagonia Towers at Dawn', startInDays: 200 });

  // Book with the default 30% deposit and pay it on the provider's page.
  const email = `marta.${Date.now()}@example.com`;
  await page.goto(`${STRIPE_APP_URL}/booking/${workshopId}`);
  await expect(page.getByLabel('Payment')).toHaveValue('deposit');
  const total = (await page.getByTestId('booking-total').textContent())!;
  const deposit = (await page.getByTestId('booking-due-now').textContent())!;
  await fillBookingForm(page, email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The manage link, from the mail written to the outbox.
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = manageLinkFor(email);
        return link;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .not.toBeNull();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Patagonia Towers at Dawn' })).toBeVisible();
  await expect(page.getByText('Deposit paid', { exact: true })).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText(deposit);
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row')).toHaveCount(2);
  await audit(page);

  // Pay the balance through the fake's hosted page, back to the manage page.
  await page.getByRole('button', { name: 'Pay the balance' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  // Back on the manage page (?paid=1, without the token: the tab kept it), which puts the personal link back in the address.
  await expect(page.getByText('Payment received.')).toBeVisible();
  await expect(page).toHaveURL(link!);
  await expect(page.locator('.badge[data-status="paid"]')).toHaveText('Paid');
  await expect(page.getByTestId('amount-paid')).toHaveText(total);
  await expect(page.getByTestId('balance-sentence')).toHaveText('Nothing is left to pay.');
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row')).toHaveCount(3);

  // Cancel with the refund the page quotes (90+ days ahead: everything paid minus the $200 fee).
  const quoted = (await page.getByTestId('cancel-refund').textContent())!;
  const paidCents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  expect(Math.round(Number(quoted.replace(/[$,]/g, '')) * 100)).toBe(paidCents - 200_00);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel this booking?' })).toBeFocused();
  await audit(page);
  await page.getByRole('button', { name: `Confirm cancellation (refund ${quoted})` }).click();
  const result = page.getByTestId('cancel-result');
  await expect(result).toContainText(`Your booking is cancelled. You get ${quoted} back`);
  await expect(result).toBeFocused();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByText('Payment received.')).toHaveCount(0);
  await expect(page.getByTestId('amount-refunded')).toHaveText(quoted);
  // Split over the two card payments it gives back, through the provider's Refunds API.
  const refunds = page.getByRole('table', { name: 'Refunds' });
  await expect(refunds.locator('tbody tr')).toHaveCount(2);
  await expect(refunds.getByTestId('refunds-total')).toHaveText(quoted);
  // Issue 21: a cancelled booking owes nothing and says so, with what came back.
  await expect(page.getByTestId('balance-sentence')).toHaveText(new RegExp(`^Nothing is due: the booking is cancelled\\. .*${quoted.replace(/[$.]/g, '\\$&')}\\.$`));
  await expect(page.locator('body')).not.toContainText(/balance of|is due by|left to pay/i);
  await audit(page);
  // The cancellation mail says the same: what comes back, and nothing due (no balance, no due date).
  let mail: string | null = null;
  await expect
    .poll(
      () => {
        mail = mailFor(email, 'Your booking is cancelled');
        return mail;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .not.toBeNull();
  expect(mail!).toContain(`You will receive ${quoted} back to your card`);
  expect(mail!).toMatch(/^Balance due: +Nothing: the booking is cancelled$/m);
  expect(mail!).not.toMatch(/^Balance: /m);
  // On a phone the tables scroll inside their frame, never the page.
  await page.setViewportSize({ width: 375, height: 812 });
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    document.body.style.overflowX = 'visible';
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The confirmation page tells the same story.
  const bookingId = /\/manage\/([0-9a-f-]{36})/.exec(page.url())![1];
  await page.goto(`${new URL(page.url()).origin}/confirmation/${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Booking Cancelled' })).toBeVisible();
  await expect(page.getByText('Partly refunded', { exact: true })).toBeVisible();
  await expect(page.getByTestId('due-line')).toHaveText(`Nothing is due: the booking is cancelled. ${quoted} is refunded. Refunds reach your account within 7-10 business days.`);

  // The admin sees the same money: both payments and both refunds with the provider's ids.
  await page.goto(`${new URL(page.url()).origin}/admin`);
  await page.getByLabel('Password').fill('e2e-admin-password'); // ADMIN_PASSWORD of the e2e servers
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await page.getByRole('button', { name: 'Marta Ruiz' }).click();
  const money = page.getByRole('region', { name: 'Money of the booking of Marta Ruiz' });
  await expect(money.getByRole('table', { name: 'Payments' }).locator('tbody tr')).toHaveCount(2);
  await expect(money.getByRole('table', { name: 'Payments' })).toContainText('pi_');
  await expect(money.getByRole('table', { name: 'Refunds' }).locator('tbody tr')).toHaveCount(2);
  await expect(money.getByRole('table', { name: 'Refunds' })).toContainText('re_');
  await expect(money.getByTestId('refunds-total')).toHaveText(quoted);
  await audit(page);
});

test('a manage link without its token says so and links to the confirmation page', async ({ page }) => {
  await page.goto('/manage/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your booking' })).toBeVisible();
  await page.getByRole('link', { name: /confirmation page/ }).click();
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

/** The text of the mails to `email` whose subject starts with `subject`, whitespace folded. */
function mailsTo(email: string, subject: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => mailText(path.join(OUTBOX, f)))
    .filter((t) => t.includes(email) && new RegExp(`^Subject: ${subject}`, 'm').test(t))
    .map((t) => t.replace(/\s+/g, ' '));
}

test('a deposit-paid booking moved to a cheaper workshop: the quote, the page and the mail say nothing is refunded and when the balance is due (issue 21)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const from = `transfer-from-${stamp}`;
  const soon = `transfer-soon-${stamp}`;
  const later = `transfer-later-${stamp}`;
  // The app's clock starts at SEASON_START; addFutureWorkshop counts from the real date: days as the app sees them.
  const appToday = new Date(SEASON_START);
  const realToday = new Date(new Date().toISOString().slice(0, 10) + 'T12:00:00Z');
  const shift = Math.round((appToday.getTime() - realToday.getTime()) / 86_400_000);
  const add = (id: string, name: string, days: number, priceCents: number) =>
    addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'everglades-wading-birds', id, name, startInDays: days + shift, priceCents });
  await add(from, 'Transfer From Glades', 200, 3000_00);
  // 12 days away: inside its balance window (and its no-transfer window): $1,700 would be due at once, so it is not offered.
  await add(soon, 'Transfer Soon Glades', 12, 2600_00);
  await add(later, 'Transfer Later Glades', 100, 2600_00);
  const dueDate = new Date(appToday);
  dueDate.setUTCDate(dueDate.getUTCDate() + 40); // 60 days before the later workshop
  const due = dueDate.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  const email = `transfer.${stamp}@example.com`;
  await page.goto(`${STRIPE_APP_URL}/booking/${from}`);
  await expect(page.getByLabel('Payment')).toHaveValue('deposit');
  await expect(page.getByTestId('booking-due-now')).toHaveText('$900');
  await fillBookingForm(page, email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  let link: string | null = null;
  await expect.poll(() => (link = manageLinkFor(email)), { timeout: 30_000, intervals: [500, 1000, 2000] }).not.toBeNull();
  await page.goto(link!);

  const section = page.getByRole('region', { name: 'Transfer to another workshop' });
  await expect(section.getByRole('radio', { name: /Transfer Later Glades/ })).toBeVisible();
  await expect(section.getByRole('radio', { name: /Transfer Soon Glades/ })).toHaveCount(0);
  const option = section.locator('label', { has: page.getByRole('radio', { name: /Transfer Later Glades/ }) });
  await expect(option).toContainText(`New total $2,600 · fee $0 · $1,700 left to pay by ${due}`);
  await expect(section).not.toContainText('$400');
  await section.getByRole('radio', { name: /Transfer Later Glades/ }).check();
  await section.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Move your booking to Transfer Later Glades?' })).toBeFocused();
  await expect(section).toContainText('Refunded to you now$0');
  await expect(section).toContainText(`Left to pay$1,700, due by ${due}`);
  await expect(section).toContainText('If you cancel after the transfer$700 back today');
  await expect(page.getByTestId('transfer-terms')).toContainText(`Nothing is refunded now.$1,700 is left to pay, due by ${due}.`);
  await expect(page.getByTestId('transfer-terms')).toContainText('If you cancel after the transfer, you get $700 back today');
  await audit(page);
  await page.getByRole('button', { name: 'Confirm transfer' }).click();

  const result = page.getByTestId('transfer-result');
  await expect(result).toHaveText(`Your booking is now on Transfer Later Glades. $1,700 is left to pay, due by ${due}: see what is still due above.`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Later Glades' })).toBeVisible();
  await expect(page.getByTestId('balance-sentence')).toHaveText(`A balance of $1,700 is due by ${due}.`);
  await expect(page.getByText('Overdue', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('amount-refunded')).toHaveCount(0);
  await expect(page.getByTestId('cancel-refund')).toHaveText('$700');

  // The transfer mail tells the same: nothing refunded, the balance and its one date, what cancelling gives.
  let mail = '';
  await expect.poll(() => (mail = mailsTo(email, 'Your booking moved to')[0] ?? ''), { timeout: 30_000, intervals: [500, 1000, 2000] }).not.toBe('');
  expect(mail).toContain(`Nothing is refunded now. $1,700 is left to pay, due by ${due}.`);
  expect(mail).toContain('If you cancel after the transfer, you get $700 back today');
  expect(mail).not.toMatch(/\$400|refunded to your card|Balance due: now/);
});
