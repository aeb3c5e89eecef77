import crypto from 'node:crypto';
import os from 'node:os';
import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Database } from '../db/data-source';

/** The columns every leased table has (docs/decisions/058, 030). */
export interface LeasedRow extends ObjectLiteral {
  id: string;
  /** Claims so far. With locked_by it fences every write after a claim. */
  attempts: number;
  /** The worker holding (or that last held) the claim. */
  lockedBy: string | null;
  /** The claim's lease: after it a leased row is taken to be orphaned (its worker died) and is claimed again. */
  lockedUntil: Date | null;
}

/** How one table keeps its work: which column is the state and which the due time, and what its states are called. */
export interface LeaseSpec<T extends LeasedRow> {
  entity: EntityTarget<T>;
  /** Property of the state column ('state', 'status'). */
  stateProperty: keyof T & string;
  /** Property of the due-time column ('dueAt', 'nextAttemptAt'). */
  dueProperty: keyof T & string;
  /** Waiting for its due time. */
  ready: string;
  /** Claimed by a worker. */
  leased: string;
  /** Given up. */
  failed: string;
  /** How long a claim is good for. */
  leaseMs: number;
  /** A row whose lapsed claim was its last attempt is failed, not run again. */
  maxAttempts: number;
  /** Wait before the next attempt after attempt `attempts` (1-based) failed. */
  backoffMs: (attempts: number) => number;
  /** Columns the table also sets on a claim, a finish and when it gives up on a lapsed claim (e.g. updated_at). */
  onClaim?: (now: Date) => QueryDeepPartialEntity<T>;
  onFinish?: (now: Date) => QueryDeepPartialEntity<T>;
  onAbandon?: (now: Date, row: T) => QueryDeepPartialEntity<T>;
}

/** A claim as its worker holds it: the fencing token (id, lockedBy, attempts) and its lease. */
export interface Lease {
  id: string;
  /** The attempt this claim is (1 on the first run). */
  attempts: number;
  lockedBy: string;
  lockedUntil: Date;
  /** A lapsed claim of another worker taken over (that worker died mid-run, or ran past its lease). */
  takenOver: boolean;
}

/** Extra conditions on the rows a claim may take (the job kinds this process can run), on the alias `r`. */
export interface ClaimFilter {
  where: string;
  parameters: Record<string, unknown>;
}

/** Column changes of a leased table (the state and due columns are named by the spec, so typed loosely here). */
type Changes<T> = QueryDeepPartialEntity<T> & Record<string, unknown>;

/** What a failed attempt became. */
export type AttemptOutcome = 'retried' | 'failed' | 'lost';

/**
 * The one claim/lease/fence/backoff mechanism of the database queues: the
 * scheduled jobs (JobQueue, docs/decisions/058) and the mail outbox
 * (OutboxService, docs/decisions/030).
 *
 * A row is claimed by moving it from ready (and due) to leased, or by taking
 * over a leased row whose lease lapsed, in one compare-and-set; the claim
 * increments `attempts` and names the worker, and every later write of that
 * attempt (finish, retry, hand back) only applies while (id, state, locked_by,
 * attempts) still match, so a worker whose lease lapsed and was taken over can
 * record nothing. A lapsed claim on its last attempt is failed instead of run
 * again. Batches on MySQL/MariaDB are claimed with `SELECT … FOR UPDATE SKIP
 * LOCKED` (instances never wait for or take each other's rows); SQLite, with
 * one writer, claims row by row.
 */
export class LeasedRows<T extends LeasedRow> {
  constructor(
    private readonly db: Database,
    private readonly spec: LeaseSpec<T>,
  ) {}

  private column(property: string): string {
    const meta = this.db.dataSource.getMetadata(this.spec.entity);
    const column = meta.findColumnWithPropertyName(property);
    if (!column) throw new Error(`LeasedRows: ${meta.name} has no property ${property}`);
    return column.databaseName;
  }

  /** Ready rows that are due, by due time, on the alias `r`. */
  dueQuery(m: EntityManager, now: Date, n: number, filter?: ClaimFilter): SelectQueryBuilder<T> {
    const { stateProperty: state, dueProperty: due } = this.spec;
    const q = m
      .createQueryBuilder(this.spec.entity, 'r')
      .where(`r.${state} = :leaseReady AND r.${due} <= :leaseNow`, { leaseReady: this.spec.ready, leaseNow: now });
    return this.ordered(q, n, filter);
  }

  /** Leased rows whose lease lapsed: their worker died, or ran past the lease. */
  lapsedQuery(m: EntityManager, now: Date, n: number, filter?: ClaimFilter): SelectQueryBuilder<T> {
    const q = m
      .createQueryBuilder(this.spec.entity, 'r')
      .where(`r.${this.spec.stateProperty} = :leaseLeased AND r.lockedUntil <= :leaseNow`, { leaseLeased: this.spec.leased, leaseNow: now });
    return this.ordered(q, n, filter);
  }

  private ordered(q: SelectQueryBuilder<T>, n: number, filter?: ClaimFilter): SelectQueryBuilder<T> {
    if (filter) q.andWhere(filter.where, filter.parameters);
    return q.orderBy(`r.${this.spec.dueProperty}`, 'ASC').addOrderBy('r.id', 'ASC').limit(n);
  }

  /** Rows a claim may take now: lapsed leases first, then due rows; at most n. */
  async claimable(now: Date, n: number, filter?: ClaimFilter): Promise<T[]> {
    const m = this.db.manager;
    const lapsed = await this.lapsedQuery(m, now, n, filter).getMany();
    return lapsed.length < n ? [...lapsed, ...(await this.dueQuery(m, now, n - lapsed.length, filter).getMany())] : lapsed;
  }

  /** A lapsed claim on its last attempt: it is failed, not claimed again. */
  outOfAttempts(row: T): boolean {
    return row[this.spec.stateProperty] === this.spec.leased && row.attempts >= this.spec.maxAttempts;
  }

  /**
   * Claim the rows a claim may take now, at most n. Returns the leases taken
   * and the rows failed because their lapsed claim was the last attempt.
   */
  async claimBatch(now: Date, n: number, lockedBy: string, filter?: ClaimFilter): Promise<{ claimed: Array<{ row: T; lease: Lease }>; abandoned: T[] }> {
    const lockedUntil = new Date(now.getTime() + this.spec.leaseMs);
    if (this.db.kind === 'mysql') {
      // READ COMMITTED: the locking reads lock only the rows they return, not every row they looked at.
      const { taken, abandoned } = await this.db.dataSource.transaction('READ COMMITTED', async (m) => {
        // Two reads rather than one OR: each walks (state, due) in order and stops at its LIMIT,
        // so a claim locks only the rows it takes (a sort over the OR would lock all due rows).
        const lapsed = await this.lapsedQuery(m, now, n, filter).setLock('pessimistic_write').setOnLocked('skip_locked').getMany();
        const due = lapsed.length < n ? await this.dueQuery(m, now, n - lapsed.length, filter).setLock('pessimistic_write').setOnLocked('skip_locked').getMany() : [];
        const found = [...lapsed, ...due];
        const abandoned = found.filter((r) => this.outOfAttempts(r));
        const taken = found.filter((r) => !this.outOfAttempts(r));
        if (taken.length) {
          await m
            .createQueryBuilder()
            .update(this.spec.entity)
            .set(this.claimChanges(now, lockedBy, lockedUntil))
            .whereInIds(taken.map((r) => r.id))
            .execute();
        }
        for (const r of abandoned) await this.abandonIn(m, r, now);
        return { taken, abandoned };
      });
      return { claimed: taken.map((row) => ({ row, lease: this.leaseOf(row, lockedBy, lockedUntil) })), abandoned };
    }
    // SQLite has one writer: read the candidates, then a compare-and-set per row.
    const claimed: Array<{ row: T; lease: Lease }> = [];
    const abandoned: T[] = [];
    for (const row of await this.claimable(now, n, filter)) {
      const outcome = await this.claimOne(row, now, lockedBy);
      if (outcome === 'abandoned') abandoned.push(row);
      else if (outcome) claimed.push({ row, lease: outcome });
    }
    return { claimed, abandoned };
  }

  /**
   * Claim one row read before: only if it is still as read (ready and due, or
   * leased with a lapsed lease, at the same attempt). Null when another worker
   * won; 'abandoned' when its lapsed claim was the last attempt (now failed).
   */
  async claimOne(row: T, now: Date, lockedBy: string): Promise<Lease | 'abandoned' | null> {
    if (this.outOfAttempts(row)) return (await this.db.autocommit((m) => this.abandonIn(m, row, now))) ? 'abandoned' : null;
    const lockedUntil = new Date(now.getTime() + this.spec.leaseMs);
    const state = this.column(this.spec.stateProperty);
    const result = await this.db.autocommit((m) => {
      const q = m
        .createQueryBuilder()
        .update(this.spec.entity)
        .set(this.claimChanges(now, lockedBy, lockedUntil))
        .where('id = :id AND attempts = :attempts', { id: row.id, attempts: row.attempts });
      if (row[this.spec.stateProperty] === this.spec.ready) {
        q.andWhere(`${state} = :ready AND ${this.column(this.spec.dueProperty)} <= :now`, { ready: this.spec.ready, now });
      } else {
        q.andWhere(`${state} = :leased AND locked_until <= :now`, { leased: this.spec.leased, now });
      }
      return q.execute();
    });
    return result.affected === 1 ? this.leaseOf(row, lockedBy, lockedUntil) : null;
  }

  private claimChanges(now: Date, lockedBy: string, lockedUntil: Date): QueryDeepPartialEntity<T> {
    return {
      ...this.spec.onClaim?.(now),
      [this.spec.stateProperty]: this.spec.leased,
      lockedBy,
      lockedUntil,
      attempts: () => 'attempts + 1',
    } as unknown as Changes<T>;
  }

  private leaseOf(row: T, lockedBy: string, lockedUntil: Date): Lease {
    return { id: row.id, attempts: row.attempts + 1, lockedBy, lockedUntil, takenOver: row[this.spec.stateProperty] === this.spec.leased };
  }

  /** Fail a lapsed claim on its last attempt, if nobody took it since. True when this call did. */
  private async abandonIn(m: EntityManager, row: T, now: Date): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(this.spec.entity)
      .set({ ...this.spec.onAbandon?.(now, row), [this.spec.stateProperty]: this.spec.failed, lockedUntil: null } as unknown as Changes<T>)
      .where(`id = :id AND attempts = :attempts AND ${this.column(this.spec.stateProperty)} = :leased AND locked_until <= :now`, {
        id: row.id,
        attempts: row.attempts,
        leased: this.spec.leased,
        now,
      })
      .execute();
    return result.affected === 1;
  }

  /** Record an outcome, only while this claim is still the current one (the fencing token matches). */
  async finish(lease: Lease, changes: QueryDeepPartialEntity<T>, now: Date): Promise<boolean> {
    const result = await this.db.autocommit((m) =>
      m
        .createQueryBuilder()
        .update(this.spec.entity)
        .set({ ...this.spec.onFinish?.(now), ...changes, lockedUntil: null } as unknown as Changes<T>)
        .where(`id = :id AND ${this.column(this.spec.stateProperty)} = :leased AND locked_by = :lockedBy AND attempts = :attempts`, {
          id: lease.id,
          leased: this.spec.leased,
          lockedBy: lease.lockedBy,
          attempts: lease.attempts,
        })
        .execute(),
    );
    return result.affected === 1;
  }

  /**
   * A failed attempt: ready again after the backoff, or failed once the
   * attempts are used up. `failedChanges` adds what the table records when it
   * gives up (e.g. finished_at).
   */
  async attemptFailed(lease: Lease, lastError: string, now: Date, failedChanges: QueryDeepPartialEntity<T> = {}): Promise<{ outcome: AttemptOutcome; retryAt?: Date }> {
    if (lease.attempts >= this.spec.maxAttempts) {
      const ok = await this.finish(lease, { ...failedChanges, [this.spec.stateProperty]: this.spec.failed, lastError } as unknown as Changes<T>, now);
      return { outcome: ok ? 'failed' : 'lost' };
    }
    const retryAt = new Date(now.getTime() + this.spec.backoffMs(lease.attempts));
    const ok = await this.finish(lease, { [this.spec.stateProperty]: this.spec.ready, [this.spec.dueProperty]: retryAt, lastError } as unknown as Changes<T>, now);
    return ok ? { outcome: 'retried', retryAt } : { outcome: 'lost' };
  }

  /**
   * Hand back claims not run (stopping, or a lease too short to start one):
   * ready again, and the attempt that never ran is not counted. The fencing
   * stays sound: the next claim has another locked_by, or is this worker's
   * own fresh one.
   */
  async release(leases: Lease[], now: Date): Promise<void> {
    await this.db.autocommit(async (m) => {
      for (const lease of leases) {
        await m
          .createQueryBuilder()
          .update(this.spec.entity)
          .set({ ...this.spec.onFinish?.(now), [this.spec.stateProperty]: this.spec.ready, lockedBy: null, lockedUntil: null, attempts: () => 'attempts - 1' } as unknown as Changes<T>)
          .where(`id = :id AND ${this.column(this.spec.stateProperty)} = :leased AND locked_by = :lockedBy AND attempts = :attempts`, {
            id: lease.id,
            leased: this.spec.leased,
            lockedBy: lease.lockedBy,
            attempts: lease.attempts,
          })
          .execute();
      }
    });
  }
}

/** Names this process in locked_by (at most 64 characters): host, pid and a random part. */
export function newWorkerId(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}
