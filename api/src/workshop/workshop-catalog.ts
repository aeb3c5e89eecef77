import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { nextCalendarChange } from '../shared/workshop-calendar';
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
   * as tests do, reloads) to the next start or board closing of a workshop.
   */
  validFrom: number;
  validUntil: number;
  list: readonly Workshop[];
  byId: ReadonlyMap<string, Workshop>;
  /** Values derived from this snapshot (serialised JSON, ETags), dropped with it. */
  derived: Map<string, unknown>;
}

/**
 * The workshop catalog (11 rows read on every public page) held in memory.
 *
 * Invalidation is driven by TypeORM itself: a subscriber hears every insert,
 * update and delete of a Workshop made through this data source (the spot claims
 * and releases of bookings, holds and payments, photo updates, seeding) and
 * drops the snapshot at once and again when the surrounding transaction commits
 * or rolls back. A generation counter keeps a read that started before a write
 * from storing its (older) rows after the write invalidated the cache, so a
 * caller never sees availability older than the last committed write.
 */
export class WorkshopCatalog {
  private snapshot: Snapshot | null = null;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<Snapshot> } | null = null;
  /** Query runners inside a transaction that wrote a workshop (invalidate again on commit). */
  private readonly dirty = new WeakSet<QueryRunner>();
  private readonly now: () => number;
  private readonly clock: () => Date;
  private readonly committedListeners: Array<() => void> = [];

  constructor(
    private readonly db: Database,
    private readonly options: WorkshopCatalogOptions = DEFAULT_CATALOG_OPTIONS,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.clock = options.clock ?? (() => new Date());
    watchWorkshopWrites(db.dataSource, this);
  }

  /** All workshops in season order. The objects are shared and frozen: never mutate them. */
  async list(): Promise<readonly Workshop[]> {
    return (await this.current()).list;
  }

  async get(id: string): Promise<Workshop | null> {
    return (await this.current()).byId.get(id) ?? null;
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
   * source (not on rollback), e.g. to tell the other app instances (RedisBus).
   */
  onCommittedWrite(listener: () => void): void {
    this.committedListeners.push(listener);
  }

  /**
   * Forget the snapshot and everything derived from it: the next read loads from
   * the database. Called for this process's own writes and, through the change
   * bus, for another instance's.
   */
  invalidate(): void {
    this.generation++;
    this.snapshot = null;
    this.inflight = null;
  }

  /** Called by the subscriber for every write of a Workshop row. */
  onWrite(queryRunner: QueryRunner | undefined): void {
    this.invalidate();
    if (queryRunner?.isTransactionActive) this.dirty.add(queryRunner);
    else this.committed(); // autocommit: the write is visible to others now
  }

  /** Called at the end of every transaction on the data source. */
  onTransactionEnd(queryRunner: QueryRunner | undefined, committed: boolean): void {
    if (queryRunner && this.dirty.has(queryRunner)) {
      this.invalidate();
      // A savepoint ended inside an outer transaction: others see the write only at the outer commit.
      if (queryRunner.isTransactionActive) return;
      this.dirty.delete(queryRunner);
      if (committed) this.committed();
    }
  }

  private committed(): void {
    for (const listener of this.committedListeners) listener();
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
    const rows = await this.db.manager.find(Workshop, { order: { startDate: 'ASC', id: 'ASC' } });
    for (const w of rows) {
      Object.freeze(w.highlights);
      Object.freeze(w);
    }
    const wall = this.clock();
    const validUntil = nextCalendarChange(rows, wall);
    const snapshot: Snapshot = { generation, loadedAt, validFrom: wall.getTime(), validUntil, list: Object.freeze(rows), byId: new Map(rows.map((w) => [w.id, w])), derived: new Map() };
    // A write since this load started made these rows possibly stale: hand them to
    // this caller (its read began before the write) but do not keep them.
    if (generation === this.generation) this.snapshot = snapshot;
    return snapshot;
  }
}

/** Subscribe the catalog to the Workshop writes of a data source. */
function watchWorkshopWrites(dataSource: DataSource, catalog: WorkshopCatalog): void {
  const subscriber: EntitySubscriberInterface<Workshop> = {
    listenTo: () => Workshop,
    afterInsert: (e) => catalog.onWrite(e.queryRunner),
    afterUpdate: (e) => catalog.onWrite(e.queryRunner),
    afterRemove: (e) => catalog.onWrite(e.queryRunner),
    afterSoftRemove: (e) => catalog.onWrite(e.queryRunner),
    afterRecover: (e) => catalog.onWrite(e.queryRunner),
    afterTransactionCommit: (e) => catalog.onTransactionEnd(e.queryRunner, true),
    afterTransactionRollback: (e) => catalog.onTransactionEnd(e.queryRunner, false),
  };
  dataSource.subscribers.push(subscriber as EntitySubscriberInterface);
}
