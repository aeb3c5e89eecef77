import { Authorized, Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workshop } from '../workshop/workshop.entity';
import { WaitlistState } from './waitlist.types';

/**
 * One person waiting for spots on a sold-out workshop, and the offer made to
 * them when spots came back (docs/decisions/061). The offer's link carries a
 * random token; only its SHA-256 is stored, so a copy of the table cannot book.
 * An entry takes its place in the queue only once its email is confirmed (067).
 */
@ObjectType({ description: 'A request on the waiting list of a sold-out workshop, and the offer made for it.' })
@Entity({ name: 'waitlist_entries' })
// The queue of a workshop, first confirmed first served.
@Index('idx_waitlist_workshop_state_confirmed', ['workshopId', 'state', 'confirmedAt'])
// The per-email and per-client limits on joining (docs/decisions/067).
@Index('idx_waitlist_email_created', ['email', 'createdAt'])
@Index('idx_waitlist_client_created', ['clientKeyHash', 'createdAt'])
// The sweep of lapsed offers.
@Index('idx_waitlist_state_offer_expires', ['state', 'offerExpiresAt'])
@Index('idx_waitlist_offer_token', ['offerTokenHash'], { unique: true })
// The admin's list of a workshop, oldest first, paged by (created_at, id) (docs/decisions/075).
@Index('idx_waitlist_workshop_created', ['workshopId', 'createdAt', 'id'])
export class WaitlistEntry {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Field(() => ID)
  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  @ManyToOne(() => Workshop, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workshop_id' })
  workshop?: Workshop;

  @Field({ description: 'Who is waiting.' })
  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Authorized()
  @Field({ description: 'Admin only: where the offer is sent.' })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Field(() => Int, { description: 'Spots wanted, 1 to 12: an offer is made only for all of them.' })
  @Column({ type: 'int' })
  spots: number;

  @Field(() => WaitlistState)
  @Column({ type: 'varchar', length: 10 })
  state: WaitlistState;

  /** SHA-256 (hex) of the offer link's token; never the token itself. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  offerTokenHash: string | null;

  @Field(() => Date, { nullable: true, description: 'When the spots were offered (UTC); null while waiting.' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  offeredAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'Until when the offer holds its spots (UTC).' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  offerExpiresAt: Date | null;

  @Authorized()
  @Field(() => ID, { nullable: true, description: 'Admin only: the booking made with the offer.' })
  @Column({ type: 'varchar', length: 36, nullable: true })
  bookingId: string | null;

  @Field(() => Date, { description: 'When the person joined the list (UTC).' })
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the email was confirmed through the link (UTC): the queue order; null while pending.' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  confirmedAt: Date | null;

  /** Keyed hash of the client that joined (as bookings store it, never the address); null when joined inside the app. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  clientKeyHash: string | null;
}
