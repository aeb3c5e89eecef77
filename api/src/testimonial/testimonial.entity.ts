import { Authorized, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Where a review stands in moderation (docs/decisions/089). Keys equal values: GraphQL shows keys, REST values. */
export enum ReviewStatus {
  /** Written through a review link, waiting for the admin. Never public. */
  pending = 'pending',
  /** Shown on /testimonials and its workshop's page. */
  published = 'published',
  /** Taken down (or never shown) by the admin; the words stay as written. */
  hidden = 'hidden',
}
registerEnumType(ReviewStatus, { name: 'ReviewStatus', description: 'Moderation state of a review.' });

/**
 * A review: one written by a verified participant through the personal link of
 * a review request (bookingId set), or one of the seed's samples (sample = true,
 * shown only where SHOW_SAMPLE_REVIEWS allows, docs/decisions/090). The words
 * are kept exactly as written: the admin publishes, hides or answers, never edits.
 */
@ObjectType({ description: 'A review by a past participant.' })
@Entity({ name: 'testimonials' })
@Index('idx_testimonials_status_date', ['status', 'date'])
@Index('idx_testimonials_workshop_status', ['workshopId', 'status'])
@Index('idx_testimonials_author', ['bookingId', 'recipientKey'], { unique: true })
export class Testimonial {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Field(() => Int, { description: 'Stars, 1 to 5.' })
  @Column({ type: 'int' })
  rating: number;

  @Field({ description: 'The name shown, as the writer chose it.' })
  @Column({ type: 'varchar', length: 120 })
  clientName: string;

  @Field({ description: 'Where the client is from, as the writer chose it.' })
  @Column({ type: 'varchar', length: 120 })
  location: string;

  @Field({ description: 'Name of the workshop attended.' })
  @Column({ type: 'varchar', length: 160 })
  workshopAttended: string;

  @Field({ description: 'The review, exactly as written: plain text (line breaks kept), never HTML.' })
  @Column({ type: 'text' })
  reviewText: string;

  @Field({ description: 'Date of the review (YYYY-MM-DD).' })
  @Column({ type: 'varchar', length: 10 })
  date: string;

  @Authorized()
  @Field(() => ReviewStatus, { description: 'Admin only: pending, published or hidden.' })
  @Column({ type: 'varchar', length: 12, default: ReviewStatus.published })
  status: ReviewStatus;

  @Field({ description: 'A sample written for the seed, not by a participant (never shown in production unless SHOW_SAMPLE_REVIEWS=true).' })
  @Column({ type: 'boolean', default: false })
  sample: boolean;

  @Field(() => ID, { nullable: true, description: 'The workshop run reviewed (null for a sample).' })
  @Column({ type: 'varchar', length: 64, nullable: true })
  workshopId: string | null;

  @Field(() => String, { nullable: true, description: 'Month of the trip (YYYY-MM), from the run’s first day; null for a sample.' })
  @Column({ type: 'varchar', length: 7, nullable: true })
  tripMonth: string | null;

  @Authorized()
  @Field(() => ID, { nullable: true, description: 'Admin only: the booking whose participant wrote it.' })
  @Column({ type: 'varchar', length: 36, nullable: true })
  bookingId: string | null;

  /** Who of the booking wrote it ('booker' until travellers exist; then a traveller id). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  recipientKey: string | null;

  @Authorized()
  @Field({ description: 'Admin only: the writer agreed to its publication (only then can it be published).' })
  @Column({ type: 'boolean', default: true })
  consentToPublish: boolean;

  @Field(() => String, { nullable: true, description: 'The studio’s public answer, if any (plain text).' })
  @Column({ type: 'text', nullable: true })
  reply: string | null;

  @Field(() => Date, { nullable: true, description: 'When the studio answered (UTC).' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  repliedAt: Date | null;

  @Authorized()
  @Field(() => Date, { nullable: true, description: 'Admin only: when it was written (UTC); null for a sample.' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  createdAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the admin published it (UTC).' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  publishedAt: Date | null;

  @Field({ description: 'Written through a review link by someone who took part in the run (the "Verified participant" label).' })
  get verified(): boolean {
    return this.bookingId !== null && this.bookingId !== undefined && !this.sample;
  }
}
