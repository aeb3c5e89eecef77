import { AdminStatsService } from './admin-stats.service';
import type { AdminStats } from './admin.types';
import { BookingStatus } from '../booking/booking.types';
import { Booking } from '../booking/booking.entity';
import { Workshop } from '../workshop/workshop.entity';
import { centsToDollars } from '../shared/money';
import { isLive, isUnlapsedHold, PaymentStatus } from '../shared/booking-status';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { insertBooking, insertMessage } from '../test/rows';
import { countQueries } from '../test/query-counter';

const NOW = new Date('2026-02-01T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/**
 * The figures as AdminService.stats computed them before docs/decisions/076, every booking
 * loaded into JavaScript: the reference the SQL totals are compared with.
 */
function statsInJavaScript(workshops: Workshop[], bookings: Booking[], now: Date) {
  const sales = new Map<string, { spotsSold: number; spotsHeld: number; bookings: number; revenueCents: number; minimumParticipants: number }>();
  for (const w of workshops) sales.set(w.id, { spotsSold: 0, spotsHeld: 0, bookings: 0, revenueCents: 0, minimumParticipants: w.minimumParticipants });
  let totalBookings = 0;
  let revenueCents = 0;
  for (const b of bookings) {
    const s = sales.get(b.workshopId);
    revenueCents += b.netReceivedCents;
    if (s) s.revenueCents += b.netReceivedCents;
    if (!isLive(b, now)) continue;
    totalBookings += 1;
    if (!s) continue;
    s.bookings += 1;
    if (b.status === BookingStatus.confirmed) s.spotsSold += b.numParticipants;
    if (isUnlapsedHold(b, now)) s.spotsHeld += b.numParticipants;
  }
  return {
    totalWorkshops: workshops.length,
    totalBookings,
    totalRevenue: centsToDollars(revenueCents),
    workshops: new Map(
      [...sales].map(([id, { revenueCents: cents, ...s }]) => [id, { spotsSold: s.spotsSold, spotsHeld: s.spotsHeld, bookings: s.bookings, revenue: centsToDollars(cents), reachedMinimum: s.spotsSold >= s.minimumParticipants }]),
    ),
  };
}

describe.each(DB_KINDS)('AdminStatsService on %s', (kind) => {
  let t: TestDb;
  let figures: AdminStatsService;
  beforeAll(async () => {
    t = await createTestDb(kind);
    figures = new AdminStatsService(t.db, () => NOW);
  });
  afterAll(() => t?.drop());

  it('stats: totals and per-workshop sales match the bookings and messages inserted', async () => {
    const before = await figures.stats();
    expect(before).toMatchObject({ totalWorkshops: 11, totalBookings: 0, totalRevenue: 0, totalMessages: 0 });
    expect(before.workshops).toHaveLength(11);

    const zion = 'zion-canyon-light';
    const alaska = 'alaska-bears-glaciers';
    // Zion: 4 + 2 sold (confirmed), 1 held (live hold), 3 in a lapsed hold, 2 expired, 1 cancelled (paid 500.00).
    await insertBooking(t.db, { workshopId: zion, numParticipants: 4, status: BookingStatus.confirmed, amountPaidCents: 347_400, paymentStatus: 'deposit_paid' });
    await insertBooking(t.db, { workshopId: zion, numParticipants: 2, status: BookingStatus.confirmed, amountPaidCents: 579_000, paymentStatus: 'paid' });
    await insertBooking(t.db, { workshopId: zion, numParticipants: 1, status: BookingStatus.held, amountPaidCents: 0, paymentStatus: 'pending', holdExpiresAt: minutes(10) });
    await insertBooking(t.db, { workshopId: zion, numParticipants: 3, status: BookingStatus.held, amountPaidCents: 0, paymentStatus: 'pending', holdExpiresAt: minutes(-1) });
    await insertBooking(t.db, { workshopId: zion, numParticipants: 2, status: BookingStatus.expired, amountPaidCents: 0, paymentStatus: 'pending' });
    await insertBooking(t.db, { workshopId: zion, numParticipants: 1, status: BookingStatus.cancelled, amountPaidCents: 50_000, paymentStatus: 'paid' });
    // Alaska: 6 sold in one booking (reaches the minimum), plus one paid too late (needs attention, 12.34).
    await insertBooking(t.db, { workshopId: alaska, workshopName: 'Alaska', numParticipants: 6, status: BookingStatus.confirmed, amountPaidCents: 1_000_000, paymentStatus: 'paid' });
    await insertBooking(t.db, { workshopId: alaska, workshopName: 'Alaska', numParticipants: 1, status: BookingStatus.needs_attention, amountPaidCents: 1_234, paymentStatus: 'paid' });
    await insertMessage(t.db, { workshopId: zion });
    await insertMessage(t.db, { workshopId: alaska });
    await insertMessage(t.db, { workshopId: alaska });

    const stats = await figures.stats();
    expect(stats).toMatchObject({
      totalWorkshops: 11,
      // 2 confirmed + 1 live hold (Zion) + 1 confirmed + 1 needs attention (Alaska)
      totalBookings: 5,
      // 3474 + 5790 + 500 + 10000 + 12.34
      totalRevenue: 19_776.34,
      totalMessages: 3,
    });
    const byId = new Map(stats.workshops.map((w) => [w.id, w]));
    expect(byId.get(zion)).toMatchObject({ spotsSold: 6, spotsHeld: 1, capacity: 12, minimumParticipants: 6, reachedMinimum: true, bookings: 3, revenue: 9_764 });
    expect(byId.get(alaska)).toMatchObject({ spotsSold: 6, spotsHeld: 0, reachedMinimum: true, bookings: 2, revenue: 10_012.34 });
    expect(byId.get('grand-teton-autumn')).toMatchObject({ spotsSold: 0, spotsHeld: 0, reachedMinimum: false, bookings: 0, revenue: 0 });
    // Season order.
    const starts = stats.workshops.map((w) => w.startDate);
    expect([...starts].sort()).toEqual(starts);
  });

  it('a workshop below the minimum has not reached it', async () => {
    const teton = 'grand-teton-autumn';
    await insertBooking(t.db, { workshopId: teton, numParticipants: 5, status: BookingStatus.confirmed });
    const w = (await figures.stats()).workshops.find((x) => x.id === teton)!;
    expect(w).toMatchObject({ spotsSold: 5, reachedMinimum: false });
  });

  it('the SQL totals equal the old JavaScript computation over many bookings of every status and payment state', async () => {
    // A run long past (outside the catalog window) whose money still counts in the totals.
    const seed = await t.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await t.db.manager.insert(Workshop, { ...seed, id: 'zion-canyon-light-2019', startDate: '2019-04-13', endDate: '2019-04-18', spotsClaimed: 0, createdAt: NOW, updatedAt: NOW });
    const ids = ['zion-canyon-light', 'alaska-bears-glaciers', 'everglades-wading-birds', 'grand-teton-autumn', 'zion-canyon-light-2019'];
    const statuses = Object.values(BookingStatus);
    const payments = Object.values(PaymentStatus);
    const holds = [null, minutes(-30), minutes(-1), minutes(1), minutes(90)];
    let i = 0;
    for (const status of statuses) {
      for (const paymentStatus of payments) {
        for (const holdExpiresAt of holds) {
          const paid = (i * 7_919) % 300_000;
          await insertBooking(t.db, {
            workshopId: ids[i % ids.length],
            numParticipants: 1 + (i % 4),
            status,
            paymentStatus,
            holdExpiresAt,
            amountPaidCents: paid,
            amountRefundedCents: i % 3 === 0 ? Math.floor(paid / 3) : 0,
          });
          i++;
        }
      }
    }
    expect(i).toBe(statuses.length * payments.length * holds.length);

    const counter = countQueries(t.db);
    let stats: AdminStats;
    try {
      stats = await figures.stats();
      // Aggregates only: no statement reads booking rows.
      const bookingReads = counter.queries.filter((q) => /FROM [`"]bookings[`"]/i.test(q));
      expect(bookingReads.length).toBeGreaterThan(0);
      for (const q of bookingReads) expect(q).toMatch(/SUM\(/);
    } finally {
      counter.restore();
    }

    const expected = statsInJavaScript(await t.db.manager.find(Workshop), await t.db.manager.find(Booking), NOW);
    expect(stats).toMatchObject({ totalWorkshops: expected.totalWorkshops, totalBookings: expected.totalBookings, totalRevenue: expected.totalRevenue });
    expect(stats.totalBookings).toBeGreaterThan(0);
    // Per run: the catalog window's runs, each as the JavaScript computed it; the 2019 run is left out of the list.
    expect(stats.workshops.map((w) => w.id)).not.toContain('zion-canyon-light-2019');
    expect(stats.workshops).toHaveLength(11);
    for (const w of stats.workshops) {
      expect({ id: w.id, spotsSold: w.spotsSold, spotsHeld: w.spotsHeld, bookings: w.bookings, revenue: w.revenue, reachedMinimum: w.reachedMinimum }).toEqual({ id: w.id, ...expected.workshops.get(w.id) });
    }
    expect(stats.workshops.find((w) => w.id === 'zion-canyon-light')!.spotsHeld).toBeGreaterThan(0);
  });
});
