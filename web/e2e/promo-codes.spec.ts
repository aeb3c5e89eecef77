import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STRIPE_APP_URL } from './playwright.config';
import { addFutureWorkshop, STRIPE_APP_DB } from './futureWorkshops';

const PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e servers (playwright.config.ts)

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

async function fillBookingForm(page: Page) {
  await page.getByLabel('Full name *').fill('Pia Promo');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill('pia@example.com');
  await details.getByLabel('Phone *').fill('+1 555 010 0177');
  await page.getByLabel('Age *').fill('41');
  await page.getByLabel('Camera body *').fill('Canon R5');
  await page.getByLabel('Lenses *').fill('100-500mm');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Bears fishing at the falls');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Per Promo');
  await emergency.getByLabel('Phone *').fill('555-010-0178');
  await emergency.getByLabel('Email *').fill('per@example.com');
}

/**
 * Promo codes (issue 27, docs/decisions/096) in Chromium with the Stripe fake: the admin
 * creates a code, a booking uses it, the summary shows the server's discount, the deposit
 * is 30% of the discounted total, and the fake's Checkout asks for exactly that.
 */
test('the admin creates a promo code; a booking uses it and pays the deposit on the discounted total', async ({ page, request }) => {
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'alaska-bears-glaciers', id: 'alaska-bears-promo', startInDays: 365 });

  // The admin's Promo codes tab: 25% off every workshop, at most 10 uses.
  await page.goto(`${STRIPE_APP_URL}/admin`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Promo codes' }).click();
  const form = page.getByRole('form', { name: 'New promo code' });
  await form.getByLabel('Code *').fill('BEARS25');
  await form.getByLabel('Percent off *').fill('25');
  await form.getByLabel('Uses in total').fill('10');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Promo code BEARS25 created.' })).toBeVisible();
  const row = page.getByTestId('promo-row-BEARS25');
  await expect(row).toContainText('25% off');
  await expect(row).toContainText('0 of 10');
  await audit(page);

  // The booking form: Alaska is $5,495; 25% off is $1,373.75, the total $4,121.25, the 30% deposit $1,236.38.
  await page.goto(`${STRIPE_APP_URL}/booking/alaska-bears-promo`);
  await expect(page.getByTestId('booking-total')).toHaveText('$5,495');
  await page.getByLabel('Promo code (optional)').fill('bears25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('booking-discount')).toHaveText('-$1,373.75');
  await expect(page.getByText('Discount (BEARS25)')).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText('$4,121.25');
  await expect(page.getByTestId('booking-due-now')).toHaveText('$1,236.38');
  await expect(page.getByTestId('promo-status')).toHaveText('BEARS25 applied: $1,373.75 off.');
  await audit(page);

  // A code the server refuses is named next to the field.
  await page.getByLabel('Promo code (optional)').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('promoCode is not a valid promo code')).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText('$5,495');
  await page.getByLabel('Promo code (optional)').fill('BEARS25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('booking-total')).toHaveText('$4,121.25');

  await fillBookingForm(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // The hosted payment page asks for the deposit on the discounted total, as the server computed it.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Amount due: $1236.38')).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$1,236.38');

  // The admin sees the use.
  await page.goto(`${STRIPE_APP_URL}/admin/dashboard`);
  await page.getByRole('tab', { name: 'Promo codes' }).click();
  await expect(page.getByTestId('promo-row-BEARS25')).toContainText('1 of 10');
});
