import type { Page } from '@playwright/test';
import { expect, nextDialog, test } from './fixtures';
import { STRIPE_APP_URL } from './playwright.config';
import { addFutureWorkshop, APP_DB, STRIPE_APP_DB } from './futureWorkshops';

async function fillBookingForm(page: Page) {
  await page.getByLabel('Full name *').fill('Ana Lopez');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Email *').fill('ana@example.com');
  await details.getByLabel('Phone *').fill('+1 555 010 0100');
  await page.getByLabel('Age *').fill('34');
  await page.getByLabel('Camera body *').fill('Nikon Z8');
  await page.getByLabel('Lenses *').fill('24-70mm f/2.8');
  await page.getByLabel('What do you want to get out of this trip? *').fill('Reflected light in the Narrows');
  const emergency = page.getByRole('group', { name: 'Emergency contact' });
  await emergency.getByLabel('Name *').fill('Luis Lopez');
  await emergency.getByLabel('Phone *').fill('555-010-0101');
  await emergency.getByLabel('Email *').fill('luis@example.com');
}

test('book without a payment provider: the total follows the inputs, then the confirmation', async ({ page, request, baseURL }) => {
  // The seeded season is past: a copy of Grand Teton Autumn Color a year ahead, where a deposit is offered.
  await addFutureWorkshop(request, { baseUrl: baseURL!, db: APP_DB, from: 'grand-teton-autumn', id: 'grand-teton-autumn-ahead', startInDays: 365 });
  await page.goto('/workshop/grand-teton-autumn-ahead');
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking\/grand-teton-autumn-ahead$/);

  const total = page.getByTestId('booking-total');
  const dueNow = page.getByTestId('booking-due-now');
  // Grand Teton Autumn Color: $2,795 per person, default $500 private room supplement.
  await expect(total).toHaveText('$2,795');
  await expect(dueNow).toHaveText('$838.50');
  await page.getByLabel('Participants (photographers) *').fill('2');
  await expect(total).toHaveText('$5,590');
  await page.getByLabel('Spouses or partners (non-photographers)').fill('1');
  await expect(total).toHaveText('$6,987.50');
  await page.getByLabel('Room').selectOption('private');
  await expect(total).toHaveText('$7,487.50');
  await expect(dueNow).toHaveText('$2,246.25');

  await fillBookingForm(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f-]{36}$/);
  // The spec's booking walk ends on "Booking Confirmed" (issue 21): the spots are the visitor's,
  // the payment status beside it says nothing is paid yet (grey), and one line says what is due and how.
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Spots Reserved' })).toHaveCount(0);
  await expect(page.getByTestId('total-amount')).toHaveText('$7,487.50');
  await expect(page.getByTestId('amount-paid')).toHaveText('$0');
  await expect(page.locator('[data-status="pending"]')).toHaveClass(/badge--grey/);
  await expect(page.locator('[data-status="pending"]')).toHaveText('Pending');
  await expect(page.getByTestId('due-line')).toHaveText(
    /^Nothing has been paid yet: we will contact you at ana@example\.com within 24 hours to arrange your 30% deposit of \$2,246\.25; your spots are held until .+\.$/,
  );

  // The spots are held: the workshop page shows two fewer.
  await page.goto('/workshop/grand-teton-autumn-ahead');
  await expect(page.getByTestId('available-spots')).toHaveText('10 of 12');
});

test('issue 21: a workshop inside its balance window promises full payment only, and its booking page agrees', async ({ page }) => {
  // The app's clock reads 2026-01-15: Yellowstone Winter Wildlife starts 2026-02-02, its balance fell due on 2025-12-04.
  await page.goto('/workshop/yellowstone-winter-wildlife');
  await expect(page.getByTestId('payment-options')).toHaveText(
    'Payment in full at booking: the balance is due 60 days before the start, so these dates take no deposit or payment plan.',
  );
  await expect(page.locator('body')).not.toContainText(/Pay a 30% deposit|monthly installments\./);
  // Zion (April 13) still takes a deposit, too close for a plan.
  await page.goto('/workshop/zion-canyon-light');
  await expect(page.getByTestId('payment-options')).toHaveText('Pay a 30% deposit or in full (too close to the start for a payment plan).');
  await page.goto('/booking/yellowstone-winter-wildlife');
  await expect(page.getByLabel('Payment')).toHaveValue('full');
  await expect(page.getByRole('option', { name: /deposit now/ })).toBeDisabled();
  await expect(page.getByRole('option', { name: /Monthly payment plan/ })).toBeDisabled();
});

test('a refused booking alerts "Booking error. Please try again." and keeps the form', async ({ page, request }) => {
  await page.goto('/booking/everglades-wading-birds');
  await fillBookingForm(page);
  await page.getByLabel('Participants (photographers) *').fill('3');
  // Someone else takes 10 of the 12 spots while this visitor fills the form.
  const taken = await request.post('/api/bookings', {
    data: {
      workshop_id: 'everglades-wading-birds', customer_name: 'Group Leader', customer_email: 'g@example.com', customer_phone: '555 0100',
      num_participants: 10, age: 40, camera_body: 'Canon R5', lenses: '100-500', trip_goals: 'Birds', emergency_contact_name: 'X',
      emergency_contact_phone: '555 0101', emergency_contact_email: 'x@example.com',
      // Two weeks ahead: the balance is already due, so only payment in full is offered.
      payment_option: 'full',
    },
  });
  expect(taken.status()).toBe(201);
  const dialog = nextDialog(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  expect(await dialog).toBe('Booking error. Please try again.');
  await expect(page).toHaveURL(/\/booking\/everglades-wading-birds$/);
  await expect(page.getByLabel('Full name *')).toHaveValue('Ana Lopez');
  await expect(page.getByRole('alert')).toContainText('Only 2 spots are left');
});

test('pay with the (fake) Stripe Checkout and land on /payment-success showing success', async ({ page, request }) => {
  await addFutureWorkshop(request, { baseUrl: STRIPE_APP_URL, db: STRIPE_APP_DB, from: 'alaska-bears-glaciers', id: 'alaska-bears-glaciers-ahead', startInDays: 365 });
  await page.goto(`${STRIPE_APP_URL}/booking/alaska-bears-glaciers-ahead`);
  await fillBookingForm(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // The hosted payment page of the provider.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Amount due: $1648.50')).toBeVisible(); // 30% of $5,495
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Your booking is confirmed')).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$1,648.50');
  await page.getByRole('button', { name: 'Browse More Workshops' }).click();
  await expect(page).toHaveURL(/\/workshops$/);
});

test('/payment-success without a session id goes to /workshops; an unknown one shows Payment Error', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(page).toHaveURL(/\/workshops$/);
  await page.goto(`${STRIPE_APP_URL}/payment-success?session_id=cs_test_unknown`);
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/workshops$/);
});

test('/confirmation of an unknown booking shows Not found', async ({ page }) => {
  await page.goto('/confirmation/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});
