import {
  BOOKING_TRANSITIONS,
  BookingStatus,
  canTransition,
  holdsSpots,
  isLive,
  isLiveStatus,
  PaymentStatus,
  paymentStatusOf,
} from './booking-status';

const { held, confirmed, expired, cancelled, needs_attention } = BookingStatus;
const ALL = Object.values(BookingStatus);

/** The whole table, written out: a change to it must change this test. */
const ALLOWED: Array<[BookingStatus, BookingStatus, string]> = [
  [held, confirmed, 'paid (provider or admin)'],
  [held, expired, 'hold lapsed or checkout expired'],
  [held, cancelled, 'cancelled by the admin'],
  [confirmed, confirmed, 'a further payment'],
  [confirmed, cancelled, 'cancelled by the admin'],
  [needs_attention, needs_attention, 'a further payment'],
  [needs_attention, cancelled, 'cancelled by the admin (refund)'],
  [expired, confirmed, 'late payment, spots still free'],
  [expired, needs_attention, 'late payment, spots gone'],
  // A cancelled booking never comes back (issue 21 finding 4): money that arrives for it is refunded, its status stays.
];
const isAllowed = (from: BookingStatus, to: BookingStatus) => ALLOWED.some(([f, t]) => f === from && t === to);
const REFUSED = ALL.flatMap((from) => ALL.filter((to) => !isAllowed(from, to)).map((to) => [from, to] as const));

describe('booking transitions', () => {
  it.each(ALLOWED)('allows %s -> %s (%s)', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(REFUSED)('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('lists every status, and nothing beyond the pairs above', () => {
    expect(Object.keys(BOOKING_TRANSITIONS).sort()).toEqual([...ALL].sort());
    expect(ALLOWED.length + REFUSED.length).toBe(ALL.length ** 2);
    expect(canTransition('paid' as BookingStatus, confirmed)).toBe(false);
  });

  it('keeps the enum values the strings stored and sent over REST', () => {
    expect(ALL).toEqual(['held', 'confirmed', 'expired', 'cancelled', 'needs_attention']);
    expect(Object.values(PaymentStatus)).toEqual(['pending', 'deposit_paid', 'partially_paid', 'paid', 'refunded', 'partially_refunded']);
    for (const e of [BookingStatus, PaymentStatus]) for (const [key, value] of Object.entries(e)) expect(key).toBe(value);
  });
});

describe('which bookings hold spots and which are live', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it.each([
    [held, null, true, true],
    [held, at(1), true, true],
    [held, at(0), false, false], // lapsed at this very instant
    [held, at(-1), false, false],
    [confirmed, null, true, true],
    [needs_attention, null, false, true], // money on record, no spots
    [expired, null, false, false],
    [cancelled, null, false, false],
  ] as const)('%s with hold until %s: holds spots %s, live %s', (status, holdExpiresAt, spots, live) => {
    expect(holdsSpots({ status, holdExpiresAt }, now)).toBe(spots);
    expect(isLive({ status, holdExpiresAt }, now)).toBe(live);
  });

  it('the admin acts on held, confirmed and needs_attention bookings only', () => {
    expect(ALL.filter(isLiveStatus)).toEqual([held, confirmed, needs_attention]);
  });
});

describe('paymentStatusOf (the ledger decides the payment status)', () => {
  const base = { status: BookingStatus.confirmed, paymentOption: 'deposit', owedCents: 100, receivedCents: 0, refundedCents: 0 };
  it.each([
    ['nothing received', {}, PaymentStatus.pending],
    ['a deposit', { receivedCents: 30 }, PaymentStatus.deposit_paid],
    ['some installments of a plan', { paymentOption: 'payment_plan', receivedCents: 34 }, PaymentStatus.partially_paid],
    ['everything', { receivedCents: 100 }, PaymentStatus.paid],
    ['a plan, everything', { paymentOption: 'payment_plan', receivedCents: 100 }, PaymentStatus.paid],
    ['a live booking refunded an overpayment', { receivedCents: 120, refundedCents: 20 }, PaymentStatus.paid],
    ['a fee added by a transfer', { owedCents: 150, receivedCents: 100 }, PaymentStatus.deposit_paid],
    ['cancelled, all refunded', { status: BookingStatus.cancelled, receivedCents: 100, refundedCents: 100 }, PaymentStatus.refunded],
    ['cancelled, part refunded', { status: BookingStatus.cancelled, receivedCents: 100, refundedCents: 25 }, PaymentStatus.partially_refunded],
    ['cancelled, nothing refunded (under 30 days)', { status: BookingStatus.cancelled, receivedCents: 100 }, PaymentStatus.paid],
    ['expired before paying', { status: BookingStatus.expired }, PaymentStatus.pending],
  ] as const)('%s', (_name, changes, expected) => {
    expect(paymentStatusOf({ ...base, ...changes })).toBe(expected);
  });
});
