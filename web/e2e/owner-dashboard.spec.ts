import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The owner's dashboard (decision 099) in Chromium: after a booking paid offline, one made
 * with a promo code and a gift card issued by hand, the Statistics tab draws money by month,
 * cash to come, occupancy, payment options, gift cards and promo codes, each chart with its
 * table (what a screen reader reads) and a CSV button; axe finds nothing; the accountant's
 * export downloads.
 */
const PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e server (playwright.config.ts)
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

const bookingBody = (email: string) => ({
  workshop_id: 'zion-canyon-light', customer_name: 'Dash Board', customer_email: email, customer_phone: '555 0100',
  num_participants: 1, room_type: 'shared', num_spouses: 0, payment_option: 'full', age: 40, experience_level: 'intermediate',
  camera_body: 'Nikon Z8', lenses: '24-70mm', trip_goals: 'Light', emergency_contact_name: 'E C', emergency_contact_phone: '555 0101', emergency_contact_email: 'ec@example.com',
});

test('the Statistics tab charts the money with tables behind them, axe clean, and exports the ledger', async ({ page, request }) => {
  const made = await request.post('/api/bookings', {
    // A visitor of its own (the hold limits count per client; other specs book as 127.0.0.1).
    headers: { 'x-forwarded-for': '203.0.113.227' },
    data: bookingBody('dashboard.e2e@example.com'),
  });
  expect(made.status()).toBe(201);
  const booking = (await made.json()) as { id: string; total_amount: number };
  expect((await request.post(`/api/admin/bookings/${booking.id}/payments`, { headers: ADMIN, data: { amount: booking.total_amount } })).status()).toBe(200);
  // A promo code used by a booking, and a gift card issued by hand: the dashboard's code sections.
  expect((await request.post('/api/admin/promo-codes', { headers: ADMIN, data: { code: 'DASH27', kind: 'percent', percent_off: 10 } })).status()).toBe(201);
  const withCode = await request.post('/api/bookings', {
    headers: { 'x-forwarded-for': '203.0.113.228' },
    data: { ...bookingBody('dashboard.promo.e2e@example.com'), promo_code: 'DASH27' },
  });
  expect(withCode.status()).toBe(201);
  expect((await request.post('/api/admin/gift-cards', { headers: ADMIN, data: { amount_dollars: 150, recipient_name: 'Dash Gift', recipient_email: 'dashboard.gift.e2e@example.com' } })).status()).toBe(201);

  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Money and occupancy' })).toBeVisible();

  for (const [testId, title] of [
    ['chart-money', 'Money by month'],
    ['chart-to-come', 'Cash still to come'],
    ['chart-occupancy', 'Occupancy of each run'],
    ['chart-options', 'Bookings by payment option'],
    ['chart-gift-cards', 'Gift cards by month'],
    ['chart-promo-months', 'Promo code discounts by month'],
    ['chart-promo-codes', 'Each promo code'],
  ] as const) {
    const chart = panel.getByTestId(testId);
    await expect(chart.getByRole('heading', { name: title })).toBeVisible();
    // The drawing is for the eye; the table says the same to everyone.
    await expect(chart.locator('table')).toBeVisible();
    await expect(chart.getByRole('button', { name: `Download CSV: ${title}` })).toBeVisible();
  }
  await expect(panel.getByTestId('chart-money').locator('svg rect').first()).toBeAttached();
  // The paid booking's money is this month's received figure (SEASON_START is January 2026).
  const money = panel.getByTestId('chart-money');
  await expect(money.getByRole('row', { name: /Jan 2026/ })).toContainText('$');
  await expect(panel.getByTestId('chart-options').getByRole('row', { name: /Paid in full/ })).toContainText(/[1-9]/);
  await expect(panel.getByTestId('chart-occupancy').getByRole('row', { name: /Zion/ }).first()).toBeVisible();
  // The code's use and the card issued by hand, in the tables behind the new charts.
  await expect(panel.getByTestId('chart-promo-codes').getByRole('row', { name: /DASH27/ })).toContainText(/\$\d/);
  await expect(panel.getByTestId('owner-gift-cards').getByRole('heading', { name: 'Gift cards', exact: true })).toBeVisible();
  await expect(panel.getByTestId('chart-gift-cards').getByRole('cell', { name: /\$150/ }).first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  await audit(page);
  // On a phone the tables scroll sideways in focusable regions; still axe clean.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(money.getByText('Scroll the table sideways to see every column.')).toBeVisible();
  await audit(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Accountant’s export (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const chartCsv = page.waitForEvent('download');
  await money.getByRole('button', { name: /Download CSV/ }).click();
  expect((await chartCsv).suggestedFilename()).toMatch(/^money-.*\.csv$/);
});
