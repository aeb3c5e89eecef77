import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One review mail sent to one participant of a booking (stage 1 at +2 days,
 * stage 2 at +7). The unique key makes the sending idempotent: a job run again
 * after a lapsed lease finds its row and sends nothing (docs/decisions/089).
 */
@Entity({ name: 'review_requests' })
@Index('idx_review_requests_once', ['bookingId', 'recipientKey', 'stage'], { unique: true })
export class ReviewRequest {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  @Column({ type: 'varchar', length: 64 })
  recipientKey: string;

  /** 1: the first ask (+2 days); 2: the reminder (+7 days). */
  @Column({ type: 'int' })
  stage: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'datetime', precision: 3 })
  sentAt: Date;
}
