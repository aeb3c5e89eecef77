import { Field, Float, ID, ObjectType } from 'type-graphql';
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

  @Field(() => Float, { description: 'US dollars left.' })
  balance: number;

  @Field()
  expiresAt: Date;

  @Field({ description: 'Active, not expired, with a balance above zero.' })
  usable: boolean;
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
