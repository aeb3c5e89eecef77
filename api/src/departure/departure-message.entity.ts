import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What sent a message to a departure's travellers. */
export enum DepartureMessageKind {
  /** The admin wrote it ("Message the group"). */
  group = 'group',
  /** The know-before-you-go mail, 14 or 2 days before the start (a job). */
  know_before_you_go = 'know_before_you_go',
}
registerEnumType(DepartureMessageKind, { name: 'DepartureMessageKind', description: 'Who sent a message to a departure: the admin (group) or the know-before-you-go job.' });

/**
 * One message to a departure's travellers, written in the transaction that
 * enqueues its mails. `key` is unique: the know-before-you-go job inserts its
 * row under `kbyg:<run>:<start>:<days>`, so a run repeated after a lapsed
 * claim finds it and sends nothing twice; a group message's key is its id.
 */
@ObjectType({ description: 'A message sent to every traveller of a departure.' })
@Entity({ name: 'departure_messages' })
@Index('idx_departure_messages_workshop', ['workshopId', 'createdAt'])
export class DepartureMessage {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index('uq_departure_messages_key', { unique: true })
  @Column({ type: 'varchar', length: 120 })
  key: string;

  @Field(() => ID)
  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  @Field(() => DepartureMessageKind)
  @Column({ type: 'varchar', length: 24 })
  kind: DepartureMessageKind;

  @Field()
  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Field({ description: 'Plain text, paragraphs separated by blank lines.' })
  @Column({ type: 'text' })
  body: string;

  @Field({ description: 'True when the waiting list was written to as well.' })
  @Column({ type: 'boolean', default: false })
  includesWaitlist: boolean;

  @Field({ description: 'When it was sent (UTC).' })
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;
}

/** One recipient of a departure message and the outbox row that carries it (its delivery state). */
@Entity({ name: 'departure_message_recipients' })
@Index('uq_departure_recipient', ['messageId', 'email'], { unique: true })
@Index('idx_departure_recipient_booking', ['bookingId'])
export class DepartureMessageRecipient {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  messageId: string;

  /** The traveller's booking; null for a waiting-list entry. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  bookingId: string | null;

  /** The traveller (i25a's travellers); null for the booker before travellers existed, or a waiting-list entry. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  travellerId: string | null;

  @Column({ type: 'varchar', length: 160 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** traveller or waitlist. */
  @Column({ type: 'varchar', length: 16 })
  audience: string;

  @Column({ type: 'varchar', length: 36 })
  mailId: string;
}
