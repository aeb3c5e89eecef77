// CPU per request: how much CPU time (user + system, from /proc) the app spends per request of
// one kind, for comparing two builds or settings on a noisy machine (req/s follows the machine's
// load; CPU time per request much less). Runs AMOUNT requests (after a warm-up) per target.
//   npm run build && node bench/cpu-per-request.mjs [sqlite|mysql]
// The targets and the app's configuration are read-path.mjs's (production: the access log on).
// Env: AMOUNT (20000), CONNECTIONS (50), ONLY (comma-separated target numbers), NODE_ARGS (for the app), LOG_LEVEL.
import path from 'node:path';
import { createRequire } from 'node:module';
import { appConfiguration, cpuMsOf, load, machine, root, scheduleFutureWorkshops, startApp } from './lib.mjs';
import { fillBoard, readTargets } from './read-path-targets.mjs';

const require = createRequire(path.join(root, 'api/package.json'));
const autocannon = require('autocannon');
const AMOUNT = Number(process.env.AMOUNT ?? 20000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(',').map(Number)) : null;
const kind = process.argv[2] ?? 'sqlite';

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));

const app = await startApp(kind, {}, { nodeArgs: process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : [] });
try {
  const board = (await scheduleFutureWorkshops(app.url)).find((id) => id.startsWith('zion-canyon-light'));
  await fillBoard(app.url, board);
  const targets = readTargets(app.url, board).map((t) => ({ name: t.name, opts: t.request })).filter((_, i) => !ONLY || ONLY.has(i + 1));
  console.log(`cpu-per-request on ${kind}: ${AMOUNT} requests, ${CONNECTIONS} connections; ${appConfiguration()}; ${machine()}; ${new Date().toISOString()}; load ${load()}`);
  const rows = [];
  for (const t of targets) {
    await run({ ...t.opts, amount: Math.min(AMOUNT, 5000) });
    const before = cpuMsOf(app.pid);
    const r = await run({ ...t.opts, amount: AMOUNT });
    const ms = cpuMsOf(app.pid) - before;
    if (r.non2xx || r.errors) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ target: t.name, 'CPU µs/request': Math.round((ms * 1000) / AMOUNT), 'req/s': Math.round(r.requests.average) });
  }
  console.table(rows);
} finally {
  await app.stop();
}
