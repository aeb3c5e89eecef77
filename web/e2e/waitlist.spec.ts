import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// The e2e servers run in this folder: without SMTP_URL they write every mail into data/outbox.
const OUTBOX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'data/outbox');

/** The first link matching `pattern` in a mail to `email`, read as its recipient would (quoted-printable undone). */
function linkInMailTo(email: string, pattern: RegExp): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  for (const name of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
    const text = fs
      .readFileSync(path.join(OUTBOX, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.includes(email)) continue;
    const link = pattern.exec(text);
    if (link) return link[0];
  }
  return null;
}

/** Waits for the mail worker to write the mail, then its link. */
async function waitForLink(email: string, pattern: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = linkInMailTo(email, pattern);
        return link;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .not.toBeNull();
  return link!;
}

// A visitor of its own (the app trusts X-Forwarded-For from loopback): the other files' bookings do not count toward its holds.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' } });

// The one 2026 workshop still ahead on the real calendar (the app runs on the real clock here).
const WORKSHOP = 'everglades-wading-birds';
const ADMIN = { authorization: `Basic ${Buffer.from('admin:e2e-admin-password').toString('base64')}` };

const availableSpots = async (request: APIRequestContext) => ((await (await request.get(`/api/workshops/${WORKSHOP}`)).json()) as { available_spots: number }).available_spots;

/** Books every spot left, so the workshop is sold out; returns the booking (or null when it already was). */
async function sellOut(request: APIRequestContext): Promise<string | null> {
  const left = await availableSpots(request);
  if (left === 0) return null;
  const res = await request.post('/api/bookings', {
    data: {
      workshop_id: WORKSHOP,
      customer_name: 'Club Organiser',
      customer_email: 'club.organiser@example.com',
      customer_phone: '+1 555 010 0300',
      num_participants: left,
      payment_option: 'full',
      age: 48,
      camera_body: 'Nikon Z9',
      lenses: '500mm PF',
      trip_goals: 'Herons at dawn',
      emergency_contact_name: 'Pat Organiser',
      emergency_contact_phone: '555-010-0301',
      emergency_contact_email: 'pat@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('waiting list (docs/decisions/061, 067): a visitor joins the list of a sold-out workshop, confirms by the mail link; a cancellation offers them the spots', async ({ page, request }) => {
  // A new address each run: the outbox folder keeps the mails of earlier runs.
  const email = `mia.waitlist.${Date.now()}@example.com`;
  const before = await availableSpots(request);
  const filler = await sellOut(request);
  let entryId: string | null = null;
  try {
    await page.goto(`/workshop/${WORKSHOP}`);
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    const form = page.getByRole('form', { name: 'Join the waiting list' });
    await expect(form).toBeVisible();
    // Nothing is sent without a name and a valid email.
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();

    await form.getByLabel('Name').fill('Mia Chen');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Spots wanted').selectOption('2');
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Check your email.' });
    await expect(done).toContainText(`We sent a link to ${email}: open it within 24 hours to confirm your place on the waiting list.`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`), 'axe violations').toEqual([]);

    // The admin sees the entry, pending until its address is confirmed.
    const list = async () => (await (await request.get(`/api/admin/workshops/${WORKSHOP}/waitlist`, { headers: ADMIN })).json()) as Array<{ id: string; email: string; state: string; spots: number }>;
    const entry = (await list()).find((e) => e.email === email);
    expect(entry).toMatchObject({ state: 'pending', spots: 2 });
    entryId = entry!.id;

    // The mail's link opens the confirmation page; one click confirms the place.
    const confirmLink = await waitForLink(email, /https?:\/\/[^\s"'<>]+\/waitlist\/confirm\/[0-9a-f-]{36}#[A-Za-z0-9_-]+/);
    expect(confirmLink).toContain(`/waitlist/confirm/${entryId}#`);
    await page.goto(confirmLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your place on the waiting list' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my place' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your place is confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(/You are number 1 on the waiting list of .+ for 2 spots\./);
    const confirmed = await new AxeBuilder({ page }).analyze();
    expect(confirmed.violations.map((v) => `${v.id}: ${v.help}`), 'axe violations').toEqual([]);
    expect((await list()).find((e) => e.id === entryId)).toMatchObject({ state: 'waiting' });

    // Spots come back: the offer holds them, the public sees none.
    if (filler) {
      expect((await request.post(`/api/admin/bookings/${filler}/cancel`, { headers: ADMIN })).status()).toBe(200);
      expect((await list()).find((e) => e.id === entryId)).toMatchObject({ state: 'offered' });
      expect(await availableSpots(request)).toBe(before - 2);
      // The offer mail carries the link that books the held spots.
      expect(await waitForLink(email, /https?:\/\/[^\s"'<>]+\/booking\/[a-z0-9-]+\?offer=[A-Za-z0-9_-]+/)).toContain(`/booking/${WORKSHOP}?offer=`);
    }

    // The admin's Waiting lists tab shows the entry and its offer, with no axe violation.
    await page.goto('/admin');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Waiting lists' }).click();
    await page.getByLabel('Workshop', { exact: true }).selectOption(WORKSHOP);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(filler ? 'Offer open' : 'Waiting');
    await expect(row.getByRole('button', { name: 'Remove Mia Chen from the waiting list' })).toBeVisible();
    const admin = await new AxeBuilder({ page }).analyze();
    expect(admin.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
  } finally {
    // Leave the workshop as this file found it for the files after it.
    if (entryId) await request.delete(`/api/admin/waitlist/${entryId}`, { headers: ADMIN });
    if (filler) await request.post(`/api/admin/bookings/${filler}/cancel`, { headers: ADMIN });
  }
  expect(await availableSpots(request)).toBe(before);
});
