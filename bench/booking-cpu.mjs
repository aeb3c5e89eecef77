// The app's CPU per successful booking, without the rush's refusals: every spot of the bench
// catalog (11 workshops × 12, each scheduled again RUNS times more: 3 by default, 528 spots) booked one spot at a
// time by distinct visitors, IN_FLIGHT at once (4 by default); the first WARM bookings (100) warm the app up,
// the app's CPU (user + system, /proc) is read around the rest.
//   npm run build && node bench/booking-cpu.mjs [mysql|sqlite ...]     (BENCH_MAIN=<other build>/main.js for an A/B)
// PROFILE=1 writes a CPU profile into bench/results/; the measured bookings are marked by the
// printed FROM/TO (seconds since the app started, for bench/profile-summary.mjs).
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import { appConfiguration, cpuMsOf, load, machine, root, scheduleFutureWorkshops, startApp } from './lib.mjs';

/** The system (kernel) part of a process's CPU so far, ms (/proc: stime). */
const sysMsOf = (pid) => (Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[12]) * 1000) / 100;

const WARM = Number(process.env.WARM ?? 100);
const RUNS = Number(process.env.RUNS ?? 3);
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}`, 'content-type': 'application/json' };
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 4);
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['mysql', 'sqlite'];

const body = (workshop, i) => ({
  workshop_id: workshop.id, customer_name: `Booker ${i}`, customer_email: `booker${i}@example.com`, customer_phone: '+1 555 010 0100',
  num_participants: 1, room_type: 'shared', num_spouses: 0, payment_option: ['deposit', 'full', 'payment_plan'][i % 3], age: 40,
  camera_body: 'Sony A7 IV', lenses: '24-105mm', trip_goals: 'Benchmark', emergency_contact_name: 'Contact', emergency_contact_phone: '555 0101', emergency_contact_email: 'contact@example.com',
});

async function measure(kind) {
  const profile = process.env.PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/results')}`] } : {};
  const t0 = performance.now();
  const app = await startApp(kind, {}, profile);
  try {
    const ids = await scheduleFutureWorkshops(app.url);
    const seed = await (await fetch(`${app.url}/api/workshops`)).json();
    for (let k = 1; k <= RUNS; k++) {
      for (const w of seed) {
        const res = await fetch(`${app.url}/api/admin/workshops/${encodeURIComponent(w.id)}/schedule-again`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ id: `${w.id}-r${k}`, start_date: `${Number(w.start_date.slice(0, 4)) + k}${w.start_date.slice(4)}` }) });
        if (!res.ok) throw new Error(`schedule-again answered ${res.status}: ${await res.text()}`);
      }
    }
    let workshops;
    for (let i = 0; ; i++) {
      workshops = await (await fetch(`${app.url}/api/workshops`)).json();
      if (workshops.length === ids.length * (RUNS + 1)) break;
      if (i > 100) throw new Error(`the catalog lists ${workshops.length} runs`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const book = (i) =>
      new Promise((resolve, reject) => {
        const w = workshops[i % workshops.length];
        const payload = JSON.stringify(body(w, i));
        const wanted = body(w, i).payment_option;
        const offered = w.payment_options.some((o) => o.option === wanted && o.available);
        const data = offered ? payload : JSON.stringify({ ...body(w, i), payment_option: 'full' });
        const req = http.request(`${app.url}/api/bookings`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`booking ${i}: ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end(data);
      });
    const run = async (from, to) => {
      let next = from;
      await Promise.all(Array.from({ length: IN_FLIGHT }, async () => { while (next < to) await book(next++); }));
    };
    const total = workshops.reduce((n, w) => n + w.available_spots, 0);
    await run(0, WARM);
    const cpu0 = cpuMsOf(app.pid);
    const sys0 = sysMsOf(app.pid);
    const from = (performance.now() - t0) / 1000;
    const started = performance.now();
    await run(WARM, total);
    const ms = performance.now() - started;
    const cpu = cpuMsOf(app.pid) - cpu0;
    const sys = sysMsOf(app.pid) - sys0;
    const to = (performance.now() - t0) / 1000;
    const n = total - WARM;
    return { kind, bookings: n, 'cpu ms/booking': (cpu / n).toFixed(2), 'of it kernel': (sys / n).toFixed(2), 'wall ms/booking': (ms / n).toFixed(2), window: `FROM=${from.toFixed(1)} TO=${to.toFixed(1)} (approx.)`, load: load() };
  } finally {
    await app.stop();
  }
}

console.log(`booking-cpu: ${IN_FLIGHT} in flight; ${appConfiguration()}; ${machine()}; ${new Date().toISOString()}; load ${load()}`);
const rows = [];
for (const kind of kinds) rows.push(await measure(kind));
console.table(rows);
