// A CPU profile of one build during the admin's whole-list exports on a kept database (decision 110):
// the app runs with --cpu-prof; after a warm-up it serves REQUESTS sequential requests of each path;
// the profile lands in bench/results/ (read it with bench/profile-summary.mjs, FROM/TO the busy window).
//   MAIN=/other/api/dist/main.js REQUESTS=20 PATHS=/api/admin/bookings node bench/export-profile.mjs <DATABASE_URL>
import fs from 'node:fs';
import path from 'node:path';
import { root, startApp } from './lib.mjs';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: node bench/export-profile.mjs <DATABASE_URL of a kept data-growth database>');
const REQUESTS = Number(process.env.REQUESTS ?? 20);
const PATHS = (process.env.PATHS ?? '/api/admin/bookings,/api/admin/messages').split(',');
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const kind = databaseUrl.startsWith('mysql') ? 'mysql' : 'sqlite';
const app = await startApp(kind, {}, { databaseUrl, main: process.env.MAIN ?? path.join(root, 'api/dist/main.js'), nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
const t0 = performance.now();
try {
  for (const p of PATHS) {
    await (await fetch(`${app.url}${p}`, { headers: ADMIN })).arrayBuffer();
    const from = (performance.now() - t0) / 1000;
    for (let i = 0; i < REQUESTS; i++) await (await fetch(`${app.url}${p}`, { headers: ADMIN })).arrayBuffer();
    console.log(`${p}: ${REQUESTS} requests from ${from.toFixed(1)} s to ${((performance.now() - t0) / 1000).toFixed(1)} s after the app was up`);
  }
} finally {
  await app.stop({ keepDatabase: true });
}
console.log(`profile in ${dir} (newest CPU.*.cpuprofile)`);
