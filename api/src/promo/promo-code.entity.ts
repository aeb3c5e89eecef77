import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { centsToDollars } from '../shared/money';

export enum PromoKind {
  /** A share of the price: percentOff percent. */
  percent = 'percent',
  /** A fixed amount off the booking: amountOffCents. */
  fixed = 'fixed',
}
registerEnumType(PromoKind, { name: 'PromoKind', description: 'How a promo code discounts: a percentage or a fixed amount.' });

/**
 * A promo code the admin created (docs/decisions/096). `usesCount` is the
 * number of live uses: a booking claims one with a compare-and-set on it
 * (`uses_count < max_uses`) in its own transaction, and a use given back (a
 * lapsed hold, a booking cancelled before anything was paid) lowers it.
 * Kept plain on purpose: the statistics read this table and promo_code_uses.
 */
@ObjectType('PromoCode', { description: 'A promo code: a discount the booking form accepts.' })
@Entity({ name: 'promo_codes' })
export class PromoCode {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Field({ description: 'The code as customers type it (stored upper case, e.g. SPRING25).' })
  @Index('idx_promo_codes_code', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  code: string;

  @Field(() => PromoKind)
  @Column({ type: 'varchar', length: 10 })
  kind: PromoKind;

  @Field(() => Int, { nullable: true, description: 'Percent off (1-90) for a percent code.' })
  @Column({ type: 'int', nullable: true })
  percentOff: number | null;

  @Field(() => Int, { nullable: true, description: 'Cents off for a fixed code.' })
  @Column({ type: 'int', nullable: true })
  amountOffCents: number | null;

  /** The workshops it applies to, comma separated; null: every workshop. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  workshopIdList: string | null;

  @Field(() => Date, { nullable: true, description: 'First instant it may be used (UTC); null: from now.' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  validFrom: Date | null;

  @Field(() => Date, { nullable: true, description: 'Instant from which it may no longer be used (UTC); null: no end.' })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  validUntil: Date | null;

  @Field(() => Int, { nullable: true, description: 'Uses allowed in total; null: no cap.' })
  @Column({ type: 'int', nullable: true })
  maxUses: number | null;

  @Field(() => Int, { nullable: true, description: 'Uses allowed per customer email; null: no cap.' })
  @Column({ type: 'int', nullable: true })
  maxUsesPerEmail: number | null;

  @Field(() => Int, { description: 'Fewest participants a booking needs to use it (1: any booking).' })
  @Column({ type: 'int', default: 1 })
  minParticipants: number;

  @Field({ description: 'A paused code is refused until resumed.' })
  @Column({ type: 'boolean', default: false })
  paused: boolean;

  @Field(() => Int, { description: 'Bookings that use it now (a use given back is not counted).' })
  @Column({ type: 'int', default: 0 })
  usesCount: number;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Field(() => [String], { description: 'The workshops it applies to; empty: every workshop.' })
  get workshopIds(): string[] {
    return this.workshopIdList ? this.workshopIdList.split(',') : [];
  }

  @Field(() => Float, { nullable: true, description: 'US dollars off for a fixed code.' })
  get amountOff(): number | null {
    return this.amountOffCents === null ? null : centsToDollars(this.amountOffCents);
  }
}

export enum PromoUseState {
  /** Counted against the caps. */
  active = 'active',
  /** Given back: the hold lapsed or the booking was cancelled before anything was paid. */
  returned = 'returned',
}

/** One booking's use of a promo code and the discount it gave, in cents. */
@Entity({ name: 'promo_code_uses' })
@Index('idx_promo_code_uses_code_email', ['promoCodeId', 'customerEmail', 'state'])
export class PromoCodeUse {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  promoCodeId: string;

  @Index('idx_promo_code_uses_booking', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  @Column({ type: 'varchar', length: 64 })
  workshopId: string;

  @Column({ type: 'varchar', length: 254 })
  customerEmail: string;

  @Column({ type: 'int' })
  discountCents: number;

  @Column({ type: 'varchar', length: 10 })
  state: PromoUseState;

  @Column({ type: 'datetime', precision: 3 })
  usedAt: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  returnedAt: Date | null;
}
