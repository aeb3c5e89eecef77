// Read path: each target of the app is measured next to its own baseline, a bare node:http
// server in its own process answering the very same body bytes (checked before measuring):
//   GET /api/workshops, and the GraphQL catalog and workshop(id) reads: the same bytes from memory
//   GET /api/workshops/{id}/messages, the participants read: the same SQL per request through the
//     same driver (better-sqlite3 / mysql2), the same JSON
// The GraphQL reads are sent as visitors send them (read-path-targets.mjs): the browser's
// persisted form (a hash and Apollo Client's clientLibrary extension), the web app's text, and a
// query another client wrote. The app runs as in production (lib.mjs startApp: NODE_ENV=production,
// the default log level, the access log written to a file).
// A ratio is the app's req/s over its baseline's in the same round (app and bare measured back to
// back); the table gives the median of the rounds and their range (how noisy the machine was).
// Above 100% the baseline is wrong (it does more than the app), and the output says so.
//   npm run build && node bench/read-path.mjs [sqlite|mysql]
// Env: DURATION (s per run, 10), CONNECTIONS (50), ROUNDS (3), ONLY (comma-separated target
// numbers, e.g. ONLY=7,8; the Apollo floor, the last target, runs only when named), PROFILE=1
// (CPU profile of the app into bench/results/, see docs/performance.md), LOG_LEVEL=error (the
// access log off, for comparison).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { appConfiguration, freePort, load, machine, median, root, scheduleFutureWorkshops, startApp } from './lib.mjs';
import { fillBoard, graphqlBody, graphqlRequest, readTargets } from './read-path-targets.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(',').map(Number)) : null;
const kind = process.argv[2] ?? 'sqlite';

/**
 * The code of a bare server's child process. `answer(req)` returns the body (a Buffer or a
 * promise of one). Runs from api/ so it requires the app's own drivers and helpers.
 */
const BARE_PRELUDE = `
  const http = require('node:http');
  const send = (res, body) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  };
  const serve = (port, answer) => http.createServer((req, res) => {
    // Read the request body like the app must (POST /graphql), then answer.
    req.resume();
    req.on('end', async () => {
      try {
        send(res, await answer(req));
      } catch (e) {
        res.writeHead(500).end(String(e));
      }
    });
  }).listen(port, '127.0.0.1', () => process.send('up'));
`;

/** Bare: a prebuilt body from memory. */
const MEMORY_CODE = `
  const body = Buffer.from(process.env.BODY, 'base64');
  serve(Number(process.env.PORT), () => body);
`;

/**
 * Bare: the app's SQL for the message board and the participants panel, per request, through
 * the same driver and pool size, serialised to the same JSON (see community.service.ts and
 * community.rest.ts). The participants SQL takes "now" per request, as the app's clock does.
 */
const SQL_SETUP = `
  const { publicName } = require('./dist/community/community.service.js');
  const kind = process.env.KIND;
  const workshopId = process.env.WORKSHOP;
  const MESSAGES_SQL = 'SELECT id, workshop_id, author_name, author_email, message, topic, created_at FROM community_messages'
    + ' WHERE workshop_id = ? ORDER BY created_at DESC, id DESC LIMIT 21';
  const PARTICIPANTS_SQL = 'SELECT customer_name, num_participants FROM bookings WHERE workshop_id = ?'
    + " AND (status = 'confirmed' OR (status = 'held' AND (hold_expires_at IS NULL OR hold_expires_at > ?)))"
    + ' ORDER BY created_at ASC, id ASC';
  let query;
  let toDate;
  let sqlNow;
  if (kind === 'sqlite') {
    const db = new (require('better-sqlite3'))(process.env.DB_FILE, { readonly: true });
    const statements = new Map();
    query = async (sql, params) => {
      if (!statements.has(sql)) statements.set(sql, db.prepare(sql));
      return statements.get(sql).all(...params);
    };
    // TypeORM keeps SQLite datetimes as UTC text 'YYYY-MM-DD HH:MM:SS.SSS'.
    toDate = (v) => new Date(v.replace(' ', 'T') + 'Z');
    sqlNow = () => new Date().toISOString().replace('T', ' ').replace('Z', '');
  } else {
    const pool = require('mysql2/promise').createPool({ uri: process.env.DB_URL, timezone: 'Z', connectionLimit: 10, charset: 'utf8mb4_unicode_ci' });
    query = async (sql, params) => (await pool.execute(sql, params))[0];
    toDate = (v) => v;
    sqlNow = () => new Date();
  }
  const messages = async () => {
    const rows = await query(MESSAGES_SQL, [workshopId]);
    return Buffer.from(JSON.stringify(rows.slice(0, 20).map((m) => ({
      id: m.id, workshop_id: m.workshop_id, author_name: m.author_name, message: m.message, topic: m.topic,
      created_at: toDate(m.created_at).toISOString(),
    }))));
  };
  const participants = async () => {
    const rows = await query(PARTICIPANTS_SQL, [workshopId, sqlNow()]);
    return Buffer.from(JSON.stringify({ data: { participants: {
      workshopId,
      totalParticipants: rows.reduce((sum, b) => sum + b.num_participants, 0),
      bookings: rows.map((b) => ({ customerName: publicName(b.customer_name), numParticipants: b.num_participants, __typename: 'ParticipantBooking' })),
      __typename: 'ParticipantsSummary',
    } } }) + '\\n'); // Apollo Server ends its answers with a newline
  };
`;
const SQL_CODE = `${SQL_SETUP}
  serve(Number(process.env.PORT), process.env.ANSWER === 'messages' ? messages : participants);
`;

/**
 * The Apollo floor (ONLY=10): the cheapest server the owner's stack allows for the participants
 * read: Fastify 5 with its defaults, @as-integrations/fastify and Apollo Server 5 with a
 * schema of the three types the query touches, its resolver running the bare server's SQL
 * through the same driver. No logger, security headers, rate limits, request ids, type-graphql,
 * TypeORM or services. Its share of the bare server is the ceiling of the app's ratio.
 */
const APOLLO_FLOOR_CODE = `${SQL_SETUP}
  const Fastify = require('fastify');
  const { ApolloServer } = require('@apollo/server');
  const { fastifyApolloHandler } = require('@as-integrations/fastify');
  const typeDefs = \`
    type Query { participants(workshopId: ID!): ParticipantsSummary }
    type ParticipantsSummary { workshopId: ID! totalParticipants: Int! bookings: [ParticipantBooking!]! }
    type ParticipantBooking { customerName: String! numParticipants: Int! }
  \`;
  const resolvers = {
    Query: {
      participants: async (_root, args) => {
        const rows = await query(PARTICIPANTS_SQL, [args.workshopId, sqlNow()]);
        return {
          workshopId: args.workshopId,
          totalParticipants: rows.reduce((sum, b) => sum + b.num_participants, 0),
          bookings: rows.map((b) => ({ customerName: publicName(b.customer_name), numParticipants: b.num_participants })),
        };
      },
    },
  };
  (async () => {
    const apollo = new ApolloServer({ typeDefs, resolvers });
    await apollo.start();
    const app = Fastify();
    app.route({ method: ['GET', 'POST'], url: '/', handler: fastifyApolloHandler(apollo) });
    await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
    process.send('up');
  })();
`;

async function startBare(code, env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_PRELUDE + code], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((r) => (child.kill(), child.once('exit', r))) };
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}


async function bodyOf(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Something for the database reads to return: messages on one board, bookings on the same workshop. */

const profileDir = path.join(root, 'bench/results');
const app = await startApp(kind, {}, process.env.PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {});
const bares = [];
let BOARD;
try {
  // A bookable catalog of the seed's size (the seed's season has passed): zion-canyon-light's future run is the board.
  BOARD = (await scheduleFutureWorkshops(app.url)).find((id) => id.startsWith('zion-canyon-light'));
  await fillBoard(app.url, BOARD);
  const database = kind === 'sqlite' ? { DB_FILE: app.databaseUrl.slice('sqlite:'.length) } : { DB_URL: app.databaseUrl };
  const bareOf = {
    memory: (body) => [MEMORY_CODE, { BODY: body.toString('base64') }],
    messages: () => [SQL_CODE, { KIND: kind, WORKSHOP: BOARD, ANSWER: 'messages', ...database }],
    participants: () => [SQL_CODE, { KIND: kind, WORKSHOP: BOARD, ANSWER: 'participants', ...database }],
  };
  const targets = readTargets(app.url, BOARD);
  const all = [
    ...targets.map((t) => ({ name: t.name, app: t.request, bare: bareOf[t.bare] })),
    {
      name: 'participants, Apollo floor',
      floor: [APOLLO_FLOOR_CODE, { KIND: kind, WORKSHOP: BOARD, ...database }],
      app: graphqlRequest(app.url, graphqlBody('text', 'Participants', { workshopId: BOARD })),
      bare: bareOf.participants,
    },
  ];
  const pairs = all.filter((_, i) => (ONLY ? ONLY.has(i + 1) : i < targets.length));

  // The Apollo floor stands in for the app in its pair (same request, same bytes).
  for (const pair of pairs.filter((p) => p.floor)) {
    const floor = await startBare(...pair.floor);
    bares.push(floor);
    pair.app = { ...pair.app, url: floor.url };
  }

  // Same bytes, or the comparison means nothing.
  for (const pair of pairs) {
    const appBody = await bodyOf(pair.app.url, pair.app);
    const [code, env] = pair.bare(appBody);
    pair.baseline = await startBare(code, env);
    bares.push(pair.baseline);
    const bareBody = await bodyOf(pair.baseline.url, pair.app);
    if (!appBody.equals(bareBody)) {
      let at = 0;
      while (at < appBody.length && appBody[at] === bareBody[at]) at++;
      const around = (b) => b.subarray(Math.max(0, at - 80), at + 120).toString();
      throw new Error(`${pair.name}: the baseline answers other bytes than the app (from byte ${at}):\n  app:  …${around(appBody)}\n  bare: …${around(bareBody)}`);
    }
    pair.bytes = appBody.length;
  }

  console.log(`read-path on ${kind}: ${CONNECTIONS} connections, ${DURATION}s × ${ROUNDS} rounds per target; ${appConfiguration()}; ${machine()}; ${new Date().toISOString()}; load ${load()}`);
  const results = new Map(pairs.flatMap((p) => [`${p.name}|app`, `${p.name}|bare`]).map((k) => [k, { rps: [], p99: [], errors: 0 }]));
  const logBefore = app.logLines();
  for (let round = 0; round < ROUNDS; round++) {
    for (const pair of pairs) {
      for (const [side, opts] of [
        ['bare', { ...pair.app, url: pair.baseline.url }],
        ['app', pair.app],
      ]) {
        await run({ ...opts, duration: 1 }); // warm-up (JIT, caches, pools)
        const r = await run(opts);
        const acc = results.get(`${pair.name}|${side}`);
        acc.rps.push(r.requests.average);
        acc.p99.push(r.latency.p99);
        acc.errors += r.errors + r.non2xx;
      }
    }
  }
  const logAfter = app.logLines();
  const rows = pairs.map((p) => {
    const a = results.get(`${p.name}|app`);
    const b = results.get(`${p.name}|bare`);
    // Paired: each round's app figure over the same round's bare figure.
    const ratios = a.rps.map((x, i) => x / b.rps[i]);
    const ratio = median(ratios);
    return {
      target: p.name,
      bytes: p.bytes,
      'app req/s': Math.round(median(a.rps)),
      'app p99 ms': median(a.p99),
      'bare req/s': Math.round(median(b.rps)),
      'bare p99 ms': median(b.p99),
      'app/bare': `${Math.round(100 * ratio)}%`,
      rounds: ratios.map((r) => Math.round(100 * r)).join('/'),
      errors: a.errors + b.errors,
      ratio,
    };
  });
  console.table(rows.map(({ ratio: _ratio, ...row }) => row));
  console.log(`load at the end ${load()}; the app's log: ${logAfter.access - logBefore.access} access lines (${logAfter.all - logBefore.all} lines) during the runs`);
  for (const r of rows) {
    if (r.ratio > 1) {
      console.log(
        `! ${r.target}: the app beats its baseline (${r['app/bare']}): either the baseline does more work than the app (then it is wrong: fix it before reading this ratio), or both are held by the load generator (large answers on a small machine: then both req/s are about the same).`,
      );
    }
  }
  if (rows.some((r) => r.errors > 0)) {
    console.log('! some requests failed or answered non-2xx (errors column): the figures are not valid');
    process.exitCode = 1;
  }
} finally {
  for (const b of bares) await b.stop();
  await app.stop();
}
if (process.env.PROFILE) {
  const newest = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).sort().pop();
  console.log(`CPU profile of the app: bench/results/${newest} (open in Chrome DevTools > Performance, or node bench/profile-summary.mjs <file>)`);
}
