import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { IsBoolean, IsNumber, IsOptional, IsString, IsUUID, Length, Max, MaxLength, Min } from 'class-validator';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, BookingPayment, BookingRefund } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { NoControlChars } from '../infrastructure/text';

@ObjectType({ description: 'The payment the customer can make now, or the next one that falls due.' })
export class NextPayment {
  @Field({ description: 'e.g. "Balance" or "Installment 2 of 4".' })
  label: string;

  @Field(() => Float, { description: 'US dollars.' })
  amount: number;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD (workshop calendar date); null when due now.' })
  dueDate: string | null;

  @Field({ description: 'Whether it is past its due date.' })
  overdue: boolean;

  @Field({ description: 'Whether "Pay now" is offered (online payment configured, nothing being charged right now).' })
  canPayNow: boolean;
}

@ObjectType({ description: 'What cancelling today gives back, from the cancellation policy (shared/policy.ts cancellationQuote).' })
export class CancellationQuoteView {
  @Field(() => Int)
  daysBeforeStart: number;

  @Field(() => Int, { description: 'Percentage of the money paid that comes back, before the fee.' })
  refundPercent: number;

  @Field(() => Float, { description: 'US dollars.' })
  fee: number;

  @Field(() => Float, { description: 'Money paid so far, US dollars.' })
  paid: number;

  @Field(() => Float, { description: 'What comes back, US dollars.' })
  refund: number;

  @Field(() => Float, { description: 'What the business keeps, US dollars.' })
  kept: number;

  @Field({ description: 'One sentence: the tier and how the refund is computed.' })
  explanation: string;
}

@ObjectType({ description: 'A workshop the booking can move to, and what it would cost.' })
export class TransferOption {
  @Field(() => Workshop)
  workshop: Workshop;

  @Field(() => Float, { description: 'New total price, US dollars.' })
  newTotal: number;

  @Field(() => Float, { description: 'Transfer fee, US dollars.' })
  fee: number;

  @Field(() => Float, { description: 'balanceAfter minus refundNow: positive, more to pay; negative, refunded at once. US dollars.' })
  difference: number;

  @Field(() => Float, { description: 'Refunded at once by the transfer, US dollars (never more than cancelling today would return, docs/decisions/066).' })
  refundNow: number;

  @Field(() => Float, { description: 'Paid above the new price and kept under the cancellation policy, US dollars.' })
  kept: number;

  @Field(() => Float, { description: 'Left to pay after the transfer, US dollars.' })
  balanceAfter: number;

  @Field(() => String, { nullable: true, description: 'When balanceAfter is due (YYYY-MM-DD, never before today); null when nothing is left to pay.' })
  balanceDueDate: string | null;

  @Field(() => Float, { description: 'What cancelling right after the transfer would return today, US dollars.' })
  cancelRefundAfter: number;

  @Field(() => [String], { description: 'The quote in sentences: what moves, what cancelling afterwards returns, and the windows of the destination.' })
  terms: string[];
}

@ObjectType()
export class TransferAvailability {
  @Field()
  allowed: boolean;

  @Field(() => Float, { description: 'US dollars.' })
  fee: number;

  @Field(() => String, { nullable: true, description: 'Why a transfer is not offered.' })
  reason: string | null;

  @Field(() => [TransferOption])
  options: TransferOption[];
}

@ObjectType({ description: 'A booking with its money: what was paid and refunded, what is due and when, and what the customer can do.' })
export class BookingAccount {
  @Field(() => Booking)
  booking: Booking;

  @Field(() => Workshop)
  workshop: Workshop;

  @Field(() => [BookingPayment], { description: 'Money received, oldest first.' })
  payments: BookingPayment[];

  @Field(() => [BookingRefund], { description: 'Money given back, oldest first.' })
  refunds: BookingRefund[];

  @Field(() => [BookingInstallment], { description: 'The payment plan, empty for other bookings.' })
  schedule: BookingInstallment[];

  @Field(() => String, { nullable: true, description: 'When the balance is due (YYYY-MM-DD); null when nothing is left to pay.' })
  balanceDueDate: string | null;

  @Field(() => Float, { description: 'Still to pay, US dollars.' })
  balance: number;

  @Field(() => NextPayment, { nullable: true })
  nextPayment: NextPayment | null;

  @Field(() => CancellationQuoteView, { nullable: true, description: 'Null when the booking can no longer be cancelled.' })
  cancellation: CancellationQuoteView | null;

  @Field(() => TransferAvailability)
  transfer: TransferAvailability;

  @Field(() => Float, { description: 'Refunds the admin must still make by hand (offline money), US dollars.' })
  refundsOwed: number;
}

@InputType({ description: 'A booking and the token of its manage link.' })
export class ManageBookingInput {
  @Field()
  @IsUUID('4', { message: 'bookingId must be a booking id' })
  bookingId: string;

  @Field({ description: 'The token of the personal manage link.' })
  @IsString()
  @Length(16, 128, { message: 'token must be the token of your manage link' })
  @NoControlChars()
  token: string;
}

@InputType()
export class CancelMyBookingInput extends ManageBookingInput {
  @Field(() => Float, { nullable: true, description: 'The refund the customer was shown (US dollars): refused if the quote changed since.' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'expectedRefund must be an amount in dollars' })
  @Min(0, { message: 'expectedRefund must be 0 or more' })
  // No refund is near it; an unbounded number became infinite cents ("quoted as $Infinity", issue 21 finding 12).
  @Max(1_000_000, { message: 'expectedRefund must be at most $1,000,000' })
  expectedRefund?: number;
}

@InputType()
export class TransferMyBookingInput extends ManageBookingInput {
  @Field({ description: 'The workshop to move to.' })
  @IsString()
  @Length(1, 64, { message: 'workshopId must be a workshop id' })
  @NoControlChars()
  workshopId: string;
}

@InputType()
export class AdminRefundInput {
  @Field()
  @IsUUID('4', { message: 'bookingId must be a booking id' })
  bookingId: string;

  @Field(() => Float, { description: 'US dollars, at most what was received and not yet refunded.' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'amount must be an amount in dollars' })
  @Min(0.01, { message: 'amount must be more than $0' })
  @Max(1_000_000, { message: 'amount is too large' })
  amount: number;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: 'note must be at most 300 characters' })
  @NoControlChars()
  note?: string;
}

@InputType()
export class AdminRefundDoneInput {
  @Field()
  @IsUUID('4', { message: 'refundId must be a refund id' })
  refundId: string;
}

@InputType()
export class AdminCancelInput {
  @Field()
  @IsUUID('4', { message: 'bookingId must be a booking id' })
  bookingId: string;

  @Field({ description: 'True: refund what the cancellation policy gives today; false: refund everything paid.' })
  @IsBoolean({ message: 'applyPolicyFee must be true or false' })
  applyPolicyFee: boolean;
}

@ObjectType()
export class PayNowPayload {
  @Field(() => String, { nullable: true, description: 'Hosted payment page.' })
  url: string | null;

  @Field(() => String, { nullable: true })
  sessionId: string | null;
}
