import { Authorized, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { balanceCentsOf, centsToDollars, netReceivedCents } from '../shared/money';
import { Workshop } from '../workshop/workshop.entity';
import { BookingStatus, ExperienceLevel, PaymentOption, PaymentStatus, RoomType } from './booking.types';

/**
 * A booking of one or more spots. Public fields are readable by anyone who holds
 * the (unguessable) id; fields marked @Authorized are for the admin only.
 */
@ObjectType({ description: 'A booking of one or more spots on a workshop.' })
@Entity({ name: 'bookings' })
@Index('idx_bookings_workshop_status', ['workshopId', 'status'])
@Index('idx_bookings_status_hold', ['status', 'holdExpiresAt'])
@Index('idx_bookings_client_status', ['clientKeyHash', 'status'])
@Index('idx_bookings_email_status', ['customerEmail', 'status'])
// The admin's list, newest first, paged by (created_at, id), whole or by workshop, status or payment status (docs/decisions/075).
@Index('idx_bookings_created', ['createdAt', 'id'])
@Index('idx_bookings_workshop_created', ['workshopId', 'createdAt', 'id'])
@Index('idx_bookings_status_created', ['status', 'createdAt', 'id'])
@Index('idx_bookings_payment_created', ['paymentStatus', 'createdAt', 'id'])
// The admin's sorts (docs/decisions/079): (column, id).
@Index('idx_bookings_name_id', ['customerName', 'id'])
@Index('idx_bookings_workshop_name_id', ['workshopName', 'id'])
@Index('idx_bookings_spots_id', ['numParticipants', 'id'])
@Index('idx_bookings_paid_id', ['amountPaidCents', 'id'])
@Index('idx_bookings_payment_id', ['paymentStatus', 'id'])
@Index('idx_bookings_reference', ['reference'], { unique: true })
// The admin's search: a FULLTEXT index on MySQL/MariaDB, an FTS5 table kept by triggers on SQLite; made by the migration only.
@Index('ft_bookings_search', { synchronize: false })
export class Booking {
  @Field(() => ID, { description: 'Random UUID: knowing it is what lets a visitor read the booking.' })
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /**
   * Every booking the app writes has one, given at creation, and the migration gave
   * one to every older row (decision 078). Nullable all the same: a row written
   * around the app (an import, a copy made in SQL) has none, and reads of it must
   * not fail for that.
   */
  @Field(() => String, { nullable: true, description: 'Short reference a customer quotes, e.g. "WL-7KQ2M"; the id stays the key in links. Null only for a booking written outside the app.' })
  @Column({ type: 'varchar', length: 8, nullable: true })
  reference: string | null;

  @Field(() => ID)
  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  /**
   * No foreign key in the database (docs/decisions/107): the booking's transaction inserts its row
   * before it claims the spots, and on MySQL/MariaDB the key's shared lock on the workshop row would
   * deadlock two bookings upgrading it to the claim's exclusive one. The claim checks the reference
   * (its UPDATE finds the row, then holds it to the commit); the app never deletes a workshop.
   */
  @ManyToOne(() => Workshop, { onDelete: 'RESTRICT', createForeignKeyConstraints: false })
  @JoinColumn({ name: 'workshop_id' })
  workshop?: Workshop;

  @Field({ description: 'Name of the workshop booked.' })
  @Column({ type: 'varchar', length: 160 })
  workshopName: string;

  @Field()
  @Column({ type: 'varchar', length: 120 })
  customerName: string;

  @Field()
  @Column({ type: 'varchar', length: 254 })
  customerEmail: string;

  @Authorized()
  @Field({ description: 'Admin only.' })
  @Column({ type: 'varchar', length: 40 })
  customerPhone: string;

  @Field(() => Int)
  @Column({ type: 'int' })
  numParticipants: number;

  @Field(() => RoomType)
  @Column({ type: 'varchar', length: 10 })
  roomType: RoomType;

  @Field(() => Int, { description: 'Non-photographer spouses or partners (0-4), at half price.' })
  @Column({ type: 'int', default: 0 })
  numSpouses: number;

  @Field(() => PaymentOption)
  @Column({ type: 'varchar', length: 20 })
  paymentOption: PaymentOption;

  @Field(() => Int, { nullable: true, description: 'Monthly installments of a payment plan (3-6).' })
  @Column({ type: 'int', nullable: true })
  installments: number | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  specialRequests: string | null;

  @Authorized()
  @Field(() => Int, { nullable: true, description: 'Admin only.' })
  @Column({ type: 'int', nullable: true })
  age: number | null;

  @Field(() => ExperienceLevel)
  @Column({ type: 'varchar', length: 20 })
  experienceLevel: ExperienceLevel;

  @Field()
  @Column({ type: 'varchar', length: 200 })
  cameraBody: string;

  @Field()
  @Column({ type: 'text' })
  lenses: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  otherEquipment: string | null;

  @Authorized()
  @Field(() => String, { nullable: true, description: 'Admin only.' })
  @Column({ type: 'text', nullable: true })
  healthConcerns: string | null;

  @Authorized()
  @Field(() => String, { nullable: true, description: 'Admin only.' })
  @Column({ type: 'text', nullable: true })
  dietaryRestrictions: string | null;

  @Field()
  @Column({ type: 'text' })
  tripGoals: string;

  @Authorized()
  @Field({ description: 'Admin only.' })
  @Column({ type: 'varchar', length: 120 })
  emergencyContactName: string;

  @Authorized()
  @Field({ description: 'Admin only.' })
  @Column({ type: 'varchar', length: 40 })
  emergencyContactPhone: string;

  @Authorized()
  @Field({ description: 'Admin only.' })
  @Column({ type: 'varchar', length: 254 })
  emergencyContactEmail: string;

  @Field(() => BookingStatus)
  @Column({ type: 'varchar', length: 20 })
  status: BookingStatus;

  @Field(() => PaymentStatus)
  @Column({ type: 'varchar', length: 20 })
  paymentStatus: PaymentStatus;

  @Column({ type: 'int' })
  totalCents: number;

  @Column({ type: 'int' })
  dueNowCents: number;

  @Column({ type: 'int', default: 0 })
  amountPaidCents: number;

  @Field(() => Date, { nullable: true, description: 'When an unpaid hold lapses (UTC); null when paid or held until the admin acts.' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  holdExpiresAt: Date | null;

  /** Money refunded so far (online refunds made, offline ones owed or done). */
  @Column({ type: 'int', default: 0 })
  amountRefundedCents: number;

  /** Fees kept on top of the price (a transfer fee). */
  @Column({ type: 'int', default: 0 })
  feeCents: number;

  @Field(() => String, { nullable: true, description: 'The promo code the booking used, if any (docs/decisions/096).' })
  @Column({ type: 'varchar', length: 32, nullable: true })
  promoCode: string | null;

  /** Taken off the price by the promo code: totalCents is the price after it. */
  @Column({ type: 'int', default: 0 })
  discountCents: number;

  /**
   * Set by a transfer (docs/decisions/066): the most a later cancellation may
   * return, as of `refundCapPaidCents` received and kept (shared/policy.ts
   * cancellationRefund). Null: never transferred.
   */
  @Column({ type: 'int', nullable: true })
  refundCapCents: number | null;

  /** Received minus refunded right after the transfer that set the cap. */
  @Column({ type: 'int', nullable: true })
  refundCapPaidCents: number | null;

  /** The Stripe Customer a payment plan's card is saved on. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerCustomerId: string | null;

  /** The saved card (payment method) later installments are charged to. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerPaymentMethodId: string | null;

  @Index('idx_bookings_checkout_session', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  /**
   * Keyed hash (HMAC) of the client key the booking came from (the IP as the
   * transport sees it), never the address itself: the hold caps count by it
   * (docs/decisions/056). Null for bookings made inside the app.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  clientKeyHash: string | null;

  /** The customer asked for one "finish your booking" mail if the checkout lapses unpaid (docs/decisions/098). */
  @Column({ type: 'boolean', default: false })
  recoveryConsent: boolean;

  /**
   * The booking this lapsed one's recovery link made (docs/decisions/098, amendment): set
   * once, by compare-and-set in the new booking's transaction; a second click leads to it.
   */
  @Column({ type: 'varchar', length: 36, nullable: true })
  recoveryBookingId: string | null;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt: Date;

  @Field(() => Float, { description: 'Total price in US dollars.' })
  get totalAmount(): number {
    return centsToDollars(this.totalCents);
  }

  @Field(() => Float, { description: 'Promo code discount in US dollars, already taken off totalAmount (0 without a code).' })
  get discount(): number {
    return centsToDollars(this.discountCents);
  }

  @Field(() => Float, { description: 'Charged at booking (deposit, first installment or full) in US dollars.' })
  get amountDueNow(): number {
    return centsToDollars(this.dueNowCents);
  }

  @Field(() => Float, { description: 'Money received so far in US dollars.' })
  get amountPaid(): number {
    return centsToDollars(this.amountPaidCents);
  }

  @Field(() => Float, { description: 'Money refunded so far in US dollars.' })
  get amountRefunded(): number {
    return centsToDollars(this.amountRefundedCents);
  }

  @Field(() => Float, { description: 'Fees kept on top of the price (a transfer fee) in US dollars.' })
  get fees(): number {
    return centsToDollars(this.feeCents);
  }

  /** What the booking owes in all: the price and any fee. */
  get owedCents(): number {
    return this.totalCents + this.feeCents;
  }

  /** Received and kept: paid minus refunded (the most a refund can give back). */
  get netReceivedCents(): number {
    return netReceivedCents(this);
  }

  /** Still to pay: what it owes minus what was received and kept; nothing once released (expired, cancelled). */
  get balanceCents(): number {
    return balanceCentsOf(this);
  }

  @Field(() => Float, { description: 'Still to pay in US dollars (0 when paid in full or released).' })
  get balance(): number {
    return centsToDollars(this.balanceCents);
  }
}
