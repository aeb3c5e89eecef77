import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { aBookingInput } from '../test/builders';
import { Workshop } from '../workshop/workshop.entity';
import { WorkshopService } from '../workshop/workshop.service';
import { Booking } from './booking.entity';
import { BookingService, OFFLINE_RESERVATION_MINUTES, PROVIDER_HOLD_MINUTES } from './booking.service';
import { HoldSweeper } from './hold-sweeper';
import { createLogger } from '../infrastructure/logger';
import { BookingStatus, PaymentOption, RoomType } from './booking.types';

describe.each(DB_KINDS)('BookingService on %s', (kind) => {
  let t: TestDb;
  let now: Date;
  const clock = () => now;
  const spotsLeft = async (id: string) => (await t.db.manager.findOneByOrFail(Workshop, { id })).availableSpots;

  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(() => t?.drop());
  beforeEach(() => {
    now = new Date('2026-03-01T10:00:00.000Z');
  });

  describe('without a payment provider', () => {
    const service = () => new BookingService(t.db, clock, { holdMinutes: null });

    it('creates a held booking that holds its spots, priced on the server in cents', async () => {
      const before = await spotsLeft('alaska-bears-glaciers');
      const b = await service().createOrThrow(
        aBookingInput({ workshopId: 'alaska-bears-glaciers', numParticipants: 2, numSpouses: 1, roomType: RoomType.private, paymentOption: PaymentOption.full }),
      );
      expect(b.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(b).toMatchObject({ status: 'held', paymentStatus: 'pending', holdExpiresAt: null, amountPaidCents: 0, workshopName: 'Alaska Brown Bears & Glaciers' });
      // 2 x 5495 + 0.5 x 5495 + the workshop's own 800 supplement
      expect(b.totalCents).toBe(2 * 5495_00 + 2747_50 + 800_00);
      expect(b.dueNowCents).toBe(b.totalCents);
      expect(await spotsLeft('alaska-bears-glaciers')).toBe(before - 2);
      const stored = await t.db.manager.findOneByOrFail(Booking, { id: b.id });
      expect(stored.createdAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
      expect(stored.healthConcerns).toBeNull();
    });

    it('answers NOT_FOUND for an unknown workshop and writes nothing', async () => {
      const count = await t.db.manager.count(Booking);
      await expect(service().createOrThrow(aBookingInput({ workshopId: 'atlantis' }))).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(await t.db.manager.count(Booking)).toBe(count);
    });

    it('refuses more participants than spots left with SOLD_OUT (409) naming the field', async () => {
      await service().createOrThrow(aBookingInput({ workshopId: 'grand-teton-autumn', numParticipants: 10 }));
      await expect(service().createOrThrow(aBookingInput({ workshopId: 'grand-teton-autumn', numParticipants: 3 }))).rejects.toMatchObject({
        code: 'SOLD_OUT',
        status: 409,
        message: 'Only 2 spots are left for this workshop; you asked for 3',
        fields: [{ field: 'numParticipants', message: expect.any(String) }],
      });
      await service().createOrThrow(aBookingInput({ workshopId: 'grand-teton-autumn', numParticipants: 2 }));
      await expect(service().createOrThrow(aBookingInput({ workshopId: 'grand-teton-autumn' }))).rejects.toMatchObject({ message: 'This workshop is sold out' });
      expect(await spotsLeft('grand-teton-autumn')).toBe(0);
    });

    it('never oversells: 200 simultaneous single-seat bookings for 12 spots → exactly 12 accepted', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => service().createOrThrow(aBookingInput({ workshopId: 'everglades-wading-birds', customerName: `Racer ${i}` }))),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(accepted).toHaveLength(12);
      expect(refused).toHaveLength(188);
      for (const r of refused) expect(r.reason).toMatchObject({ code: 'SOLD_OUT' });
      expect(await t.db.manager.countBy(Booking, { workshopId: 'everglades-wading-birds' })).toBe(12);
      expect(await spotsLeft('everglades-wading-birds')).toBe(0);
    });
  });

  describe('with a payment provider (holds expire)', () => {
    const service = () => new BookingService(t.db, clock, { holdMinutes: 30 });

    it('gives lapsed holds back to the workshop, once, and leaves paid bookings alone', async () => {
      const held = await service().createOrThrow(aBookingInput({ workshopId: 'olympic-coast-rainforest', numParticipants: 4 }));
      expect(held.holdExpiresAt?.toISOString()).toBe('2026-03-01T10:30:00.000Z');
      const paid = await service().createOrThrow(aBookingInput({ workshopId: 'olympic-coast-rainforest', numParticipants: 2 }));
      await t.db.manager.update(Booking, { id: paid.id }, { status: BookingStatus.confirmed, holdExpiresAt: null });
      expect(await spotsLeft('olympic-coast-rainforest')).toBe(6);

      now = new Date('2026-03-01T10:29:59.000Z');
      expect(await service().releaseExpiredHolds()).toBe(0);
      now = new Date('2026-03-01T10:30:00.000Z');
      const released: string[] = [];
      expect(await service().releaseExpiredHolds(undefined, async (b) => void released.push(b.id))).toBe(1);
      expect(released).toEqual([held.id]);
      expect(await spotsLeft('olympic-coast-rainforest')).toBe(10);
      expect(await t.db.manager.findOneByOrFail(Booking, { id: held.id })).toMatchObject({ status: 'expired', paymentStatus: 'pending' });
      // Idempotent: a second sweep (or a concurrent one) releases nothing more.
      expect(await Promise.all([service().releaseExpiredHolds(), service().releaseExpiredHolds()])).toEqual([0, 0]);
      expect(await spotsLeft('olympic-coast-rainforest')).toBe(10);
    });

    it('frees lapsed holds of a full workshop when someone new books, without waiting for the sweeper', async () => {
      await service().createOrThrow(aBookingInput({ workshopId: 'canyonlands-arches-backcountry', numParticipants: 12 }));
      await expect(service().createOrThrow(aBookingInput({ workshopId: 'canyonlands-arches-backcountry' }))).rejects.toMatchObject({ code: 'SOLD_OUT' });
      now = new Date('2026-03-01T11:00:00.000Z');
      const b = await service().createOrThrow(aBookingInput({ workshopId: 'canyonlands-arches-backcountry', numParticipants: 3 }));
      expect(b.status).toBe('held');
      expect(await spotsLeft('canyonlands-arches-backcountry')).toBe(9);
    });
  });

  describe('the hold lengths in production (hardening finding 1, docs/decisions/056)', () => {
    const sweeper = (service: BookingService) => new HoldSweeper({ bookings: service, payments: { expireSessionOf: async () => undefined } }, createLogger('silent'));

    it('with a provider, a booking that never starts checkout gives its spots back after 10 minutes; one whose checkout started keeps them', async () => {
      const service = new BookingService(t.db, clock, { holdMinutes: PROVIDER_HOLD_MINUTES });
      const idle = await service.createOrThrow(aBookingInput({ workshopId: 'arizona-monsoon-lightning', numParticipants: 12, paymentOption: PaymentOption.full }));
      expect(idle.holdExpiresAt?.toISOString()).toBe('2026-03-01T10:10:00.000Z');
      now = new Date('2026-03-01T10:05:00.000Z');
      const paying = await service.createOrThrow(aBookingInput({ workshopId: 'nyc-portrait-posing', numParticipants: 5, paymentOption: PaymentOption.full }));
      // What PaymentService does when the Checkout Session is created: the hold follows the session.
      await t.db.manager.update(Booking, { id: paying.id }, { checkoutSessionId: 'cs_test_hold', holdExpiresAt: new Date('2026-03-01T10:36:00.000Z') });

      now = new Date('2026-03-01T10:10:00.000Z');
      expect(await sweeper(service).sweep()).toBe(1);
      expect(await t.db.manager.findOneByOrFail(Booking, { id: idle.id })).toMatchObject({ status: 'expired' });
      expect(await spotsLeft('arizona-monsoon-lightning')).toBe(12);
      expect(await t.db.manager.findOneByOrFail(Booking, { id: paying.id })).toMatchObject({ status: 'held' });
      now = new Date('2026-03-01T10:36:00.000Z');
      expect(await sweeper(service).sweep()).toBe(1);
      expect(await spotsLeft('nyc-portrait-posing')).toBe(12);
    });

    it('a sweeper started after downtime releases what lapsed meanwhile at once, not a period later', async () => {
      const service = new BookingService(t.db, clock, { holdMinutes: 30 });
      now = new Date('2026-03-20T10:00:00.000Z');
      await sweeper(service).sweep(); // holds left by the tests above
      const held = await service.createOrThrow(aBookingInput({ workshopId: 'arizona-monsoon-lightning', numParticipants: 1, paymentOption: PaymentOption.full }));
      now = new Date('2026-03-23T10:00:00.000Z'); // three days without any instance running
      const started = new HoldSweeper({ bookings: service, payments: { expireSessionOf: async () => undefined } }, createLogger('silent'), 3_600_000);
      started.start();
      await started.stop(); // waits for the sweep start() began
      expect(await t.db.manager.findOneByOrFail(Booking, { id: held.id })).toMatchObject({ status: 'expired' });
    });

    it('without a provider, a reservation lasts 7 days unless the admin records a payment', async () => {
      const service = new BookingService(t.db, clock, { holdMinutes: null, reservationMinutes: OFFLINE_RESERVATION_MINUTES });
      now = new Date('2026-04-01T10:00:00.000Z');
      await sweeper(service).sweep(); // holds left by the tests above
      const unpaid = await service.createOrThrow(aBookingInput({ workshopId: 'arizona-monsoon-lightning', numParticipants: 3 }));
      const paid = await service.createOrThrow(aBookingInput({ workshopId: 'canyonlands-arches-backcountry', numParticipants: 2 }));
      expect(unpaid.holdExpiresAt?.toISOString()).toBe('2026-04-08T10:00:00.000Z');
      await service.recordPaymentOrThrow(paid.id, 100_00);
      now = new Date('2026-04-08T09:59:59.000Z');
      expect(await sweeper(service).sweep()).toBe(0);
      now = new Date('2026-04-08T10:00:00.000Z');
      expect(await sweeper(service).sweep()).toBe(1);
      expect(await t.db.manager.findOneByOrFail(Booking, { id: unpaid.id })).toMatchObject({ status: 'expired' });
      expect(await t.db.manager.findOneByOrFail(Booking, { id: paid.id })).toMatchObject({ status: 'confirmed' });
      expect(await spotsLeft('canyonlands-arches-backcountry')).toBe(10);
    });
  });

  describe('refusals answered from the in-memory catalog', () => {
    let catalog: WorkshopService['catalog'];
    beforeAll(() => {
      catalog = new WorkshopService(t.db).catalog;
    });
    const service = () => new BookingService(t.db, clock, { holdMinutes: 30, catalog });

    it('refuses a full workshop without a write transaction, and books again once a hold lapsed', async () => {
      const transactions = jest.spyOn(t.db, 'transaction');
      try {
        await service().createOrThrow(aBookingInput({ workshopId: 'great-plains-supercells', numParticipants: 11 }));
        expect(transactions).toHaveBeenCalledTimes(1);
        await expect(service().createOrThrow(aBookingInput({ workshopId: 'great-plains-supercells', numParticipants: 2 }))).rejects.toMatchObject({
          code: 'SOLD_OUT',
          message: 'Only 1 spot is left for this workshop; you asked for 2',
        });
        expect(transactions).toHaveBeenCalledTimes(1);
        // The one spot left is still bookable (the catalog saw the claim above).
        await service().createOrThrow(aBookingInput({ workshopId: 'great-plains-supercells', numParticipants: 1 }));
        await expect(service().createOrThrow(aBookingInput({ workshopId: 'great-plains-supercells', numParticipants: 1 }))).rejects.toMatchObject({
          code: 'SOLD_OUT',
          message: 'This workshop is sold out',
        });
        expect(transactions).toHaveBeenCalledTimes(2);

        // Both holds lapse: the catalog still counts them, the booking frees them and gets its spots.
        now = new Date('2026-03-01T10:30:00.000Z');
        const b = await service().createOrThrow(aBookingInput({ workshopId: 'great-plains-supercells', numParticipants: 5 }));
        expect(b.status).toBe('held');
        expect(await spotsLeft('great-plains-supercells')).toBe(7);
      } finally {
        transactions.mockRestore();
      }
    });

    it('answers NOT_FOUND for a workshop the catalog does not hold', async () => {
      await expect(service().createOrThrow(aBookingInput({ workshopId: 'no-such-workshop' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
