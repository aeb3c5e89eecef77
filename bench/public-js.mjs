// The JavaScript the public pages load, in bytes on the wire (gzip and brotli as the server sends
// them, and uncompressed), file by file: /, /workshops, a workshop and /booking/{id}, each loaded
// in Debian's Chromium (Playwright, CHROMIUM_PATH overrides /usr/bin/chromium) on the built app
// over a fresh SQLite database until the network is idle, the app started after load included.
// Every .js the page requested from the app counts. Bytes do not depend on the machine's load, so
// a busy machine is fine (issue 27: "the public pages' JavaScript did not grow").
// Also says which built files hold the admin dashboard's text: it must be the admin's lazy chunk
// only, and no page here may load that chunk.
//   npm run build && node bench/public-js.mjs
//   BASE_MAIN=/tmp/i27-base/api/dist/main.js node bench/public-js.mjs   # and another build beside it
//   VERBOSE=1 ...                                                        # every file of every page
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { load, machine, root, scheduleFutureWorkshops, startApp } from './lib.mjs';

const require = createRequire(path.join(root, 'web/package.json'));
const { chromium } = require('@playwright/test');

const SAMPLE = 'zion-canyon-light';
const ROUTES = ['/', '/workshops', `/workshop/${SAMPLE}`, `/booking/${SAMPLE}`];
/** Text only the owner's dashboard has (decision 099 and its amendment). */
const DASHBOARD_TEXT = ['Money and occupancy', 'Cash still to come', 'Gift cards by month'];
const BUILDS = [{ name: 'this build', main: path.join(root, 'api/dist/main.js') }];
if (process.env.BASE_MAIN) BUILDS.unshift({ name: 'base', main: process.env.BASE_MAIN });

/** The bytes of one file as the server sends it for an Accept-Encoding (undecoded). */
function wireBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity', status: res.statusCode }));
      })
      .on('error', reject);
  });
}

/** The built files (of the build whose main.js this is) that hold the dashboard's text. */
function dashboardFiles(main) {
  const assets = path.resolve(path.dirname(main), '../../web/dist/assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js') && DASHBOARD_TEXT.some((t) => fs.readFileSync(path.join(assets, f), 'utf8').includes(t)))
    .sort();
}

const chunkName = (file) => path.basename(new URL(file).pathname).replace(/-[\w-]{8}\.js$/, '');

async function measure(build, browser) {
  const app = await startApp('sqlite', {}, { main: build.main, publicHost: 'localhost' });
  const origin = app.url.replace('127.0.0.1', 'localhost');
  try {
    // The seed's season has passed: the workshop and booking pages show the sample's next run (as bench/lighthouse.mjs).
    const next = (await scheduleFutureWorkshops(app.url)).find((id) => id.startsWith(SAMPLE));
    const pages = [];
    for (const route of ROUTES) {
      const page = await browser.newPage();
      const files = new Set();
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.port === new URL(origin).port && u.pathname.endsWith('.js')) files.add(`${app.url}${u.pathname}`);
      });
      await page.goto(`${origin}${route.replace(`/${SAMPLE}`, `/${next}`)}`, { waitUntil: 'networkidle' });
      // What starts after load (idle callbacks, the hydrator) has had its chance.
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      await page.close();
      const row = { route, files: files.size, raw: 0, gzip: 0, br: 0, chunks: [] };
      for (const f of [...files].sort()) {
        const [raw, gzip, br] = await Promise.all([wireBytes(f, 'identity'), wireBytes(f, 'gzip'), wireBytes(f, 'br')]);
        if (raw.status !== 200) throw new Error(`${f}: HTTP ${raw.status}`);
        if (gzip.encoding !== 'gzip' || br.encoding !== 'br') console.warn(`${f}: sent as ${gzip.encoding} / ${br.encoding}`);
        row.raw += raw.bytes;
        row.gzip += gzip.bytes;
        row.br += br.bytes;
        row.chunks.push({ name: chunkName(f), raw: raw.bytes, gzip: gzip.bytes, br: br.bytes });
      }
      pages.push(row);
    }
    return { pages, dashboard: dashboardFiles(build.main) };
  } finally {
    await app.stop();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  console.log(`public JavaScript per page (bytes on the wire); ${machine()}; load ${load()}; ${new Date().toISOString()}`);
  const results = [];
  for (const build of BUILDS) results.push({ build, ...(await measure(build, browser)) });
  const rows = [];
  for (const route of ROUTES) {
    const row = { route };
    for (const r of results) {
      const p = r.pages.find((x) => x.route === route);
      row[`${r.build.name}: files`] = p.files;
      row[`${r.build.name}: gzip`] = p.gzip;
      row[`${r.build.name}: brotli`] = p.br;
      row[`${r.build.name}: raw`] = p.raw;
    }
    if (results.length === 2) row['brotli change'] = results[1].pages.find((x) => x.route === route).br - results[0].pages.find((x) => x.route === route).br;
    rows.push(row);
  }
  console.table(rows);
  if (results.length === 2) {
    // Chunk by chunk (names without their hash) where a page's brotli bytes changed.
    for (const route of ROUTES) {
      const [a, b] = results.map((r) => r.pages.find((x) => x.route === route));
      const names = [...new Set([...a.chunks, ...b.chunks].map((c) => c.name))].sort();
      const changes = names
        .map((name) => ({ name, before: a.chunks.find((c) => c.name === name)?.br ?? 0, after: b.chunks.find((c) => c.name === name)?.br ?? 0 }))
        .filter((c) => c.before !== c.after)
        .map((c) => `${c.name} ${c.before} → ${c.after} (${c.after - c.before >= 0 ? '+' : ''}${c.after - c.before})`);
      console.log(`${route}: ${changes.length ? changes.join('; ') : 'no chunk changed'}`);
    }
  }
  for (const r of results) {
    const loaded = r.pages.filter((p) => p.chunks.some((c) => r.dashboard.some((f) => f.replace(/-[\w-]{8}\.js$/, '') === c.name)));
    console.log(`${r.build.name}: the dashboard's text is in ${r.dashboard.join(', ') || 'no file'}; ${loaded.length ? `LOADED by ${loaded.map((p) => p.route).join(', ')}` : 'loaded by none of these pages'}`);
    if (process.env.VERBOSE) for (const p of r.pages) console.log(`${r.build.name} ${p.route}: ${p.chunks.map((c) => `${c.name} ${c.br}`).join(', ')}`);
  }
} finally {
  await browser.close();
}
