import crypto from 'node:crypto';
import { queryIn } from '../db/direct-query';
import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import type { Logger } from '../logger';
import { JobState, type ClaimedJob, type JobHandler, type JobOutcome, type JobScheduler, type ScheduleJob } from './job.types';
import { ScheduledJob } from './scheduled-job.entity';
import { type Lease, LeasedRows, newWorkerId } from '../queue/leased-rows';

export interface JobQueueOptions {
  /** How long a claim is good for; a running job whose lease lapsed is taken to be orphaned and is claimed again. */
  leaseMs: number;
  /** Jobs claimed at once; a run keeps claiming while batches come back full. */
  batchSize: number;
  /** At most this many batches per run, so one run ends even while work keeps falling due. */
  maxBatches: number;
  /** Names this process in locked_by (at most 64 characters). */
  workerId: string;
  /** A handler that throws on this attempt fails the job for good. */
  maxAttempts: number;
  /** Wait before the next attempt after the handler threw on attempt `attempts` (1-based). */
  backoffMs: (attempts: number) => number;
}

/** 1 min, 5 min, 30 min, 2 h, then every 6 h: about 1.5 days over 10 attempts. */
export function jobBackoffMs(attempts: number): number {
  return ([60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const)[attempts - 1] ?? 6 * 3_600_000;
}

export const DEFAULT_JOB_QUEUE_OPTIONS: Omit<JobQueueOptions, 'workerId'> = {
  leaseMs: 5 * 60_000,
  batchSize: 20,
  maxBatches: 25,
  maxAttempts: 10,
  backoffMs: jobBackoffMs,
};

export interface JobRunReport {
  /** Handlers called. */
  ran: number;
  done: number;
  /** Back to pending: the handler asked for a later time, or threw and has attempts left. */
  retried: number;
  failed: number;
}

/** What the admin may filter the job list by. */
export interface JobFilter {
  state?: JobState;
  kind?: string;
  keyPrefix?: string;
  /** 1..500, default 100. */
  limit?: number;
}

/** A claim as this worker holds it: the job plus its lease and fencing token (lockedBy, attempts). */
type Claim = ClaimedJob & Lease;

type RunResult = 'done' | 'retried' | 'failed' | 'lost';

const MAX_ERROR_CHARS = 2_000;

/**
 * Scheduled work in the database (docs/decisions/058). Domains schedule jobs in
 * the transaction of the change that causes them and register one handler per
 * kind; `runDue` (the JobWorker, or a test with a moved clock) claims what is
 * due and runs it.
 *
 * Claims are leases: a batch is claimed in one short write (MySQL/MariaDB:
 * `SELECT … FOR UPDATE SKIP LOCKED` then `UPDATE`, so instances never wait for
 * or take each other's rows; SQLite: a compare-and-set per row, the database
 * has one writer), the handlers run outside it, and an outcome is recorded only
 * while (id, locked_by, attempts) still match: a worker whose lease lapsed and
 * was taken over cannot overwrite the newer run. A handler can therefore run
 * again only after its worker held the claim past the lease (it died, or hung):
 * handlers make their outside effects idempotent by job key.
 */
export class JobQueue implements JobScheduler {
  private readonly handlers = new Map<string, JobHandler>();
  /** Kinds without a handler here already logged (once per process, not every poll). */
  private readonly unknownLogged = new Set<string>();
  readonly options: JobQueueOptions;
  private readonly leases: LeasedRows<ScheduledJob>;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    options: Partial<JobQueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_JOB_QUEUE_OPTIONS, workerId: newWorkerId(), ...options };
    if (this.options.workerId.length > 64) throw new Error('JobQueue workerId: at most 64 characters');
    this.leases = new LeasedRows<ScheduledJob>(db, {
      entity: ScheduledJob,
      stateProperty: 'state',
      dueProperty: 'dueAt',
      ready: JobState.pending,
      leased: JobState.running,
      failed: JobState.failed,
      leaseMs: this.options.leaseMs,
      maxAttempts: this.options.maxAttempts,
      backoffMs: this.options.backoffMs,
      onClaim: (now) => ({ updatedAt: now }),
      onFinish: (now) => ({ updatedAt: now }),
      onAbandon: (now, r) => ({
        finishedAt: now,
        updatedAt: now,
        lastError: `abandoned: the claim of attempt ${r.attempts} lapsed (worker died or hung mid-run) and no attempts are left`,
      }),
    });
  }

  get workerId(): string {
    return this.options.workerId;
  }

  /** One handler per kind; a kind registered twice is a wiring mistake. */
  register(kind: string, handler: JobHandler): this {
    if (this.handlers.has(kind)) throw new Error(`JobQueue: a handler for "${kind}" is registered already`);
    this.handlers.set(kind, handler);
    return this;
  }

  // The scheduling side, in the caller's transaction.

  /**
   * Insert the job with the caller's EntityManager, so it exists if and only if
   * the caller's change commits. A key that exists already (in any state) keeps
   * its row: scheduling is idempotent. `INSERT … ON CONFLICT DO NOTHING` /
   * `ON DUPLICATE KEY UPDATE id = id` rather than INSERT OR IGNORE / INSERT
   * IGNORE, which would also swallow other errors.
   */
  async schedule(m: EntityManager, job: ScheduleJob): Promise<void> {
    await this.scheduleMany(m, [job]);
  }

  /** Several jobs as `schedule` inserts each, in one statement (one round trip in a booking's transaction). */
  async scheduleMany(m: EntityManager, jobs: readonly ScheduleJob[]): Promise<void> {
    if (jobs.length === 0) return;
    for (const job of jobs) assertSchedulable(job);
    const now = this.clock();
    const d = m.connection.driver;
    const columns = ['id', 'kind', 'key', 'due_at', 'state', 'attempts', 'payload', 'created_at', 'updated_at'].map((c) => d.escape(c)).join(', ');
    const onConflict = this.db.kind === 'mysql' ? ` ON DUPLICATE KEY UPDATE ${d.escape('id')} = ${d.escape('id')}` : ` ON CONFLICT (${d.escape('key')}) DO NOTHING`;
    const values: Record<string, unknown> = { pending: JobState.pending, now };
    const rows = jobs.map((job, i) => {
      Object.assign(values, { [`id${i}`]: crypto.randomUUID(), [`kind${i}`]: job.kind, [`key${i}`]: job.key, [`dueAt${i}`]: job.dueAt, [`payload${i}`]: JSON.stringify(job.payload ?? {}) });
      return `(:id${i}, :kind${i}, :key${i}, :dueAt${i}, :pending, 0, :payload${i}, :now, :now)`;
    });
    const [sql, parameters] = d.escapeQueryWithParameters(`INSERT INTO ${d.escape('scheduled_jobs')} (${columns}) VALUES ${rows.join(', ')}${onConflict}`, values);
    // On the transaction's connection through the driver (decision 111): no subscriber listens to jobs.
    await queryIn(m, sql, parameters);
  }

  /** Cancel the pending jobs whose key starts with `keyPrefix`; a job running now finishes. Returns how many. */
  async cancelByKeyPrefix(m: EntityManager, keyPrefix: string): Promise<number> {
    if (!keyPrefix) throw new Error('cancelByKeyPrefix: keyPrefix must not be empty (it would cancel every job)');
    const now = this.clock();
    const result = await m
      .createQueryBuilder()
      .update(ScheduledJob)
      .set({ state: JobState.cancelled, finishedAt: now, updatedAt: now })
      .where(`state = :pending AND ${m.connection.driver.escape('key')} LIKE :pattern ESCAPE '!'`, { pending: JobState.pending, pattern: likePrefix(keyPrefix) })
      .execute();
    return result.affected ?? 0;
  }

  /** Move a pending job to a new due time (e.g. a changed installment date). False when it is not pending. */
  async reschedule(m: EntityManager, key: string, dueAt: Date): Promise<boolean> {
    if (!isValidDate(dueAt)) throw new Error('reschedule: dueAt must be a valid Date');
    const result = await m
      .createQueryBuilder()
      .update(ScheduledJob)
      .set({ dueAt, updatedAt: this.clock() })
      .where(`${m.connection.driver.escape('key')} = :key AND state = :pending`, { key, pending: JobState.pending })
      .execute();
    return result.affected === 1;
  }

  /** Put a cancelled job back to pending at `dueAt` (a run moved away and back). False when it is not cancelled. */
  async reopen(m: EntityManager, key: string, dueAt: Date): Promise<boolean> {
    if (!isValidDate(dueAt)) throw new Error('reopen: dueAt must be a valid Date');
    const result = await m
      .createQueryBuilder()
      .update(ScheduledJob)
      .set({ state: JobState.pending, dueAt, finishedAt: null, updatedAt: this.clock() })
      .where(`${m.connection.driver.escape('key')} = :key AND state = :cancelled`, { key, cancelled: JobState.cancelled })
      .execute();
    return result.affected === 1;
  }

  // Reading, for the admin and the domains.

  async findByKey(key: string): Promise<ScheduledJob | null> {
    return this.db.manager.findOne(ScheduledJob, { where: { key } });
  }

  /** Jobs by due time, oldest first. */
  async list(filter: JobFilter = {}): Promise<ScheduledJob[]> {
    const q = this.db.manager.createQueryBuilder(ScheduledJob, 'j');
    if (filter.state) q.andWhere('j.state = :state', { state: filter.state });
    if (filter.kind) q.andWhere('j.kind = :kind', { kind: filter.kind });
    if (filter.keyPrefix) q.andWhere(`j.key LIKE :pattern ESCAPE '!'`, { pattern: likePrefix(filter.keyPrefix) });
    const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 500);
    return q.orderBy('j.dueAt', 'ASC').addOrderBy('j.id', 'ASC').limit(limit).getMany();
  }

  // The worker's side.

  /**
   * Claim and run everything due now (by the injected clock), batch after batch
   * while batches come back full. `keepGoing` is asked before each job: when it
   * says no (the worker is stopping), the claims not yet run are handed back.
   */
  async runDue(keepGoing: () => boolean = () => true): Promise<JobRunReport> {
    const report: JobRunReport = { ran: 0, done: 0, retried: 0, failed: 0 };
    await this.logUnknownKinds();
    for (let batch = 0; batch < this.options.maxBatches && keepGoing(); batch++) {
      const claims = await this.claim();
      for (let i = 0; i < claims.length; i++) {
        const claim = claims[i]!;
        // Never start a job on a claim that may lapse while it runs: another worker would run it too.
        if (!keepGoing() || this.clock().getTime() > claim.lockedUntil.getTime() - this.options.leaseMs / 2) {
          await this.leases.release(claims.slice(i), this.clock());
          return report;
        }
        const result = await this.run(claim);
        report.ran++;
        if (result !== 'lost') report[result]++;
      }
      if (claims.length < this.options.batchSize) break;
    }
    return report;
  }

  private async claim(): Promise<Claim[]> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return [];
    const { claimed, abandoned } = await this.leases.claimBatch(this.clock(), this.options.batchSize, this.options.workerId, {
      where: 'r.kind IN (:...kinds)',
      parameters: { kinds },
    });
    this.logAbandoned(abandoned);
    return claimed.map(({ row, lease }) => this.toClaim(row, lease));
  }

  private logAbandoned(rows: ScheduledJob[]): void {
    for (const r of rows) {
      this.logger.error({ jobId: r.id, kind: r.kind, key: r.key, attempts: r.attempts }, 'JOB FAILED: its last claim lapsed mid-run and no attempts are left');
    }
  }

  private toClaim(r: ScheduledJob, lease: Lease): Claim {
    return { ...lease, kind: r.kind, key: r.key, dueAt: r.dueAt, payload: r.payload ?? {} };
  }

  private async run(claim: Claim): Promise<RunResult> {
    if (claim.takenOver) {
      this.logger.warn({ jobId: claim.id, kind: claim.kind, key: claim.key, attempts: claim.attempts }, 'job claim lapsed (worker died mid-run?): running it again');
    }
    const handler = this.handlers.get(claim.kind)!;
    const job: ClaimedJob = { id: claim.id, kind: claim.kind, key: claim.key, dueAt: claim.dueAt, payload: claim.payload, attempts: claim.attempts };
    let outcome: JobOutcome;
    try {
      outcome = await handler(job);
      assertOutcome(outcome);
    } catch (e) {
      return this.recordError(claim, e);
    }
    if (this.clock() > claim.lockedUntil) {
      this.logger.warn({ jobId: claim.id, kind: claim.kind, key: claim.key }, 'job handler ran past its lease: another worker may have claimed it meanwhile');
    }
    if ('done' in outcome) {
      return (await this.finish(claim, { state: JobState.done, finishedAt: this.clock(), note: outcome.note ?? null })) ? 'done' : 'lost';
    }
    if ('retryAt' in outcome) {
      const ok = await this.finish(claim, { state: JobState.pending, dueAt: outcome.retryAt, note: outcome.note ?? null });
      return ok ? 'retried' : 'lost';
    }
    const ok = await this.finish(claim, { state: JobState.failed, finishedAt: this.clock(), lastError: truncate(outcome.failed) });
    if (ok) this.logger.error({ jobId: claim.id, kind: claim.kind, key: claim.key, attempts: claim.attempts, reason: outcome.failed }, 'JOB FAILED: its handler gave up');
    return ok ? 'failed' : 'lost';
  }

  private async recordError(claim: Claim, error: unknown): Promise<RunResult> {
    const lastError = truncate(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    const now = this.clock();
    const { outcome, retryAt } = await this.leases.attemptFailed(claim, lastError, now, { finishedAt: now });
    const log = { jobId: claim.id, kind: claim.kind, key: claim.key, attempts: claim.attempts, err: lastError };
    if (outcome === 'failed') this.logger.error(log, 'JOB FAILED: its handler threw on the last attempt (see scheduled_jobs.last_error)');
    else if (outcome === 'retried') this.logger.warn({ ...log, retryAt }, 'job handler threw: will retry');
    else this.logLost(claim);
    return outcome;
  }

  /** Record an outcome, only while our claim is still the current one (the fencing token matches). */
  private async finish(claim: Claim, changes: Partial<Pick<ScheduledJob, 'state' | 'dueAt' | 'finishedAt' | 'lastError' | 'note'>>): Promise<boolean> {
    if (await this.leases.finish(claim, changes, this.clock())) return true;
    this.logLost(claim);
    return false;
  }

  private logLost(claim: Claim): void {
    this.logger.warn(
      { jobId: claim.id, kind: claim.kind, key: claim.key, attempts: claim.attempts },
      'job outcome ignored: its claim lapsed and was taken over (the newer run records its own)',
    );
  }

  /** Due jobs nobody here can run are left pending (another instance, or the next release, may know the kind); said once. */
  private async logUnknownKinds(): Promise<void> {
    const kinds = [...this.handlers.keys()];
    const q = this.db.manager
      .createQueryBuilder(ScheduledJob, 'j')
      .select('j.kind', 'kind')
      .distinct(true)
      .where('j.state = :pending AND j.dueAt <= :now', { pending: JobState.pending, now: this.clock() });
    if (kinds.length) q.andWhere('j.kind NOT IN (:...kinds)', { kinds });
    const rows = await q.getRawMany<{ kind: string }>();
    for (const { kind } of rows) {
      if (this.unknownLogged.has(kind)) continue;
      this.unknownLogged.add(kind);
      this.logger.warn({ kind }, 'due jobs of a kind with no handler registered in this process: left pending');
    }
  }
}

function isValidDate(d: unknown): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

function assertSchedulable(job: ScheduleJob): void {
  if (!job.kind || job.kind.length > 60) throw new Error('schedule: kind must be 1 to 60 characters');
  if (!job.key || job.key.length > 191) throw new Error('schedule: key must be 1 to 191 characters');
  if (!isValidDate(job.dueAt)) throw new Error('schedule: dueAt must be a valid Date');
  if (job.payload !== undefined && (typeof job.payload !== 'object' || job.payload === null || Array.isArray(job.payload))) {
    throw new Error('schedule: payload must be a plain object');
  }
}

function assertOutcome(outcome: JobOutcome): void {
  if (outcome && typeof outcome === 'object') {
    if ('done' in outcome && outcome.done === true) return;
    if ('retryAt' in outcome && isValidDate(outcome.retryAt)) return;
    if ('failed' in outcome && typeof outcome.failed === 'string') return;
  }
  throw new Error(`handler returned no valid outcome: ${JSON.stringify(outcome)}`);
}

/** A LIKE pattern matching keys that start with `prefix` ('!' escapes, the same on SQLite and MySQL). */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}
