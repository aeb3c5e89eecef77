// Lighthouse (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown) on /, /workshops and
// one /workshop/{id} of the built app on a fresh SQLite database, RUNS runs each (default 3);
// prints the median of the four category scores and of LCP, TBT and CLS per route, and the
// JavaScript the first load of / transfers (gzip and brotli).
//   npm run build && node bench/lighthouse.mjs
// Uses Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium); never downloads a browser.
import { createRequire } from 'node:module';
import { machine, startApp } from './lib.mjs';

const require = createRequire(import.meta.url);
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = require('chrome-launcher');

const RUNS = Number(process.env.RUNS ?? 3);
const ROUTES = ['/', '/workshops', '/workshop/zion-canyon-light'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Bytes of the JavaScript the HTML of `path` loads (entry script and modulepreloads), per encoding. */
async function firstLoadJs(url) {
  const html = await (await fetch(url)).text();
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = {};
  for (const encoding of ['gzip', 'br']) {
    let total = 0;
    for (const f of new Set(files)) {
      const res = await fetch(new URL(f, url), { headers: { 'accept-encoding': encoding } });
      // fetch decodes the body: count the bytes on the wire from Content-Length.
      total += Number(res.headers.get('content-length'));
      await res.arrayBuffer();
    }
    sizes[encoding] = total;
  }
  return { files: files.length, ...sizes };
}

const app = await startApp('sqlite');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  console.log(`lighthouse (mobile, simulated throttling), median of ${RUNS}; ${machine()}; ${new Date().toISOString()}`);
  const rows = [];
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${app.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      runs.push(lhr);
      const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable');
      if (process.env.VERBOSE) console.log(route, i, failed.map((a) => `${a.id}=${a.score} ${a.displayValue ?? ''}`).join('; '));
    }
    const m = (f) => median(runs.map(f));
    rows.push({
      route,
      performance: m((r) => Math.round(r.categories.performance.score * 100)),
      accessibility: m((r) => Math.round(r.categories.accessibility.score * 100)),
      'best-practices': m((r) => Math.round(r.categories['best-practices'].score * 100)),
      seo: m((r) => Math.round(r.categories.seo.score * 100)),
      'LCP ms': Math.round(m((r) => r.audits['largest-contentful-paint'].numericValue)),
      'TBT ms': Math.round(m((r) => r.audits['total-blocking-time'].numericValue)),
      CLS: Number(m((r) => r.audits['cumulative-layout-shift'].numericValue).toFixed(3)),
    });
  }
  console.table(rows);
  const js = await firstLoadJs(`${app.url}/`);
  console.log(`first load of /: ${js.files} JavaScript files, ${(js.gzip / 1024).toFixed(1)} KiB gzip, ${(js.br / 1024).toFixed(1)} KiB brotli (budget 130 KB)`);
} finally {
  await chrome.kill();
  await app.stop();
}
