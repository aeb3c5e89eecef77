import type { SelectQueryBuilder } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { decodeCursorOrThrow, readPage, type Cursor, type KeysetOrder } from '../infrastructure/db/keyset';
import { hydrateInPlace, readRawBatches, rowHydrator, storedTimeToIso, type RawRow } from '../infrastructure/db/raw-batches';
import { Workshop } from '../workshop/workshop.entity';
import { whereTextMatches, type SearchIndex } from '../infrastructure/db/text-search';
import { Booking } from '../booking/booking.entity';
import { normalizeBookingReference } from '../booking/booking-reference';
import { CommunityMessage } from '../community/community-message.entity';
import { pageSizeOrThrow, STREAM_BATCH, type FilterCount } from '../infrastructure/paging';
import { BookingSortField, SortDirection, type AdminBookingFilters, type AdminBookingSort, type AdminBookingsArgs, type AdminMessageFilters, type AdminMessagesArgs } from './admin-lists.input';
import type { AdminBookingPage, AdminCounts, AdminMessagePage } from './admin-lists.objects';

const MESSAGE_ORDER: KeysetOrder = { alias: 'm', time: 'createdAt', id: 'id', direction: 'DESC', index: 'idx_messages_created' };

/**
 * The column of each sort of the bookings, each on an index of (column, id)
 * (migration AdminSortIndexes, docs/decisions/079): a sorted page is an index
 * range like the newest-first one, and its cursor holds the column's value.
 */
const BOOKING_SORT_COLUMNS: Record<BookingSortField, Pick<KeysetOrder, 'time' | 'kind' | 'index'>> = {
  created: { time: 'createdAt', index: 'idx_bookings_created' },
  name: { time: 'customerName', kind: 'text', index: 'idx_bookings_name_id' },
  workshop: { time: 'workshopName', kind: 'text', index: 'idx_bookings_workshop_name_id' },
  spots: { time: 'numParticipants', kind: 'int', index: 'idx_bookings_spots_id' },
  paid: { time: 'amountPaidCents', kind: 'int', index: 'idx_bookings_paid_id' },
  status: { time: 'paymentStatus', kind: 'text', index: 'idx_bookings_payment_id' },
};

/** The keyset order of a sort of the bookings (default: newest first, on idx_bookings_created and its per-filter siblings, docs/decisions/075). */
export function bookingOrder(sortBy: BookingSortField | null | undefined, direction: SortDirection | null | undefined): KeysetOrder {
  const field = sortBy ?? BookingSortField.created;
  const dir = direction === SortDirection.asc ? 'ASC' : 'DESC';
  return { alias: 'b', id: 'id', direction: dir, ...BOOKING_SORT_COLUMNS[field], name: `${field}-${dir}` };
}

/**
 * The admin's booking search through its full-text index (migration
 * AdminPagingAndSearch): what the Bookings tab's search box says it looks in.
 */
export const BOOKING_SEARCH: SearchIndex = {
  columns: ['id', 'customerName', 'customerEmail', 'customerPhone', 'workshopName', 'emergencyContactName', 'cameraBody'],
  fts5Table: 'bookings_search',
  fts5Key: 'id',
  entityKey: 'id',
};

/**
 * The columns of a booking that the admin's export writes (adminBookingRowJson), and the sort
 * columns (all among them): the streamed export reads only these (decision 110).
 */
export const BOOKING_EXPORT_COLUMNS = [
  'id', 'reference', 'workshopId', 'workshopName', 'customerName', 'customerEmail', 'customerPhone', 'numParticipants', 'roomType', 'numSpouses',
  'paymentOption', 'installments', 'specialRequests', 'age', 'experienceLevel', 'cameraBody', 'lenses', 'otherEquipment', 'healthConcerns',
  'dietaryRestrictions', 'tripGoals', 'emergencyContactName', 'emergencyContactPhone', 'emergencyContactEmail', 'totalCents', 'promoCode', 'discountCents',
  'dueNowCents', 'amountPaidCents', 'amountRefundedCents', 'feeCents', 'paymentStatus', 'status', 'holdExpiresAt', 'createdAt',
] as const satisfies ReadonlyArray<keyof Booking>;

/** Raw rows of a whole-list export, and how its datetime columns' raw values become ISO 8601 text. */
export interface RawExport {
  batches: AsyncGenerator<RawRow[]>;
  /** A datetime column's raw value as the entity's `toISOString()` (null for null). */
  iso: (value: unknown) => string | null;
}

const cursorOf = (cursor: string | null | undefined, order?: KeysetOrder): Cursor | null => (cursor ? decodeCursorOrThrow(cursor, 'cursor', order) : null);

/**
 * The admin dashboard's lists (bookings and community messages), read a page
 * at a time on an index that matches their order, filtered and counted in SQL
 * (docs/decisions/075). Callers have passed the admin guard.
 */
export class AdminListsService {
  constructor(private readonly db: Database) {}

  /** The sizes of the lists, for the tab labels: two COUNTs, no rows. */
  async counts(): Promise<AdminCounts> {
    const [bookings, messages] = await Promise.all([this.db.manager.count(Booking), this.db.manager.count(CommunityMessage)]);
    return { bookings, messages };
  }

  /** A page of the bookings matching every filter, in the sort asked for (newest first by default), with all participant details. */
  async bookingPageOrThrow(args: Partial<AdminBookingsArgs> = {}): Promise<AdminBookingPage> {
    const { limit, cursor, sortBy, direction, ...filters } = args;
    const order = bookingOrder(sortBy, direction);
    const page = await readPage(this.bookings(filters), order, cursorOf(cursor, order), pageSizeOrThrow(limit));
    return { items: page.rows, nextCursor: page.nextCursor, hasMore: page.hasMore, filters };
  }

  /**
   * Every booking matching the filters (after `cursor`), in the sort asked for (newest first by
   * default), in batches: for a list streamed whole. Read as raw rows past the ORM on the
   * sort's index and made into bookings holding their columns (docs/decisions/082).
   */
  async *bookingBatchesOrThrow(args: AdminBookingFilters & AdminBookingSort = {}, cursor: string | null = null): AsyncGenerator<Booking[]> {
    const { sortBy, direction, ...filters } = args;
    const order = bookingOrder(sortBy, direction);
    const from = cursorOf(cursor, order);
    const hydrate = rowHydrator(this.db, Booking, order.alias);
    for await (const rows of readRawBatches(this.db, () => this.bookings(filters), order, from, STREAM_BATCH)) yield hydrateInPlace(rows, hydrate);
  }

  /**
   * The rows of bookingBatchesOrThrow as the driver gives them, with only BOOKING_EXPORT_COLUMNS
   * (`b_<column>`), datetimes as their stored text on both engines: for the REST export, which
   * writes each row's JSON straight from it (adminBookingRowJson, decision 110).
   */
  bookingRowsOrThrow(args: AdminBookingFilters & AdminBookingSort = {}, cursor: string | null = null): RawExport {
    const { sortBy, direction, ...filters } = args;
    const order = bookingOrder(sortBy, direction);
    const from = cursorOf(cursor, order);
    const build = () => this.bookings(filters).select(BOOKING_EXPORT_COLUMNS.map((c) => `b.${c}`));
    return { batches: readRawBatches(this.db, build, order, from, STREAM_BATCH, { dateStrings: true }), iso: storedTimeToIso(this.db, Booking, 'createdAt') };
  }

  /** How many bookings match the filters. */
  countBookings(filters: AdminBookingFilters): Promise<number> {
    return this.bookings(filters).getCount();
  }

  /**
   * How many bookings have each value of `field` among those matching the
   * other filters (the field's own filter left out, so every choice shows its count).
   */
  bookingCountsBy(filters: AdminBookingFilters, field: 'paymentStatus' | 'status' | 'workshopId'): Promise<FilterCount[]> {
    return countsBy(this.bookings({ ...filters, [field]: null }), `b.${field}`);
  }

  /** A page of the messages of every board matching the filters, newest (or oldest) first, with their workshop's name. */
  async messagePageOrThrow(args: Partial<AdminMessagesArgs> = {}): Promise<AdminMessagePage> {
    const { limit, cursor, direction, ...filters } = args;
    const order: KeysetOrder = { ...MESSAGE_ORDER, direction: direction === SortDirection.asc ? 'ASC' : 'DESC' };
    const page = await readPage(this.messages(filters), order, cursorOf(cursor), pageSizeOrThrow(limit));
    return { items: page.rows, nextCursor: page.nextCursor, hasMore: page.hasMore, filters };
  }

  /** Every message matching the filters (after `cursor`), newest (or oldest) first, in batches, with its workshop's name: raw rows as for the bookings. */
  async *messageBatchesOrThrow(args: AdminMessageFilters & Pick<AdminMessagesArgs, 'direction'> = {}, cursor: string | null = null): AsyncGenerator<CommunityMessage[]> {
    const { direction, ...filters } = args;
    const order: KeysetOrder = { ...MESSAGE_ORDER, direction: direction === SortDirection.asc ? 'ASC' : 'DESC' };
    const hydrate = rowHydrator(this.db, CommunityMessage, order.alias);
    const withWorkshop = (row: RawRow): CommunityMessage => {
      const message = hydrate(row);
      // As getMany() joins it: the workshop's id and name only (none when the run is unknown).
      if (row.w_name !== null && row.w_name !== undefined) message.workshop = Object.assign(new Workshop(), { id: message.workshopId, name: row.w_name as string });
      return message;
    };
    for await (const rows of readRawBatches(this.db, () => this.messagesWithWorkshopName(filters), order, cursorOf(cursor), STREAM_BATCH)) yield hydrateInPlace(rows, withWorkshop);
  }

  /**
   * The rows of messageBatchesOrThrow as the driver gives them (`m_<column>`, the workshop's name
   * as `w_name`), datetimes as their stored text on both engines: for the REST export
   * (adminMessageRowJson, decision 110).
   */
  messageRowsOrThrow(args: AdminMessageFilters & Pick<AdminMessagesArgs, 'direction'> = {}, cursor: string | null = null): RawExport {
    const { direction, ...filters } = args;
    const order: KeysetOrder = { ...MESSAGE_ORDER, direction: direction === SortDirection.asc ? 'ASC' : 'DESC' };
    const from = cursorOf(cursor);
    const build = () => this.messagesWithWorkshopName(filters);
    return { batches: readRawBatches(this.db, build, order, from, STREAM_BATCH, { dateStrings: true }), iso: storedTimeToIso(this.db, CommunityMessage, 'createdAt') };
  }

  countMessages(filters: AdminMessageFilters): Promise<number> {
    return this.messages(filters, false).getCount();
  }

  /** Messages per topic among those matching the other filters. */
  messageCountsByTopic(filters: AdminMessageFilters): Promise<FilterCount[]> {
    return countsBy(this.messages({ ...filters, topic: null }, false), 'm.topic');
  }

  /** Messages per workshop run among those matching the other filters. */
  messageCountsByWorkshop(filters: AdminMessageFilters): Promise<FilterCount[]> {
    return countsBy(this.messages({ ...filters, workshopId: null }, false), 'm.workshopId');
  }

  /** Every booking, newest first (the deprecated adminBookings field: prefer a page). */
  async allBookings(): Promise<Booking[]> {
    const all: Booking[] = [];
    for await (const batch of this.bookingBatchesOrThrow()) all.push(...batch);
    return all;
  }

  /** Every message, newest first (the deprecated adminMessages field: prefer a page). */
  async allMessages(): Promise<CommunityMessage[]> {
    const all: CommunityMessage[] = [];
    for await (const batch of this.messageBatchesOrThrow()) all.push(...batch);
    return all;
  }

  private bookings(f: AdminBookingFilters): SelectQueryBuilder<Booking> {
    const q = this.db.manager.createQueryBuilder(Booking, 'b');
    if (f.workshopId) q.andWhere('b.workshopId = :workshopId', { workshopId: f.workshopId });
    if (f.status) q.andWhere('b.status = :status', { status: f.status });
    if (f.paymentStatus) q.andWhere('b.paymentStatus = :paymentStatus', { paymentStatus: f.paymentStatus });
    if (f.from) q.andWhere('b.createdAt >= :from', { from: f.from });
    if (f.to) q.andWhere('b.createdAt < :to', { to: f.to });
    if (f.text) {
      // "WL-7KQ2M" as a customer quotes it finds that booking on its unique index (issue 24).
      const reference = /^\s*wl[\s-]?/i.test(f.text) ? normalizeBookingReference(f.text) : null;
      if (reference) q.andWhere('b.reference = :reference', { reference });
      else whereTextMatches(q, this.db.kind, 'b', BOOKING_SEARCH, f.text);
    }
    return q;
  }

  /**
   * The messages matching `f` for a whole list, each with its workshop's name as `w_name`, by a
   * subquery rather than a join: joined, MariaDB reads the whole table and sorts it before sending
   * a row (the FORCE INDEX is not taken for the join: ANALYZE 245 against 107 ms at 100 seasons,
   * decision 110). Null when the row has no workshop, as the join's w_name.
   */
  private messagesWithWorkshopName(f: AdminMessageFilters): SelectQueryBuilder<CommunityMessage> {
    return this.messages(f, false).addSelect('(SELECT w.name FROM workshops w WHERE w.id = m.workshop_id)', 'w_name');
  }

  /** The messages matching `f`; `withWorkshop`: with the workshop's id and name (for workshop_name), never its long texts. */
  private messages(f: AdminMessageFilters, withWorkshop = true): SelectQueryBuilder<CommunityMessage> {
    const q = this.db.manager.createQueryBuilder(CommunityMessage, 'm');
    if (withWorkshop) q.leftJoin('m.workshop', 'w').addSelect(['w.id', 'w.name']);
    if (f.workshopId) q.andWhere('m.workshopId = :workshopId', { workshopId: f.workshopId });
    if (f.topic) q.andWhere('m.topic = :topic', { topic: f.topic });
    if (f.from) q.andWhere('m.createdAt >= :from', { from: f.from });
    if (f.to) q.andWhere('m.createdAt < :to', { to: f.to });
    return q;
  }
}

/** COUNT(*) per value of `column`, most frequent first (ties by value). */
async function countsBy<T extends object>(q: SelectQueryBuilder<T>, column: string): Promise<FilterCount[]> {
  const rows = await q.select(column, 'value').addSelect('COUNT(*)', 'count').groupBy(column).getRawMany<{ value: string; count: number | string }>();
  return rows.map((r) => ({ value: String(r.value), count: Number(r.count) })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}
