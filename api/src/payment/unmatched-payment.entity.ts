import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { centsToDollars } from '../shared/money';

/** Why a paid session was not applied to a booking. */
export enum UnmatchedPaymentReason {
  /** Not a session this server created (none on record with that id). */
  unknown_session = 'unknown_session',
  /** Our session, but it names another booking than the one it was created for. */
  wrong_booking = 'wrong_booking',
  /** Paid a different amount than the one we asked for. */
  wrong_amount = 'wrong_amount',
  /** Paid in another currency than the one we asked for (usd). */
  wrong_currency = 'wrong_currency',
}

registerEnumType(UnmatchedPaymentReason, {
  name: 'UnmatchedPaymentReason',
  description: 'Why a paid checkout session was not applied to a booking.',
  valuesConfig: {
    unknown_session: { description: 'Not a session this site created.' },
    wrong_booking: { description: 'Created by this site for another booking than the one it names.' },
    wrong_amount: { description: 'Paid another amount than the one asked.' },
    wrong_currency: { description: 'Paid in another currency than usd.' },
  },
});

/**
 * A paid checkout session that changed no booking because it was not the one
 * the server created for the booking it names, or not for the amount asked
 * (hardening finding 3). Kept for the admin, who refunds or investigates it.
 * One row per session: replays of its webhook add nothing.
 */
@ObjectType({ description: 'A paid checkout session that was not applied to any booking (admin only).' })
@Entity({ name: 'unmatched_payments' })
@Index('idx_unmatched_payments_received', ['receivedAt'])
export class UnmatchedPayment {
  @Field(() => ID, { description: 'The payment provider’s checkout session id.' })
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sessionId: string;

  @Field(() => String, { nullable: true, description: 'The booking id the session names (client_reference_id or metadata), unverified.' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  bookingIdClaimed: string | null;

  @Column({ type: 'int', nullable: true })
  amountCents: number | null;

  @Field(() => String, { nullable: true, description: 'Currency of the payment (ISO 4217, lower case).' })
  @Column({ type: 'varchar', length: 3, nullable: true })
  currency: string | null;

  @Field(() => UnmatchedPaymentReason)
  @Column({ type: 'varchar', length: 20 })
  reason: UnmatchedPaymentReason;

  @Field({ description: 'When it reached us (webhook or status poll).' })
  @Column({ type: 'datetime', precision: 3 })
  receivedAt: Date;

  @Field(() => Float, { nullable: true, description: 'Amount paid, in the session’s currency (dollars for usd).' })
  get amount(): number | null {
    return this.amountCents === null ? null : centsToDollars(this.amountCents);
  }
}
