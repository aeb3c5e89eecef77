import { IsDateString, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { EmailAddress, RequiredText } from '../infrastructure/text';
import { ManageBookingInput } from '../money/booking-account.types';
import { PaymentOption, RoomType } from '../booking/booking.types';
import { POLICY } from '../shared/policy';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

@InputType({ description: 'Buy a gift card: an amount in whole dollars, or one place on a workshop at its current price.' })
export class GiftCardPurchaseInput {
  @Field(() => Int, { nullable: true, description: 'Whole US dollars, 100 to 5000; leave out when workshopId is given.' })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number of dollars' })
  @Min(100, { message: '$property must be at least 100' })
  @Max(5000, { message: '$property must be at most 5000' })
  amountDollars?: number | null;

  @Field(() => ID, { nullable: true, description: '"One place on <workshop>": the card is worth its current price per person.' })
  @IsOptional()
  @IsString({ message: '$property must be a workshop id' })
  @MaxLength(64, { message: '$property must be at most 64 characters' })
  workshopId?: string | null;

  @Field()
  @RequiredText(120)
  buyerName: string;

  @Field({ description: 'The receipt and the delivery note go here.' })
  @EmailAddress(254)
  buyerEmail: string;

  @Field()
  @RequiredText(120)
  recipientName: string;

  @Field({ description: 'The card with its code goes here on the delivery date.' })
  @EmailAddress(254)
  recipientEmail: string;

  @Field(() => String, { nullable: true, description: 'A personal message printed on the card; at most 1000 characters.' })
  @IsOptional()
  @IsString({ message: '$property must be text' })
  @MaxLength(1000, { message: '$property must be at most 1000 characters' })
  message?: string | null;

  @Field({ description: 'YYYY-MM-DD, today or later (Pacific time).' })
  @Matches(DAY, { message: '$property must be a date YYYY-MM-DD' })
  @IsDateString({ strict: true }, { message: '$property must be a real date YYYY-MM-DD' })
  deliverOn: string;
}

@InputType({ description: 'A gift card issued by hand (a goodwill gesture).' })
export class IssueGiftCardInput {
  @Field(() => Int, { description: 'Whole US dollars, 1 to 5000.' })
  @IsInt({ message: '$property must be a whole number of dollars' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(5000, { message: '$property must be at most 5000' })
  amountDollars: number;

  @Field()
  @RequiredText(120)
  recipientName: string;

  @Field()
  @EmailAddress(254)
  recipientEmail: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: '$property must be text' })
  @MaxLength(1000, { message: '$property must be at most 1000 characters' })
  message?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, today or later; today when left out.' })
  @IsOptional()
  @Matches(DAY, { message: '$property must be a date YYYY-MM-DD' })
  @IsDateString({ strict: true }, { message: '$property must be a real date YYYY-MM-DD' })
  deliverOn?: string | null;
}

@InputType({ description: 'A gift card or credit code, to read its balance or pay a booking with it.' })
export class GiftCardCodeInput {
  @Field({ description: 'GC-XXXX-XXXX-XXXX-XXXX or a credit’s WL-XXXX-XXXX-XXXX, any case, dashes optional.' })
  @RequiredText(40)
  code: string;
}

@InputType({ description: 'The booking form’s code box: a code’s balance and, with the form’s choices, what it pays of this booking and what is left to pay now.' })
export class CodeBalanceInput extends GiftCardCodeInput {
  @Field(() => ID, { nullable: true, description: 'The workshop being booked: with it the answer prices the choices below.' })
  @IsOptional()
  @IsString({ message: '$property must be a workshop id' })
  @MaxLength(64, { message: '$property must be at most 64 characters' })
  workshopId?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(POLICY.maxGroupSize, { message: `$property must be at most ${POLICY.maxGroupSize}` })
  numParticipants?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number' })
  @Min(0, { message: '$property must be at least 0' })
  @Max(POLICY.maxSpouses, { message: `$property must be at most ${POLICY.maxSpouses}` })
  numSpouses?: number | null;

  @Field(() => RoomType, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(RoomType), { message: `$property must be one of ${Object.values(RoomType).join(', ')}` })
  roomType?: RoomType | null;

  @Field(() => PaymentOption, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(PaymentOption), { message: `$property must be one of ${Object.values(PaymentOption).join(', ')}` })
  paymentOption?: PaymentOption | null;

  @Field(() => String, { nullable: true, description: 'The promo code applied on the form, if any: the price is the discounted one.' })
  @IsOptional()
  @IsString({ message: '$property must be a promo code such as SPRING25' })
  @MaxLength(32, { message: '$property must be at most 32 characters' })
  promoCode?: string | null;
}

@InputType({ description: 'Pay the next charge of a booking (its balance or next installment) with a gift card, through the manage link.' })
export class PayWithGiftCardInput extends ManageBookingInput {
  @Field({ description: 'A gift card’s GC-XXXX-XXXX-XXXX-XXXX or a credit’s WL-XXXX-XXXX-XXXX, any case, dashes optional.' })
  @RequiredText(40)
  code: string;
}

/** The booking form's choices a code's quote prices (the same as a promo quote's). */
export interface CodeQuoteChoices {
  workshopId: string;
  numParticipants: number;
  numSpouses?: number | null;
  roomType?: 'shared' | 'private' | null;
  paymentOption?: 'full' | 'deposit' | 'payment_plan' | null;
  promoCode?: string | null;
}

/** The booking form's choices of a code balance lookup, when it names the workshop (null: the balance only). */
export const choicesOf = (i: CodeBalanceInput): CodeQuoteChoices | null =>
  i.workshopId ? { workshopId: i.workshopId, numParticipants: i.numParticipants ?? 1, numSpouses: i.numSpouses, roomType: i.roomType, paymentOption: i.paymentOption, promoCode: i.promoCode } : null;
