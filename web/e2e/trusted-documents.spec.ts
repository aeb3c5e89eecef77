import { expect, test } from './fixtures';

const ADMIN_PASSWORD = 'e2e-admin-password'; // ADMIN_PASSWORD of the e2e server (playwright.config.ts)

/**
 * The site's own documents go as trusted documents (docs/decisions/073): the browser sends the
 * hash only, the server finds it in the manifest the build put beside the renderer, and the
 * admin's money panel (the whole account of a booking, spread from fragments) is answered.
 */
test('the browser sends hashes only, and the server knows every one of them', async ({ page, request }) => {
  const booked = await request.post('/api/bookings', {
    headers: { 'x-forwarded-for': '203.0.113.240' },
    data: {
      workshop_id: 'zion-canyon-light', customer_name: 'Trusted Documents', customer_email: 'trusted.e2e@example.com', customer_phone: '555 0100',
      num_participants: 1, age: 40, camera_body: 'Canon R5', lenses: '24-105mm', trip_goals: 'Light', emergency_contact_name: 'X',
      emergency_contact_phone: '555 0101', emergency_contact_email: 'x@example.com',
    },
  });
  expect(booked.status()).toBe(201);

  const sent: Array<{ operationName?: string; query?: string; hash?: string; status: number; body: string }> = [];
  page.on('response', async (response) => {
    const req = response.request();
    if (!req.url().endsWith('/graphql') || req.method() !== 'POST') return;
    const body = req.postDataJSON() as { operationName?: string; query?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } };
    const entry = { operationName: body.operationName, query: body.query, hash: body.extensions?.persistedQuery?.sha256Hash, status: response.status(), body: '' };
    sent.push(entry);
    // A request the page dropped (a tab unmounted) has no body to read: its status still counts.
    entry.body = await response.text().catch(() => '');
  });

  await page.goto('/admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await page.getByRole('button', { name: 'Trusted Documents' }).first().click();
  await expect(page.getByRole('heading', { name: 'Money of the booking of Trusted Documents' })).toBeVisible();

  const names = sent.map((s) => s.operationName);
  expect(names).toEqual(expect.arrayContaining(['AdminLogin', 'AdminDashboard', 'AdminBookingAccount']));
  for (const s of sent) {
    expect({ operation: s.operationName, hash: s.hash, query: s.query }).toEqual({ operation: s.operationName, hash: expect.stringMatching(/^[0-9a-f]{64}$/), query: undefined });
    expect({ operation: s.operationName, status: s.status, notFound: s.body.includes('PERSISTED_QUERY_NOT_FOUND') }).toEqual({ operation: s.operationName, status: 200, notFound: false });
  }
});
