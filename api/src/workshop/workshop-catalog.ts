import { In, MoreThanOrEqual, type AfterQueryEvent, type DataSource, type EntitySubscriberInterface, type QueryRunner } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { catalogWindowStart, nextCalendarChange, nextCatalogWindowMove } from '../shared/workshop-calendar';
import { PreparedSelect } from '../infrastructure/db/prepared-select';
import { Workshop } from './workshop.entity';

export interface WorkshopCatalogOptions {
  /**
   * Safety net for writes this process cannot see (hand-made SQL; another
   * instance's when no change bus runs or a notice was lost): a snapshot older
   * than this is reloaded. Writes made through this process's TypeORM data
   * source invalidate at once, other instances' through the bus (decision 053).
   */
  maxAgeMs: number;
  /** Monotonic milliseconds (injectable for tests). */
  now?: () => number;
  /**
   * The wall clock (the services' injected clock). A snapshot also expires when
   * a workshop starts or closes its board (docs/decisions/059), so values derived
   * from it with the clock (hasStarted, the list order) are never stale.
   */
  clock?: () => Date;
}

export const DEFAULT_CATALOG_OPTIONS: WorkshopCatalogOptions = { maxAgeMs: 10_000 };

interface Snapshot {
  generation: number;
  loadedAt: number;
  /**
   * Wall-clock epoch ms the snapshot is good for: from its load (a clock set back,
   * as tests do, reloads) to the next start or board closing of a workshop, or the
   * next move of the window (a UTC midnight).
   */
  validFrom: number;
  validUntil: number;
  /** The first last day (YYYY-MM-DD) of the runs held: catalogWindowStart at the load. */
  windowStart: string;
  /** The runs of the window, in date order. */
  list: readonly Workshop[];
  byId: ReadonlyMap<string, Workshop>;
  /** Values derived from this snapshot (serialised JSON, ETags), dropped with it. */
  derived: Map<string, unknown>;
}

/** How many runs outside the window are kept once read by id (their pages, boards, bookings). */
const OLDER_KEPT = 200;

/** A run's id (a slug, at most 64 characters). */
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
/** The derived keys of the answer caches' tokens (transport/catalog-answer-cache.ts): answers that may name any run. */
export const ANSWER_CACHE_PREFIX = 'answer-cache:';

/** The columns a booking's spot claim or release sets: such a write is applied in place. */
const SPOT_COLUMNS = new Set(['spotsClaimed', 'updatedAt']);

/**
 * The workshop catalog read on every public page, held in memory: the runs of a
 * bounded window (upcoming, under way, and those that ended within a year:
 * shared/workshop-calendar catalogWindowStart, docs/decisions/076), however many
 * seasons the database holds. A run outside it is read by id on demand and kept
 * in a small bounded map.
 *
 * Invalidation is driven by TypeORM itself: a subscriber hears every insert,
 * update and delete of a Workshop made through this data source, at once and
 * again when the surrounding transaction commits or rolls back. A spot claim or
 * release (a booking, a hold lapsing, a payment) names its run: only that row is
 * read again and replaced in the snapshot; any other write (the admin's editor,
 * archive, photo, cancellation, seeding) reloads the window. A generation counter
 * keeps a read that started before a write from storing its (older) rows after
 * the write, so a caller never sees availability older than the last committed write.
 */
export class WorkshopCatalog {
  private snapshot: Snapshot | null = null;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<Snapshot> } | null = null;
  /** Runs written since the snapshot was stored: 'all' (reload the window) or the ids to read again. */
  private stale: Set<string> | 'all' = 'all';
  /** Runs outside the window read by id (null: no such run), dropped on every write to an unknown run. */
  private readonly older = new Map<string, Workshop | null>();
  /** Query runners inside a transaction that wrote a workshop, with the runs written ('all': unknown). */
  private readonly dirty = new WeakMap<QueryRunner, Set<string> | 'all'>();
  private readonly now: () => number;
  private readonly clock: () => Date;
  private readonly byIds: PreparedSelect<Workshop>;
  private readonly committedListeners: Array<(ids: readonly string[] | undefined) => void> = [];

  constructor(
    private readonly db: Database,
    private readonly options: WorkshopCatalogOptions = DEFAULT_CATALOG_OPTIONS,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.clock = options.clock ?? (() => new Date());
    this.byIds = new PreparedSelect(db, Workshop);
    watchWorkshopWrites(db.dataSource, this);
  }

  /** The runs of the window in date order. The objects are shared and frozen: never mutate them. */
  async list(): Promise<readonly Workshop[]> {
    return (await this.current()).list;
  }

  /** One run by id, in the window or not (an older one is read once and kept in a bounded map). */
  async get(id: string): Promise<Workshop | null> {
    const s = await this.current();
    const hit = s.byId.get(id);
    if (hit) return hit;
    return (await this.readOlder(s, [id]))[0];
  }

  /** Several runs by id in the order asked (null where unknown): at most one query for those outside the window. */
  async getMany(ids: readonly string[]): Promise<Array<Workshop | null>> {
    const s = await this.current();
    const missing = [...new Set(ids.filter((id) => !s.byId.has(id)))];
    const older = new Map<string, Workshop | null>();
    if (missing.length) (await this.readOlder(s, missing)).forEach((w, i) => older.set(missing[i], w));
    return ids.map((id) => s.byId.get(id) ?? older.get(id) ?? null);
  }

  /**
   * A value computed once per snapshot (e.g. the serialised REST list), so
   * repeated reads of an unchanged catalog cost nothing.
   */
  async derive<T>(key: string, compute: (list: readonly Workshop[]) => T): Promise<T> {
    const snapshot = await this.current();
    if (!snapshot.derived.has(key)) snapshot.derived.set(key, compute(snapshot.list));
    return snapshot.derived.get(key) as T;
  }

  /**
   * A derived value of the current snapshot, synchronously, or undefined when
   * there is none yet (cold, invalidated or expired). For the fast lane.
   */
  peek<T>(key: string): T | undefined {
    const s = this.snapshot;
    if (!s || !this.isCurrent(s)) return undefined;
    return s.derived.get(key) as T | undefined;
  }

  /** How many derived values the current snapshot holds (callers cap what they add). */
  get derivedCount(): number {
    return this.snapshot?.derived.size ?? 0;
  }

  /** The generation now; pass it back to storeIfCurrent after computing a value. */
  get currentGeneration(): number {
    return this.generation;
  }

  /**
   * Keep a value computed asynchronously (e.g. an executed GraphQL answer) with
   * the snapshot, but only if no write happened since `generation` was read.
   */
  storeIfCurrent(key: string, value: unknown, generation: number): void {
    const s = this.snapshot;
    if (s && s.generation === generation && generation === this.generation) s.derived.set(key, value);
  }

  /**
   * Run `listener` after every committed write of a workshop through this data
   * source (not on rollback), with the runs whose spots it changed (undefined:
   * any other write), e.g. to tell the other app instances (RedisBus).
   */
  onCommittedWrite(listener: (ids: readonly string[] | undefined) => void): void {
    this.committedListeners.push(listener);
  }

  /**
   * Forget the snapshot and everything derived from it: the next read loads the
   * window from the database. Called for this process's own writes and, through
   * the change bus, for another instance's.
   */
  invalidate(): void {
    this.markStale('all');
  }

  /**
   * These runs changed (their spots): the next read reads them again and replaces
   * them in the snapshot; the rest of the window stays. Values derived from the
   * snapshot are dropped. From this process's writes and, through the bus, another's.
   */
  refresh(ids: readonly string[]): void {
    this.markStale(new Set(ids));
  }

  /** Called by the subscriber for every write of a Workshop row: `ids` the runs of a spot change, else 'all'. */
  onWrite(queryRunner: QueryRunner | undefined, ids: Set<string> | 'all'): void {
    this.markStale(ids);
    if (queryRunner?.isTransactionActive) this.dirty.set(queryRunner, merge(this.dirty.get(queryRunner), ids));
    else this.committed(ids); // autocommit: the write is visible to others now
  }

  /** Called at the end of every transaction on the data source. */
  onTransactionEnd(queryRunner: QueryRunner | undefined, committed: boolean): void {
    const ids = queryRunner ? this.dirty.get(queryRunner) : undefined;
    if (queryRunner && ids) {
      this.markStale(ids);
      // A savepoint ended inside an outer transaction: others see the write only at the outer commit.
      if (queryRunner.isTransactionActive) return;
      this.dirty.delete(queryRunner);
      if (committed) this.committed(ids);
    }
  }

  private markStale(ids: Set<string> | 'all'): void {
    this.generation++;
    this.stale = merge(this.stale, ids);
    this.inflight = null;
    if (ids === 'all') this.older.clear();
    else for (const id of ids) this.older.delete(id);
  }

  private committed(ids: Set<string> | 'all'): void {
    const named = ids === 'all' ? undefined : [...ids];
    for (const listener of this.committedListeners) listener(named);
  }

  private isCurrent(s: Snapshot): boolean {
    if (s.generation !== this.generation || this.now() - s.loadedAt >= this.options.maxAgeMs) return false;
    const wall = this.clock().getTime();
    return wall >= s.validFrom && wall < s.validUntil;
  }

  private current(): Promise<Snapshot> | Snapshot {
    const s = this.snapshot;
    if (s && this.isCurrent(s)) return s;
    // One load at a time per generation: a burst of readers shares one query.
    if (this.inflight && this.inflight.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = this.load(generation);
    this.inflight = { generation, promise };
    promise.then(
      () => {
        if (this.inflight?.promise === promise) this.inflight = null;
      },
      () => {
        if (this.inflight?.promise === promise) this.inflight = null;
      },
    );
    return promise;
  }

  private async load(generation: number): Promise<Snapshot> {
    const loadedAt = this.now();
    const wall = this.clock();
    const previous = this.snapshot;
    const stale = this.stale;
    // In place: only the runs a spot change named, on a snapshot still good for the calendar.
    const inPlace =
      previous !== null && stale !== 'all' && this.now() - previous.loadedAt < this.options.maxAgeMs && wall.getTime() >= previous.validFrom && wall.getTime() < previous.validUntil;
    let snapshot: Snapshot;
    if (inPlace) {
      const ids = [...stale].filter((id) => previous.byId.has(id));
      if (ids.length === 0) {
        // Runs outside the window (an old run's hold lapsing): the window and what was derived
        // from its list stand, but not the answer caches' tokens: a cached answer or page may
        // show one of those runs (read by id, from `older`), and would show it as it was.
        const derived = new Map([...previous.derived].filter(([key]) => !key.startsWith(ANSWER_CACHE_PREFIX)));
        snapshot = { ...previous, generation, derived };
      } else {
        const rows = await this.readByIds(ids);
        const fresh = new Map(rows.map((w) => [w.id, freeze(w)]));
        // A spot change moves no run on the calendar: same order, same window, same expiry.
        const list = Object.freeze(previous.list.map((w) => fresh.get(w.id) ?? w));
        snapshot = { ...previous, generation, list, byId: new Map(list.map((w) => [w.id, w])), derived: new Map() };
      }
    } else {
      const windowStart = catalogWindowStart(wall);
      const rows = await this.db.manager.find(Workshop, { where: { endDate: MoreThanOrEqual(windowStart) }, order: { startDate: 'ASC', id: 'ASC' } });
      for (const w of rows) freeze(w);
      const validUntil = Math.min(nextCalendarChange(rows, wall), nextCatalogWindowMove(wall));
      snapshot = { generation, loadedAt, validFrom: wall.getTime(), validUntil, windowStart, list: Object.freeze(rows), byId: new Map(rows.map((w) => [w.id, w])), derived: new Map() };
    }
    // A write since this load started made these rows possibly stale: hand them to
    // this caller (its read began before the write) but do not keep them.
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.stale = new Set();
    }
    return snapshot;
  }

  /**
   * The runs of `ids` as `find({ where: { id: In(ids) } })` reads them, its SQL written once per
   * count of ids (a booking's refresh reads one run): PreparedSelect, past TypeORM's query
   * builder and hydration, which cost a rush about as much as the read itself (decision 111).
   */
  private readByIds(ids: string[]): Promise<Workshop[]> {
    if (ids.length > 16) return this.db.manager.find(Workshop, { where: { id: In(ids) } });
    const names = ids.map((_, i) => `id${i}`);
    const m = this.db.manager;
    return this.byIds.runIn(m, `in:${ids.length}`, () => m.createQueryBuilder(Workshop, 'w').where(`w.id IN (${names.map((n) => `:${n}`).join(', ')})`), Object.fromEntries(ids.map((id, i) => [names[i], id])));
  }

  /** Runs outside the window by id: from the bounded map, else one query (kept while no write intervenes). */
  private async readOlder(s: Snapshot, ids: string[]): Promise<Array<Workshop | null>> {
    const unknown = ids.filter((id) => !this.older.has(id));
    if (unknown.length) {
      const generation = this.generation;
      const rows = await this.db.manager.find(Workshop, { where: { id: In(unknown) } });
      const found = new Map(rows.map((w) => [w.id, freeze(w)]));
      if (generation !== this.generation) return ids.map((id) => found.get(id) ?? this.older.get(id) ?? null);
      for (const id of unknown) {
        if (this.older.size >= OLDER_KEPT) this.older.delete(this.older.keys().next().value!);
        this.older.set(id, found.get(id) ?? null);
      }
    }
    return ids.map((id) => s.byId.get(id) ?? this.older.get(id) ?? null);
  }
}

function freeze(w: Workshop): Workshop {
  Object.freeze(w.highlights);
  return Object.freeze(w);
}

function merge(a: Set<string> | 'all' | undefined, b: Set<string> | 'all'): Set<string> | 'all' {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...(a ?? []), ...b]);
}

/**
 * Subscribe the catalog to the Workshop writes of a data source. A spot claim or
 * release is an UPDATE of workshops setting spotsClaimed (and updatedAt) only; its
 * run is the one parameter of that statement shaped like a run id (TypeORM's update
 * event carries the values set, not the row): the statement's parameters are noted
 * as it runs (afterQuery), then read by the update event that follows it. A run
 * outside the window changes nothing held but its entry in the bounded map.
 */
function watchWorkshopWrites(dataSource: DataSource, catalog: WorkshopCatalog): void {
  const lastUpdate = new WeakMap<QueryRunner, unknown[]>();
  const all = (e: { queryRunner?: QueryRunner }) => catalog.onWrite(e.queryRunner, 'all');
  const subscriber: EntitySubscriberInterface<Workshop> = {
    listenTo: () => Workshop,
    afterQuery: (e: AfterQueryEvent) => {
      if (e.queryRunner && /^\s*UPDATE\s+[`"]?workshops[`"]?\s/i.test(e.query)) lastUpdate.set(e.queryRunner, Array.isArray(e.parameters) ? e.parameters : Object.values(e.parameters ?? {}));
    },
    afterInsert: all,
    afterUpdate: (e) => {
      const params = e.queryRunner ? lastUpdate.get(e.queryRunner) : undefined;
      if (e.queryRunner) lastUpdate.delete(e.queryRunner);
      const set = e.entity ? Object.keys(e.entity) : [];
      // The run: the one string parameter shaped like a run id (SQLite passes the time as text too).
      const ids = (params ?? []).filter((p): p is string => typeof p === 'string' && RUN_ID.test(p) && !/^\d{4}-\d{2}-\d{2}/.test(p));
      const spotsOnly = set.length > 0 && set.every((k) => SPOT_COLUMNS.has(k));
      catalog.onWrite(e.queryRunner, spotsOnly && ids.length === 1 ? new Set(ids) : 'all');
    },
    afterRemove: all,
    afterSoftRemove: all,
    afterRecover: all,
    afterTransactionCommit: (e) => catalog.onTransactionEnd(e.queryRunner, true),
    afterTransactionRollback: (e) => catalog.onTransactionEnd(e.queryRunner, false),
  };
  dataSource.subscribers.push(subscriber as EntitySubscriberInterface);
}
