import type { Page } from '@playwright/test';
import { expect, nextDialog, test } from './fixtures';

const PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e server (playwright.config.ts)

async function signIn(page: Page, password = PASSWORD) {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('wrong password, then the dashboard with its tabs and counts', async ({ page, context }) => {
  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid password');
  await expect(page).toHaveURL(/\/admin$/);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('admin_device');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The browser now holds the known-device cookie that lets it past throttles others cause (docs/decisions/057); script cannot read it.
  expect((await context.cookies()).find((c) => c.name === 'admin_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('admin_device');

  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveText(['Statistics', /^Bookings \(\d+\)$/, /^Messages \(\d+\)$/, 'Workshops', 'Manage Photos', 'Waiting lists', 'Promo codes', 'Reviews', 'Gift cards', 'Activity', 'Personal data', 'Security']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // Statistics: the four totals and one chart row per workshop.
  const panel = page.getByRole('tabpanel');
  for (const label of ['Total Workshops', 'Total Bookings', 'Total Revenue', 'Total Messages']) await expect(panel.getByText(label)).toBeVisible();
  await expect(panel.locator('.admin-total').first().locator('dd')).toHaveText('11');
  await expect(panel.locator('.sales-chart__row')).toHaveCount(11);

  // The counts in the tab labels are the lengths of the lists.
  const bookingsTab = page.getByRole('tab', { name: /^Bookings/ });
  const bookingCount = Number(/\((\d+)\)/.exec((await bookingsTab.textContent()) ?? '')![1]);
  await bookingsTab.click();
  await expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
  if (bookingCount === 0) await expect(page.getByText('No bookings yet.')).toBeVisible();
  else await expect(page.getByText(`Showing ${bookingCount} of ${bookingCount} bookings`)).toBeVisible();

  const messagesTab = page.getByRole('tab', { name: /^Messages/ });
  const messageCount = Number(/\((\d+)\)/.exec((await messagesTab.textContent()) ?? '')![1]);
  await messagesTab.click();
  if (messageCount === 0) await expect(page.getByText('No messages yet.')).toBeVisible();
  else await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(messageCount);
});

test('a photo set in Manage Photos shows on the public workshop page', async ({ page }) => {
  const workshop = 'everglades-wading-birds';
  const name = /Everglades/;
  const original = `/images/workshops/${workshop}.svg`;
  const replacement = '/images/workshops/grand-teton-autumn.svg';

  const setPhoto = async (url: string) => {
    await page.getByRole('tab', { name: 'Manage Photos' }).click();
    const input = page.getByRole('textbox', { name: /^Image address for Everglades/ });
    // Empty input is ignored: no request, no alert.
    await input.press('Enter');
    await input.fill(url);
    const dialog = nextDialog(page);
    await input.press('Enter');
    expect(await dialog).toBe('Photo updated successfully!');
    await expect(page.getByText(`Current: ${url}`).first()).toBeVisible();
  };

  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await setPhoto(replacement);

  await page.goto(`/workshop/${workshop}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // A shipped illustration is shown through its build-time renderings (ui/Picture.tsx).
  await expect(page.locator('img.workshop-hero__image')).toHaveAttribute('src', /^\/images\/r\/grand-teton-autumn-\w+-\d+\.jpg$/);

  // Put the seeded photo back (the credential is still in this tab's session).
  await page.goto('/admin/dashboard');
  await setPhoto(original);
  await page.goto(`/workshop/${workshop}`);
  await expect(page.locator('img.workshop-hero__image')).toHaveAttribute('src', /^\/images\/r\/everglades-wading-birds-\w+-\d+\.jpg$/);
});

test('an address that is not http(s) or a site path is refused', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Manage Photos' }).click();
  const input = page.getByRole('textbox', { name: /^Image address for Zion/ });
  await input.fill('javascript:alert(1)');
  const dialog = nextDialog(page);
  await page.getByRole('button', { name: /^Update photo of Zion/ }).click();
  expect(await dialog).toBe('Failed to update photo');
});

test('Logout and a removed credential both return to /admin', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('tab', { name: 'Statistics' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  // Without a credential the dashboard is not reachable.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByLabel('Password')).toBeVisible();

  await signIn(page);
  await expect(page.getByRole('tab', { name: 'Statistics' })).toBeVisible();
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a credential the server refuses (401) is cleared and leads back to /admin', async ({ page }) => {
  await page.goto('/admin');
  await page.evaluate(() => sessionStorage.setItem('adminCredential', btoa('admin:stale-password-123')));
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('adminCredential'))).toBeNull();
});

test('the admin API refuses calls without the credential', async ({ request }) => {
  const stats = await request.get('/api/admin/stats');
  expect(stats.status()).toBe(401);
  const ok = await request.get('/api/admin/stats', { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  expect(ok.status()).toBe(200);
  expect(Object.keys(await ok.json())).toEqual(expect.arrayContaining(['total_workshops', 'total_bookings', 'total_revenue', 'total_messages']));
});
