import { startTestServer, type TestServer } from '../test/app';
import { aBookingBody } from '../test/builders';
import { DB_KINDS } from '../test/db';
import { countQueries } from '../test/query-counter';
import { DEFAULT_HOLD_LIMITS } from './hold-limits';

/**
 * A booking's statements on MySQL/MariaDB (docs/decisions/111, docs/performance.md round sixteen):
 * a rush's p99 is the Node CPU of its first wave's bookings, and every statement is a round trip
 * in the booking's transaction. As the public API books (hold limits on: the client's and the
 * email's named locks), one booking sends these twelve statements, in this order, and no more.
 */
describe.each(DB_KINDS.filter((k) => k === 'mysql'))("a booking's statements on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { holdLimits: DEFAULT_HOLD_LIMITS });
  });
  afterAll(() => s?.close());

  const book = async (i: number, paymentOption: string) => {
    const res = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.7.${i}` },
      body: JSON.stringify(aBookingBody({ customer_email: `statements-${i}@example.com`, payment_option: paymentOption, num_participants: 1 })),
    });
    expect(res.status).toBe(201);
  };

  it('twelve, from the named locks to their release; the lock names are bound, never in the SQL text', async () => {
    await book(1, 'full');
    const counter = countQueries(s.services.db);
    try {
      await book(2, 'full');
    } finally {
      counter.restore();
    }
    // After the release the catalog refreshes the run (not part of the booking's round trips).
    const end = counter.queries.findIndex((q) => /RELEASE_LOCK/.test(q));
    const booking = counter.queries.slice(0, end + 1).map((q) => q.replace(/\s+/g, ' ').trim());
    const expected = [
      /^SELECT GET_LOCK\(\?, \?\) AS got0, GET_LOCK\(\?, \?\) AS got1$/,
      /^START TRANSACTION$/,
      /^SELECT .* FROM `workshops` `w` WHERE `w`.`id` = \?$/,
      /^SELECT COALESCE\(SUM\(CASE WHEN `b`.`customer_email` = \? .* FROM `bookings` `b` WHERE/,
      /^INSERT INTO `bookings` \(/,
      /^INSERT INTO `travellers` \(/,
      /^INSERT INTO `scheduled_jobs` \(/,
      /^SELECT COUNT\(1\) AS `cnt` FROM `mail_outbox` `o` WHERE/,
      /^INSERT INTO `mail_outbox` \(/,
      /^UPDATE `workshops` SET `spots_claimed` = `spots_claimed` \+ \?/,
      /^COMMIT$/,
      // Aliased: a column named after its expression would carry the lock's name, and mysql2 compiles and keeps a row parser per new column name.
      /^SELECT RELEASE_LOCK\(\?\) AS released0, RELEASE_LOCK\(\?\) AS released1$/,
    ];
    expect(booking).toHaveLength(expected.length);
    booking.forEach((q, i) => expect([i, q]).toEqual([i, expect.stringMatching(expected[i])]));
  });
});
