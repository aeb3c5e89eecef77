import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Personal data (issue 26, docs/decisions/101), in Chromium: the admin's
 * "Personal data" tab downloads one customer's data as CSV, is refused (and
 * says why) erasing a customer whose workshop is still to come, and erases a
 * customer who has only posted on a board. axe finds nothing on the way.
 */
const PASSWORD = 'e2e-admin-password';
const STAMP = Date.now();
const BOOKER = `privacy-booker-${STAMP}@example.com`;
const POSTER = `privacy-poster-${STAMP}@example.com`;

async function audit(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, 'axe violations').toEqual([]);
}

test('the admin exports a customer’s data and erases a customer on request', async ({ page }) => {
  const booked = await page.request.post('/api/bookings', {
    headers: { 'x-forwarded-for': '203.0.113.240' },
    data: {
      workshop_id: 'zion-canyon-light',
      customer_name: 'Priya Privacy',
      customer_email: BOOKER,
      customer_phone: '+1 555 010 0177',
      num_participants: 1,
      room_type: 'shared',
      num_spouses: 0,
      payment_option: 'deposit',
      age: 41,
      experience_level: 'beginner',
      camera_body: 'Sony A7 IV',
      lenses: '24-105mm',
      health_concerns: 'Peanut allergy',
      trip_goals: 'Slot canyons',
      emergency_contact_name: 'Raj Privacy',
      emergency_contact_phone: '555-010-0178',
      emergency_contact_email: 'raj@example.com',
    },
  });
  expect(booked.status()).toBe(201);
  const posted = await page.request.post('/api/workshops/zion-canyon-light/messages', {
    headers: { 'x-forwarded-for': '203.0.113.241' },
    data: { author_name: 'Pat Poster', author_email: POSTER, message: 'Anyone sharing a car from St. George?', topic: 'ride_sharing' },
  });
  expect(posted.ok()).toBe(true);

  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Personal data' }).click();
  await expect(page.getByText(/erased automatically 90 days after each workshop ends/)).toBeVisible();
  await audit(page);

  const email = page.getByRole('textbox', { name: 'Customer email' });
  await email.fill(BOOKER);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^customer-data-.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('section,record_id,field,value');
  expect(csv).toContain('Peanut allergy');
  await expect(page.getByRole('status').filter({ hasText: 'The CSV export' })).toBeVisible();

  // A workshop still to come: refused, with the reason.
  await page.getByRole('checkbox', { name: 'The customer asked to be erased' }).check();
  await page.getByRole('button', { name: 'Erase customer' }).click();
  await expect(page.getByRole('alert')).toContainText('has not started');
  await audit(page);

  await email.fill(POSTER);
  await page.getByRole('checkbox', { name: 'The customer asked to be erased' }).check();
  await page.getByRole('button', { name: 'Erase customer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Erased (request' })).toContainText('1 community post(s) anonymised');
  await audit(page);

  const board = await (await page.request.get('/api/workshops/zion-canyon-light/messages')).json();
  const post = (board as Array<{ message: string; author_name: string }>).find((m) => m.message === 'Anyone sharing a car from St. George?');
  expect(post?.author_name).toBe('Former participant');
});
