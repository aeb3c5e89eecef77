import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { centsToDollars } from '../shared/money';

/**
 * The money of a booking, one row per movement (docs/decisions/062). The
 * booking keeps the running totals (amount_paid_cents, amount_refunded_cents)
 * that the lifecycle updates in the same transaction as each row; the rows say
 * when, how and through which provider object the money moved.
 */

export enum PaymentMethod {
  /** Through the payment provider (Checkout or an off-session charge). */
  card = 'card',
  /** Recorded by the admin: bank transfer, card by phone, cash. */
  offline = 'offline',
  /** A credit code applied to the booking (docs/decisions/063); never refunded in money. */
  credit = 'credit',
}
registerEnumType(PaymentMethod, { name: 'PaymentMethod', description: 'Online through the payment provider, or recorded by the admin.' });

export enum PaymentPurpose {
  /** The first payment: deposit, first installment or payment in full. */
  first = 'first',
  balance = 'balance',
  installment = 'installment',
  /** The difference of a transfer to a dearer workshop, or its fee. */
  transfer = 'transfer',
  /** Recorded by the admin. */
  offline = 'offline',
  /** A credit code from a cancelled workshop (docs/decisions/063). */
  credit = 'credit',
}
registerEnumType(PaymentPurpose, { name: 'PaymentPurpose' });

@ObjectType('PaymentRecord', { description: 'Money received for a booking.' })
@Entity({ name: 'booking_payments' })
@Index('idx_booking_payments_booking', ['bookingId', 'receivedAt'])
export class BookingPayment {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  @Column({ type: 'int' })
  amountCents: number;

  @Field(() => PaymentMethod)
  @Column({ type: 'varchar', length: 10 })
  method: PaymentMethod;

  @Field(() => PaymentPurpose)
  @Column({ type: 'varchar', length: 12 })
  purpose: PaymentPurpose;

  @Field(() => Int, { nullable: true, description: 'Which installment of a payment plan it paid.' })
  @Column({ type: 'int', nullable: true })
  installmentNumber: number | null;

  /** The provider's PaymentIntent (pi_...): unique, so one charge is never recorded twice. */
  @Field(() => String, { nullable: true, description: 'The payment provider id (PaymentIntent).' })
  @Index('idx_booking_payments_provider', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerPaymentId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  /** Refunded from this payment so far (online refunds are split over payments). */
  @Column({ type: 'int', default: 0 })
  refundedCents: number;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 300, nullable: true })
  note: string | null;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  receivedAt: Date;

  @Field(() => Float, { description: 'US dollars.' })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }

  @Field(() => Float, { description: 'Refunded from this payment so far, US dollars.' })
  get refunded(): number {
    return centsToDollars(this.refundedCents);
  }
}

export enum RefundState {
  /** Decided, not yet claimed for making (a workshop's refund waits here for the customer's choice). */
  pending = 'pending',
  /**
   * Claimed for making through the provider (docs/decisions/065): the one
   * maker that moved it here from pending calls the provider; a customer can
   * no longer replace it with a credit. A claim abandoned by a crashed maker
   * (claimedAt long past, or released after an outage) is taken over by the
   * refund job with the same idempotency key.
   */
  processing = 'processing',
  succeeded = 'succeeded',
  /** The provider refused it; the admin must act. */
  failed = 'failed',
  /** Money paid offline: the admin must pay it back, then mark it done. */
  owed = 'owed',
  /** An owed refund the admin marked as made. */
  done = 'done',
  /** A pending refund the customer replaced with a credit (docs/decisions/063): it no longer counts as refunded. */
  credited = 'credited',
}
registerEnumType(RefundState, { name: 'RefundState' });

export enum RefundReason {
  cancellation = 'cancellation',
  /** A refund the admin made (goodwill, overpayment). */
  admin = 'admin',
  /** The price difference of a transfer to a cheaper workshop. */
  transfer = 'transfer',
  /** We cancelled the workshop. */
  workshop_cancelled = 'workshop_cancelled',
  /** Made outside the site (the provider's dashboard) and reported by its webhook. */
  provider = 'provider',
  /** A credit used on a booking whose hold lapsed unpaid: the credit is usable again (docs/decisions/063). */
  credit_returned = 'credit_returned',
  /** Money that arrived after the booking was cancelled (or for a cancelled workshop): refunded in full (docs/decisions/065). */
  late_payment = 'late_payment',
}
registerEnumType(RefundReason, { name: 'RefundReason' });

@ObjectType('RefundRecord', { description: 'Money given back for a booking.' })
@Entity({ name: 'booking_refunds' })
@Index('idx_booking_refunds_booking', ['bookingId', 'createdAt'])
@Index('idx_booking_refunds_state', ['state'])
export class BookingRefund {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  /** The payment it gives back (online refunds); null for offline ones. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  paymentId: string | null;

  @Column({ type: 'int' })
  amountCents: number;

  @Field(() => PaymentMethod)
  @Column({ type: 'varchar', length: 10 })
  method: PaymentMethod;

  @Field(() => RefundState)
  @Column({ type: 'varchar', length: 10 })
  state: RefundState;

  @Field(() => RefundReason)
  @Column({ type: 'varchar', length: 20 })
  reason: RefundReason;

  /** The PaymentIntent refunded (online). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerPaymentId: string | null;

  @Field(() => String, { nullable: true, description: 'The payment provider id (re_...).' })
  @Index('idx_booking_refunds_provider', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerRefundId: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 300, nullable: true })
  note: string | null;

  @Field(() => String, { nullable: true, description: 'Why the provider refused it.' })
  @Column({ type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  completedAt: Date | null;

  /** When its maker claimed it (processing); null while unclaimed, or after a maker gave its claim back. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  claimedAt: Date | null;

  @Field(() => Float, { description: 'US dollars.' })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }
}

export enum InstallmentState {
  scheduled = 'scheduled',
  paid = 'paid',
  /** The last charge attempt was declined; retried, or paid by the customer from the link. */
  failed = 'failed',
  /** The booking was cancelled or moved before it fell due. */
  cancelled = 'cancelled',
}
registerEnumType(InstallmentState, { name: 'InstallmentState' });

@ObjectType('InstallmentRecord', { description: 'One installment of a payment plan.' })
@Entity({ name: 'booking_installments' })
@Unique('uq_booking_installments_number', ['bookingId', 'number'])
// The overdue list's "a failed or past-due installment" per booking, from the index alone (money/overdue.ts).
@Index('idx_booking_installments_booking_state', ['bookingId', 'state', 'dueDate'])
export class BookingInstallment {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  @Field(() => Int)
  @Column({ type: 'int' })
  number: number;

  @Field({ description: 'YYYY-MM-DD.' })
  @Column({ type: 'varchar', length: 10 })
  dueDate: string;

  @Column({ type: 'int' })
  amountCents: number;

  @Field(() => InstallmentState)
  @Column({ type: 'varchar', length: 10 })
  state: InstallmentState;

  /** Off-session charge attempts that failed; the next attempt's idempotency key uses it. */
  @Field(() => Int)
  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  paidAt: Date | null;

  @Field(() => Float, { description: 'US dollars.' })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }
}
