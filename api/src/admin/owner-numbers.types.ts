import { ArgsType, type ClassType, Field, Int, ObjectType } from 'type-graphql';
import { IsOptional, Matches } from 'class-validator';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A chosen period of whole months, e.g. 2026-01 to 2026-12 (UTC months; decision 099). */
@ArgsType()
export class OwnerPeriodArgs {
  @Field(() => String, { nullable: true, description: 'First month, YYYY-MM (default: 11 months before the current one).' })
  @IsOptional()
  @Matches(MONTH, { message: '$property must be a month such as 2026-01' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Last month, YYYY-MM, included (default: the current month). At most 36 months after from.' })
  @IsOptional()
  @Matches(MONTH, { message: '$property must be a month such as 2026-12' })
  to?: string | null;
}

/** Received, refunded and net cents: of one month, or of the whole period. */
@ObjectType()
export class MoneyFigures {
  @Field(() => Int, { description: 'Cash received: booking payments by card or offline, and gift cards sold.' })
  receivedCents: number;

  @Field(() => Int, { description: 'Refunds made: of bookings, and of gift card purchases.' })
  refundedCents: number;

  @Field(() => Int)
  netCents: number;
}

/**
 * The one shape of every monthly row of the dashboard: a set of figures and the UTC month
 * (YYYY-MM) they belong to. Each chart by month is `InMonth(ItsFigures)`; its totals are the
 * figures class itself.
 */
export function InMonth<T extends ClassType>(Figures: T) {
  // A base only (other classes extend it): never in the schema by itself, as the figures classes.
  @ObjectType(`Monthly${Figures.name}`)
  class Monthly extends Figures {
    @Field({ description: 'YYYY-MM (a UTC calendar month).' })
    month: string;
  }
  return Monthly;
}

@ObjectType({ description: 'Money of one month (UTC), in cents: received, refunded and net.' })
export class MonthMoney extends InMonth(MoneyFigures) {}

@ObjectType()
export class ToComeFigures {
  @Field(() => Int)
  balancesCents: number;

  @Field(() => Int)
  installmentsCents: number;

  @Field(() => Int)
  totalCents: number;
}

@ObjectType({ description: 'Cash still to come in the month it is due, in cents: balances due and scheduled installments.' })
export class MonthToCome extends InMonth(ToComeFigures) {}

@ObjectType({ description: 'How full one run is: sold, held and free spots against its minimum.' })
export class RunOccupancy {
  @Field()
  workshopId: string;

  @Field()
  name: string;

  @Field({ description: 'Human date range with the year.' })
  dates: string;

  @Field(() => Int)
  capacity: number;

  @Field(() => Int)
  sold: number;

  @Field(() => Int)
  held: number;

  @Field(() => Int)
  free: number;

  @Field(() => Int)
  minimum: number;
}

@ObjectType({ description: 'Live bookings of one payment option.' })
export class PaymentOptionCount {
  @Field({ description: 'deposit, full or installments.' })
  option: string;

  @Field(() => Int)
  bookings: number;
}

@ObjectType()
export class GiftCardFigures {
  @Field(() => Int, { description: 'Cards bought (paid online).' })
  soldCount: number;

  @Field(() => Int, { description: 'What the cards bought were worth: cash received.' })
  soldCents: number;

  @Field(() => Int, { description: 'Cards issued by hand (goodwill): no money came in.' })
  issuedCents: number;

  @Field(() => Int, { description: 'Spent on bookings, less what lapsed holds gave back.' })
  redeemedCents: number;

  @Field(() => Int, { description: 'Unused cards voided by the admin.' })
  voidedCents: number;

  @Field(() => Int, { description: 'Unused purchases refunded to the buyer (money out).' })
  refundedCents: number;

  @Field(() => Int, { description: 'Balances left on cards when their five years ended.' })
  expiredCents: number;

  @Field(() => Int, { description: 'Balances still to be spent at the end of the month (or period): what the business owes in workshops.' })
  outstandingCents: number;
}

@ObjectType({ description: 'Gift cards of one month (UTC), in cents.' })
export class GiftCardMonth extends InMonth(GiftCardFigures) {}

@ObjectType({ description: 'Gift cards over the period: the totals (outstanding at its end) and every month.' })
export class GiftCardNumbers extends GiftCardFigures {
  @Field(() => [GiftCardMonth], { description: 'Every month of the period, empty months included.' })
  months: GiftCardMonth[];
}

@ObjectType()
export class PromoFigures {
  @Field(() => Int, { description: 'Bookings that used a code (a use given back is not counted).' })
  uses: number;

  @Field(() => Int, { description: 'The discount those bookings were given.' })
  discountCents: number;
}

@ObjectType({ description: 'Promo code uses of one month (UTC) and their discount, in cents.' })
export class PromoMonth extends InMonth(PromoFigures) {}

@ObjectType({ description: 'One promo code over the period: its uses, their discount, and what its bookings paid.' })
export class PromoCodeFigures extends PromoFigures {
  @Field()
  code: string;

  @Field(() => Int, { description: 'Paid in the period by the bookings that used it (cash and gift cards, less refunds): the sum of its ledger lines.' })
  paidCents: number;
}

@ObjectType({ description: 'Promo codes over the period: the totals, every month, and each code used.' })
export class PromoNumbers extends PromoFigures {
  @Field(() => [PromoMonth], { description: 'Every month of the period, empty months included.' })
  months: PromoMonth[];

  @Field(() => [PromoCodeFigures], { description: 'Each code used or paid for in the period, the most discount first.' })
  codes: PromoCodeFigures[];
}

/** The ledger's kinds of line (the CSV's `kind`). */
export const LEDGER_KINDS = ['payment', 'refund', 'gift_card_sale', 'gift_card_refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

@ObjectType({ description: 'One line of the accountant’s export: a payment received, a refund made, a gift card sold or its purchase refunded (cents; money out negative).' })
export class LedgerLine {
  @Field({ description: 'payment, refund, gift_card_sale or gift_card_refund.' })
  kind: string;

  @Field({ description: 'When the money moved (ISO 8601, UTC).' })
  date: string;

  @Field(() => Int, { description: 'Cents: positive for money in, negative for money out.' })
  amountCents: number;

  @Field({ description: 'card, offline or gift_card (a booking paid from a gift card: no cash moved, the card’s cash is its gift_card_sale line).' })
  method: string;

  @Field({ description: 'What it paid (first, balance, installment, gift_card…) or why it was refunded (cancellation, admin, credit_returned…).' })
  purpose: string;

  @Field(() => String, { nullable: true, description: 'The Stripe PaymentIntent (payments, gift card sales) or Refund id (refunds).' })
  stripeId: string | null;

  @Field(() => String, { nullable: true, description: 'The booking (null on a gift card’s sale or refund).' })
  bookingId: string | null;

  @Field(() => String, { nullable: true })
  bookingReference: string | null;

  @Field({ description: 'The booking’s customer, or the gift card’s buyer.' })
  customerName: string;

  @Field(() => String, { nullable: true, description: 'The booking’s workshop, or the one a "one place on" gift card was bought for.' })
  workshopId: string | null;

  @Field(() => String, { nullable: true })
  workshopName: string | null;

  @Field(() => String, { nullable: true, description: 'The gift card whose money it was, masked (GC-****-****-****-WXYZ: the code is a bearer credential).' })
  giftCard: string | null;

  @Field(() => String, { nullable: true, description: 'The promo code the booking was made with.' })
  promoCode: string | null;
}

@ObjectType({ description: 'The owner’s dashboard (decision 099): money by month, cash to come, occupancy, payment options, gift cards and promo codes; cents. Its money totals are the period’s.' })
export class OwnerDashboard extends MoneyFigures {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => [MonthMoney], { description: 'Every month of the period, empty months included.' })
  money: MonthMoney[];

  @Field(() => [MonthToCome], { description: 'Months with money still due, from the earliest (overdue ones included).' })
  toCome: MonthToCome[];

  @Field(() => [RunOccupancy], { description: 'The runs of the catalog window, in season order.' })
  occupancy: RunOccupancy[];

  @Field(() => [PaymentOptionCount])
  paymentOptions: PaymentOptionCount[];

  @Field(() => GiftCardNumbers)
  giftCards: GiftCardNumbers;

  @Field(() => PromoNumbers)
  promoCodes: PromoNumbers;
}
