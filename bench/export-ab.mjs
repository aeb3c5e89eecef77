// The admin's whole-list exports by two builds on one kept database, in ABBA order (an A/B on a busy
// machine): p50/p95 of sequential requests per export, the app's CPU time per request (/proc: what the
// other processes on the machine change least), and the process's RSS after and at its peak.
//   COMPARE_MAIN=/tmp/base/api/dist/main.js REQUESTS=10 node bench/export-ab.mjs mysql://root@127.0.0.1:3306/bench_xxxx
// (a database kept by `KEEP_DB=1 SEASONS=100 node bench/data-growth.mjs mysql`; PATHS=comma-separated paths).
import fs from 'node:fs';
import path from 'node:path';
import { cpuMsOf, load, machine, percentile, root, startApp } from './lib.mjs';

const databaseUrl = process.argv[2];
if (!databaseUrl || !process.env.COMPARE_MAIN) throw new Error('usage: COMPARE_MAIN=<other api/dist/main.js> node bench/export-ab.mjs <DATABASE_URL of a kept data-growth database>');
const REQUESTS = Number(process.env.REQUESTS ?? 10);
const PATHS = (process.env.PATHS ?? '/api/admin/bookings,/api/admin/messages,/api/admin/overdue').split(',');
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
const builds = [
  { name: 'this build', main: path.join(root, 'api/dist/main.js') },
  { name: 'COMPARE_MAIN', main: process.env.COMPARE_MAIN },
];
const kind = databaseUrl.startsWith('mysql') ? 'mysql' : 'sqlite';
const times = new Map(builds.map((b) => [b.name, new Map(PATHS.map((p) => [p, []]))]));
const rss = new Map(builds.map((b) => [b.name, []]));
const cpu = new Map(builds.map((b) => [b.name, new Map(PATHS.map((p) => [p, []]))]));
console.log(`export-ab on ${kind}: ${REQUESTS} sequential requests per export and run, ABBA; ${machine()}; ${new Date().toISOString()}; load ${load()}`);
for (const build of [builds[0], builds[1], builds[1], builds[0]]) {
  const app = await startApp(kind, {}, { databaseUrl, main: build.main });
  try {
    for (const p of PATHS) {
      await (await fetch(`${app.url}${p}`, { headers: ADMIN })).arrayBuffer(); // warm-up
      const cpu0 = cpuMsOf(app.pid);
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${app.url}${p}`, { headers: ADMIN });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
        times.get(build.name).get(p).push(performance.now() - t0);
      }
      cpu.get(build.name).get(p).push((cpuMsOf(app.pid) - cpu0) / REQUESTS);
    }
    const st = fs.readFileSync(`/proc/${app.pid}/status`, 'utf8');
    rss.get(build.name).push(`${Math.round(st.match(/VmRSS:\s+(\d+)/)[1] / 1024)} (${Math.round(st.match(/VmHWM:\s+(\d+)/)[1] / 1024)})`);
  } finally {
    await app.stop({ keepDatabase: true });
  }
}
const head = ['request', ...builds.map((b) => b.name)];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const p of PATHS) {
  const cells = builds.map((b) => {
    const s = times.get(b.name).get(p).sort((x, y) => x - y);
    return `${percentile(s, 50).toFixed(1)}/${percentile(s, 95).toFixed(1)} ms, CPU ${cpu.get(b.name).get(p).map((c) => c.toFixed(0)).join(' and ')} ms`;
  });
  console.log(`| ${p} | ${cells.join(' | ')} |`);
}
console.log(`| RSS after the reads (peak), MB, per run | ${builds.map((b) => rss.get(b.name).join(', ')).join(' | ')} |`);
console.log(`load at the end ${load()}`);
