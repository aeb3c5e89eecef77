import type { EntityManager } from 'typeorm';

/**
 * Scheduled work kept in the database (docs/decisions/058): installment
 * charges, balance reminders, overdue notices. A row per piece of work, due at
 * a time, claimed by one worker at a time, done once, caught up after downtime.
 */
export enum JobState {
  pending = 'pending',
  /** Claimed by a worker until lockedUntil; a lapsed claim is taken over (the worker died). */
  running = 'running',
  done = 'done',
  /** Gave up: the handler said so. */
  failed = 'failed',
  cancelled = 'cancelled',
}

export interface ScheduleJob {
  /** Which handler runs it, e.g. "installment.charge". */
  kind: string;
  /** Unique: scheduling the same key twice keeps the first row (idempotent). */
  key: string;
  dueAt: Date;
  /** Small JSON object for the handler. */
  payload?: Record<string, unknown>;
}

/** What a handler sees of its row. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  dueAt: Date;
  payload: Record<string, unknown>;
  /** 1 on the first run; counts every claim, so a run after a crash sees 2. */
  attempts: number;
}

/**
 * What became of a run. `done` and `failed` end the job; `retryAt` puts it
 * back to pending with a new due time (a decline retried in 3 days, or work
 * that must wait).
 */
export type JobOutcome = { done: true; note?: string } | { retryAt: Date; note?: string } | { failed: string };

export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

export interface JobScheduler {
  /** Insert a job in the caller's transaction (ignored when the key exists). */
  schedule(m: EntityManager, job: ScheduleJob): Promise<void>;
  /** Several at once, each as `schedule` would (one statement). */
  scheduleMany(m: EntityManager, jobs: readonly ScheduleJob[]): Promise<void>;
  /** Cancel pending jobs whose key starts with the prefix (e.g. every job of a booking). Returns how many. */
  cancelByKeyPrefix(m: EntityManager, keyPrefix: string): Promise<number>;
  /** Move a pending job to a new due time. False when it is not pending. */
  reschedule(m: EntityManager, key: string, dueAt: Date): Promise<boolean>;
  /** Put a cancelled job back to pending at a new due time (work cancelled, then wanted again). False when it is not cancelled. */
  reopen(m: EntityManager, key: string, dueAt: Date): Promise<boolean>;
}
