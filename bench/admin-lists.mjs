// Admin lists with a long history (issue 23 items 1 and 4, docs/decisions/075): the built app on a
// database holding SEASONS seasons of bookings, board messages and audit rows (default 100: 13,000
// bookings, 30,000 messages, 100,000 audit rows, written straight into the tables, the search
// indexes kept by the database as in production). Prints p50/p95 ms of sequential requests for the
// dashboard's reads (its first query, each tab's first page, searches, a deep page) and, for the
// spec's REST arrays streamed whole, ms, bytes and the app's RSS (now and peak).
//   npm run build && node bench/admin-lists.mjs [sqlite|mysql ...]
// ROUNDS (default 30) requests per line; SEASONS scales the data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { machine, percentile, root, startApp } from './lib.mjs';

const SEASONS = Number(process.env.SEASONS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const PER_SEASON = { bookings: 130, messages: 300, audit: 1000 };
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite', 'mysql'];
const AUTH = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
const require = createRequire(path.join(root, 'api/package.json'));
const trusted = JSON.parse(fs.readFileSync(path.join(root, 'web/src/gql/trusted-documents.json'), 'utf8'));
/** The web's own text of an operation (as the browser sends it, trusted by its hash). */
const documentOf = (name) => Object.values(trusted).find((text) => text.startsWith(`query ${name}(`) || text.startsWith(`query ${name} {`));

const FIRST = ['Grace', 'Ada', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Edsger', 'Frances', 'Ken', 'Radia'];
const LAST = ['Hopper', 'Lovelace', 'Turing', 'Johnson', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Dijkstra', 'Allen', 'Thompson', 'Perlman'];
const STATES = [
  ['confirmed', 'paid', 1],
  ['confirmed', 'paid', 1],
  ['expired', 'pending', 0],
  ['cancelled', 'refunded', 1],
  ['confirmed', 'deposit_paid', 0.3],
];
const sqlTime = (d) => d.toISOString().replace('T', ' ').slice(0, 23);
const nameOf = (i) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
const emailOf = (i) => `${nameOf(i).toLowerCase().replace(' ', '.')}${i}@example.com`;

/** The rows of `SEASONS` seasons, oldest first, in batches of `size` (each an array of column → value). */
function* rows(kind, workshops, size) {
  const total = SEASONS * PER_SEASON[kind];
  const start = Date.UTC(2026, 0, 1) - SEASONS * 365 * 86_400_000;
  const step = (SEASONS * 365 * 86_400_000) / total;
  let batch = [];
  for (let i = 0; i < total; i++) {
    const at = sqlTime(new Date(start + i * step));
    const w = workshops[i % workshops.length];
    const name = nameOf(i);
    const email = emailOf(i);
    if (kind === 'bookings') {
      const [status, paymentStatus, paid] = STATES[i % STATES.length];
      // One confirmed booking in 500 still owes its balance: the overdue list has a few rows.
      const paidShare = i % 500 === 4 ? 0.3 : paid === 0.3 ? 1 : paid;
      batch.push({
        id: crypto.randomUUID(), workshop_id: w.id, workshop_name: w.name, customer_name: name, customer_email: email, customer_phone: `+1 555 ${String(i).padStart(7, '0')}`,
        num_participants: 1 + (i % 3), room_type: 'shared', num_spouses: 0, payment_option: 'deposit', installments: null, special_requests: null, age: 30 + (i % 40),
        experience_level: 'intermediate', camera_body: ['Nikon Z6', 'Canon R5', 'Sony A7 IV', 'Fujifilm X-T5'][i % 4], lenses: '24-70mm', other_equipment: null, health_concerns: null,
        dietary_restrictions: null, trip_goals: 'Better light', emergency_contact_name: 'Charles Babbage', emergency_contact_phone: '+1 555 0101', emergency_contact_email: 'charles@example.com',
        status, payment_status: i % 500 === 4 ? 'deposit_paid' : paymentStatus, total_cents: 289_500, due_now_cents: 86_850, amount_paid_cents: Math.round(289_500 * paidShare),
        hold_expires_at: null, amount_refunded_cents: status === 'cancelled' ? 289_500 : 0, fee_cents: 0, refund_cap_cents: null, refund_cap_paid_cents: null,
        provider_customer_id: null, provider_payment_method_id: null, checkout_session_id: null, client_key_hash: null, created_at: at, updated_at: at,
      });
    } else if (kind === 'messages') {
      batch.push({ id: crypto.randomUUID(), workshop_id: w.id, author_name: name, author_email: email, message: `Season note ${i}: anyone driving from Las Vegas?`, topic: ['general', 'ride_sharing', 'equipment', 'questions'][i % 4], created_at: at });
    } else {
      batch.push({
        at, actor_type: i % 3 ? 'system' : 'admin', actor: i % 3 ? 'system' : 'admin', action: i % 3 ? 'payment.received' : 'booking.payment_recorded', booking_id: crypto.randomUUID(), workshop_id: w.id,
        before: JSON.stringify({ amountPaidCents: 0 }), after: JSON.stringify({ amountPaidCents: 86_850 }), detail: `$868.50 received for ${name}`,
      });
    }
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

const TABLES = { bookings: 'bookings', messages: 'community_messages', audit: 'audit_log' };

/** Write the history straight into the database the app runs on (the search indexes follow: triggers, FULLTEXT). */
async function fill(kind, databaseUrl) {
  if (kind === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(databaseUrl.replace(/^sqlite:/, ''));
    db.pragma('busy_timeout = 10000');
    const workshops = db.prepare('SELECT id, name FROM workshops').all();
    for (const what of Object.keys(TABLES)) {
      for (const batch of rows(what, workshops, 1000)) {
        const columns = Object.keys(batch[0]);
        const insert = db.prepare(`INSERT INTO ${TABLES[what]} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        db.transaction(() => batch.forEach((r) => insert.run(...Object.values(r))))();
      }
    }
    db.close();
  } else {
    const mysql = require('mysql2/promise');
    const c = await mysql.createConnection({ uri: databaseUrl });
    const [workshops] = await c.query('SELECT id, name FROM workshops');
    for (const what of Object.keys(TABLES)) {
      for (const batch of rows(what, workshops, 1000)) {
        const columns = Object.keys(batch[0]);
        await c.query(`INSERT INTO ${TABLES[what]} (${columns.map((col) => `\`${col}\``).join(', ')}) VALUES ?`, [batch.map((r) => Object.values(r))]);
      }
    }
    await c.end();
  }
}

const memory = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  return `RSS ${mb('VmRSS')} MB (peak ${mb('VmHWM')} MB)`;
};

async function timed(label, request, rounds = ROUNDS) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const res = await request();
    const text = await res.text();
    ms.push(performance.now() - t);
    if (!res.ok || text.includes('"errors"')) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
    bytes = Buffer.byteLength(text);
  }
  ms.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(58)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms  ${(bytes / 1024).toFixed(0).padStart(6)} KB`);
}

async function run(kind) {
  const app = await startApp(kind);
  try {
    const t = performance.now();
    await fill(kind, app.databaseUrl);
    console.log(`\n${kind}: ${SEASONS} seasons written in ${((performance.now() - t) / 1000).toFixed(1)} s (${SEASONS * PER_SEASON.bookings} bookings, ${SEASONS * PER_SEASON.messages} messages, ${SEASONS * PER_SEASON.audit} audit rows)`);
    const gql = (name, variables = {}) => () =>
      fetch(`${app.url}/graphql`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ query: documentOf(name), variables }) });
    const rest = (p) => () => fetch(`${app.url}/api${p}`, { headers: AUTH });
    const page = { limit: 50 };
    const bookings = (v) => gql('AdminBookings', { text: null, workshopId: null, status: null, paymentStatus: null, ...page, ...v });
    // The cursor of the tenth page, for a deep read.
    let cursor = null;
    for (let i = 0; i < 9; i++) cursor = (await (await bookings({ cursor })()).json()).data.adminBookingPage.nextCursor;

    await timed('AdminDashboard (stats, counts, workshops)', gql('AdminDashboard'));
    await timed('AdminBookings: first page (50)', bookings({}));
    await timed('AdminBookings: tenth page by cursor', bookings({ cursor }));
    await timed('AdminBookings: workshop + payment status', bookings({ workshopId: 'zion-canyon-light', paymentStatus: 'deposit_paid' }));
    await timed('AdminBookings: search "grace hopper" (index)', bookings({ text: 'grace hopper' }));
    await timed('AdminBookings: search one email (index)', bookings({ text: emailOf(1211) }));
    await timed('AdminBookings: search "+1 555" (short word: LIKE)', bookings({ text: '+1 555' }));
    // Sorted on the server (docs/decisions/079): an index per column, the cursor follows the sort.
    let nameCursor = null;
    for (let i = 0; i < 9; i++) nameCursor = (await (await bookings({ sortBy: 'name', direction: 'asc', cursor: nameCursor })()).json()).data.adminBookingPage.nextCursor;
    await timed('AdminBookings: sorted by name, first page', bookings({ sortBy: 'name', direction: 'asc' }));
    await timed('AdminBookings: sorted by name, tenth page by cursor', bookings({ sortBy: 'name', direction: 'asc', cursor: nameCursor }));
    await timed('AdminBookings: sorted by amount paid, most first', bookings({ sortBy: 'paid', direction: 'desc' }));
    await timed('AdminBookings: one run, cancelled, by name', bookings({ workshopId: 'zion-canyon-light', status: 'cancelled', sortBy: 'name', direction: 'asc' }));
    await timed('AdminMessages: first page (50)', gql('AdminMessages', { workshopId: null, topic: null, ...page }));
    await timed('AdminMessages: one topic', gql('AdminMessages', { workshopId: null, topic: 'questions', ...page }));
    await timed('AdminOverdueBookings: first page', gql('AdminOverdueBookings', page));
    const activity = (v) => gql('AdminActivity', { text: null, action: null, from: null, to: null, ...page, ...v });
    await timed('AdminActivity: first page', activity({}));
    await timed('AdminActivity: search "admin" (index, common)', activity({ text: 'admin' }));
    await timed('AdminActivity: search "katherine johnson" (index)', activity({ text: 'katherine johnson' }));
    await timed('AdminActivity: search "868.50" (short part: LIKE)', activity({ text: '868.50' }));
    await timed('GET /api/admin/bookings?limit=50', rest('/admin/bookings?limit=50'));
    await timed('GET /api/admin/overdue', rest('/admin/overdue'));
    console.log(`  app after the pages: ${memory(app.pid)}`);
    await timed('GET /api/admin/bookings (every row, streamed)', rest('/admin/bookings'), 5);
    console.log(`  app after the whole bookings list: ${memory(app.pid)}`);
    await timed('GET /api/admin/messages (every row, streamed)', rest('/admin/messages'), 5);
    console.log(`  app after the whole messages list: ${memory(app.pid)}`);
  } finally {
    await app.stop();
  }
}

console.log(`Admin lists, ${SEASONS} seasons, ${ROUNDS} sequential requests per line; ${machine()}`);
for (const kind of kinds) await run(kind);
