import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import { BookingStatus } from '../booking/booking.types';
import { DEFAULT_HOLD_LIMITS } from '../booking/hold-limits';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { RecoveryMailKind, type RecoveryMailData } from './recovery.mails';

/* eslint-disable @typescript-eslint/no-require-imports */
const { solveChallenge }: typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib');
const { deriveKey }: typeof import('altcha-lib/algorithms/pbkdf2', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib/algorithms/pbkdf2');
/* eslint-enable @typescript-eslint/no-require-imports */

/** A challenge a test solves in milliseconds (the real one costs the browser about a second). */
const CHEAP_WORK = { cost: 1, counterMin: 1, counterMax: 30, lifetimeMs: 10 * 60_000 };
const FINISH = 'mutation($input: FinishCheckoutInput!) { finishCheckout(input: $input) { outcome bookingId } }';

/**
 * The recovery link's one click goes through the hold guard like any booking (decision 056,
 * decision 098 amendment): a client past its free allowance gets CHALLENGE_REQUIRED naming altcha,
 * nothing is booked, and the call with a solved challenge books.
 */
describe.each(DB_KINDS)('the recovery link under the hold guard on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');

  beforeAll(async () => {
    // No unpaid spot is free of the check: every booking asks for it.
    s = await startTestServer(kind, {}, undefined, { clock: () => new Date(now.getTime()), holdLimits: { ...DEFAULT_HOLD_LIMITS, freeHeldSpots: 0 }, proofOfWork: CHEAP_WORK });
  });
  afterAll(() => s?.close());

  const post = (path: string, body: unknown) => fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' }, body: JSON.stringify(body) });
  const solved = async (): Promise<string> => {
    const challenge = await (await fetch(`${s.url}/api/altcha/challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('asks for the check, books nothing, then books with the solution', async () => {
    const res = await post('/api/bookings', aBookingBody({ customer_email: 'guarded@example.com', recovery_consent: true, altcha: await solved() }));
    expect(res.status).toBe(201);
    const lapsed = ((await res.json()) as { id: string }).id;
    now = new Date(now.getTime() + 8 * 24 * 3_600_000);
    await s.services.bookings.releaseExpiredHolds();
    now = new Date(now.getTime() + 25 * 3_600_000);
    await s.services.jobs.runDue();
    const mail = (await s.services.db.manager.findBy(MailOutbox, { kind: RecoveryMailKind.checkoutRecovery })).map((r) => r.payload as RecoveryMailData).find((d) => d.bookingId === lapsed)!;
    const link = { bookingId: lapsed, token: mail.url.split('#')[1] };

    const refused = await post('/api/checkout-recovery/finish', { booking_id: link.bookingId, token: link.token });
    expect(refused.status).toBe(428);
    expect(await refused.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED', errors: [{ field: 'altcha' }] });
    expect(await s.services.db.manager.countBy(Booking, { customerEmail: 'guarded@example.com' })).toBe(1);

    const r = await s.gql<{ finishCheckout: { outcome: string; bookingId: string } }>(FINISH, { input: { ...link, altcha: await solved() } }, { 'x-forwarded-for': '198.51.100.7' });
    expect(r.errors).toBeUndefined();
    expect(r.data!.finishCheckout.outcome).toBe('checkout');
    expect(await s.services.db.manager.findOneByOrFail(Booking, { id: r.data!.finishCheckout.bookingId })).toMatchObject({ status: BookingStatus.held, customerEmail: 'guarded@example.com' });
  });
});
