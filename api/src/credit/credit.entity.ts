import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { centsToDollars } from '../shared/money';
import type { GiftCard, GiftCardUse } from '../gift-card/gift-card.entity';

export enum CreditState {
  /** Money left on it: usable (in parts) on any future booking or a booking's balance. */
  issued = 'issued',
  /** Spent to the last cent. */
  used = 'used',
}
registerEnumType(CreditState, { name: 'CreditState' });

/**
 * A credit for money paid on a booking of a cancelled workshop, taken instead
 * of a refund (docs/decisions/063). Since issue 27 a credit is a row of
 * `gift_cards` of kind `credit` (docs/decisions/095, amendment): a balance spent
 * in parts with the cards' compare-and-set, valid five years. This is the
 * manage page's view of one: what it was worth, what is left, until when.
 */
@ObjectType('Credit', { description: 'A credit for a future booking, taken instead of a refund: a balance spent in parts, valid five years.' })
export class Credit {
  id: string;

  @Field({ description: 'The code to enter in the credit or gift card code box, e.g. WL-7KQ3-M9XD-4HPT (older codes have 8 symbols, e.g. WL-7KQ3-M9XD).' })
  code: string;

  /** What it was worth when issued, in cents. */
  amountCents: number;

  /** What is left on it, in cents. */
  balanceCents: number;

  /** The booking whose refund it replaced (or whose code-paid money came back). */
  sourceBookingId: string;

  customerEmail: string;

  @Field(() => CreditState)
  state: CreditState;

  @Field(() => Date)
  issuedAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it was last spent on a booking (null: never).' })
  usedAt: Date | null;

  @Field(() => Date, { description: 'Five years after its issue: unusable after.' })
  expiresAt: Date;

  @Field(() => Float, { description: 'US dollars it was worth when issued.' })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }

  @Field(() => Float, { description: 'US dollars left on it.' })
  get balance(): number {
    return centsToDollars(this.balanceCents);
  }

  @Field({ description: 'True once spent to the last cent.' })
  get used(): boolean {
    return this.state === CreditState.used;
  }

  /** The credit a `credit` card is, with its uses (newest last). */
  static of(card: GiftCard, uses: GiftCardUse[] = []): Credit {
    const c = new Credit();
    const spent = uses.filter((u) => u.amountCents > 0);
    Object.assign(c, {
      id: card.id,
      code: card.code,
      amountCents: card.initialCents,
      balanceCents: card.balanceCents,
      sourceBookingId: card.sourceBookingId ?? '',
      customerEmail: card.recipientEmail,
      state: card.balanceCents > 0 ? CreditState.issued : CreditState.used,
      issuedAt: card.createdAt,
      usedAt: spent.length ? spent[spent.length - 1].usedAt : null,
      expiresAt: card.expiresAt,
    });
    return c;
  }
}
