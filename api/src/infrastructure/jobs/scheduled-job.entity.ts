import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { JobState } from './job.types';

/**
 * One piece of scheduled work (docs/decisions/058): due at a time, claimed by
 * one worker at a time through a lease (locked_by, locked_until), its outcome
 * recorded only by the worker whose claim is still current. Every time in it
 * comes from the injected clock, never from the database.
 */
@Entity({ name: 'scheduled_jobs' })
@Index('idx_scheduled_jobs_key', ['key'], { unique: true })
@Index('idx_scheduled_jobs_state_due', ['state', 'dueAt'])
export class ScheduledJob {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** Which registered handler runs it, e.g. "installment.charge". */
  @Column({ type: 'varchar', length: 60 })
  kind: string;

  /**
   * Unique and chosen by the caller (e.g. "booking:<id>:installment:2"), so
   * scheduling the same work twice keeps one row. 191 characters: the longest
   * utf8mb4 varchar an InnoDB unique index takes on every MySQL/MariaDB version.
   */
  @Column({ type: 'varchar', length: 191 })
  key: string;

  @Column({ type: 'datetime', precision: 3 })
  dueAt: Date;

  // 12 characters: 'cancelled' is the longest state today.
  @Column({ type: 'varchar', length: 12 })
  state: JobState;

  /** Claims so far (1 on the first run). With locked_by it is the fencing token of a run. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** The worker holding (or that last held) the claim. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  lockedBy: string | null;

  /** The claim's lease: after this a running job is taken to be orphaned (its worker died) and is claimed again. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lockedUntil: Date | null;

  /** The last error a handler threw (or why the job failed). */
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** What the handler said about its last run (JobOutcome.note), for the admin. */
  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** Small JSON object for the handler (ids, not personal data). */
  @Column({ type: 'simple-json' })
  payload: Record<string, unknown>;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt: Date;

  /** When it became done, failed or cancelled. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  finishedAt: Date | null;
}
