import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { aBookingBody } from '../test/builders';
import { DB_KINDS, type DbKind } from '../test/db';
import { ensureBuilt, startAppProcess } from '../test/app-process';
import { seasonSeconds } from '../test/app';
import { FakeStripe } from '../test/fake-stripe/fake-stripe';

/**
 * The real process, as production runs it (api/dist/main.js): graceful shutdown
 * on SIGTERM, and crash safety when it is killed mid-rush.
 */
beforeAll(() => ensureBuilt(), 120_000);

const startProcess = startAppProcess;

async function freshDatabase(kind: DbKind): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-db-'));
    return { url: `sqlite:${dir}/app.db`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const server = new URL(process.env.TEST_MYSQL_URL!);
  const name = `p_${crypto.randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  server.pathname = `/${name}`;
  return {
    url: server.toString(),
    drop: async () => {
      const c = await mysql.createConnection({ uri: process.env.TEST_MYSQL_URL! });
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

const postBooking = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }, body: JSON.stringify(body) });

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, closes the pool and exits 0', async () => {
    const stripe = await new FakeStripe({ now: seasonSeconds }).start();
    const db = await freshDatabase('sqlite');
    const app = await startProcess(db.url, { STRIPE_SECRET_KEY: 'sk_test_proc', STRIPE_WEBHOOK_SECRET: 'whsec_proc', STRIPE_API_BASE: stripe.url });
    try {
      const booking = await (await postBooking(app.url, aBookingBody())).json();
      stripe.delayMs = 1500; // a slow provider keeps this request in flight
      const inFlight = fetch(`${app.url}/api/checkout/create-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ booking_id: booking.id, origin_url: 'http://localhost' }),
      });
      await new Promise((r) => setTimeout(r, 300));
      app.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      await expect(fetch(`${app.url}/api/health`)).rejects.toThrow(); // not accepting any more

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect((await answer.json()).url).toMatch(/\/pay\/cs_test_/);
      expect(await app.exited).toBe(0);
    } finally {
      app.child.kill('SIGKILL');
      await stripe.close();
      await db.drop();
    }
  }, 60_000);
});

describe.each(DB_KINDS)('crash safety on %s', (kind) => {
  it('after a kill -9 mid-rush every accepted booking is there and no spot is double-sold', async () => {
    const db = await freshDatabase(kind);
    let app = await startProcess(db.url);
    const workshops = ['zion-canyon-light', 'alaska-bears-glaciers', 'everglades-wading-birds'];
    const accepted: Array<{ id: string; workshop: string; n: number }> = [];
    try {
      let sent = 0;
      const worker = async () => {
        while (sent < 400) {
          const i = sent++;
          const workshop = workshops[i % workshops.length];
          const n = 1 + (i % 2);
          try {
            const res = await postBooking(app.url, aBookingBody({ workshop_id: workshop, num_participants: n, customer_name: `Crash ${i}` }));
            if (res.status === 201) accepted.push({ id: (await res.json()).id, workshop, n });
            else await res.arrayBuffer();
          } catch {
            return; // the process is gone
          }
          if (i === 60) app.child.kill('SIGKILL'); // mid-rush, with requests in flight
        }
      };
      await Promise.all(Array.from({ length: 20 }, worker));
      await app.exited;
      expect(accepted.length).toBeGreaterThan(0);

      app = await startProcess(db.url);
      // Every booking the client was told about (201) survived.
      for (const b of accepted) expect((await fetch(`${app.url}/api/bookings/${b.id}`)).status).toBe(200);
      // Spots: capacity never exceeded, and the counter agrees with the bookings that hold spots.
      for (const workshop of workshops) {
        const w = await (await fetch(`${app.url}/api/workshops/${workshop}`)).json();
        const held = accepted.filter((b) => b.workshop === workshop).reduce((sum, b) => sum + b.n, 0);
        expect(held).toBeLessThanOrEqual(12);
        // Bookings committed just before the kill may not have reached the client: the counter may
        // be higher than what the client saw, but never out of step with the rows themselves.
        expect(12 - w.available_spots).toBeGreaterThanOrEqual(held);
      }
      const admin = await fetch(`${app.url}/api/admin/bookings`, { headers: { authorization: `Basic ${Buffer.from('admin:process-test-password').toString('base64')}` } });
      const rows = (await admin.json()) as Array<{ workshop_id: string; num_participants: number; status: string }>;
      for (const workshop of workshops) {
        const w = await (await fetch(`${app.url}/api/workshops/${workshop}`)).json();
        const inRows = rows.filter((r) => r.workshop_id === workshop && (r.status === 'held' || r.status === 'confirmed')).reduce((sum, r) => sum + r.num_participants, 0);
        expect(12 - w.available_spots).toBe(inRows);
        expect(inRows).toBeLessThanOrEqual(12);
      }
    } finally {
      app.child.kill('SIGKILL');
      await app.exited;
      await db.drop();
    }
  }, 120_000);
});

describe('production start-up', () => {
  // CLOCK_START is for tests only: production runs on the real time.
  const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://wild.example', CLOCK_START: '' };

  it('refuses to start without its own signing secrets, naming both (never derived from the admin password, issue 21 finding 5)', async () => {
    const db = await freshDatabase('sqlite');
    try {
      const outcome = await startProcess(db.url, production).then(
        async (app) => {
          app.child.kill('SIGKILL');
          await app.exited;
          return 'it started';
        },
        (e: Error) => e.message,
      );
      expect(outcome).toMatch(/ALTCHA_HMAC_SECRET is required when NODE_ENV=production[\s\S]*BOOKING_LINK_SECRET is required when NODE_ENV=production/);
    } finally {
      await db.drop();
    }
  }, 60_000);

  it('starts with them', async () => {
    const db = await freshDatabase('sqlite');
    const app = await startProcess(db.url, { ...production, ALTCHA_HMAC_SECRET: 'a'.repeat(32), BOOKING_LINK_SECRET: 'b'.repeat(32) });
    try {
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
      await db.drop();
    }
  }, 60_000);
});
