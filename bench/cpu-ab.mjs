// CPU per request of two builds, interleaved: both apps run at once (idle but one), and the same
// targets are sent to each in turn, CHUNKS times, so that the machine's load drifts over both alike.
// Prints each build's CPU µs per request (median of its chunks, and the chunks) per target.
//   BENCH_MAIN=/tmp/base/api/dist/main.js ONLY=1,2,5 node bench/cpu-ab.mjs sqlite
// Env: AMOUNT (per chunk, 20000), CHUNKS (5), CONNECTIONS (50), ONLY, BENCH_MAIN (build A; B is this tree's api/dist).
import path from 'node:path';
import { createRequire } from 'node:module';
import { appConfiguration, cpuMsOf, load, machine, median, root, scheduleFutureWorkshops, startApp } from './lib.mjs';
import { fillBoard, readTargets } from './read-path-targets.mjs';

const require = createRequire(path.join(root, 'api/package.json'));
const autocannon = require('autocannon');
const AMOUNT = Number(process.env.AMOUNT ?? 20000);
const CHUNKS = Number(process.env.CHUNKS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(',').map(Number)) : null;
const kind = process.argv[2] ?? 'sqlite';
if (!process.env.BENCH_MAIN) throw new Error('BENCH_MAIN: the other build (api/dist/main.js)');

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));

const builds = [
  { name: 'A (BENCH_MAIN)', main: process.env.BENCH_MAIN },
  { name: 'B (this tree)', main: path.join(root, 'api/dist/main.js') },
];
try {
  for (const b of builds) {
    b.app = await startApp(kind, {}, { main: b.main });
    const board = (await scheduleFutureWorkshops(b.app.url)).find((id) => id.startsWith('zion-canyon-light'));
    await fillBoard(b.app.url, board);
    b.targets = readTargets(b.app.url, board).filter((_, i) => !ONLY || ONLY.has(i + 1));
  }
  console.log(`cpu-ab on ${kind}: ${CHUNKS} × ${AMOUNT} requests per build and target, alternating, ${CONNECTIONS} connections; ${appConfiguration()}; ${machine()}; ${new Date().toISOString()}; load ${load()}`);
  const rows = [];
  for (let t = 0; t < builds[0].targets.length; t++) {
    const us = builds.map(() => []);
    for (const b of builds) await run({ ...b.targets[t].request, amount: Math.min(AMOUNT, 5000) });
    for (let c = 0; c < CHUNKS; c++) {
      for (const [i, b] of (c % 2 ? [...builds].reverse() : builds).entries()) {
        const k = c % 2 ? builds.length - 1 - i : i;
        const before = cpuMsOf(b.app.pid);
        const r = await run({ ...b.targets[t].request, amount: AMOUNT });
        const ms = cpuMsOf(b.app.pid) - before;
        if (r.non2xx || r.errors) throw new Error(`${b.name} ${b.targets[t].name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        us[k].push(Math.round((ms * 1000) / AMOUNT));
      }
    }
    rows.push({ target: builds[0].targets[t].name, ...Object.fromEntries(builds.map((b, k) => [`${b.name} µs`, `${median(us[k])} (${us[k].join('/')})`])) });
  }
  console.table(rows);
  console.log(`load ${load()}`);
} finally {
  for (const b of builds) await b.app?.stop();
}
