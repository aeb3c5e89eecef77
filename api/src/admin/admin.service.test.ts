import { AdminService } from './admin.service';
import { AdminListsService } from './admin-lists.service';
import { AuditLog } from '../audit/audit-log.service';
import { BookingStatus } from '../booking/booking.types';
import { Workshop } from '../workshop/workshop.entity';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { insertBooking, insertMessage } from '../test/rows';

const NOW = new Date('2026-02-01T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe.each(DB_KINDS)('AdminService on %s', (kind) => {
  let t: TestDb;
  let admin: AdminService;
  let lists: AdminListsService;
  beforeAll(async () => {
    t = await createTestDb(kind);
    admin = new AdminService(t.db, () => NOW, new AuditLog(t.db, () => NOW));
    lists = new AdminListsService(t.db);
  });
  afterAll(() => t?.drop());

  it('stats: totals and per-workshop sales match the bookings and messages inserted', async () => {
    const before = await admin.stats();
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

    const stats = await admin.stats();
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
    const w = (await admin.stats()).workshops.find((x) => x.id === teton)!;
    expect(w).toMatchObject({ spotsSold: 5, reachedMinimum: false });
  });

  it('lists bookings and messages newest first, messages with their workshop', async () => {
    const older = await insertBooking(t.db, { customerName: 'Older', createdAt: new Date('2026-01-02T00:00:00.000Z') });
    const newer = await insertBooking(t.db, { customerName: 'Newer', createdAt: new Date('2027-01-02T00:00:00.000Z') });
    const bookings = await lists.allBookings();
    expect(bookings[0].id).toBe(newer.id);
    expect(bookings[bookings.length - 1].id).toBe(older.id);
    const created = bookings.map((b) => b.createdAt.getTime());
    expect([...created].sort((a, b) => b - a)).toEqual(created);

    await insertMessage(t.db, { workshopId: 'everglades-wading-birds', message: 'newest', createdAt: new Date('2027-03-01T00:00:00.000Z') });
    const messages = await lists.allMessages();
    expect(messages[0]).toMatchObject({ message: 'newest', workshop: { name: expect.stringContaining('Everglades') } });
  });

  it('deletes a message; an unknown one is NOT_FOUND', async () => {
    const m = await insertMessage(t.db);
    await admin.deleteMessageOrThrow(m.id);
    expect((await lists.allMessages()).some((x) => x.id === m.id)).toBe(false);
    await expect(admin.deleteMessageOrThrow(m.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
  });

  it('updates a workshop photo without touching its spots; an unknown workshop is NOT_FOUND', async () => {
    const before = await t.db.manager.findOneByOrFail(Workshop, { id: 'olympic-coast-rainforest' });
    const updated = await admin.updateWorkshopPhotoOrThrow('olympic-coast-rainforest', 'https://images.example.com/olympic.jpg');
    expect(updated).toMatchObject({ imageUrl: 'https://images.example.com/olympic.jpg', spotsClaimed: before.spotsClaimed });
    expect(updated.updatedAt.toISOString()).toBe(NOW.toISOString());
    await expect(admin.updateWorkshopPhotoOrThrow('nope', '/x.jpg')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Workshop not found' });
  });
});
