import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import { aBookingBody } from '../test/builders';
import { seasonClock } from '../test/app';
import { ensureBuilt, startAppProcess, type AppProcess } from '../test/app-process';
import { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { ManageLinks } from '../booking/manage-link';

/**
 * The money races of issue 21 (findings 1 to 4, docs/decisions/065 and 066) across
 * two app processes (api/dist/main.js) on one MariaDB database, as
 * docker/compose.yml runs them: each side of a race goes to another instance,
 * and Stripe's webhooks to one of them. The claims live in the database, so
 * two processes decide about the same money exactly as two requests of one.
 */
const run = process.env.TEST_MYSQL_URL ? describe : describe.skip;

const PASSWORD = 'money-races-password';
const ADMIN_AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const LINK_SECRET = 'money-races-booking-link-secret-0123456789';
const WEBHOOK_SECRET = 'whsec_money_races_two';
const links = new ManageLinks(LINK_SECRET, 'http://localhost:3000');

const clientIp = () => `10.${crypto.randomInt(250)}.${crypto.randomInt(250)}.${crypto.randomInt(250)}`;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), ...headers }, body: JSON.stringify(body) });
const jittered = async <T>(f: () => Promise<T>): Promise<T> => {
  await new Promise((r) => setTimeout(r, crypto.randomInt(31)));
  return f();
};

run('money races across two app instances on one MariaDB database', () => {
  let databaseName: string;
  let db: mysql.Connection;
  let stripe: FakeStripe;
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    ensureBuilt();
    stripe = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, now: () => Math.floor(seasonClock().getTime() / 1000) }).start();
    const server = new URL(process.env.TEST_MYSQL_URL!);
    databaseName = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await mysql.createConnection({ uri: server.toString() });
    await admin.query(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    server.pathname = `/${databaseName}`;
    const env = {
      ADMIN_PASSWORD: PASSWORD,
      BOOKING_LINK_SECRET: LINK_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_money_races',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    };
    [a, b] = await Promise.all([startAppProcess(server.toString(), env), startAppProcess(server.toString(), env)]);
    db = await mysql.createConnection({ uri: server.toString() });
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      i.child.kill('SIGTERM');
      await i.exited;
    }
    await db?.end();
    await stripe?.close();
    const c = await mysql.createConnection({ uri: process.env.TEST_MYSQL_URL! });
    await c.query(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await c.end();
  }, 30_000);

  const row = async (sql: string, params: unknown[]) => ((await db.query(sql, params)) as unknown as [Array<Record<string, unknown>>])[0];
  const atStripe = (bookingId: string) => {
    const received = [...stripe.sessions.values()].filter((x) => x.client_reference_id === bookingId && x.payment_status === 'paid').reduce((sum, x) => sum + x.amount_total, 0);
    const refunded = [...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === bookingId).reduce((sum, r) => sum + r.amount, 0);
    return { received, refunded };
  };
  let count = 0;
  const bookAndPay = async (url: string, workshopId: string, paymentOption: string) => {
    const res = await post(`${url}/api/bookings`, aBookingBody({ workshop_id: workshopId, payment_option: paymentOption, num_participants: 1, num_spouses: 0, room_type: 'shared', customer_email: `two${++count}@example.com` }));
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const start = (await (await post(`${url}/api/checkout/create-session`, { booking_id: id, origin_url: 'http://localhost:3000' })).json()) as { session_id: string };
    await stripe.pay(start.session_id);
    await stripe.idle();
    const [booking] = await row('SELECT status FROM bookings WHERE id = ?', [id]);
    expect(booking.status).toBe('confirmed');
    return id;
  };
  const manage = (url: string, id: string, action: string) => post(`${url}/api/manage/${id}/${action}`, { token: links.token(id) });

  it('finding 1: "refund now" on one instance and "take a credit" on the other: exactly one wins, never both', async () => {
    stripe.webhookUrl = `${a.url}/api/webhook/stripe`;
    const workshopId = 'grand-teton-autumn';
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await bookAndPay(i % 2 ? a.url : b.url, workshopId, 'full'));
    const { name } = (await (await fetch(`${a.url}/api/workshops/${workshopId}`)).json()) as { name: string };
    expect((await post(`${b.url}/api/admin/workshops/${workshopId}/cancel`, { confirm_name: name }, { authorization: ADMIN_AUTH })).status).toBe(200);
    stripe.delayMs = 40;
    try {
      for (const [i, id] of ids.entries()) {
        const [first, second] = i % 2 ? [a, b] : [b, a];
        const statuses = await Promise.all([jittered(() => manage(first.url, id, 'refund-now').then((r) => r.status)), jittered(() => manage(second.url, id, 'take-credit').then((r) => r.status))]);
        await stripe.idle();
        expect(statuses.sort()).toEqual(statuses.includes(200) ? [200, 409] : [201, 409]);
        const { received, refunded } = atStripe(id);
        const [credits] = await row('SELECT COALESCE(SUM(initial_cents), 0) AS cents FROM gift_cards WHERE kind = ? AND source_booking_id = ?', ['credit', id]);
        expect(refunded + Number(credits.cents)).toBe(received);
        expect(refunded === 0 || Number(credits.cents) === 0).toBe(true);
      }
    } finally {
      stripe.delayMs = 0;
    }
  }, 60_000);

  it('finding 4: the customer cancels on one instance while the balance payment lands on the other: never confirmed again, late money refunded', async () => {
    stripe.webhookUrl = `${b.url}/api/webhook/stripe`;
    const workshopId = 'alaska-bears-glaciers';
    for (let i = 0; i < 8; i++) {
      const id = await bookAndPay(a.url, workshopId, 'deposit');
      const quote = (await (await fetch(`${a.url}/api/manage/${id}`, { headers: { 'x-manage-token': links.token(id) } })).json()) as { cancellation: { fee: number } };
      const pay = await manage(b.url, id, 'pay');
      expect(pay.status).toBe(200);
      const session = ((await pay.json()) as { session_id: string }).session_id;
      const [paid, cancel] = await Promise.all([
        jittered(() => stripe.pay(session).then(
          () => true,
          () => false,
        )),
        jittered(() => manage(a.url, id, 'cancel')),
      ]);
      await stripe.idle();
      // The refund of a late payment is made at once by the instance that took it; its job finishes a failed try.
      await new Promise((r) => setTimeout(r, 200));
      const [booking] = await row('SELECT status, amount_paid_cents, amount_refunded_cents FROM bookings WHERE id = ?', [id]);
      const { received, refunded } = atStripe(id);
      if (cancel.status === 409) {
        expect(booking.status).toBe('confirmed');
        continue;
      }
      expect(cancel.status).toBe(200);
      expect(booking.status).toBe('cancelled');
      expect(Number(booking.amount_paid_cents)).toBe(received);
      // Whatever the order, only the policy's fee is kept, at Stripe and in the ledger.
      expect(received - refunded).toBe(Math.round(quote.cancellation.fee * 100));
      expect(Number(booking.amount_paid_cents) - Number(booking.amount_refunded_cents)).toBe(received - refunded);
      if (paid) expect(received).toBeGreaterThan(0);
    }
  }, 60_000);
  /** A new run of a seed workshop (its own id, name and spots), straight in the shared database. */
  const cloneWorkshop = async (from: string, id: string, name: string) => {
    await db.query('CREATE TEMPORARY TABLE clone_workshop AS SELECT * FROM workshops WHERE id = ?', [from]);
    await db.query('UPDATE clone_workshop SET id = ?, name = ?, spots_claimed = 0', [id, name]);
    await db.query('INSERT INTO workshops SELECT * FROM clone_workshop');
    await db.query('DROP TEMPORARY TABLE clone_workshop');
  };
  const transfer = (url: string, id: string, workshopId: string) => post(`${url}/api/manage/${id}/transfer`, { token: links.token(id), workshop_id: workshopId });

  it('finding 3: a transfer on one instance into a workshop the admin cancels on the other never ends confirmed on the cancelled workshop', async () => {
    stripe.webhookUrl = `${a.url}/api/webhook/stripe`;
    for (let i = 0; i < 6; i++) {
      const destination = `two-instances-destination-${i}`;
      const name = `Two Instances Destination ${i}`;
      await cloneWorkshop('olympic-coast-rainforest', destination, name);
      const id = await bookAndPay(a.url, 'canyonlands-arches-backcountry', 'full');
      const [moved, cancelled] = await Promise.all([
        jittered(() => transfer(b.url, id, destination)),
        jittered(() => post(`${a.url}/api/admin/workshops/${destination}/cancel`, { confirm_name: name }, { authorization: ADMIN_AUTH })),
      ]);
      await stripe.idle();
      expect(cancelled.status).toBe(200);
      const [booking] = await row('SELECT status, workshop_id FROM bookings WHERE id = ?', [id]);
      if (moved.status === 200) {
        // The transfer committed first: the workshop cancellation then cancelled the booking with the rest.
        expect(booking).toMatchObject({ workshop_id: destination, status: 'cancelled' });
      } else {
        expect([409, 422]).toContain(moved.status);
        expect(booking).toMatchObject({ workshop_id: 'canyonlands-arches-backcountry', status: 'confirmed' });
      }
      const [live] = await row("SELECT COUNT(*) AS n FROM bookings WHERE workshop_id = ? AND status IN ('held', 'confirmed', 'needs_attention')", [destination]);
      expect(Number(live.n)).toBe(0);
      const [spots] = await row('SELECT spots_claimed FROM workshops WHERE id = ?', [destination]);
      expect(Number(spots.spots_claimed)).toBe(0);
    }
  }, 90_000);

  it('finding 2: a transfer to a cheaper workshop on one instance and a cancellation on the other never return more than cancelling on that day', async () => {
    stripe.webhookUrl = `${b.url}/api/webhook/stripe`;
    // 88 days before its start: a cancellation returns 50%; the destination ($1,000 cheaper) is 99 days away.
    await cloneWorkshop('zion-canyon-light', 'two-instances-source', 'Two Instances Source');
    await cloneWorkshop('nyc-portrait-posing', 'two-instances-cheaper', 'Two Instances Cheaper');
    for (let i = 0; i < 6; i++) {
      const id = await bookAndPay(a.url, 'two-instances-source', 'full');
      const quote = (await (await fetch(`${a.url}/api/manage/${id}`, { headers: { 'x-manage-token': links.token(id) } })).json()) as { cancellation: { refund: number } };
      const [moved, cancel] = await Promise.all([jittered(() => transfer(a.url, id, 'two-instances-cheaper')), jittered(() => manage(b.url, id, 'cancel'))]);
      await stripe.idle();
      await new Promise((r) => setTimeout(r, 200));
      expect(cancel.status === 200 || moved.status === 200).toBe(true);
      const [booking] = await row('SELECT status, amount_paid_cents, amount_refunded_cents FROM bookings WHERE id = ?', [id]);
      const { received, refunded } = atStripe(id);
      // Whatever the order (cancel first, transfer first then cancel, or one refused), the money back is at most
      // what cancelling the original booking returned that day, at Stripe and in the ledger.
      expect(refunded).toBeLessThanOrEqual(Math.round(quote.cancellation.refund * 100));
      expect(Number(booking.amount_refunded_cents)).toBeLessThanOrEqual(Math.round(quote.cancellation.refund * 100));
      expect(Number(booking.amount_paid_cents)).toBe(received);
      if (cancel.status === 200) {
        expect(booking.status).toBe('cancelled');
        expect(refunded).toBe(Math.round(quote.cancellation.refund * 100));
      }
    }
  }, 90_000);
});
