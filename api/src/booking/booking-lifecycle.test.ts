import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { insertBooking } from '../test/rows';
import { AppError } from '../infrastructure/errors';
import { Workshop } from '../workshop/workshop.entity';
import { Booking } from './booking.entity';
import { BookingLifecycle } from './booking-lifecycle';
import { BookingEvents } from './booking-events';
import { BookingStatus, PaymentStatus } from './booking.types';
import { BookingPayment, PaymentPurpose } from './ledger.entities';

const pay = (amountCents: number, source: 'provider' | 'admin', providerPaymentId: string | null = null) => ({ amountCents, source, purpose: PaymentPurpose.first, providerPaymentId });

/** The lifecycle against a real database: each move writes what the table allows, and nothing else. */
describe.each(DB_KINDS)('BookingLifecycle on %s', (kind) => {
  let t: TestDb;
  const lifecycle = new BookingLifecycle();
  const now = new Date('2026-03-01T10:00:00.000Z');
  const workshopId = 'great-plains-supercells';
  const claimed = async () => (await t.db.manager.findOneByOrFail(Workshop, { id: workshopId })).spotsClaimed;
  const stored = (id: string) => t.db.manager.findOneByOrFail(Booking, { id });
  /** A booking row, with its spots claimed when its status holds them. */
  const aBooking = async (status: BookingStatus, extra: Parameters<typeof insertBooking>[1] = {}) => {
    if (status === BookingStatus.held || status === BookingStatus.confirmed) {
      await t.db.transaction((m) => lifecycle.claimSpots(m, workshopId, 2, now));
    }
    return insertBooking(t.db, { workshopId, numParticipants: 2, status, ...extra });
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(() => t?.drop());
  beforeEach(async () => {
    // DELETE, not TRUNCATE (clear): MariaDB refuses to truncate a table another one's foreign key names (travellers).
    await t.db.manager.createQueryBuilder().delete().from(Booking).execute();
    await t.db.manager.update(Workshop, { id: workshopId }, { spotsClaimed: 0 });
  });

  it('cancelling a confirmed booking gives its spots back; what becomes of the money is the refund decision (none yet: still deposit_paid)', async () => {
    const b = await aBooking(BookingStatus.confirmed, { amountPaidCents: 50_000, paymentStatus: PaymentStatus.deposit_paid });
    expect(await claimed()).toBe(2);
    expect(await t.db.transaction((m) => lifecycle.releaseOrThrow(m, b, BookingStatus.cancelled, now))).toBe(true);
    expect(await stored(b.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'deposit_paid', holdExpiresAt: null });
    expect(await claimed()).toBe(0);
  });

  it('cancelling a needs_attention booking releases no spots (it holds none)', async () => {
    await t.db.transaction((m) => lifecycle.claimSpots(m, workshopId, 3, now)); // someone else's
    const b = await aBooking(BookingStatus.needs_attention);
    await t.db.transaction((m) => lifecycle.releaseOrThrow(m, b, BookingStatus.cancelled, now));
    expect(await claimed()).toBe(3);
  });

  it.each([
    [BookingStatus.expired, BookingStatus.cancelled],
    [BookingStatus.cancelled, BookingStatus.cancelled],
    [BookingStatus.confirmed, BookingStatus.expired],
  ] as const)('refuses %s -> %s with BOOKING_ALREADY_RELEASED and writes nothing', async (from, to) => {
    const b = await aBooking(from);
    const before = await claimed();
    const attempt = t.db.transaction((m) => lifecycle.releaseOrThrow(m, b, to, now));
    await expect(attempt).rejects.toThrow(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'BOOKING_ALREADY_RELEASED' });
    expect((await stored(b.id)).status).toBe(from);
    expect(await claimed()).toBe(before);
  });

  it('loses the compare-and-set when the booking changed since it was read', async () => {
    const b = await aBooking(BookingStatus.held, { amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    await t.db.manager.update(Booking, { id: b.id }, { status: BookingStatus.expired });
    expect(await t.db.transaction((m) => lifecycle.releaseOrThrow(m, b, BookingStatus.expired, now))).toBe(false);
    expect(await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, b, pay(1000, 'provider'), now))).toBeNull();
    expect(await stored(b.id)).toMatchObject({ status: 'expired', amountPaidCents: 0 });
  });

  it('a payment confirms a hold; a second one keeps it confirmed and completes the payment status', async () => {
    const b = await aBooking(BookingStatus.held, { totalCents: 10_000, amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    const first = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, b, pay(3_000, 'provider', 'pi_first'), now));
    expect(first).toMatchObject({ previousStatus: 'held', late: null, booking: { status: 'confirmed', paymentStatus: 'deposit_paid', amountPaidCents: 3_000 } });
    const second = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, (first as { booking: Booking }).booking, pay(7_000, 'admin'), now));
    expect(second).toMatchObject({ previousStatus: 'confirmed', booking: { status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 10_000 } });
    expect(await stored(b.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 10_000 });
    expect(await claimed()).toBe(2); // no second claim
    const ledger = await t.db.manager.find(BookingPayment, { where: { bookingId: b.id }, order: { amountCents: 'ASC' } });
    expect(ledger.map((p) => [p.amountCents, p.method, p.providerPaymentId])).toEqual([
      [3_000, 'card', 'pi_first'],
      [7_000, 'offline', null],
    ]);
  });

  it('a payment whose provider id is already in the ledger is a duplicate and changes nothing', async () => {
    const b = await aBooking(BookingStatus.held, { totalCents: 10_000, amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    const first = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, b, pay(3_000, 'provider', 'pi_once'), now));
    const again = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, (first as { booking: Booking }).booking, pay(3_000, 'provider', 'pi_once'), now));
    expect(again).toBe('duplicate');
    expect(await stored(b.id)).toMatchObject({ amountPaidCents: 3_000 });
  });

  it('a payment plan with some installments paid is partially_paid, never deposit_paid', async () => {
    const b = await aBooking(BookingStatus.held, { totalCents: 9_000, amountPaidCents: 0, paymentStatus: PaymentStatus.pending, paymentOption: 'payment_plan' as never });
    const first = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, b, pay(3_000, 'provider'), now));
    expect(first).toMatchObject({ booking: { paymentStatus: 'partially_paid' } });
  });

  it('refunds recorded on a cancelled booking make it refunded or partially_refunded', async () => {
    const b = await aBooking(BookingStatus.confirmed, { totalCents: 10_000, amountPaidCents: 10_000, paymentStatus: PaymentStatus.paid });
    await t.db.transaction((m) => lifecycle.releaseOrThrow(m, b, BookingStatus.cancelled, now));
    const cancelled = await stored(b.id);
    const readBefore = Object.assign(new Booking(), cancelled);
    const rows = await t.db.transaction((m) =>
      lifecycle.recordRefunds(m, cancelled, [{ amountCents: 4_000, method: 'offline' as never, state: 'owed' as never, reason: 'cancellation' as never }], now),
    );
    expect(rows).toHaveLength(1);
    expect(await stored(b.id)).toMatchObject({ amountRefundedCents: 4_000, paymentStatus: 'partially_refunded' });
    const stale = await t.db.transaction((m) => lifecycle.recordRefunds(m, readBefore, [{ amountCents: 6_000, method: 'offline' as never, state: 'owed' as never, reason: 'cancellation' as never }], now));
    expect(stale).toBeNull(); // read before the first refund: the compare-and-set refuses it
    const fresh = await stored(b.id);
    await t.db.transaction((m) => lifecycle.recordRefunds(m, fresh, [{ amountCents: 6_000, method: 'offline' as never, state: 'owed' as never, reason: 'cancellation' as never }], now));
    expect(await stored(b.id)).toMatchObject({ amountRefundedCents: 10_000, paymentStatus: 'refunded' });
  });

  it('a late provider payment re-takes free spots, or leaves the booking for the admin when they are gone', async () => {
    const free = await aBooking(BookingStatus.expired, { amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    const retaken = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, free, pay(5_000, 'provider'), now));
    expect(retaken).toMatchObject({ late: 'spots_retaken', booking: { status: 'confirmed' } });
    expect(await claimed()).toBe(2);

    const capacity = (await t.db.manager.findOneByOrFail(Workshop, { id: workshopId })).capacity;
    await t.db.manager.update(Workshop, { id: workshopId }, { spotsClaimed: capacity });
    const gone = await aBooking(BookingStatus.expired, { amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    const flagged = await t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, gone, pay(5_000, 'provider'), now));
    expect(flagged).toMatchObject({ late: 'spots_gone', booking: { status: 'needs_attention', paymentStatus: 'deposit_paid' } });
    expect(await claimed()).toBe(capacity);
  });

  it('a provider payment for a cancelled booking (or an expired one of a cancelled workshop) never confirms it nor takes spots: it is recorded with its refund', async () => {
    const decided: string[] = [];
    const refunding = new BookingLifecycle(
      null,
      new BookingEvents().on('paymentApplied', async ({ booking, payment, refunds }) => {
        decided.push(`${booking.status}:${payment.amountCents}`);
        refunds.push({ id: `refund-of-${payment.id}` } as never);
      }),
    );
    const cancelled = await aBooking(BookingStatus.cancelled, { amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    const late = await t.db.transaction((m) => refunding.applyPaymentOrThrow(m, cancelled, pay(5_000, 'provider', 'pi_late_1'), now));
    expect(late).toMatchObject({ late: 'refund', booking: { status: 'cancelled', amountPaidCents: 5_000 }, refunds: [{ id: expect.stringMatching(/^refund-of-/) }] });
    expect(await stored(cancelled.id)).toMatchObject({ status: 'cancelled', amountPaidCents: 5_000 });
    expect(await claimed()).toBe(0);

    await t.db.manager.update(Workshop, { id: workshopId }, { cancelledAt: now });
    try {
      const expired = await aBooking(BookingStatus.expired, { amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
      expect(await t.db.transaction((m) => refunding.applyPaymentOrThrow(m, expired, pay(7_000, 'provider', 'pi_late_2'), now))).toMatchObject({ late: 'refund', booking: { status: 'expired' } });
      expect(await claimed()).toBe(0);
    } finally {
      await t.db.manager.update(Workshop, { id: workshopId }, { cancelledAt: null });
    }
    expect(decided).toEqual(['cancelled:5000', 'expired:7000']);

    // Without anyone to decide the refund, the money is not recorded at all (the provider retries the event).
    const undecided = await aBooking(BookingStatus.cancelled, { amountPaidCents: 0, paymentStatus: PaymentStatus.pending });
    await expect(t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, undecided, pay(5_000, 'provider', 'pi_late_3'), now))).rejects.toThrow(/without its refund/);
    expect(await stored(undecided.id)).toMatchObject({ amountPaidCents: 0 });
    expect(await t.db.manager.countBy(BookingPayment, { providerPaymentId: 'pi_late_3' })).toBe(0);
  });

  it('a cancel that read the booking before a payment landed changes nothing (the refund it decided would miss that payment)', async () => {
    const b = await aBooking(BookingStatus.confirmed, { amountPaidCents: 50_000, paymentStatus: PaymentStatus.deposit_paid });
    await t.db.manager.update(Booking, { id: b.id }, { amountPaidCents: 100_000 });
    expect(await t.db.transaction((m) => lifecycle.releaseOrThrow(m, b, BookingStatus.cancelled, now))).toBe(false);
    expect(await stored(b.id)).toMatchObject({ status: 'confirmed', amountPaidCents: 100_000 });
    expect(await claimed()).toBe(2);
  });

  it.each([
    [BookingStatus.confirmed, 'ALREADY_PAID', 'This booking is already paid'],
    [BookingStatus.needs_attention, 'ALREADY_PAID', 'This booking is already paid'],
    [BookingStatus.expired, 'BOOKING_EXPIRED', 'The reservation expired before payment. Please book again.'],
    [BookingStatus.cancelled, 'BOOKING_EXPIRED', 'The reservation expired before payment. Please book again.'],
  ] as const)('a %s booking takes no checkout: %s', (status, code, message) => {
    expect(() => lifecycle.assertCheckoutAllowedOrThrow({ status })).toThrow(expect.objectContaining({ code, message }));
    expect(() => lifecycle.assertCheckoutAllowedOrThrow({ status: BookingStatus.held })).not.toThrow();
  });

  it.each([BookingStatus.expired, BookingStatus.cancelled])('the admin cannot record a payment on a %s booking', async (status) => {
    const b = await aBooking(status, { amountPaidCents: 0 });
    await expect(t.db.transaction((m) => lifecycle.applyPaymentOrThrow(m, b, pay(5_000, 'admin'), now))).rejects.toMatchObject({
      code: 'BOOKING_NOT_LIVE',
      message: `A ${status} booking cannot take payments; the customer must book again`,
    });
    expect((await stored(b.id)).amountPaidCents).toBe(0);
  });

  it('tells onSpotsReleased of each release, inside its transaction, and only when spots came back', async () => {
    const calls: Array<{ workshopId: string; claimedThen: number; at: Date }> = [];
    const told = new BookingLifecycle(
      null,
      // Reads through the release's own manager: it sees the spots given back before the commit.
      new BookingEvents().on('spotsReleased', async ({ m, workshopId: id, now: at }) => {
        calls.push({ workshopId: id, claimedThen: (await m.findOneByOrFail(Workshop, { id })).spotsClaimed, at });
      }),
    );
    const b = await aBooking(BookingStatus.held);
    await t.db.transaction((m) => told.releaseOrThrow(m, b, BookingStatus.cancelled, now));
    expect(calls).toEqual([{ workshopId, claimedThen: 0, at: now }]);
    // Nothing to give back (no spots claimed): no call.
    await t.db.transaction((m) => told.releaseSpots(m, workshopId, 2, now));
    expect(calls).toHaveLength(1);
  });
});
