import { createTestDb, DB_KINDS, type TestDb } from '../../test/db';
import { aBookingInput } from '../../test/builders';
import { BookingService } from '../../booking/booking.service';
import { Booking } from '../../booking/booking.entity';
import { PaymentOption, RoomType } from '../../booking/booking.types';

/** A booking inserted with bound values (decision 107) is stored as TypeORM's own insert stored it. */
describe.each(DB_KINDS)('insertBound on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(() => t?.drop());

  it('stores the same values (and on SQLite the same types) as the query builder, read back equal', async () => {
    const now = new Date('2026-03-01T10:00:00.123Z');
    const service = new BookingService(t.db, () => now, { holdMinutes: 30 });
    const made = await service.createOrThrow(
      aBookingInput({ workshopId: 'alaska-bears-glaciers', numParticipants: 2, numSpouses: 1, roomType: RoomType.private, paymentOption: PaymentOption.deposit, recoveryConsent: true, specialRequests: 'Window seat' }),
    );
    const stored = await t.db.manager.findOneByOrFail(Booking, { id: made.id });
    for (const key of Object.keys(made) as Array<keyof Booking>) expect([key, stored[key]]).toEqual([key, made[key]]);
    expect(stored.createdAt.toISOString()).toBe('2026-03-01T10:00:00.123Z');
    expect(stored.holdExpiresAt?.toISOString()).toBe('2026-03-01T10:30:00.123Z');
    expect(stored.recoveryConsent).toBe(true);
    expect(stored.checkoutSessionId).toBeNull();
    if (kind !== 'sqlite') return;
    const [types] = (await t.db.manager.query(
      'SELECT typeof(total_cents) AS total, typeof(num_participants) AS spots, typeof(created_at) AS created, created_at, typeof(recovery_consent) AS consent, recovery_consent, typeof(checkout_session_id) AS session FROM bookings WHERE id = ?',
      [made.id],
    )) as Array<Record<string, unknown>>;
    expect(types).toEqual({ total: 'integer', spots: 'integer', created: 'text', created_at: '2026-03-01 10:00:00.123', consent: 'integer', recovery_consent: 1, session: 'null' });
  });
});
