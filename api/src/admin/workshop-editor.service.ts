import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { isDuplicateKey } from '../infrastructure/db-errors';
import { AppError, ErrorCode, type FieldError } from '../infrastructure/errors';
import { clean } from '../infrastructure/text';
import { addDays, daysBetween, daysUntilStart, hasStarted } from '../shared/dates';
import { dollarsToCents } from '../shared/money';
import { freeRunId, nextRunBase, nextRunDates } from '../shared/next-run';
import { Workshop } from '../workshop/workshop.entity';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import type { BookingEvents } from '../booking/booking-events';
import type { AdminWorkshopsArgs, CreateWorkshopInput, ScheduleWorkshopAgainInput, UpdateWorkshopInput, WorkshopFieldsInput } from './workshop-editor.input';

/** Longest run a workshop may have, in days (the longest of the spec's is 8). */
export const MAX_WORKSHOP_DAYS = 30;

/** The columns the editor writes (never spotsClaimed: only the booking lifecycle changes it). */
type EditableColumns = Pick<
  Workshop,
  | 'name'
  | 'description'
  | 'location'
  | 'state'
  | 'startDate'
  | 'endDate'
  | 'timeZone'
  | 'durationDays'
  | 'priceCents'
  | 'privateRoomSupplementCents'
  | 'capacity'
  | 'minimumParticipants'
  | 'difficultyLevel'
  | 'workshopType'
  | 'imageUrl'
  | 'highlights'
  | 'itinerary'
  | 'decisionDate'
>;

/**
 * The admin's calendar: create, edit, schedule again and archive workshops
 * (docs/decisions/059). Callers have passed the admin guard. Writes go through
 * TypeORM, so the catalog (and every answer cached with it) hears them.
 *
 * - Capacity is changed by one conditional UPDATE (`WHERE spots_claimed <= capacity`),
 *   so it can never drop below the spots taken, even against a booking in flight.
 * - Prices are read by new bookings only: a booking stores its own totals, so an
 *   edit never changes what anyone already booked.
 * - New dates must be in the future (in the workshop's time zone).
 */
export class WorkshopEditor {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Every change is one audit row, in its transaction (docs/decisions/060). */
    private readonly audit: AuditLog | null = null,
    /**
     * Capacity raised: spotsReleased, so the spots that came free go to the waiting list first (docs/decisions/061, 071).
     * A run created or scheduled again: workshopScheduled; its dates moved: workshopDatesChanged (know before you go, docs/decisions/087).
     */
    private readonly events: BookingEvents | null = null,
  ) {}

  /**
   * One page of every workshop, archived ones included, newest first (start date, then
   * id, descending: one index range, docs/decisions/076), straight from the database.
   * `cursor`: the nextCursor of the previous page ("startDate~id" of its last run).
   */
  async page({ limit, cursor }: Pick<AdminWorkshopsArgs, 'limit' | 'cursor'>): Promise<{ workshops: Workshop[]; nextCursor: string | null }> {
    const q = this.db.manager.createQueryBuilder(Workshop, 'w').orderBy('w.startDate', 'DESC').addOrderBy('w.id', 'DESC').take(limit + 1);
    if (cursor) {
      const [startDate, id] = cursor.split('~');
      q.where('(w.startDate < :startDate OR (w.startDate = :startDate AND w.id < :id))', { startDate, id });
    }
    const rows = await q.getMany();
    const workshops = rows.slice(0, limit);
    const last = workshops[workshops.length - 1];
    return { workshops, nextCursor: rows.length > limit && last ? `${last.startDate}~${last.id}` : null };
  }

  async createOrThrow(input: CreateWorkshopInput): Promise<Workshop> {
    const now = this.clock();
    const columns = this.columnsOrThrow(input, { newDates: true });
    return this.insertOrThrow(input.id, columns, now, 'created');
  }

  async updateOrThrow(input: UpdateWorkshopInput): Promise<Workshop> {
    return this.db.transaction(async (m) => {
      const existing = await m.findOneBy(Workshop, { id: input.id });
      if (!existing) throw AppError.notFound('Workshop');
      const newDates = existing.startDate !== input.startDate || existing.endDate !== input.endDate || existing.timeZone !== input.timeZone;
      const columns = this.columnsOrThrow(input, { newDates });
      const now = this.clock();
      // One conditional statement: a booking claiming spots at the same moment is either
      // counted here or finds the new capacity (docs/decisions/003).
      const result = await m
        .createQueryBuilder()
        .update(Workshop)
        .set({ ...columns, updatedAt: now })
        .where('id = :id AND spots_claimed <= :capacity', { id: existing.id, capacity: columns.capacity })
        .execute();
      if (!result.affected) {
        const taken = (await m.findOneBy(Workshop, { id: existing.id }))?.spotsClaimed ?? existing.spotsClaimed;
        throw AppError.invalid([{ field: 'capacity', message: `capacity cannot be below the ${taken} spots already taken` }], ErrorCode.CAPACITY_BELOW_CLAIMED);
      }
      if (columns.capacity > existing.capacity) await this.events?.publish('spotsReleased', { m, workshopId: existing.id, now });
      const after = (await m.findOneBy(Workshop, { id: existing.id }))!;
      if (newDates) await this.events?.publish('workshopDatesChanged', { m, before: existing, workshop: after, now });
      await this.audit?.record(m, {
        ...ADMIN_ACTOR,
        action: 'workshop.updated',
        workshopId: existing.id,
        ...changedFields(existing, after),
        detail: `${after.name} edited`,
      });
      return after;
    });
  }

  /**
   * What "Schedule again" proposes for `sourceId`: the run a year later under
   * the first id that is free (docs/decisions/079). The id is still checked
   * when the run is created (WORKSHOP_ID_TAKEN): another admin tab may take it meanwhile.
   */
  async proposeNextRunOrThrow(sourceId: string): Promise<{ id: string; startDate: string; endDate: string }> {
    const source = await this.db.manager.findOneBy(Workshop, { id: sourceId });
    if (!source) throw AppError.notFound('Workshop');
    const { startDate, endDate, year } = nextRunDates(source);
    const base = nextRunBase(source.id, year);
    // Ids are lower-case letters, digits and hyphens: no LIKE wildcard in them.
    const taken = await this.db.manager
      .createQueryBuilder(Workshop, 'w')
      .select('w.id', 'id')
      .where('w.id = :base OR w.id LIKE :prefix', { base, prefix: `${base}-%` })
      .getRawMany<{ id: string }>();
    return { id: freeRunId(source.id, year, new Set(taken.map((t) => t.id))), startDate, endDate };
  }

  /**
   * "Schedule again": a copy of `sourceId` on new dates under a new id, with
   * every spot free. The end date defaults to the same length as the source.
   */
  async scheduleAgainOrThrow(input: ScheduleWorkshopAgainInput): Promise<Workshop> {
    const source = await this.db.manager.findOneBy(Workshop, { id: input.sourceId });
    if (!source) throw AppError.notFound('Workshop');
    const endDate = input.endDate ?? addDays(input.startDate, source.durationDays - 1);
    const fields: WorkshopFieldsInput = {
      name: source.name,
      description: source.description,
      location: source.location,
      state: source.state,
      startDate: input.startDate,
      endDate,
      timeZone: source.timeZone,
      capacity: source.capacity,
      minimumParticipants: source.minimumParticipants,
      price: source.priceCents / 100,
      privateRoomSupplement: source.privateRoomSupplementCents === null ? null : source.privateRoomSupplementCents / 100,
      difficultyLevel: source.difficultyLevel,
      workshopType: source.workshopType,
      imageUrl: source.imageUrl,
      highlights: [...source.highlights],
      itinerary: source.itinerary,
      decisionDate: null,
    };
    const columns = { ...this.columnsOrThrow(fields, { newDates: true }), priceCents: source.priceCents, privateRoomSupplementCents: source.privateRoomSupplementCents };
    return this.insertOrThrow(input.id, columns, this.clock(), source.id);
  }

  /**
   * Archive a workshop that has started (it leaves the public lists; its page,
   * bookings and board stay reachable by id), or bring one back. A workshop
   * still to come is not archived: it may hold bookings and is still for sale.
   */
  async setArchivedOrThrow(workshopId: string, archived: boolean): Promise<Workshop> {
    return this.db.transaction(async (m) => {
      const existing = await m.findOneBy(Workshop, { id: workshopId });
      if (!existing) throw AppError.notFound('Workshop');
      const now = this.clock();
      if (archived && !hasStarted(existing, now)) {
        throw new AppError(ErrorCode.WORKSHOP_NOT_STARTED, 'Only a workshop that has started can be archived', [
          { field: 'workshopId', message: `workshopId is a workshop that has not started yet (it starts ${existing.startDate})` },
        ]);
      }
      if (archived !== existing.archived) {
        await m.update(Workshop, { id: workshopId }, { archivedAt: archived ? now : null, updatedAt: now });
        await this.audit?.record(m, {
          ...ADMIN_ACTOR,
          action: 'workshop.updated',
          workshopId,
          before: { archived: existing.archived },
          after: { archived },
          detail: `${existing.name} ${archived ? 'archived' : 'brought back from the archive'}`,
        });
      }
      return (await m.findOneBy(Workshop, { id: workshopId }))!;
    });
  }

  /** `how`: 'created', or the id of the workshop scheduled again. */
  private async insertOrThrow(id: string, columns: EditableColumns, now: Date, how: string): Promise<Workshop> {
    const taken = (): AppError => new AppError(ErrorCode.WORKSHOP_ID_TAKEN, `A workshop with the id ${id} already exists`, [{ field: 'id', message: 'id is already used by another workshop' }]);
    try {
      return await this.db.transaction(async (m: EntityManager) => {
        if (await m.existsBy(Workshop, { id })) throw taken();
        const workshop = m.create(Workshop, { id, ...columns, spotsClaimed: 0, archivedAt: null, createdAt: now, updatedAt: now });
        await m.insert(Workshop, workshop);
        await this.events?.publish('workshopScheduled', { m, workshop: (await m.findOneBy(Workshop, { id }))!, copiedFrom: how === 'created' ? null : how, now });
        await this.audit?.record(m, {
          ...ADMIN_ACTOR,
          action: 'workshop.created',
          workshopId: id,
          after: { name: columns.name, startDate: columns.startDate, endDate: columns.endDate, capacity: columns.capacity, priceCents: columns.priceCents },
          detail: how === 'created' ? `${columns.name} created` : `${columns.name} scheduled again from ${how}`,
        });
        return (await m.findOneBy(Workshop, { id }))!;
      });
    } catch (e) {
      if (isDuplicateKey(e)) throw taken();
      throw e;
    }
  }

  /** The rules across fields, each error naming its field; then the columns to write. */
  private columnsOrThrow(input: WorkshopFieldsInput, { newDates }: { newDates: boolean }): EditableColumns {
    const errors: FieldError[] = [];
    const days = daysBetween(input.startDate, input.endDate) + 1;
    if (days < 1) errors.push({ field: 'endDate', message: 'endDate must be on or after the start date' });
    else if (days > MAX_WORKSHOP_DAYS) errors.push({ field: 'endDate', message: `endDate must be at most ${MAX_WORKSHOP_DAYS} days after startDate` });
    if (newDates && daysUntilStart(input.startDate, input.timeZone, this.clock()) < 1) {
      errors.push({ field: 'startDate', message: `startDate must be after today (${input.timeZone})` });
    }
    if (input.decisionDate && input.decisionDate >= input.startDate) errors.push({ field: 'decisionDate', message: 'decisionDate must be before the start date' });
    if (input.minimumParticipants > input.capacity) errors.push({ field: 'minimumParticipants', message: 'minimumParticipants must be at most the capacity' });
    const highlights = input.highlights.map((h) => clean(h));
    if (highlights.some((h) => h === '')) errors.push({ field: 'highlights', message: 'highlights must not contain an empty item' });
    const itinerary = input.itinerary
      .split(/\r?\n/)
      .map((line) => clean(line))
      .filter(Boolean)
      .join('\n');
    if (itinerary === '') errors.push({ field: 'itinerary', message: 'itinerary is required' });
    if (errors.length) throw AppError.invalid(errors);
    return {
      name: clean(input.name),
      description: input.description.trim(),
      location: clean(input.location),
      state: clean(input.state),
      startDate: input.startDate,
      endDate: input.endDate,
      timeZone: input.timeZone,
      durationDays: days,
      priceCents: dollarsToCents(input.price),
      privateRoomSupplementCents: input.privateRoomSupplement === null || input.privateRoomSupplement === undefined ? null : dollarsToCents(input.privateRoomSupplement),
      capacity: input.capacity,
      minimumParticipants: input.minimumParticipants,
      difficultyLevel: input.difficultyLevel,
      workshopType: input.workshopType,
      imageUrl: input.imageUrl,
      highlights,
      itinerary,
      // Null: the default, the balance due date (docs/decisions/063).
      decisionDate: input.decisionDate ?? null,
    };
  }
}

/** The fields an edit changed, before and after (the audit row of workshop.updated). */
function changedFields(before: Workshop, after: Workshop): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = ['name', 'description', 'location', 'state', 'startDate', 'endDate', 'timeZone', 'capacity', 'minimumParticipants', 'priceCents', 'privateRoomSupplementCents', 'imageUrl', 'itinerary', 'highlights', 'decisionDate'] as const;
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of keys) {
    const x = (before as unknown as Record<string, unknown>)[k];
    const y = (after as unknown as Record<string, unknown>)[k];
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      b[k] = x;
      a[k] = y;
    }
  }
  return { before: b, after: a };
}
