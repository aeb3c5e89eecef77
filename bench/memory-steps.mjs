// Where the app's peak RSS is reached in data-growth's sequence of reads (issue 23 item 5): start the
// built app on a kept database (`KEEP_DB=1 SEASONS=100 node bench/data-growth.mjs …`), run the same
// steps as data-growth's measure (two runs scheduled again for the bookings, the dashboard query,
// the three exports, stats, go/no-go, the admin's workshops, REQUESTS each; the catalog under
// autocannon; POSTS bookings) and print, after each step, VmRSS
// and VmHWM (MB) with the heap V8 reports (a GC-free sample of /proc every 10 ms gives the step's own
// highest RSS).
//   REQUESTS=10 node bench/memory-steps.mjs mysql://root@127.0.0.1:3306/bench_xxxx
//   BENCH_MAIN=/other/api/dist/main.js …   (another build)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { load, productionNodeFlags, root, startApp } from './lib.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');
const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: node bench/memory-steps.mjs <DATABASE_URL of a kept data-growth database>');
const REQUESTS = Number(process.env.REQUESTS ?? 10);
const DURATION = Number(process.env.DURATION ?? 5);
const POSTS = Number(process.env.POSTS ?? 24);
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
const app = await startApp(databaseUrl.startsWith('mysql') ? 'mysql' : 'sqlite', {}, { databaseUrl });
const status = () => fs.readFileSync(`/proc/${app.pid}/status`, 'utf8');
const mb = (st, key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(st)[1]) / 1024);
let stepMax = 0;
const sampler = setInterval(() => {
  try {
    stepMax = Math.max(stepMax, mb(status(), 'VmRSS'));
  } catch {
    // the app has stopped
  }
}, 10);
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'web/src/gql/trusted-documents.json'), 'utf8'));
const dashboard = JSON.stringify({ operationName: 'AdminDashboard', query: Object.values(manifest).find((t) => /query AdminDashboard\b/.test(t)), variables: {} });
const out = [];
const step = async (label, work) => {
  stepMax = 0;
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const st = status();
  out.push(`${label}: ${mb(st, 'VmRSS')} (step max ${stepMax}, peak ${mb(st, 'VmHWM')}), ${Math.round(ms)} ms`);
};
const times = (n, request) => async () => {
  for (let i = 0; i < n; i++) await (await request()).arrayBuffer();
};
const get = (p) => () => fetch(`${app.url}${p}`, { headers: ADMIN });
const runs = [];
/** A booking as data-growth posts it (paid in full), from its own address. */
const booking = (workshopId, k) => ({
  workshop_id: workshopId, customer_name: `Guest${k} Season`, customer_email: `guest${k}-${process.pid}@example.com`, customer_phone: '+1 555 010 0100',
  num_participants: 1, room_type: 'shared', num_spouses: 0, payment_option: 'full', age: 30, experience_level: 'beginner', camera_body: 'Sony A7 IV',
  lenses: '24-105mm f/4', other_equipment: '', health_concerns: '', dietary_restrictions: '', trip_goals: 'Learn long exposures',
  special_requests: '', emergency_contact_name: 'Pat Contact', emergency_contact_phone: '555 0101', emergency_contact_email: 'contact@example.com',
});
try {
  await step('start', async () => {});
  await step('two runs scheduled again', async () => {
    const source = (await (await fetch(`${app.url}/api/workshops`)).json())[0];
    for (let i = 0; i < Math.ceil(POSTS / 12); i++) {
      const id = `mem-steps-${process.pid}-${i}`;
      const year = Number(source.start_date.slice(0, 4)) + 3 + i;
      const res = await fetch(`${app.url}/api/admin/workshops/${encodeURIComponent(source.id)}/schedule-again`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ id, start_date: `${year}${source.start_date.slice(4)}` }) });
      if (res.status !== 201) throw new Error(`schedule-again answered ${res.status}: ${await res.text()}`);
      runs.push(id);
    }
  });
  await step('dashboard GraphQL', times(REQUESTS, () => fetch(`${app.url}/graphql`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: dashboard })));
  for (const p of ['/api/admin/bookings', '/api/admin/messages', '/api/admin/overdue', '/api/admin/stats', '/api/admin/go-no-go', '/api/admin/workshops']) await step(p, times(REQUESTS, get(p)));
  await step(`GET /api/workshops, autocannon ${DURATION} s`, () => autocannon({ url: `${app.url}/api/workshops`, connections: 10, duration: DURATION }));
  await step(`${POSTS} booking POSTs`, async () => {
    for (let k = 0; k < POSTS; k++) {
      const res = await fetch(`${app.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.78.${k >> 8}.${k & 255}` }, body: JSON.stringify(booking(runs[Math.floor(k / 12)], k)) });
      if (res.status !== 201) throw new Error(`booking POST answered ${res.status}: ${await res.text()}`);
    }
  });
} finally {
  clearInterval(sampler);
  await app.stop({ keepDatabase: true });
}
console.log(`node ${productionNodeFlags().join(' ') || '(no flags)'}; ${process.env.BENCH_MAIN || 'this build'}; load ${load()}; VmRSS MB after each step:\n  ${out.join('\n  ')}`);
