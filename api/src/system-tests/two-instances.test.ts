import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import { aBookingBody } from '../test/builders';
import { ensureBuilt, startAppProcess, type AppProcess } from '../test/app-process';

/**
 * Two app processes (api/dist/main.js) behind one load balancer, as
 * docker/compose.yml runs them: one MariaDB database, one Redis. A booking on
 * one instance shows on the other within a second (the change bus, not the
 * 10 s expiry), and bookings racing on both never oversell a workshop.
 */
const run = process.env.TEST_MYSQL_URL && process.env.TEST_REDIS_URL ? describe : describe.skip;

type Instance = AppProcess;
const startInstance = (databaseUrl: string) =>
  startAppProcess(databaseUrl, { ADMIN_PASSWORD: 'two-instances-password', REDIS_URL: process.env.TEST_REDIS_URL! });

const clientIp = () => `10.${crypto.randomInt(250)}.${crypto.randomInt(250)}.${crypto.randomInt(250)}`;
const book = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() }, body: JSON.stringify(body) });
const spots = async (url: string, id: string) => ((await (await fetch(`${url}/api/workshops/${id}`)).json()) as { available_spots: number }).available_spots;

run('two app instances on one MariaDB database and one Redis', () => {
  let databaseName: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    // `npm test` builds first; a developer running this file alone gets a build here.
    ensureBuilt();
    const server = new URL(process.env.TEST_MYSQL_URL!);
    databaseName = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await mysql.createConnection({ uri: server.toString() });
    await admin.query(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    server.pathname = `/${databaseName}`;
    // At once, as compose starts its replicas: one migrates and seeds the empty database, the other waits.
    [a, b] = await Promise.all([startInstance(server.toString()), startInstance(server.toString())]);
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      i.child.kill('SIGTERM');
      await i.exited;
    }
    const c = await mysql.createConnection({ uri: process.env.TEST_MYSQL_URL! });
    await c.query(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await c.end();
  }, 30_000);

  it('a booking on A shows in GET /api/workshops/{id} on B within a second (and the other way round)', async () => {
    for (const [from, to, id] of [
      [a, b, 'grand-teton-autumn'],
      [b, a, 'olympic-coast-rainforest'],
    ] as const) {
      const before = await spots(to.url, id); // the other instance now holds the catalog in memory
      expect(await spots(to.url, id)).toBe(before);
      const res = await book(from.url, aBookingBody({ workshop_id: id, num_participants: 2 }));
      expect(res.status).toBe(201);
      const booked = Date.now();
      let seen = before;
      while (seen !== before - 2 && Date.now() - booked < 1000) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await spots(to.url, id);
      }
      expect(seen).toBe(before - 2);
    }
  });

  it('bookings racing for the last spots on both instances never oversell', async () => {
    const id = 'alaska-bears-glaciers';
    const free = await spots(a.url, id);
    expect(free).toBeGreaterThan(0);
    const attempts = await Promise.all(
      Array.from({ length: free * 3 }, (_, i) => book(i % 2 ? a.url : b.url, aBookingBody({ workshop_id: id, num_participants: 1, customer_name: `Rush ${i}`, customer_email: `rush${i}@example.com` }))),
    );
    const statuses = await Promise.all(attempts.map(async (r) => (await r.arrayBuffer(), r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(free);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    // Both instances agree, at once, that the workshop is full.
    const deadline = Date.now() + 1000;
    while ((await spots(a.url, id)) !== 0 || (await spots(b.url, id)) !== 0) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    const admin = await fetch(`${a.url}/api/admin/bookings`, { headers: { authorization: `Basic ${Buffer.from('admin:two-instances-password').toString('base64')}` } });
    const rows = (await admin.json()) as Array<{ workshop_id: string; customer_name: string; num_participants: number; status: string }>;
    const rush = rows.filter((r) => r.workshop_id === id && r.customer_name.startsWith('Rush '));
    // Every seat sold exactly once: one row per accepted attempt, each holding its spot.
    expect(rush.filter((r) => r.status === 'held' || r.status === 'confirmed').reduce((sum, r) => sum + r.num_participants, 0)).toBe(free);
  }, 60_000);
});
