import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Life cycle of an outbox row (docs/decisions/030). */
export enum MailStatus {
  /** Waiting to be sent once next_attempt_at has passed. */
  pending = 'pending',
  /** Claimed by a worker that is sending it now (or crashed while doing so). */
  sending = 'sending',
  sent = 'sent',
  /** Gave up after the last attempt: the admin should look at last_error. */
  failed = 'failed',
  /** Over its recipient's limit when enqueued: kept for the record, never sent (hardening finding 8). */
  suppressed = 'suppressed',
}

/**
 * One mail to send, written in the same transaction as the booking change that
 * causes it, so a mail exists if and only if that change committed. The worker
 * renders it from `payload` when it sends it.
 */
@Entity({ name: 'mail_outbox' })
@Index('idx_mail_outbox_status_next', ['status', 'nextAttemptAt'])
@Index('idx_mail_outbox_recipient_created', ['recipient', 'createdAt'])
// The retention job blanks the bodies of mails older than the period (docs/decisions/100).
@Index('idx_mail_outbox_created', ['createdAt'])
export class MailOutbox {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** Which template renders it: a kind a domain registered with the outbox. */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  /** Everything the template needs, captured when the mail was enqueued. */
  @Column({ type: 'simple-json' })
  payload: object;

  // 10 characters: 'suppressed' is the longest status.
  @Column({ type: 'varchar', length: 10 })
  status: MailStatus;

  /**
   * Claims so far. Every claim increments it, so with locked_by it is a fencing
   * token: a worker only records the outcome of the attempt it claimed.
   */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'datetime', precision: 3 })
  nextAttemptAt: Date;

  /** When the last claim was taken (for the admin; the lease is locked_until). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  claimedAt: Date | null;

  /** The worker holding (or that last held) the claim: with `attempts`, the fencing token of a send. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  lockedBy: string | null;

  /** The claim's lease: a `sending` row past it is taken to be from a worker that died mid-send, and is sent again. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  sentAt: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
