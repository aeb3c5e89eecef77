import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GiftCard, GiftCardKind, GiftCardState, GiftCardUse } from './gift-card.entity';

@ObjectType({ description: 'Where to pay for a gift card: the Checkout page (null when card payments are not set up) and its session.' })
export class GiftCardPurchasePayload {
  @Field(() => ID)
  giftCardId: string;

  @Field(() => String, { nullable: true })
  url: string | null;

  @Field(() => String, { nullable: true })
  sessionId: string | null;
}

@ObjectType({ description: 'A gift card purchase as the thank-you page shows it.' })
export class GiftCardPurchaseStatus {
  @Field(() => GiftCardState)
  state: GiftCardState;

  @Field(() => Float, { description: 'US dollars.' })
  amount: number;

  @Field()
  deliverOn: string;

  @Field()
  recipientName: string;
}

@ObjectType({ description: 'A code’s remaining balance and validity.' })
export class GiftCardBalanceObject {
  @Field()
  code: string;

  @Field({ description: 'gift_card or credit: they spend alike; on the booking form a credit pays up to the total, a gift card what is due now.' })
  kind: string;

  @Field(() => Int, { description: 'Cents left.' })
  balanceCents: number;

  @Field(() => Float, { description: 'US dollars left.' })
  balance: number;

  @Field()
  expiresAt: Date;

  @Field({ description: 'Active, not expired, with a balance above zero.' })
  usable: boolean;

  @Field(() => Int, { nullable: true, description: 'With the booking form’s choices: the booking’s total, in cents, as it will be priced.' })
  totalCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'With the booking form’s choices: what the payment option asks at booking, in cents.' })
  dueNowCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'With the booking form’s choices: what the code pays (a gift card: of what is due now; a credit: up to the total), in cents.' })
  coversCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'With the booking form’s choices: what is left to pay now, by card, in cents.' })
  leftToPayNowCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'With the booking form’s choices: what stays on the code after this booking, in cents.' })
  balanceAfterCents?: number | null;
}

@ObjectType({ description: 'The printable card.' })
export class PrintableGiftCard {
  @Field()
  code: string;

  @Field()
  recipientName: string;

  @Field()
  buyerName: string;

  @Field()
  message: string;

  @Field(() => Float)
  amount: number;

  @Field(() => Float)
  balance: number;

  @Field(() => String, { nullable: true })
  workshopId: string | null;

  @Field()
  expiresAt: Date;

  @Field(() => GiftCardKind)
  kind: GiftCardKind;
}

@ObjectType({ description: 'What a gift card paid on a booking.' })
export class GiftCardPaymentPayload {
  @Field(() => Float, { description: 'US dollars spent.' })
  spent: number;

  @Field(() => Float, { description: 'US dollars left on the card.' })
  balanceLeft: number;
}

@ObjectType({ description: 'Admin: a gift card with its code and uses.' })
export class AdminGiftCard {
  @Field(() => GiftCard)
  card: GiftCard;

  @Field({ description: 'The code (admin only).' })
  code: string;

  @Field(() => [GiftCardUse])
  uses: GiftCardUse[];
}
