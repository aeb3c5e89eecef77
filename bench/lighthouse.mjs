// Lighthouse (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown) on every public route
// of the route manifest (web/src/routes.json, one sample address each) of the built app on a fresh
// SQLite database, RUNS runs each (default 3); prints the median of the four category scores and
// of LCP, TBT and CLS per route, and the JavaScript a load of / fetches, the app started after
// load included (gzip and brotli).
//   npm run build && node bench/lighthouse.mjs
//   RUNS=1 node bench/lighthouse.mjs /booking /workshop/   # arguments filter the routes (prefix match)
//   PHOTOS=1 node bench/lighthouse.mjs    # with photographs uploaded first (bench/demo-photos.mjs, issue 24)
// Uses Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium); never downloads a browser.
//
// On a busy machine Lighthouse's TBT measures the machine: its simulated throttling multiplies the
// wall-clock length of each main-thread task by 4, and a renderer waiting for a core makes a task
// long without doing any work (issue 24: a 131 ms task of 1.5 ms CPU). So each route also gets
// "CPU ms", the main thread's CPU time for the whole load (from the trace's thread clock), and
// "TBT from CPU", Lighthouse's TBT formula on each task's CPU time (4 × CPU − 50 ms, tasks after the
// first contentful paint): two builds are compared by these on a loaded machine (docs/decisions/080).
// BENCH_MAIN=/tmp/other/api/dist/main.js measures another build (an A/B in one run).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import manifest from '../web/src/routes.json' with { type: 'json' };
import { load, machine, median, scheduleFutureWorkshops, startApp } from './lib.mjs';
import { uploadDemoPhotos } from './demo-photos.mjs';

const require = createRequire(import.meta.url);
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = require('chrome-launcher');

const RUNS = Number(process.env.RUNS ?? 3);
// The catch-all is left out: Lighthouse refuses to audit a 404.
const PUBLIC = manifest.routes.filter((r) => r.public && r.path !== '*').map((r) => r.samples[0]);
const filters = process.argv.slice(2);
const ROUTES = filters.length ? PUBLIC.filter((r) => filters.some((f) => r === f || (f !== '/' && r.startsWith(f)))) : PUBLIC;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The JavaScript a page load fetched (from Lighthouse's network log: every script until the
 * page settled, the app started after load included), and its size on the wire per encoding.
 */
async function pageJs(lhr) {
  const files = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script').map((r) => r.url);
  const sizes = {};
  for (const encoding of ['gzip', 'br']) {
    let total = 0;
    for (const f of new Set(files)) {
      const res = await fetch(f, { headers: { 'accept-encoding': encoding } });
      // fetch decodes the body: count the bytes on the wire from Content-Length.
      total += Number(res.headers.get('content-length'));
      await res.arrayBuffer();
    }
    sizes[encoding] = total;
  }
  return { files: new Set(files).size, ...sizes };
}

/**
 * The renderer main thread's work in a Lighthouse trace, by its own clock (thread CPU time, not wall
 * time): the CPU of every top-level task, and Lighthouse's blocking-time formula (a task blocks for
 * what exceeds 50 ms at the simulated 4× slower CPU) applied to the tasks after the first contentful paint.
 */
function mainThreadCpu(trace) {
  const events = trace.traceEvents;
  let main = null;
  let most = 0;
  for (const t of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const n = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
    if (n > most) [main, most] = [t, n];
  }
  if (!main) return { cpu: NaN, tbt: NaN };
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? 0;
  let cpu = 0;
  let tbt = 0;
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.name !== 'RunTask' || e.ph !== 'X' || e.tdur === undefined) continue;
    cpu += e.tdur / 1000;
    if (e.ts >= fcp) tbt += Math.max(0, (4 * e.tdur) / 1000 - 50);
  }
  return { cpu, tbt };
}

const app = await startApp('sqlite');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  console.log(`lighthouse (mobile, simulated throttling), median of ${RUNS}; ${machine()}; load ${load()}; ${process.env.BENCH_MAIN ?? 'this build'}; ${new Date().toISOString()}`);
  const rows = [];
  let homeJs;
  // The seed's season has passed: the workshop routes are measured on the sample workshop's next
  // run (scheduled two years on, as the admin would), so /booking shows the form that earns the money.
  const sample = 'zion-canyon-light';
  const next = (await scheduleFutureWorkshops(app.url)).find((id) => id.startsWith(sample));
  if (process.env.PHOTOS) console.log(`photographs: ${await uploadDemoPhotos(app.url, 'bench-admin-password', { galleries: 0, galleryIds: [next], coverWidth: 1600 })} covers, a hero, a portrait, galleries`);
  for (const route of ROUTES.map((r) => r.replace(`/${sample}`, `/${next}`))) {
    const runs = [];
    let failures = 0;
    for (let i = 0; i < RUNS; i++) {
      const { lhr, artifacts } = await lighthouse(`${app.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      if (lhr.runtimeError) {
        if (++failures > 3) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        console.warn(`${route} run ${i}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}; run again`);
        i--;
        continue;
      }
      lhr.mainThread = mainThreadCpu(artifacts.Trace);
      runs.push(lhr);
      if (process.env.DUMP) fs.writeFileSync(`${process.env.DUMP}/lhr${route.replaceAll('/', '_')}-${i}.json`, JSON.stringify(lhr));
      const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable');
      if (process.env.VERBOSE) console.log(route, i, failed.map((a) => `${a.id}=${a.score} ${a.displayValue ?? ''}`).join('; '));
    }
    if (route === '/') homeJs = await pageJs(runs[0]);
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
      'CPU ms': Math.round(m((r) => r.mainThread.cpu)),
      'TBT from CPU': Math.round(m((r) => r.mainThread.tbt)),
    });
    // A run over every route is long: each row as it comes, so an interrupted run still reports.
    console.error(JSON.stringify(rows.at(-1)));
  }
  console.table(rows);
  console.log(`load at the end ${load()}`);
  if (homeJs) console.log(`JavaScript of a load of /: ${homeJs.files} files, ${(homeJs.gzip / 1024).toFixed(1)} KiB gzip, ${(homeJs.br / 1024).toFixed(1)} KiB brotli (budget 130 KB)`);
} finally {
  await chrome.kill();
  await app.stop();
}
