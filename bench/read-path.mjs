// Read path: autocannon side by side against
//   1. a bare node:http server answering the same workshops JSON from memory (the limit),
//   2. GET /api/workshops of the app,
//   3. the `workshops` GraphQL query the web's workshop list sends.
// Prints requests/s and p99 latency (median of ROUNDS runs) and the ratios to the bare server.
//   npm run build && node bench/read-path.mjs [sqlite|mysql]
// Env: DURATION (s per run, 10), CONNECTIONS (50), ROUNDS (3), PROFILE=1 (CPU profile of the
// app into bench/results/, see docs/performance.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, machine, root, startApp } from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const kind = process.argv[2] ?? 'sqlite';

// The query of web/src/workshop/WorkshopsPage.tsx (with its WorkshopCard_workshop fragment), as the client sends it.
const WORKSHOPS_QUERY = `query Workshops {
  workshops {
    id
    ...WorkshopCard_workshop
    __typename
  }
}

fragment WorkshopCard_workshop on Workshop {
  id
  name
  location
  state
  dates
  durationDays
  price
  availableSpots
  difficultyLevel
  workshopType
  imageUrl
  __typename
}`;

/** The limit: node:http answering a prebuilt body, in its own process like the app. */
async function startBare(body) {
  const port = await freePort();
  const code = `
    const body = Buffer.from(process.env.BODY, 'base64');
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.send('up'));`;
  const child = spawn(process.execPath, ['-e', code], { env: { ...process.env, BODY: Buffer.from(body).toString('base64') }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => (child.kill(), child.once('exit', r))) };
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const profileDir = path.join(root, 'bench/results');
const app = await startApp(kind, {}, process.env.PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {});
let bare;
try {
  const body = await (await fetch(`${app.url}/api/workshops`)).text();
  bare = await startBare(body);
  const gqlBody = JSON.stringify({ operationName: 'Workshops', query: WORKSHOPS_QUERY, variables: {} });
  const check = await (await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: gqlBody })).json();
  if (!check.data?.workshops?.length) throw new Error(`GraphQL answered ${JSON.stringify(check).slice(0, 200)}`);

  const targets = [
    { name: 'bare node:http (limit)', opts: { url: `${bare.url}/` } },
    { name: 'GET /api/workshops', opts: { url: `${app.url}/api/workshops` } },
    { name: 'POST /graphql workshops', opts: { url: `${app.url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: gqlBody } },
  ];
  console.log(
    `read-path on ${kind}: ${CONNECTIONS} connections, ${DURATION}s × ${ROUNDS} rounds per target, body ${body.length} B (REST); ${machine()}; ${new Date().toISOString()}`,
  );
  const results = new Map(targets.map((t) => [t.name, { rps: [], p99: [], errors: 0 }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      await run({ ...t.opts, duration: 1 }); // warm-up (JIT, caches)
      const r = await run(t.opts);
      const acc = results.get(t.name);
      acc.rps.push(r.requests.average);
      acc.p99.push(r.latency.p99);
      acc.errors += r.errors + r.non2xx;
    }
  }
  const bareRps = median(results.get(targets[0].name).rps);
  const rows = targets.map((t) => {
    const r = results.get(t.name);
    const rps = median(r.rps);
    return { target: t.name, 'req/s': Math.round(rps), 'p99 ms': median(r.p99), 'of bare': `${Math.round((100 * rps) / bareRps)}%`, errors: r.errors };
  });
  console.table(rows);
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
} finally {
  await bare?.stop();
  await app.stop();
}
if (process.env.PROFILE) {
  const newest = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).sort().pop();
  console.log(`CPU profile of the app: bench/results/${newest} (open in Chrome DevTools > Performance, or node bench/profile-summary.mjs <file>)`);
}
