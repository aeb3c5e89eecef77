// Booking rush: 1000 booking attempts fired at once (CONCURRENCY in flight) at the
// 11 workshops of 12 spots each (the seed's, scheduled again in the future), on SQLite and on MariaDB. Prints accepted/refused
// counts, p50/p99 latency (and the bookings' and refusals' own, and how many of the slowest 1% were bookings),
// the app's CPU ms over the rush, and checks that no workshop was oversold.
//   npm run build && node bench/booking-rush.mjs [sqlite|mysql ...]
// WARM=1: every visitor's keep-alive connection is made before the rush (it read its workshop first, as a
// browser on the workshop page has): without it the first wave opens 100 connections at once, and a busy
// Node server, even a bare one (round seventeen), accepts some of them only a second or more later.
// The app runs as in production (lib.mjs startApp: the access log on). PROFILE=1 writes a CPU profile of the app into bench/results/ (node bench/profile-summary.mjs <file>).
// ROUNDS=n runs n rushes per engine, each on a fresh app and database, and adds a median row per engine;
// COMPARE_MAIN=/other/api/dist/main.js also rushes that build in every round, the order of the two
// builds alternating from round to round (an A/B in the same minutes: this machine drifts by ±40% within an hour).
import http from 'node:http';
import path from 'node:path';
import { appConfiguration, cpuMsOf, load, machine, median, percentile, root, scheduleFutureWorkshops, startApp } from './lib.mjs';

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 100);
const WARM = Boolean(process.env.WARM);
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite', 'mysql'];

function body(workshop, i) {
  // Deposit, full or plan in turn, where the workshop offers it (a run starting soon takes full payment only).
  const wanted = ['deposit', 'full', 'payment_plan'][i % 3];
  const offered = workshop.payment_options.some((o) => o.option === wanted && o.available);
  return {
    workshop_id: workshop.id,
    customer_name: `Rusher ${i}`,
    customer_email: `rusher${i}@example.com`,
    customer_phone: '+1 555 010 0100',
    num_participants: 1 + (i % 3),
    room_type: i % 5 === 0 ? 'private' : 'shared',
    num_spouses: i % 7 === 0 ? 1 : 0,
    payment_option: offered ? wanted : 'full',
    age: 30 + (i % 50),
    camera_body: 'Sony A7 IV',
    lenses: '24-105mm',
    trip_goals: 'Benchmark',
    emergency_contact_name: 'Contact',
    emergency_contact_phone: '555 0101',
    emergency_contact_email: 'contact@example.com',
  };
}

const ROUNDS = Number(process.env.ROUNDS ?? 1);
const builds = [{ name: 'this build', main: undefined }];
if (process.env.COMPARE_MAIN) builds.push({ name: 'COMPARE_MAIN', main: process.env.COMPARE_MAIN });

async function rush(kind, main) {
  const profile = process.env.PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/results')}`] } : {};
  const app = await startApp(kind, {}, { ...profile, main });
  try {
    await scheduleFutureWorkshops(app.url);
    const workshops = await (await fetch(`${app.url}/api/workshops`)).json();
    const latencies = [];
    // Per answer: the bookings' and the refusals' own latencies (which of them make the p99).
    const byStatus = { 201: [], 409: [] };
    const statuses = new Map();
    const seats = new Map();
    let next = 0;
    const get = (agent, p) =>
      new Promise((resolve, reject) => {
        http.get(`${app.url}${p}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        }).on('error', reject);
      });
    const agents = Array.from({ length: CONCURRENCY }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    // WARM=1: each visitor has the workshop page open already: its keep-alive connection is made (by reading
    // the workshop) before the rush, and the rush's attempts do not open 100 connections in the same instant.
    if (WARM) await Promise.all(agents.map((agent, i) => get(agent, `/api/workshops/${encodeURIComponent(workshops[i % workshops.length].id)}`)));
    const cpu0 = cpuMsOf(app.pid);
    const started = performance.now();
    // Each worker is one visitor with a connection of its own (node:http, keep-alive). fetch's shared
    // pool queued new requests behind busy connections, so the first wave reached the app one by one.
    const post = (agent, payload, headers) =>
      new Promise((resolve, reject) => {
        const req = http.request(`${app.url}/api/bookings`, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(payload) } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        });
        req.on('error', reject);
        req.end(payload);
      });
    const worker = async (agent) => {
      while (next < ATTEMPTS) {
        const i = next++;
        const w = workshops[i % workshops.length];
        const t0 = performance.now();
        // Many visitors, not one: each attempt comes from its own address (the app trusts X-Forwarded-For from loopback).
        const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
        const status = await post(agent, JSON.stringify(body(w, i)), headers);
        const ms = performance.now() - t0;
        latencies.push(ms);
        byStatus[status]?.push(ms);
        if (process.env.RUSH_DEBUG) console.error(`attempt ${i}: ${status} started at ${(t0 - started).toFixed(0)} ms, took ${ms.toFixed(0)} ms`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 201) seats.set(w.id, (seats.get(w.id) ?? 0) + 1 + (i % 3));
      }
      agent.destroy();
    };
    await Promise.all(agents.map(worker));
    const seconds = (performance.now() - started) / 1000;
    // The app's CPU (user + system, /proc) over the rush: its bookings, its refusals, and what they set off (the mails).
    const cpuMs = cpuMsOf(app.pid) - cpu0;
    latencies.sort((a, b) => a - b);
    for (const list of Object.values(byStatus)) list.sort((a, b) => a - b);
    // How many of the slowest 1% (the requests above the p99) were bookings: the rest were refusals.
    const p99 = latencies.length ? percentile(latencies, 99) : NaN;
    const slowBookings = byStatus[201].filter((ms) => ms >= p99).length;
    const slowest = latencies.filter((ms) => ms >= p99).length;

    // Invariant: seats accepted + seats still free = capacity, for every workshop.
    const after = await (await fetch(`${app.url}/api/workshops`)).json();
    const oversold = after.filter((w) => (seats.get(w.id) ?? 0) + w.available_spots !== 12 || w.available_spots < 0);
    return {
      kind,
      accepted: statuses.get(201) ?? 0,
      refused: statuses.get(409) ?? 0,
      other: [...statuses].filter(([s]) => s !== 201 && s !== 409).map(([s, n]) => `${s}×${n}`).join(' ') || 'none',
      seatsSold: [...seats.values()].reduce((a, b) => a + b, 0),
      p50: latencies.length ? percentile(latencies, 50).toFixed(1) : '-',
      p99: latencies.length ? p99.toFixed(1) : '-',
      'booked p50/max': byStatus[201].length ? `${percentile(byStatus[201], 50).toFixed(0)}/${byStatus[201].at(-1).toFixed(0)}` : '-',
      'refused p50/p99': byStatus[409].length ? `${percentile(byStatus[409], 50).toFixed(0)}/${percentile(byStatus[409], 99).toFixed(0)}` : '-',
      'slowest 1%: booked': `${slowBookings} of ${slowest}`,
      rps: (ATTEMPTS / seconds).toFixed(0),
      'app cpu ms': cpuMs.toFixed(0),
      consistent: oversold.length === 0 ? 'yes' : `NO: ${oversold.map((w) => w.id).join(', ')}`,
      load: load(),
    };
  } finally {
    await app.stop();
  }
}

console.log(
  `booking-rush: ${ATTEMPTS} attempts, ${CONCURRENCY} in flight, 11 workshops × 12 spots, ${WARM ? "each visitor's connection open before the rush (WARM)" : 'connections opened by the rush'}` +
    `${ROUNDS > 1 ? `, ${ROUNDS} rounds` : ''}${builds.length > 1 ? `, this build and ${process.env.COMPARE_MAIN} alternating` : ''}; ${appConfiguration()}; ${machine()}; ${new Date().toISOString()}; load ${load()}`,
);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const kind of kinds) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const build of order) {
      const row = await rush(kind, build.main);
      rows.push({ ...(ROUNDS > 1 ? { round } : {}), ...(builds.length > 1 ? { build: build.name } : {}), ...row });
    }
  }
}
console.table(rows);
if (ROUNDS > 1 || builds.length > 1) {
  const summary = [];
  for (const kind of kinds) {
    for (const build of builds) {
      const mine = rows.filter((r) => r.kind === kind && (builds.length === 1 || r.build === build.name));
      summary.push({ kind, build: build.name, rushes: mine.length, 'median p99': median(mine.map((r) => r.p99)).toFixed(1), 'p99 of each': mine.map((r) => r.p99).join(', '), 'median app cpu ms': median(mine.map((r) => r['app cpu ms'])).toFixed(0) });
    }
  }
  console.table(summary);
}
if (rows.some((r) => r.consistent !== 'yes' || r.other !== 'none')) process.exitCode = 1;
