import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { centsToDollars } from '../shared/money';
import { formatDateRange } from '../shared/dates';
import { POLICY } from '../shared/policy';
import { DifficultyLevel, WorkshopType } from './workshop.types';

@ObjectType({ description: 'A small-group photography workshop: one run of it, on its dates.' })
@Entity({ name: 'workshops' })
// The catalog window (runs by their last day) and the admin's paged list (newest first), docs/decisions/076.
@Index('idx_workshops_end_date', ['endDate'])
@Index('idx_workshops_start_date_id', ['startDate', 'id'])
export class Workshop {
  @Field(() => ID, { description: 'Stable, readable slug, e.g. "zion-canyon-light".' })
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Field({ description: 'Display name.' })
  @Column({ type: 'varchar', length: 160 })
  name: string;

  @Field({ description: 'About the workshop: one or more paragraphs of plain text.' })
  @Column({ type: 'text' })
  description: string;

  @Field({ description: 'Place name, e.g. "Zion National Park".' })
  @Column({ type: 'varchar', length: 160 })
  location: string;

  @Field({ description: 'US state, e.g. "Utah".' })
  @Column({ type: 'varchar', length: 60 })
  state: string;

  @Field({ description: 'First day, a calendar date (YYYY-MM-DD) in the workshop time zone.' })
  @Column({ type: 'varchar', length: 10 })
  startDate: string;

  @Field({ description: 'Last day, a calendar date (YYYY-MM-DD) in the workshop time zone.' })
  @Column({ type: 'varchar', length: 10 })
  endDate: string;

  @Field({ description: 'IANA time zone of the location, e.g. "America/Denver".' })
  @Column({ type: 'varchar', length: 60 })
  timeZone: string;

  @Field(() => Int, { description: 'Length in days.' })
  @Column({ type: 'int' })
  durationDays: number;

  @Field(() => Int, { description: 'Price per person in US cents.' })
  @Column({ type: 'int' })
  priceCents: number;

  @Field(() => Int, { description: 'Maximum group size (12).' })
  @Column({ type: 'int', default: POLICY.maxGroupSize })
  capacity: number;

  /**
   * Spots held or sold. Changed only by the atomic claim/release statements of
   * the booking service, never read-modify-written (see docs/decisions/003).
   */
  @Field(() => Int, { description: 'Fewest participants for the workshop to run (the go/no-go minimum; default 6).' })
  @Column({ type: 'int', default: POLICY.minParticipants })
  minimumParticipants: number;

  @Field(() => Int, { description: 'Spots taken by confirmed bookings and unexpired holds.' })
  @Column({ type: 'int', default: 0 })
  spotsClaimed: number;

  @Field(() => DifficultyLevel, { description: 'Physical difficulty.' })
  @Column({ type: 'varchar', length: 20 })
  difficultyLevel: DifficultyLevel;

  @Field(() => WorkshopType, { description: 'Kind of workshop; the list filters on it.' })
  @Column({ type: 'varchar', length: 30 })
  workshopType: WorkshopType;

  @Field({ description: 'Address of the workshop photograph (a site path or an http(s) URL).' })
  @Column({ type: 'varchar', length: 2000 })
  imageUrl: string;

  @Field(() => [String], { description: 'Four to six short highlights.' })
  @Column({ type: 'simple-json' })
  highlights: string[];

  @Field({ description: 'Day-by-day plan, one line per day.' })
  @Column({ type: 'text' })
  itinerary: string;

  @Column({ type: 'int', nullable: true })
  privateRoomSupplementCents: number | null;

  /**
   * Set when the admin archives a past workshop: it leaves the public lists but
   * stays reachable by id (its bookings and community board). Null otherwise.
   */
  @Column({ type: 'datetime', precision: 3, nullable: true, default: null })
  archivedAt: Date | null;

  /**
   * The go/no-go decision date (YYYY-MM-DD) the admin set; null: the default,
   * the balance due date (shared/go-no-go.ts, docs/decisions/063).
   */
  @Field(() => String, { nullable: true, description: 'Go/no-go decision date the admin set (YYYY-MM-DD); null for the default, the balance due date.' })
  @Column({ type: 'varchar', length: 10, nullable: true, default: null })
  decisionDate: string | null;

  /** Set when the admin cancelled the workshop: not bookable any more, its bookings cancelled (docs/decisions/063). */
  @Column({ type: 'datetime', precision: 3, nullable: true, default: null })
  cancelledAt: Date | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt: Date;

  @Field({ description: 'Human date range with the year, e.g. "May 14-19, 2026".' })
  get dates(): string {
    return formatDateRange(this.startDate, this.endDate);
  }

  @Field({ description: 'True once the admin archived it: hidden from the lists, still reachable by id.' })
  get archived(): boolean {
    return this.archivedAt !== null && this.archivedAt !== undefined;
  }

  @Field({ description: 'True once the admin cancelled it: it takes no bookings; its bookings were cancelled and refunded.' })
  get cancelled(): boolean {
    return this.cancelledAt !== null && this.cancelledAt !== undefined;
  }

  @Field(() => Float, { description: 'Price per person in US dollars.' })
  get price(): number {
    return centsToDollars(this.priceCents);
  }

  @Field(() => Int, { description: 'Spots still free to book; 0 means sold out.' })
  get availableSpots(): number {
    return Math.max(0, this.capacity - this.spotsClaimed);
  }

  @Field(() => Float, { description: 'Private room supplement in US dollars (500 when the workshop sets none).' })
  get privateRoomSupplement(): number {
    return centsToDollars(this.privateRoomSupplementCents ?? POLICY.defaultPrivateRoomSupplementCents);
  }
}
