// Data growth: the built app (NODE_ENV=production) on a database holding 1, 10 and 100 seasons of
// history, on SQLite and on MariaDB. One season is written by the app itself through its API (the
// seed's 11 runs scheduled again, ~130 bookings paid, part-paid, held or cancelled by the admin,
// ~300 board messages, and the audit rows and mails they cause); older seasons are clones of those
// rows made in SQL (ids re-keyed, dates and times moved back a whole number of years, batch
// INSERT … SELECT), so 100 seasons take seconds to make, not hours of API calls. The cloned runs
// are left unarchived, as an admin who never archives would (the worst case for the catalog).
// Prints, per engine and size: p50/p95 ms and bytes of sequential admin reads (dashboard query,
// /api/admin/bookings, /api/admin/messages, /api/admin/overdue, /api/admin/stats,
// /api/admin/go-no-go, the admin's workshop list), req/s and bytes of GET /api/workshops
// (autocannon), booking POST p50, and the app's RSS after the reads and its peak (VmRSS/VmHWM).
//   npm run build && node bench/data-growth.mjs [sqlite] [mysql]
// Env: SEASONS (1,10,100), REQUESTS (sequential requests per admin read, 20), READ_BUDGET_S (time
// cap per admin read, 30 s), DURATION (autocannon seconds, 5), CONNECTIONS (autocannon, 10),
// POSTS (bookings timed, 24), COMPARE_MAIN=/other/api/dist/main.js (at each size, the same reads by
// that build too, on the same database, in alternating order: an A/B in one run), KEEP_DB=1 (print the database's address and keep it), BENCH_APP_LOG=1
// (the app's log on stdout).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { appConfiguration, machine, percentile, root, scheduleFutureWorkshops, startApp } from './lib.mjs';

const require = createRequire(path.join(root, 'api/package.json'));
const autocannon = createRequire(import.meta.url)('autocannon');

const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite', 'mysql'];
const SEASONS = (process.env.SEASONS ?? '1,10,100').split(',').map(Number).sort((a, b) => a - b);
const REQUESTS = Number(process.env.REQUESTS ?? 20);
const READ_BUDGET_MS = Number(process.env.READ_BUDGET_S ?? 30) * 1000;
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const POSTS = Number(process.env.POSTS ?? 24);
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
/** The clones of season 0 go back this many years first: the generated runs are two years ahead (scheduleFutureWorkshops). */
const YEARS_BACK_FIRST = 3;
/** Extra copies of the season's audit rows and mails (see run()). */
const AUDIT_COPIES = 6;
const MAIL_COPIES = 1;

// ---------------------------------------------------------------- one season through the API

let ipCounter = 0;
/** Each call comes from its own address (the app trusts X-Forwarded-For from loopback), so no rate limit is met. */
const visitor = () => {
  const i = ++ipCounter;
  return { 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}`, 'content-type': 'application/json' };
};

async function call(url, init, expected) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

function bookingBody(workshopId, i, { participants = 1 } = {}) {
  return {
    workshop_id: workshopId,
    customer_name: `Guest${i} Season`,
    customer_email: `guest${i}-${crypto.randomBytes(3).toString('hex')}@example.com`,
    customer_phone: '+1 555 010 0100',
    num_participants: participants,
    room_type: i % 5 === 0 ? 'private' : 'shared',
    num_spouses: i % 7 === 0 ? 1 : 0,
    payment_option: ['deposit', 'full', 'payment_plan'][i % 3],
    age: 25 + (i % 60),
    experience_level: ['beginner', 'intermediate', 'advanced', 'professional'][i % 4],
    camera_body: 'Sony A7 IV',
    lenses: '24-105mm f/4, 100-400mm',
    other_equipment: i % 2 ? 'Polarizer, ND filters' : '',
    health_concerns: i % 9 === 0 ? 'Mild asthma' : '',
    dietary_restrictions: i % 4 === 0 ? 'Vegetarian' : '',
    trip_goals: 'Learn long exposures and blue-hour landscapes',
    special_requests: i % 6 === 0 ? 'A room on the ground floor, please' : '',
    emergency_contact_name: 'Pat Contact',
    emergency_contact_phone: '555 0101',
    emergency_contact_email: 'contact@example.com',
  };
}

/**
 * One season written by the app: the 11 runs of the seed scheduled again, 12 bookings on each
 * (a third paid in full by the admin, a third with a deposit, some cancelled, the rest held), 27
 * board messages on each. Returns the run ids.
 */
async function writeOneSeason(url) {
  const runs = await scheduleFutureWorkshops(url);
  const catalog = await call(`${url}/api/workshops`, {}, [200]);
  let n = 0;
  for (const id of runs) {
    const w = catalog.find((x) => x.id === id);
    for (let j = 0; j < 12; j++) {
      const i = n++;
      const body = bookingBody(id, i);
      if (!w.payment_options.some((o) => o.option === body.payment_option && o.available)) body.payment_option = 'full';
      const b = await call(`${url}/api/bookings`, { method: 'POST', headers: visitor(), body: JSON.stringify(body) }, [201]);
      const pay = (amount) => call(`${url}/api/admin/bookings/${b.id}/payments`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ amount }) }, [200]);
      if (i % 3 === 0) await pay(b.total_amount);
      else if (i % 3 === 1) await pay(Math.round(b.total_amount * 30) / 100);
      if (i % 10 === 4 || i % 10 === 7) {
        await call(`${url}/api/admin/bookings/${b.id}/cancel`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ apply_policy_fee: i % 20 === 4 }) }, [200]);
      }
    }
    for (let j = 0; j < 27; j++) {
      const body = { author_name: `Poster ${j}`, author_email: `poster${j}@example.com`, topic: ['general', 'ride_sharing', 'equipment', 'questions'][j % 4], message: `Who is driving from Denver? Message ${j}. `.repeat(1 + (j % 5)) };
      await call(`${url}/api/workshops/${id}/messages`, { method: 'POST', headers: visitor(), body: JSON.stringify(body) }, [201]);
    }
  }
  return runs;
}

// ---------------------------------------------------------------- the clones, in SQL

/** A connection to the app's database with run(sql, params) and all(sql, params). */
async function openDatabase(databaseUrl) {
  if (databaseUrl.startsWith('sqlite:')) {
    const Database = require('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('journal_mode = WAL');
    return {
      kind: 'sqlite',
      run: async (sql, params = []) => db.prepare(sql).run(...params),
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      close: async () => db.close(),
    };
  }
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection({ uri: databaseUrl, dateStrings: true, multipleStatements: false });
  return {
    kind: 'mysql',
    run: async (sql, params = []) => (await c.query(sql, params))[0],
    all: async (sql, params = []) => (await c.query(sql, params))[0],
    close: () => c.end(),
  };
}

/** Columns of a table: name, whether a date-time, whether an auto-increment integer key. */
async function columnsOf(db, table) {
  if (db.kind === 'sqlite') {
    const rows = await db.all(`PRAGMA table_info("${table}")`);
    const sql = (await db.all(`SELECT sql FROM sqlite_master WHERE name = ?`, [table]))[0]?.sql ?? '';
    return rows.map((r) => ({ name: r.name, datetime: /datetime/i.test(r.type), auto: r.pk === 1 && /integer/i.test(r.type) && /AUTOINCREMENT/i.test(sql) }));
  }
  const rows = await db.all(`SELECT COLUMN_NAME AS name, DATA_TYPE AS type, EXTRA AS extra FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`, [table]);
  return rows.map((r) => ({ name: r.name, datetime: /datetime|timestamp/i.test(r.type), auto: /auto_increment/i.test(r.extra) }));
}

async function tablesOf(db) {
  const rows = db.kind === 'sqlite'
    ? await db.all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    : await db.all(`SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`);
  return rows.map((r) => r.name);
}

/**
 * The history tables cloned: every row of the season (its runs, their bookings and everything
 * pointing at them, the rows written while it was made). Scheduled jobs are not cloned (a past
 * season owes no work) and every mail of a clone is sent.
 */
const SKIP = new Set(['typeorm_migrations', 'migrations', 'typeorm_metadata', 'scheduled_jobs', 'used_challenges', 'testimonials', 'bench_seasons']);
/** The column of each table that says when the row was written (for tables naming no run or booking). */
const WRITTEN_AT = ['created_at', 'at', 'received_at', 'recorded_at', 'occurred_at', 'enqueued_at'];
/** Columns naming a workshop / a booking (re-keyed in the clone like the row they point to). */
const WORKSHOP_REFS = new Set(['workshop_id', 'from_workshop_id', 'to_workshop_id', 'source_workshop_id']);
const BOOKING_REFS = new Set(['booking_id', 'from_booking_id', 'to_booking_id', 'source_booking_id', 'created_booking_id']);
/** Varchar columns holding a calendar date (YYYY-MM-DD). */
const DATE_TEXT = new Set(['start_date', 'end_date', 'decision_date', 'due_date', 'balance_due_date', 'due_on']);
/** Unique provider ids and codes: suffixed per clone. */
const UNIQUE_TEXT = /^(checkout_session_id|session_id|payment_intent_id|provider_payment_id|provider_refund_id|code|key|offer_token_hash)$/;

const q = (db, name) => (db.kind === 'sqlite' ? `"${name}"` : `\`${name}\``);

/**
 * The SQL expression of one column of a clone. `s.years`: how far back it moves; `s.tag`: the key
 * of the copy. Mode 'season': ids re-keyed (a workshop gets `-h{tag}`, a UUID the tag in its
 * first hex digits, see below), dates and times moved back.
 * Mode 'copy' (more rows within the season): only the row's own id is re-keyed.
 */
function cloneExpr(db, table, col, mode) {
  const c = `t.${q(db, col.name)}`;
  const sqlite = db.kind === 'sqlite';
  const suffix = sqlite ? `CASE WHEN ${c} IS NULL THEN NULL ELSE ${c} || '-h' || s.tag END` : `IF(${c} IS NULL, NULL, CONCAT(${c}, '-h', s.tag))`;
  // UUIDs stay valid and can never meet another row's: a copy within the season gets its tag as
  // the first 8 hex digits and version 2; a season's clone its tag as the first 4 and version 1
  // where the source had 4 (the app's own ids are version 4), keeping a copy's 2.
  const isUuid = sqlite ? `length(${c}) = 36 AND substr(${c}, 9, 1) = '-'` : `CHAR_LENGTH(${c}) = 36 AND SUBSTRING(${c}, 9, 1) = '-'`;
  const uuid = mode === 'copy'
    ? sqlite
      ? `CASE WHEN ${isUuid} THEN printf('%08x', s.tag) || substr(${c}, 9, 6) || '2' || substr(${c}, 16) ELSE ${c} END`
      : `IF(${isUuid}, CONCAT(LPAD(LOWER(HEX(s.tag)), 8, '0'), SUBSTRING(${c}, 9, 6), '2', SUBSTRING(${c}, 16)), ${c})`
    : sqlite
      ? `CASE WHEN ${isUuid} THEN printf('%04x', s.tag) || substr(${c}, 5, 10) || CASE substr(${c}, 15, 1) WHEN '4' THEN '1' ELSE substr(${c}, 15, 1) END || substr(${c}, 16) ELSE ${c} END`
      : `IF(${isUuid}, CONCAT(LPAD(LOWER(HEX(s.tag)), 4, '0'), SUBSTRING(${c}, 5, 10), IF(SUBSTRING(${c}, 15, 1) = '4', '1', SUBSTRING(${c}, 15, 1)), SUBSTRING(${c}, 16)), ${c})`;
  if (table === 'mail_outbox' && col.name === 'status') return `'sent'`;
  // A booking's short reference is unique and 8 characters: a clone has none (decision 078 allows it).
  if (table === 'bookings' && col.name === 'reference') return 'NULL';
  if (mode === 'copy') {
    if (col.name === 'id') return uuid;
    if (UNIQUE_TEXT.test(col.name)) return suffix;
    return c;
  }
  if (WORKSHOP_REFS.has(col.name) || (table === 'workshops' && col.name === 'id')) return suffix;
  if (col.name === 'id' || BOOKING_REFS.has(col.name)) return uuid;
  if (col.datetime) return sqlite ? `strftime('%Y-%m-%d %H:%M:%f', ${c}, '-' || s.years || ' years')` : `DATE_SUB(${c}, INTERVAL s.years YEAR)`;
  if (DATE_TEXT.has(col.name)) return sqlite ? `date(${c}, '-' || s.years || ' years')` : `DATE_FORMAT(DATE_SUB(${c}, INTERVAL s.years YEAR), '%Y-%m-%d')`;
  if (UNIQUE_TEXT.test(col.name)) return suffix;
  return c;
}

/** The season's rows of a table: by its run, by its booking, else by when it was written. */
function seasonFilter(db, table, cols, season) {
  const has = (n) => cols.some((c) => c.name === n);
  const runs = season.runs.map(() => '?').join(', ');
  if (table === 'workshops') return { where: `t.id IN (${runs})`, params: season.runs };
  if (has('workshop_id') && table !== 'audit_log') return { where: `t.workshop_id IN (${runs})`, params: season.runs };
  if (has('booking_id') && table !== 'audit_log') return { where: `t.booking_id IN (SELECT id FROM bookings WHERE workshop_id IN (${runs}))`, params: season.runs };
  const at = WRITTEN_AT.find((w) => has(w));
  if (!at) return null;
  return { where: `t.${q(db, at)} >= ? AND t.${q(db, at)} < ?`, params: [sqlTime(season.since), sqlTime(season.until)] };
}

const sqlTime = (d) => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * Adds a clone of the season for every entry of `batches` ({ years, tag }), ten per statement.
 * `tables`: only these (all history tables by default); `mode`: see cloneExpr.
 */
async function cloneRows(databaseUrl, season, entries, { tables: only = null, mode = 'season' } = {}) {
  const db = await openDatabase(databaseUrl);
  try {
    const tables = (await tablesOf(db)).filter((t) => !SKIP.has(t) && !t.startsWith('sqlite_') && (!only || only.includes(t)));
    await db.run(`DROP TABLE IF EXISTS bench_seasons`);
    await db.run(`CREATE TABLE bench_seasons (tag INT PRIMARY KEY, years INT NOT NULL)`);
    // A past season's mails went out.
    await db.run(`UPDATE mail_outbox SET status = 'sent' WHERE status IN ('pending', 'sending')`);
    const BATCH = 10;
    for (let i = 0; i < entries.length; i += BATCH) {
      const batch = entries.slice(i, i + BATCH);
      await db.run(`DELETE FROM bench_seasons`);
      await db.run(`INSERT INTO bench_seasons (tag, years) VALUES ${batch.map(() => '(?, ?)').join(', ')}`, batch.flatMap((e) => [e.tag, e.years]));
      if (db.kind === 'mysql') await db.run('SET FOREIGN_KEY_CHECKS = 0');
      else await db.run('PRAGMA foreign_keys = OFF');
      await db.run(db.kind === 'sqlite' ? 'BEGIN' : 'START TRANSACTION');
      for (const table of tables) {
        const cols = await columnsOf(db, table);
        const filter = seasonFilter(db, table, cols, season);
        if (!filter) continue;
        const kept = cols.filter((c) => !c.auto);
        await db.run(
          `INSERT INTO ${q(db, table)} (${kept.map((c) => q(db, c.name)).join(', ')}) SELECT ${kept.map((c) => cloneExpr(db, table, c, mode)).join(', ')} FROM ${q(db, table)} t CROSS JOIN bench_seasons s WHERE ${filter.where}`,
          filter.params,
        );
      }
      await db.run('COMMIT');
      if (db.kind === 'mysql') await db.run('SET FOREIGN_KEY_CHECKS = 1');
    }
    await db.run(`DROP TABLE bench_seasons`);
    if (db.kind === 'sqlite') await db.run('ANALYZE');
    else for (const t of tables) await db.run(`ANALYZE TABLE ${q(db, t)}`);
  } finally {
    await db.close();
  }
}

async function countRows(databaseUrl) {
  const db = await openDatabase(databaseUrl);
  try {
    const out = {};
    for (const t of ['workshops', 'bookings', 'community_messages', 'audit_log', 'mail_outbox']) out[t] = Number((await db.all(`SELECT COUNT(*) AS n FROM ${t}`))[0].n);
    return out;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------- measuring

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The web app's dashboard document, as the build ships it (trusted documents manifest). */
function dashboardQuery() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'web/src/gql/trusted-documents.json'), 'utf8'));
  const text = Object.values(manifest).find((t) => /query AdminDashboard\b/.test(t));
  if (!text) throw new Error('no AdminDashboard document in web/src/gql/trusted-documents.json');
  return text;
}

/** Sequential requests: p50/p95 ms and the bytes of one answer. */
async function sequential(label, request) {
  const times = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await request();
    const body = Buffer.from(await res.arrayBuffer());
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${label} answered ${res.status}: ${body.toString().slice(0, 300)}`);
    const text = body.toString();
    if (text.includes('"errors"')) throw new Error(`${label} answered errors: ${text.slice(0, 300)}`);
    bytes = body.length;
    if (performance.now() - started > READ_BUDGET_MS && times.length >= 3) break;
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, bytes };
}

function fmtBytes(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} KB`;
  return `${n} B`;
}

async function measure(app, extraRuns) {
  const { url } = app;
  const get = (p) => () => fetch(`${url}${p}`, { headers: ADMIN });
  const dashboard = JSON.stringify({ operationName: 'AdminDashboard', query: dashboardQuery(), variables: {} });
  const graphql = () => fetch(`${url}/graphql`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: dashboard });
  const rows = [];
  rows.push(await sequential('admin dashboard GraphQL query', graphql));
  rows.push(await sequential('/api/admin/bookings', get('/api/admin/bookings')));
  rows.push(await sequential('/api/admin/messages', get('/api/admin/messages')));
  rows.push(await sequential('/api/admin/overdue', get('/api/admin/overdue')));
  rows.push(await sequential('/api/admin/stats', get('/api/admin/stats')));
  rows.push(await sequential('/api/admin/go-no-go', get('/api/admin/go-no-go')));
  rows.push(await sequential('/api/admin/workshops', get('/api/admin/workshops')));

  const catalogBytes = Buffer.from(await (await fetch(`${url}/api/workshops`)).arrayBuffer()).length;
  const cannon = await autocannon({ url: `${url}/api/workshops`, connections: CONNECTIONS, duration: DURATION });
  if (cannon.non2xx || cannon.errors) throw new Error(`GET /api/workshops: ${cannon.non2xx} non-2xx, ${cannon.errors} errors`);

  // Booking POSTs on runs of their own (fresh spots), one at a time.
  const posts = [];
  let k = 0;
  for (const id of extraRuns) {
    for (let j = 0; j < 12 && k < POSTS; j++, k++) {
      const body = JSON.stringify({ ...bookingBody(id, 10_000 + k), payment_option: 'full' });
      const t0 = performance.now();
      const res = await fetch(`${url}/api/bookings`, { method: 'POST', headers: visitor(), body });
      await res.arrayBuffer();
      posts.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`booking POST answered ${res.status}`);
    }
  }
  posts.sort((a, b) => a - b);
  const memory = memoryOf(app.pid);
  return { rows, catalog: { rps: cannon.requests.average, bytes: catalogBytes }, postP50: percentile(posts, 50), memory };
}

/** Runs for the timed booking POSTs: copies of a generated run, two years further on. */
async function scheduleRunsForPosts(url, runs, tag) {
  const ids = [];
  const count = Math.ceil(POSTS / 12);
  const headers = { ...ADMIN, 'content-type': 'application/json' };
  const source = await call(`${url}/api/workshops/${runs[0]}`, {}, [200]);
  for (let i = 0; i < count; i++) {
    const id = `bench-post-${tag}-${i}`;
    const year = Number(source.start_date.slice(0, 4)) + 2 + i;
    await call(`${url}/api/admin/workshops/${encodeURIComponent(runs[0])}/schedule-again`, { method: 'POST', headers, body: JSON.stringify({ id, start_date: `${year}${source.start_date.slice(4)}` }) }, [201]);
    ids.push(id);
  }
  return ids;
}

// ---------------------------------------------------------------- main

async function run(kind) {
  const results = [];
  // The app writes one season, then stops; the clones are added with the app stopped.
  let app = await startApp(kind);
  const since = new Date();
  let runs;
  try {
    runs = await writeOneSeason(app.url);
  } finally {
    await app.stop({ keepDatabase: true });
  }
  const season = { runs, since, until: new Date() };
  const { databaseUrl, cleanup } = app;
  try {
    // The app writes fewer audit rows and mails per booking than a real season (no provider, no
    // reminders, admin payments): copies within the season bring them to ~1,000 each.
    await cloneRows(databaseUrl, season, Array.from({ length: AUDIT_COPIES }, (_, c) => ({ tag: 0xa000 + c, years: 0 })), { tables: ['audit_log'], mode: 'copy' });
    await cloneRows(databaseUrl, season, Array.from({ length: MAIL_COPIES }, (_, c) => ({ tag: 0xb000 + c, years: 0 })), { tables: ['mail_outbox'], mode: 'copy' });
    let seasons = 1;
    for (const target of SEASONS) {
      if (target > seasons) {
        const entries = [];
        for (let s = seasons; s < target; s++) entries.push({ tag: YEARS_BACK_FIRST + s - 1, years: YEARS_BACK_FIRST + s - 1 });
        const t0 = performance.now();
        await cloneRows(databaseUrl, season, entries);
        console.error(`${kind}: ${target} seasons made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        seasons = target;
      }
      const counts = await countRows(databaseUrl);
      // With COMPARE_MAIN, both builds on the same data, the order alternating from one size to the next.
      const builds = [{ name: '', main: undefined }];
      if (process.env.COMPARE_MAIN) builds.push({ name: ' (COMPARE_MAIN)', main: process.env.COMPARE_MAIN });
      if (SEASONS.indexOf(target) % 2 === 1) builds.reverse();
      for (const build of builds) {
        app = await startApp(kind, {}, { databaseUrl, main: build.main });
        try {
          const extra = await scheduleRunsForPosts(app.url, runs, `${seasons}${build.main ? 'c' : ''}`);
          const m = await measure(app, extra);
          results.push({ kind, seasons, build: build.name, counts, ...m });
        } finally {
          await app.stop({ keepDatabase: true });
        }
      }
    }
  } finally {
    if (process.env.KEEP_DB) console.error(`${kind}: the database is kept: ${databaseUrl}`);
    else await cleanup();
  }
  return results;
}

console.log(`data-growth: seasons ${SEASONS.join(', ')}; ${REQUESTS} sequential requests per admin read; autocannon ${CONNECTIONS} connections × ${DURATION} s; ${appConfiguration()}; ${machine()}; ${new Date().toISOString()}`);
for (const kind of kinds) {
  const results = await run(kind);
  const head = ['request', ...results.map((r) => `${r.seasons} season${r.seasons > 1 ? 's' : ''}${r.build}`)];
  const lines = [];
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  const labels = results[0].rows.map((r) => r.label);
  for (const [i, label] of labels.entries()) {
    lines.push(`| ${label} | ${results.map((r) => `${r.rows[i].p50.toFixed(1)}/${r.rows[i].p95.toFixed(1)} ms, ${fmtBytes(r.rows[i].bytes)}`).join(' | ')} |`);
  }
  lines.push(`| \`GET /api/workshops\` | ${results.map((r) => `${Math.round(r.catalog.rps)} req/s, ${fmtBytes(r.catalog.bytes)}`).join(' | ')} |`);
  lines.push(`| booking POST p50 | ${results.map((r) => `${r.postP50.toFixed(1)} ms`).join(' | ')} |`);
  lines.push(`| RSS after the reads (peak) | ${results.map((r) => `${r.memory.rssMb} (${r.memory.peakMb}) MB`).join(' | ')} |`);
  lines.push(`| rows: workshops / bookings / messages / audit / mails | ${results.map((r) => Object.values(r.counts).join(' / ')).join(' | ')} |`);
  console.log(`\n${kind}\n${lines.join('\n')}`);
}
