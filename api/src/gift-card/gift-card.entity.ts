import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { centsToDollars } from '../shared/money';

export enum GiftCardState {
  /** Bought, its Checkout Session not paid yet: no code is usable. */
  pending_payment = 'pending_payment',
  /** Paid (or issued by the admin): its code is usable while balance and validity last. */
  active = 'active',
  /** Voided by the admin while unused. */
  void = 'void',
  /** Purchase refunded to the buyer's card while unused. */
  refunded = 'refunded',
}
registerEnumType(GiftCardState, { name: 'GiftCardState' });

export enum GiftCardKind {
  /** Bought on the public page through Stripe Checkout. */
  purchased = 'purchased',
  /** Issued by hand by the admin (a goodwill gesture): no money came in. */
  goodwill = 'goodwill',
  /**
   * A credit (WL- code) issued instead of a refund of a cancelled workshop, or
   * for money a code paid on a booking that was refunded (docs/decisions/063,
   * 095): the customer's own money, spent in parts like any card.
   */
  credit = 'credit',
}
registerEnumType(GiftCardKind, { name: 'GiftCardKind' });

/**
 * A gift card (docs/decisions/094): a code with a balance in cents, spent in
 * parts on bookings (deposit, balance, installment) until it is zero or five
 * years have passed. The balance only moves by a compare-and-set
 * (`balance_cents >= amount`) in the transaction that records the use, so two
 * bookings never spend the same cents. Read by the statistics (i27d): money in
 * is `initial_cents` of `purchased` cards with `paid_at` set and not `refunded`;
 * money spent is the sum of `gift_card_uses.amount_cents`.
 */
@ObjectType('GiftCard', { description: 'A gift card: a code with a balance in US dollars, usable on bookings for five years.' })
@Entity({ name: 'gift_cards' })
@Index('idx_gift_cards_state_created', ['state', 'createdAt'])
@Index('idx_gift_cards_source', ['sourceBookingId'])
export class GiftCard {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** GC-XXXX-XXXX-XXXX-XXXX (a credit: WL-XXXX-XXXX-XXXX, or an older WL-XXXX-XXXX); shown only to the admin, in the recipient's mail and on the credit's manage page. */
  @Index('idx_gift_cards_code', { unique: true })
  @Column({ type: 'varchar', length: 24 })
  code: string;

  @Field(() => GiftCardKind)
  @Column({ type: 'varchar', length: 12 })
  kind: GiftCardKind;

  @Field(() => GiftCardState)
  @Column({ type: 'varchar', length: 16 })
  state: GiftCardState;

  /** What it was worth when bought or issued, in cents. */
  @Column({ type: 'int' })
  initialCents: number;

  /** What is left, in cents; never below zero. */
  @Column({ type: 'int' })
  balanceCents: number;

  /** "One place on <workshop>": the workshop whose price it was bought at (null: an amount). */
  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  workshopId: string | null;

  @Field()
  @Column({ type: 'varchar', length: 120 })
  buyerName: string;

  @Field()
  @Column({ type: 'varchar', length: 254 })
  buyerEmail: string;

  @Field()
  @Column({ type: 'varchar', length: 120 })
  recipientName: string;

  @Field()
  @Column({ type: 'varchar', length: 254 })
  recipientEmail: string;

  @Field()
  @Column({ type: 'text' })
  message: string;

  @Field({ description: 'The day the recipient gets the card (YYYY-MM-DD, the business time zone).' })
  @Column({ type: 'varchar', length: 10 })
  deliverOn: string;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  deliveredAt: Date | null;

  /** The Checkout Session that pays a purchase (the only one whose payment activates it). */
  @Index('idx_gift_cards_session', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  /** The PaymentIntent that paid it (refunds go to it). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerPaymentId: string | null;

  /** A credit's booking: the one whose refund it replaced or whose code-paid money came back (null for a card). */
  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 36, nullable: true })
  sourceBookingId: string | null;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  paidAt: Date | null;

  /** When the admin voided it (the dashboard's "voided" month, decision 099 amendment). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  voidedAt: Date | null;

  /** When the payment provider took the refund of its purchase (the dashboard's and the ledger's date of that money going out). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  refundedAt: Date | null;

  /** The provider's Refund id of its purchase (the accountant's export). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerRefundId: string | null;

  @Field(() => Date, { description: 'Five years after purchase or issue: unusable after.' })
  @Column({ type: 'datetime', precision: 3 })
  expiresAt: Date;

  @Field(() => Float, { description: 'US dollars.' })
  get amount(): number {
    return centsToDollars(this.initialCents);
  }

  @Field(() => Float, { description: 'US dollars left.' })
  get balance(): number {
    return centsToDollars(this.balanceCents);
  }
}

/** One spend of a gift card on a booking (or its return, negative, when the booking's hold lapsed). */
@ObjectType('GiftCardUse')
@Entity({ name: 'gift_card_uses' })
@Index('idx_gift_card_uses_card', ['giftCardId'])
@Index('idx_gift_card_uses_booking', ['bookingId'])
export class GiftCardUse {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  giftCardId: string;

  @Field()
  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  /** Cents spent (negative: given back). */
  @Column({ type: 'int' })
  amountCents: number;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  usedAt: Date;

  @Field(() => Float, { description: 'US dollars spent (negative: given back).' })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }

  @Field(() => Int, { description: 'Cents spent (negative: given back).' })
  get cents(): number {
    return this.amountCents;
  }
}
