import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { centsToDollars } from '../shared/money';

export enum CreditState {
  /** Usable once, on any future booking. */
  issued = 'issued',
  /** Applied to a booking (used_by_booking_id). */
  used = 'used',
}
registerEnumType(CreditState, { name: 'CreditState' });

/**
 * A credit for money paid on a booking of a cancelled workshop, taken instead
 * of a refund (docs/decisions/063). Its code is entered on the booking form;
 * the booking's transaction moves it from issued to used with a
 * compare-and-set, so it is never used twice.
 */
@ObjectType('Credit', { description: 'A credit for a future booking, taken instead of a refund.' })
@Entity({ name: 'credits' })
@Index('idx_credits_source', ['sourceBookingId'])
export class Credit {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Field({ description: 'The code to enter on the booking form, e.g. WL-7KQ3-M9XD-4HPT (older codes have 8 symbols, e.g. WL-7KQ3-M9XD).' })
  @Index('idx_credits_code', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  code: string;

  @Column({ type: 'int' })
  amountCents: number;

  /** The booking whose refund it replaced. */
  @Column({ type: 'varchar', length: 36 })
  sourceBookingId: string;

  @Column({ type: 'varchar', length: 254 })
  customerEmail: string;

  @Field(() => CreditState)
  @Column({ type: 'varchar', length: 10 })
  state: CreditState;

  @Field(() => Date)
  @Column({ type: 'datetime', precision: 3 })
  issuedAt: Date;

  @Column({ type: 'varchar', length: 36, nullable: true })
  usedByBookingId: string | null;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt: Date | null;

  @Field(() => Float, { description: 'US dollars.' })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }

  @Field({ description: 'True once applied to a booking.' })
  get used(): boolean {
    return this.state === CreditState.used;
  }
}
