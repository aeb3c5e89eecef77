// Screenshots of every route at phone and desktop width, for design review.
// Not a test: it writes PNGs to web/screenshots/ (git-ignored) to look at.
//
//   npm run build && node web/scripts/screenshots.mjs            # starts the built app itself
//   BASE_URL=http://localhost:3000 node web/scripts/screenshots.mjs /faq /contact
//
// Arguments filter the routes (prefix match); WIDTHS=375,1280 picks the widths;
// FULL=0 captures only the first screen instead of the whole page; TILE=1400 also writes
// the page in tiles of that height (NAME.1.png, NAME.2.png...).
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

/** The 18 routes of the spec from the app's route manifest, with a sample id where one is needed. */
const ROUTES = manifest.routes.filter((r) => r.path !== '*').map((r) => r.screenshot ?? r.samples[0]);

const filters = process.argv.slice(2);
const routes = filters.length ? ROUTES.filter((r) => filters.some((f) => r === f || (f !== '/' && r.startsWith(f)))) : ROUTES;

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
if (!base) {
  const main = path.join(root, 'api/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shots-'));
  server = spawn(process.execPath, [main], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATABASE_URL: `sqlite:${tmp}/shots.db`, ADMIN_PASSWORD: 'screenshot-password', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
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
      const name = `${width}-${route.replace(/\?.*$/, '').replace(/[/]+/g, '_').replace(/^_$/, 'home').replace(/^_/, '')}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage });
      if (tile) {
        // Tall pages also as screen-sized tiles, easier to review than one long strip.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 1; y < height; y += tile, i++) {
          const clip = { x: 0, y, width, height: Math.min(tile, height - y) };
          await page.screenshot({ path: path.join(outDir, name.replace('.png', `.${i}.png`)), fullPage: true, clip });
        }
      }
      const overflow = await page.evaluate(() => {
        document.body.style.overflowX = 'visible';
        const o = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        document.body.style.overflowX = '';
        return o;
      });
      console.log(`${name}${overflow > 0 ? `  (horizontal overflow ${overflow}px)` : ''}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server?.kill();
}
