import { AdminService } from './admin.service';
import { AdminListsService } from './admin-lists.service';
import { AuditLog } from '../audit/audit-log.service';
import { Workshop } from '../workshop/workshop.entity';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { insertBooking, insertMessage } from '../test/rows';

const NOW = new Date('2026-02-01T12:00:00.000Z');

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
