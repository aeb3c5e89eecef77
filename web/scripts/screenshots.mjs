// Screenshots of every route at phone and desktop width, for design review.
// Not a test: it writes PNGs to web/screenshots/ (git-ignored) to look at.
//
//   npm run build && node web/scripts/screenshots.mjs            # starts the built app itself
//   BASE_URL=http://localhost:3000 node web/scripts/screenshots.mjs /faq /contact
//
// Arguments filter the routes (prefix match); WIDTHS=375,1280 picks the widths;
// FULL=0 captures only the first screen instead of the whole page; TILE=1400 also writes
// the page in tiles of that height (NAME.1.png, NAME.2.png...). The app it starts reads the
// clock from CLOCK_START (default 2026-01-15T12:00:00Z, before the season, as in the e2e tests).
//
// `admin-booking` (also among all routes when the script starts the app, or with ADMIN_PASSWORD
// for BASE_URL) signs in as the admin and captures one booking in detail with its money panel
// (a booking made and a payment recorded through the REST API first): NAME admin-booking.png.
// `admin-tabs` (the same way) signs in and captures every tab of the dashboard: NAME admin-<tab>.png
// (the Workshops tab with its past go/no-go runs unfolded).
// PHOTOS=1 (with the app it starts, or ADMIN_PASSWORD for BASE_URL) first uploads the demo photographs
// (bench/demo-photos.mjs: a home hero, the instructor's portrait, every cover, two galleries), so the
// pages show photographs as the owner would set them. NEXT_SEASON=1 schedules every run again a year on
// (as the admin's "Schedule again" does), so the catalog holds two years, as in late November.
// Either also posts three messages on a board (the admin's Messages tab with rows).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import manifest from '../src/routes.json' with { type: 'json' };

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const outDir = path.resolve(here, '../screenshots');
const port = Number(process.env.SCREENSHOT_PORT ?? 3213);
const widths = (process.env.WIDTHS ?? '375,1280').split(',').map(Number);
const fullPage = process.env.FULL !== '0';
const tile = Number(process.env.TILE ?? 0);

/** The 18 routes of the spec from the app's route manifest, with a sample id where one is needed, and the not-found page. */
const ROUTES = manifest.routes.map((r) => r.screenshot ?? r.samples[0]);

const filters = process.argv.slice(2);
const routes = filters.length ? ROUTES.filter((r) => filters.some((f) => r === f || (f !== '/' && r.startsWith(f)))) : ROUTES;
const ADMIN_BOOKING = 'admin-booking';
const ADMIN_TABS = 'admin-tabs';

async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer`);
}

let server;
let base = process.env.BASE_URL;
let adminPassword = process.env.ADMIN_PASSWORD;
if (!base) {
  const main = path.join(root, 'api/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shots-'));
  server = spawn(process.execPath, [main], {
    // The app's clock at the season's start (as the e2e servers'), so its workshops can still be booked.
    env: { ...process.env, NODE_ENV: 'test', CLOCK_START: process.env.CLOCK_START ?? '2026-01-15T12:00:00Z', PORT: String(port), DATABASE_URL: `sqlite:${tmp}/shots.db`, ADMIN_PASSWORD: 'screenshot-password', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  adminPassword = 'screenshot-password';
  await waitFor(`${base}/api/health`);
}
if (process.env.PHOTOS && adminPassword) {
  const { uploadDemoPhotos } = await import('../../bench/demo-photos.mjs');
  console.log(`photographs: ${await uploadDemoPhotos(base, adminPassword, { coverWidth: 1600 })} covers, a hero, a portrait, galleries`);
}
if (process.env.NEXT_SEASON && adminPassword) {
  const headers = { authorization: `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`, 'content-type': 'application/json', origin: base };
  for (const w of await (await fetch(`${base}/api/workshops`)).json()) {
    const year = Number(w.start_date.slice(0, 4)) + 1;
    const res = await fetch(`${base}/api/admin/workshops/${encodeURIComponent(w.id)}/schedule-again`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: `${w.id}-${year}`, start_date: `${year}${w.start_date.slice(4)}` }),
    });
    if (!res.ok) throw new Error(`schedule ${w.id} again: ${res.status} ${await res.text()}`);
  }
}
if (process.env.PHOTOS || process.env.NEXT_SEASON) {
  // A board with a few messages, so the admin's Messages tab shows its filters and rows.
  for (const [i, topic] of ['general', 'ride_sharing', 'questions'].entries()) {
    const res = await fetch(`${base}/api/workshops/zion-canyon-light/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${200 + i}` },
      body: JSON.stringify({ workshop_id: 'zion-canyon-light', author_name: `Screenshot Poster ${i + 1}`, author_email: `poster${i + 1}@example.com`, message: `Looking forward to the slot canyons (message ${i + 1}).`, topic }),
    });
    if (!res.ok) throw new Error(`message ${i + 1}: ${res.status} ${await res.text()}`);
  }
}
const withAdminBooking = adminPassword !== undefined && (filters.length ? filters.includes(ADMIN_BOOKING) : true);
const withAdminTabs = adminPassword !== undefined && (filters.length ? filters.includes(ADMIN_TABS) : true);
if (filters.includes(ADMIN_BOOKING) && !adminPassword) console.warn(`${ADMIN_BOOKING}: set ADMIN_PASSWORD to sign in to ${base}`);

/** A booking with a payment recorded by the admin, through the REST API: its name, to open it in the dashboard. */
async function bookingWithPayment() {
  const name = 'Screenshot Ledger Guest';
  const res = await fetch(`${base}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.250' },
    body: JSON.stringify({
      workshop_id: 'zion-canyon-light', customer_name: name, customer_email: 'ledger.screenshot@example.com', customer_phone: '555 0100', num_participants: 1,
      age: 40, camera_body: 'Canon R5', lenses: '24-105mm', trip_goals: 'Light', emergency_contact_name: 'X', emergency_contact_phone: '555 0101',
      emergency_contact_email: 'x@example.com', payment_option: 'deposit',
    }),
  });
  if (res.status !== 201) throw new Error(`booking for ${ADMIN_BOOKING}: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  const paid = await fetch(`${base}/api/admin/bookings/${id}/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, authorization: `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}` },
    body: JSON.stringify({ amount: 400 }),
  });
  if (!paid.ok) throw new Error(`payment for ${ADMIN_BOOKING}: ${paid.status} ${await paid.text()}`);
  return name;
}

/** Sign in and open the booking in the Bookings tab (its detail with the money panel). */
async function openAdminBooking(page, name) {
  await page.goto(`${base}/admin`, { waitUntil: 'networkidle' });
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('heading', { level: 5, name: 'Payments' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Sign in and capture each tab of the dashboard. */
async function captureAdminTabs(page, width) {
  await page.goto(`${base}/admin`, { waitUntil: 'networkidle' });
  if (!page.url().endsWith('/admin/dashboard')) {
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
  }
  await page.goto(`${base}/admin/dashboard`, { waitUntil: 'networkidle' });
  const tabs = await page.getByRole('tablist').getByRole('tab').allTextContents();
  for (const label of tabs) {
    await page.getByRole('tab', { name: label }).click();
    await page.waitForLoadState('networkidle');
    // Each tab reads its own lists: wait until none says it is loading.
    await page.waitForFunction(() => !/(^|\n)Loading[^\n]*\.\.\./.test(document.querySelector('main')?.innerText ?? ''), null, { timeout: 15_000 }).catch(() => {});
    for (const summary of await page.locator('details:not([open]) > summary.admin-go-no-go__summary, .admin-go-no-go__past:not([open]) > summary').all()) await summary.click();
    const slug = label.replace(/\s*\(\d+\)$/, '').toLowerCase().replace(/[^a-z]+/g, '-');
    await capture(page, width, `${width}-admin-${slug}.png`);
  }
}

/** How far the page scrolls sideways (base.css hides it on <body> as a safety net; measured without it). */
const sidewaysOverflow = (page) =>
  page.evaluate(() => {
    document.body.style.overflowX = 'visible';
    const o = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    document.body.style.overflowX = '';
    return o;
  });


/** The page as NAME (and its tiles with TILE), and a line saying whether it scrolls sideways. */
async function capture(page, width, name) {
  await page.screenshot({ path: path.join(outDir, name), fullPage });
  if (tile) {
    // Tall pages also as screen-sized tiles, easier to review than one long strip.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < height; y += tile, i++) {
      const clip = { x: 0, y, width, height: Math.min(tile, height - y) };
      await page.screenshot({ path: path.join(outDir, name.replace('.png', `.${i}.png`)), fullPage: true, clip });
    }
  }
  const overflow = await sidewaysOverflow(page);
  console.log(`${name}${overflow > 0 ? `  (horizontal overflow ${overflow}px)` : ''}`);
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const adminBookingName = withAdminBooking ? await bookingWithPayment() : null;
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.warn(`  console error: ${m.text()}`));
    for (const route of routes) {
      await page.goto(base + route, { waitUntil: 'networkidle' });
      // Lazy images below the fold: scroll through the page so they load before the capture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo({ top: 0, behavior: 'instant' });
      });
      await page.waitForLoadState('networkidle');
      if (route === '/faq') await page.getByRole('button', { expanded: false }).nth(2).click();
      await capture(page, width, `${width}-${route.replace(/\?.*$/, '').replace(/[/]+/g, '_').replace(/^_$/, 'home').replace(/^_/, '')}.png`);
    }
    if (adminBookingName) {
      await openAdminBooking(page, adminBookingName);
      await capture(page, width, `${width}-${ADMIN_BOOKING}.png`);
    }
    if (withAdminTabs) await captureAdminTabs(page, width);
    await context.close();
  }
} finally {
  await browser.close();
  server?.kill();
}
