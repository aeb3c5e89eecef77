import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ActorType } from '../shared/audit-actions';

/**
 * One row of the append-only audit log (docs/decisions/060): written by
 * AuditLog.record in the transaction of the change it describes, so it exists
 * if and only if that change committed. No code deletes these rows; the erasure
 * of a customer (AuditLog.rewriteErased) replaces their address and names in them.
 */
@ObjectType({ description: 'One entry of the audit log: who did what, when, to which booking or workshop (admin only).' })
@Entity({ name: 'audit_log' })
@Index('idx_audit_log_at', ['at'])
@Index('idx_audit_log_booking', ['bookingId'])
@Index('idx_audit_log_workshop', ['workshopId'])
@Index('idx_audit_log_action', ['action'])
// The text search: a FULLTEXT index on MySQL/MariaDB, an FTS5 table kept by triggers on SQLite; made by the migration only (docs/decisions/075).
@Index('ft_audit_log_search', { synchronize: false })
export class AuditEvent {
  @Field(() => ID, { description: 'Increasing number; entries are listed newest first by `at`, then by id.' })
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Field(() => Date, { description: 'When the change happened (the server clock, UTC).' })
  @Column({ type: 'datetime', precision: 3 })
  at: Date;

  @Field(() => String, { description: 'admin, customer or system.' })
  @Column({ type: 'varchar', length: 10 })
  actorType: ActorType;

  @Field({ description: '"admin", the customer\'s email, or "system".' })
  @Column({ type: 'varchar', length: 254 })
  actor: string;

  @Field({ description: 'What happened, e.g. booking.cancelled (the list is in api/src/shared/audit-actions.ts).' })
  @Column({ type: 'varchar', length: 40 })
  action: string;

  @Field(() => ID, { nullable: true })
  @Column({ type: 'varchar', length: 36, nullable: true })
  bookingId: string | null;

  @Field(() => ID, { nullable: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  workshopId: string | null;

  @Field(() => String, { nullable: true, description: 'The changed fields before the change, as a JSON object (money in cents).' })
  @Column({ type: 'text', nullable: true })
  before: string | null;

  @Field(() => String, { nullable: true, description: 'The changed fields after the change, as a JSON object (money in cents).' })
  @Column({ type: 'text', nullable: true })
  after: string | null;

  @Field(() => String, { nullable: true, description: 'A sentence for people, e.g. "$868.50 received by bank transfer".' })
  @Column({ type: 'text', nullable: true })
  detail: string | null;
}
