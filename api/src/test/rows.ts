import crypto from 'node:crypto';
import { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { Booking } from '../booking/booking.entity';
import { BookingStatus, ExperienceLevel, PaymentOption, PaymentStatus, RoomType } from '../booking/booking.types';
import { CommunityMessage } from '../community/community-message.entity';
import { MessageTopic } from '../community/community.types';
import { CheckoutSessionRecord } from '../payment/checkout-session.entity';
import type { CheckoutSession } from '../payment/payment-provider';
import { newBookingReference } from '../booking/booking-reference';

/** Overrides of a row; enum columns also take their plain strings, as a test writes them. */
export type BookingOverrides = Omit<Partial<Booking>, 'paymentStatus' | 'status'> & {
  paymentStatus?: PaymentStatus | `${PaymentStatus}`;
  status?: BookingStatus | `${BookingStatus}`;
};

/**
 * Rows written straight through the entities, for tests of code that reads
 * bookings or messages (participants panel, admin views) without going through
 * the booking and community flows. Every column gets a realistic value; pass
 * what the test is about. Takes the Database, or the EntityManager of a
 * transaction.
 */
export async function insertBooking(target: Database | EntityManager, overrides: BookingOverrides = {}): Promise<Booking> {
  const manager = target instanceof EntityManager ? target : target.manager;
  const createdAt = overrides.createdAt ?? new Date();
  const row = manager.create(Booking, {
    id: crypto.randomUUID(),
    reference: newBookingReference(),
    workshopId: 'zion-canyon-light',
    workshopName: 'Zion Canyon Light & Slot Canyons',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    customerPhone: '+1 555 0100',
    numParticipants: 1,
    roomType: RoomType.shared,
    numSpouses: 0,
    paymentOption: PaymentOption.deposit,
    installments: null,
    specialRequests: null,
    age: 36,
    experienceLevel: ExperienceLevel.intermediate,
    cameraBody: 'Nikon Z6',
    lenses: '24-70mm f/4',
    otherEquipment: null,
    healthConcerns: null,
    dietaryRestrictions: null,
    tripGoals: 'Better light',
    emergencyContactName: 'Charles Babbage',
    emergencyContactPhone: '+1 555 0101',
    emergencyContactEmail: 'charles@example.com',
    holdExpiresAt: null,
    checkoutSessionId: null,
    totalCents: 289_500,
    dueNowCents: 86_850,
    amountPaidCents: 86_850,
    ...overrides,
    status: (overrides.status ?? BookingStatus.confirmed) as BookingStatus,
    paymentStatus: (overrides.paymentStatus ?? PaymentStatus.deposit_paid) as PaymentStatus,
    createdAt,
    updatedAt: overrides.updatedAt ?? createdAt,
  });
  await manager.insert(Booking, row);
  return row;
}

export async function insertMessage(db: Database, overrides: Partial<CommunityMessage> = {}): Promise<CommunityMessage> {
  const row = db.manager.create(CommunityMessage, {
    id: crypto.randomUUID(),
    workshopId: 'zion-canyon-light',
    authorName: 'Grace Hopper',
    authorEmail: 'grace@example.com',
    message: 'Anyone driving from Las Vegas?',
    topic: MessageTopic.ride_sharing,
    createdAt: new Date(),
    ...overrides,
  });
  return db.manager.save(row);
}

/**
 * What PaymentService writes when it creates a booking's Checkout Session (the
 * session on the booking, and our record of what it asks for), for tests that
 * pay or expire bookings without a provider. Returns that session, paid.
 */
export async function startedCheckout(
  target: Database | EntityManager,
  booking: Pick<Booking, 'id' | 'dueNowCents'>,
  sessionId: string,
  amountCents = booking.dueNowCents,
): Promise<CheckoutSession> {
  const manager = target instanceof EntityManager ? target : target.manager;
  const now = new Date();
  await manager.createQueryBuilder().insert().into(CheckoutSessionRecord).values({ id: sessionId, bookingId: booking.id, amountCents, currency: 'usd', createdAt: now }).orIgnore().execute();
  await manager.update(Booking, { id: booking.id }, { checkoutSessionId: sessionId });
  return { id: sessionId, url: null, status: 'complete', paymentStatus: 'paid', amountTotal: amountCents, currency: 'usd', expiresAt: now, bookingId: booking.id, paymentIntentId: null, customerId: null, metadata: { booking_id: booking.id } };
}

/**
 * Copy one row of `table` in SQL, as another process or an older schema would write it (no
 * entity, no subscriber event): every column the table has now, `set` (column → value) replacing
 * some. Returns the table's columns.
 */
export async function copyRowInSql(db: Database, table: string, sourceId: string, set: Record<string, string | number>): Promise<string[]> {
  const ds = db.dataSource;
  const sqlite = db.kind === 'sqlite';
  const columns = sqlite
    ? ((await ds.query(`SELECT name FROM pragma_table_info('${table}')`)) as Array<{ name: string }>).map((r) => r.name)
    : ((await ds.query('SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION', [table])) as Array<{ name: string }>).map(
        (r) => r.name,
      );
  const q = (c: string) => (sqlite ? `"${c}"` : `\`${c}\``);
  const values = columns.map((c) => (c in set ? '?' : q(c)));
  await ds.query(`INSERT INTO ${table} (${columns.map(q).join(', ')}) SELECT ${values.join(', ')} FROM ${table} WHERE id = ?`, [...columns.filter((c) => c in set).map((c) => set[c]), sourceId]);
  return columns;
}
