import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { addDays, localDate, POLICY } from '../shared/policy';
import { BookingStatus, PaymentStatus } from '../shared/booking-status';
import { decodeCursorOrThrow, readPage, type KeysetOrder } from '../infrastructure/db/keyset';
import type { Database } from '../infrastructure/db/data-source';
import { hydrateInPlace, readRawBatches, rowHydrator } from '../infrastructure/db/raw-batches';
import { PageArgs, pageSizeOrThrow, STREAM_BATCH } from '../infrastructure/paging';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, InstallmentState } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';

@ArgsType()
export class OverdueArgs extends PageArgs {}

@ObjectType({ description: 'One page of the bookings whose balance or an installment is past due, oldest booking first.' })
export class OverduePage {
  @Field(() => [Booking])
  items: Booking[];

  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' })
  nextCursor: string | null;

  @Field({ description: 'Whether more overdue bookings follow this page.' })
  hasMore: boolean;

  @Field(() => Int, { description: 'Overdue bookings in all.' })
  totalCount: number;
}

/** Oldest booking first (docs/decisions/075). */
const ORDER: KeysetOrder = { alias: 'b', time: 'createdAt', id: 'id', direction: 'ASC' };

/**
 * The admin's overdue list, in SQL (docs/decisions/075): confirmed bookings
 * with a balance left whose payment plan has an installment that failed or is
 * past due (today in UTC, as the installments are dated), or whose balance was
 * due (shared/policy balanceDueDate: the first day minus balanceDueDaysBefore)
 * before today in the workshop's own time zone. The time zones are the few the
 * workshops use: each gets its own "first day before" bound.
 */
async function overdueQuery(m: EntityManager, now: Date): Promise<SelectQueryBuilder<Booking>> {
  const zones = (await m.createQueryBuilder(Workshop, 'w').select('DISTINCT w.timeZone', 'timeZone').getRawMany<{ timeZone: string | null }>()).map((r) => r.timeZone);
  const q = m
    .createQueryBuilder(Booking, 'b')
    .innerJoin('b.workshop', 'w')
    .where('b.status = :confirmed', { confirmed: BookingStatus.confirmed })
    // A live booking owes money exactly when its payment status (derived from the ledger) is not paid:
    // said so, the count reads idx_bookings_payment_created instead of every confirmed booking.
    .andWhere('b.paymentStatus IN (:...owing)', { owing: [PaymentStatus.pending, PaymentStatus.deposit_paid, PaymentStatus.partially_paid] })
    // balanceCentsOf for a live booking: what it owes minus what was received and kept.
    .andWhere('b.totalCents + b.feeCents - (b.amountPaidCents - b.amountRefundedCents) > 0');
  const lateInstallment = m
    .createQueryBuilder(BookingInstallment, 'i')
    .select('1')
    .where('i.bookingId = b.id')
    // Said again inside, the booking's payment option makes the subquery correlated beyond the id:
    // MariaDB then runs it per booking on idx_booking_installments_booking_state instead of turning
    // it into an IN list it materialises (every late installment) on every batch.
    .andWhere('b.paymentOption = :plan')
    .andWhere('(i.state = :failed OR (i.state = :scheduled AND i.dueDate < :today))')
    .getQuery();
  // The balance is past due when today (in the workshop's zone) is after balanceDueDate(startDate), i.e. startDate < today + days.
  const balanceDue = zones.map((_, i) => `(w.timeZone ${zones[i] === null ? 'IS NULL' : `= :zone${i}`} AND w.startDate < :firstDayBefore${i})`);
  const parameters: Record<string, unknown> = { failed: InstallmentState.failed, scheduled: InstallmentState.scheduled, today: localDate(now), plan: 'payment_plan' };
  zones.forEach((zone, i) => {
    parameters[`zone${i}`] = zone;
    parameters[`firstDayBefore${i}`] = addDays(localDate(now, zone), POLICY.balanceDueDaysBefore);
  });
  const byBalance = balanceDue.length ? `(b.paymentOption <> :plan AND (${balanceDue.join(' OR ')}))` : '1 = 0';
  return q.andWhere(`((b.paymentOption = :plan AND EXISTS (${lateInstallment})) OR ${byBalance})`, parameters);
}

/**
 * The query read in its order (oldest first, after a cursor): on MySQL/MariaDB from
 * idx_bookings_status_created (status = confirmed, then created_at, id: the list's order), so a
 * batch reads the bookings after the cursor until it has its rows and stops, without sorting.
 * Left to itself MariaDB read every workshop and every confirmed booking (by
 * idx_bookings_workshop_status), sorted them in a temporary table and kept the first rows, on
 * every batch. SQLite ignores the hint (TypeORM writes it for MySQL drivers only).
 */
function inOrder(q: SelectQueryBuilder<Booking>): SelectQueryBuilder<Booking> {
  return q.useIndex('idx_bookings_status_created');
}

/** A page of the overdue list, with its size. */
export async function overduePage(m: EntityManager, now: Date, args: Partial<OverdueArgs> = {}): Promise<OverduePage> {
  const limit = pageSizeOrThrow(args.limit);
  const cursor = args.cursor ? decodeCursorOrThrow(args.cursor) : null;
  const [page, totalCount] = await Promise.all([
    overdueQuery(m, now).then((q) => readPage(inOrder(q), ORDER, cursor, limit)),
    overdueQuery(m, now).then((q) => q.getCount()),
  ]);
  return { items: page.rows, nextCursor: page.nextCursor, hasMore: page.hasMore, totalCount };
}

/**
 * The whole overdue list, oldest booking first, in batches (the REST answer streams it): raw
 * rows read past the ORM and made into bookings holding their columns (docs/decisions/082).
 * Each batch reads on from the last one's booking (inOrder), with nothing fixed per query, so
 * batches are the exports' usual size (docs/decisions/106).
 */
export async function* overdueBatches(db: Database, now: Date): AsyncGenerator<Booking[]> {
  const q = await overdueQuery(db.manager, now);
  const hydrate = rowHydrator(db, Booking, ORDER.alias);
  for await (const rows of readRawBatches(db, () => inOrder(q.clone()), ORDER, null, STREAM_BATCH)) yield hydrateInPlace(rows, hydrate);
}

/** The whole overdue list (the deprecated adminOverdueBookings field). */
export async function overdueBookings(db: Database, now: Date): Promise<Booking[]> {
  const all: Booking[] = [];
  for await (const batch of overdueBatches(db, now)) all.push(...batch);
  return all;
}
