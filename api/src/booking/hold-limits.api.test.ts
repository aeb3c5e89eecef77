import { SEASON_START, startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from './booking.entity';
import { BookingStatus } from './booking.types';
import { DEFAULT_HOLD_LIMITS } from './hold-limits';
import { UsedChallenge } from '../infrastructure/proof-of-work/used-challenge.entity';

/* eslint-disable @typescript-eslint/no-require-imports */
const { solveChallenge }: typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib');
const { deriveKey }: typeof import('altcha-lib/algorithms/pbkdf2', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib/algorithms/pbkdf2');
/* eslint-enable @typescript-eslint/no-require-imports */

/** Cheap challenges: the tests check the rules, not the cost. */
const CHEAP_WORK = { cost: 1, counterMin: 1, counterMax: 30, lifetimeMs: 10 * 60_000 };

const CREATE = `mutation Create($input: BookingInput!) { createBooking(input: $input) { booking { id numParticipants status } } }`;

describe.each(DB_KINDS)('hold caps and challenges (hardening finding 1) on %s', (kind) => {
  let s: TestServer;
  let now = new Date(SEASON_START);
  let workshopIds: string[] = [];
  let visitor = 0;

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock: () => now, holdLimits: DEFAULT_HOLD_LIMITS, proofOfWork: CHEAP_WORK });
    workshopIds = ((await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string }>).map((w) => w.id);
    expect(workshopIds.length).toBeGreaterThanOrEqual(10);
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    // Each test starts with every spot free, a later hour and a new visitor (address) of its own.
    now = new Date(now.getTime() + 3600_000);
    await s.services.db.manager.query('DELETE FROM bookings');
    await s.services.db.manager.query('UPDATE workshops SET spots_claimed = 0');
    // Raw SQL is not heard by the in-memory catalog (docs/contributing.md): tell it, as another instance would.
    s.services.workshops.catalog.invalidate();
    visitor++;
  });

  /** The address the app sees: trust proxy is loopback, so X-Forwarded-For from the test is believed. */
  const ip = (n = visitor) => `198.51.100.${n}`;
  const post = (body: Record<string, unknown>, from = ip()) =>
    fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
  const group = (i: number, email: string, extra: Record<string, unknown> = {}) =>
    aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[i], num_participants: 12, customer_email: email, ...extra });
  const solved = async (): Promise<string> => {
    const challenge = await (await fetch(`${s.url}/api/altcha/challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const heldSpots = async () =>
    (await s.services.db.manager.findBy(Booking, { status: BookingStatus.held })).filter((b) => !b.holdExpiresAt || b.holdExpiresAt > now).reduce((n, b) => n + b.numParticipants, 0);

  it('a whole group of 12 under one email, and a family booking two workshops, go through without any challenge', async () => {
    expect((await post(group(0, 'leader@example.com'))).status).toBe(201);
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[1], num_participants: 4, customer_email: 'family@example.com' }), ip(200 + visitor))).status).toBe(201);
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[2], num_participants: 4, customer_email: 'family@example.com' }), ip(200 + visitor))).status).toBe(201);
  });

  it('the finding: ten bookings of 12 from one address take one workshop, then need a challenge, then stop at 24 spots (REST)', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await post(group(i, `hoarder${i}@example.com`)));
    expect(answers.map((r) => r.status)).toEqual([201, ...Array(9).fill(428)]);
    const refused = await answers[1].json();
    expect(refused).toMatchObject({ code: 'CHALLENGE_REQUIRED', errors: [{ field: 'altcha', message: 'altcha is required' }] });
    expect(refused.detail).toMatch(/You already hold 12 unpaid spots; please confirm you are not a robot/);

    // With a solved challenge the second group goes through; a third would pass 24 and is refused whatever it brings.
    expect((await post(group(1, 'hoarder1@example.com', { altcha: await solved() }))).status).toBe(201);
    const capped = await post(group(2, 'hoarder2@example.com', { altcha: await solved() }));
    expect(capped.status).toBe(429);
    const body = await capped.json();
    expect(body.code).toBe('HOLD_LIMIT_REACHED');
    expect(body.detail).toBe(
      '24 unpaid spots are already held from this connection, and at most 24 may be held at once (you asked for 12). Pay for or give up a booking first, or try again in 7 days, when a hold lapses.',
    );
    expect(body.errors).toEqual([{ field: 'num_participants', message: body.detail }]);
    expect(Number(capped.headers.get('retry-after'))).toBe(7 * 24 * 3600);
    expect(await heldSpots()).toBe(24);
  });

  it('counts per email across addresses, whatever its case', async () => {
    expect((await post(group(0, 'Same@Example.com'), ip(100 + visitor))).status).toBe(201);
    expect((await post(group(1, 'same@example.com', { altcha: await solved() }), ip(150 + visitor))).status).toBe(201);
    const res = await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[2], num_participants: 1, customer_email: 'SAME@example.com', altcha: await solved() }), ip(180 + visitor));
    expect(res.status).toBe(429);
    expect((await res.json()).detail).toMatch(/^24 unpaid spots are already held under this email address/);
  });

  it('only unpaid holds count: paid, cancelled and lapsed spots count back', async () => {
    const first = await (await post(group(0, 'a@example.com'))).json();
    const second = await (await post(group(1, 'b@example.com', { altcha: await solved() }))).json();
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[2], altcha: await solved() }))).status).toBe(429);
    await s.services.bookings.recordPaymentOrThrow(first.id, 100_00); // paid: confirmed, no longer an unpaid hold
    await s.services.money.cancellations.cancelOrThrow(second.id, 'admin', { applyPolicyFee: false });
    expect((await post(group(3, 'c@example.com', { altcha: await solved() }))).status).toBe(201);
    expect((await post(group(4, 'd@example.com', { altcha: await solved() }))).status).toBe(201);
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[5], altcha: await solved() }))).status).toBe(429);
    // A week later the reservations lapsed (docs/decisions/056): counted back even before the sweeper runs.
    now = new Date(now.getTime() + 7 * 24 * 3600_000 + 1000);
    expect((await post(group(5, 'e@example.com'))).status).toBe(201);
  });

  it('a solution is refused when forged, garbled or used twice; bookings that refuse it change nothing', async () => {
    await post(group(0, 'x@example.com'));
    const before = await s.services.db.manager.count(Booking);
    const good = await solved();
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString());
    decoded.solution.derivedKey = '00'.repeat(32);
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
    for (const [altcha, message] of [
      [forged, 'altcha is not a valid solution'],
      ['not base64 json', 'altcha must be the solved challenge'],
    ]) {
      const res = await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[1], num_participants: 2, altcha }));
      expect(res.status).toBe(428);
      expect((await res.json()).errors).toEqual([{ field: 'altcha', message }]);
    }
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[1], num_participants: 2, altcha: good }))).status).toBe(201);
    const reused = await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[2], num_participants: 2, altcha: good }));
    expect(reused.status).toBe(428);
    expect((await reused.json()).errors).toEqual([{ field: 'altcha', message: 'altcha was already used' }]);
    expect(await s.services.db.manager.count(Booking)).toBe(before + 1);
    expect(await s.services.db.manager.countBy(UsedChallenge, { id: JSON.parse(Buffer.from(good, 'base64').toString()).challenge.parameters.nonce })).toBe(1);
  });

  it('a challenge expires after 10 minutes on the app clock', async () => {
    await post(group(0, 'late@example.com'));
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[2], altcha: await solved() }))).status).toBe(201);
    const altcha = await solved();
    now = new Date(now.getTime() + 10 * 60_000 + 1);
    const res = await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[1], altcha }));
    expect(res.status).toBe(428);
    expect((await res.json()).errors).toEqual([{ field: 'altcha', message: 'altcha has expired' }]);
    // Used nonces past their expiry are forgotten when the next challenge is issued.
    expect(await s.services.db.manager.count(UsedChallenge)).toBeGreaterThan(0);
    await solved();
    expect(await s.services.db.manager.count(UsedChallenge)).toBe(0);
  });

  it('several bookings from one address in a short time need a challenge, even small ones', async () => {
    const free = DEFAULT_HOLD_LIMITS.freeRecentBookings;
    expect(free).toBeLessThan(DEFAULT_HOLD_LIMITS.freeHeldSpots); // one spot each: only the count can ask
    const at = (i: number) => workshopIds[i % workshopIds.length];
    for (let i = 0; i < free; i++) expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: at(i), customer_email: `p${i}@example.com` }))).status).toBe(201);
    const next = await post(aBookingBody({ payment_option: 'full',  workshop_id: at(free), customer_email: `p${free}@example.com` }));
    expect(next.status).toBe(428);
    expect((await next.json()).detail).toMatch(/^Several bookings were just made from this connection/);
    expect((await post(aBookingBody({ payment_option: 'full',  workshop_id: at(free), customer_email: `p${free}@example.com`, altcha: await solved() }))).status).toBe(201);
  });

  it('ten parallel bookings of 12 from one address, each with its own solution, hold at most 24 spots', async () => {
    const solutions = await Promise.all(workshopIds.slice(0, 10).map(() => solved()));
    const answers = await Promise.all(solutions.map((altcha, i) => post(group(i, `rush${i}@example.com`, { altcha }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, ...Array(8).fill(429)]);
    expect(await heldSpots()).toBe(24);
  });

  it('GraphQL: the same caps and challenge, with the challenge from the altchaChallenge query', async () => {
    const from = { 'x-forwarded-for': ip() };
    const input = (i: number, extra: Record<string, unknown> = {}) => ({ ...gqlInput(group(i, `gql${i}@example.com`)), ...extra });
    expect((await s.gql(CREATE, { input: input(0) }, from)).data).toBeTruthy();
    const challenged = await s.gql(CREATE, { input: input(1) }, from);
    expect(challenged.errors?.[0].extensions).toMatchObject({ code: 'CHALLENGE_REQUIRED', fields: [{ field: 'altcha', message: 'altcha is required' }] });
    const solve = async () => {
      const { data } = await s.gql<{ altchaChallenge: string }>('{ altchaChallenge }');
      const challenge = JSON.parse(data!.altchaChallenge);
      return Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString('base64');
    };
    const ok = await s.gql<{ createBooking: { booking: { numParticipants: number } } }>(CREATE, { input: input(1, { altcha: await solve() }) }, from);
    expect(ok.data!.createBooking.booking.numParticipants).toBe(12);
    const capped = await s.gql(CREATE, { input: input(2, { altcha: await solve() }) }, from);
    expect(capped.errors?.[0].message).toMatch(/^24 unpaid spots are already held from this connection/);
    expect(capped.errors?.[0].extensions).toMatchObject({ code: 'HOLD_LIMIT_REACHED', retryAfterSeconds: 7 * 24 * 3600 });
  });

  it('stores a keyed hash of the address on the booking, never the address', async () => {
    const b = await (await post(aBookingBody({ payment_option: 'full',  workshop_id: workshopIds[0] }), '203.0.113.77')).json();
    const row = await s.services.db.manager.findOneByOrFail(Booking, { id: b.id });
    expect(row.clientKeyHash).toMatch(/^[0-9a-f]{40}$/);
    const raw = JSON.stringify(await s.services.db.manager.query('SELECT * FROM bookings WHERE id = ?', [b.id]));
    expect(raw).not.toContain('203.0.113.77');
  });
});

/** The GraphQL input for a REST body: same values, camelCase keys. */
function gqlInput(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) input[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return input;
}
