import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
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

@ObjectType({ description: 'Money of one month (UTC), in cents: received, refunded and net.' })
export class MonthMoney {
  @Field({ description: 'YYYY-MM.' })
  month: string;

  @Field(() => Int)
  receivedCents: number;

  @Field(() => Int)
  refundedCents: number;

  @Field(() => Int)
  netCents: number;
}

@ObjectType({ description: 'Cash still to come in one month, in cents: balances due and scheduled installments.' })
export class MonthToCome {
  @Field({ description: 'YYYY-MM of the due date.' })
  month: string;

  @Field(() => Int)
  balancesCents: number;

  @Field(() => Int)
  installmentsCents: number;

  @Field(() => Int)
  totalCents: number;
}

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

@ObjectType({ description: 'One line of the accountant’s export: a payment received or a refund made (cents; refunds negative).' })
export class LedgerLine {
  @Field({ description: 'payment or refund.' })
  kind: string;

  @Field({ description: 'When the money moved (ISO 8601, UTC).' })
  date: string;

  @Field(() => Int, { description: 'Cents: positive for a payment, negative for a refund.' })
  amountCents: number;

  @Field({ description: 'card or offline.' })
  method: string;

  @Field({ description: 'What it paid (first, balance, installment…) or why it was refunded (cancellation, admin…).' })
  purpose: string;

  @Field(() => String, { nullable: true, description: 'The Stripe PaymentIntent (payments) or Refund id (refunds).' })
  stripeId: string | null;

  @Field()
  bookingId: string;

  @Field(() => String, { nullable: true })
  bookingReference: string | null;

  @Field()
  customerName: string;

  @Field()
  workshopId: string;

  @Field()
  workshopName: string;

  @Field(() => String, { nullable: true, description: 'The gift card used (filled once gift cards land).' })
  giftCard: string | null;

  @Field(() => String, { nullable: true, description: 'The promo code applied (filled once promo codes land).' })
  promoCode: string | null;
}

@ObjectType({ description: 'The owner’s dashboard (decision 099): money by month, cash to come, occupancy, payment options; cents.' })
export class OwnerDashboard {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => [MonthMoney], { description: 'Every month of the period, empty months included.' })
  money: MonthMoney[];

  @Field(() => Int)
  receivedCents: number;

  @Field(() => Int)
  refundedCents: number;

  @Field(() => Int)
  netCents: number;

  @Field(() => [MonthToCome], { description: 'Months with money still due, from the earliest (overdue ones included).' })
  toCome: MonthToCome[];

  @Field(() => [RunOccupancy], { description: 'The runs of the catalog window, in season order.' })
  occupancy: RunOccupancy[];

  @Field(() => [PaymentOptionCount])
  paymentOptions: PaymentOptionCount[];
}
