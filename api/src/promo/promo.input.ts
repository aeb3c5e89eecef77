import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { RequiredText } from '../infrastructure/text';
import { PaymentOption, RoomType } from '../booking/booking.types';
import { POLICY } from '../shared/policy';
import { PromoCode, PromoKind } from './promo-code.entity';

/** Percent off at most: a code never makes a booking free (there is always money to take through checkout). */
export const MAX_PERCENT_OFF = 90;

@InputType({ description: 'Admin: a new promo code. Percent codes give percentOff, fixed codes amountOffCents.' })
export class CreatePromoCodeInput {
  @Field({ description: 'The code customers type: 3-32 letters, digits or dashes (stored upper case).' })
  @IsString({ message: '$property must be a code such as SPRING25' })
  @Matches(/^[A-Za-z0-9-]{3,32}$/, { message: '$property must be 3 to 32 letters, digits or dashes' })
  code: string;

  @Field(() => PromoKind)
  @IsIn(Object.values(PromoKind), { message: `$property must be one of ${Object.values(PromoKind).join(', ')}` })
  kind: PromoKind;

  @Field(() => Int, { nullable: true, description: `Percent off, 1-${MAX_PERCENT_OFF} (percent codes).` })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(MAX_PERCENT_OFF, { message: `$property must be at most ${MAX_PERCENT_OFF}` })
  percentOff?: number | null;

  @Field(() => Int, { nullable: true, description: 'Cents off (fixed codes), e.g. 10000 for $100.' })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number of cents' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(10_000_000, { message: '$property must be at most 10000000' })
  amountOffCents?: number | null;

  @Field(() => [ID], { nullable: true, description: 'The workshops it applies to; none or empty: every workshop.' })
  @IsOptional()
  @IsArray({ message: '$property must be a list of workshop ids' })
  @ArrayMaxSize(50, { message: '$property must list at most 50 workshops' })
  @IsString({ each: true, message: '$property must be a list of workshop ids' })
  @MaxLength(64, { each: true, message: '$property must hold workshop ids of at most 64 characters' })
  workshopIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'First instant it may be used, ISO 8601 (e.g. 2026-03-01T00:00:00Z).' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date and time' })
  validFrom?: string | null;

  @Field(() => String, { nullable: true, description: 'Instant from which it is no longer accepted, ISO 8601.' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date and time' })
  validUntil?: string | null;

  @Field(() => Int, { nullable: true, description: 'Uses allowed in total; none: no cap.' })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(1_000_000, { message: '$property must be at most 1000000' })
  maxUses?: number | null;

  @Field(() => Int, { nullable: true, description: 'Uses allowed per customer email; none: no cap.' })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(1000, { message: '$property must be at most 1000' })
  maxUsesPerEmail?: number | null;

  @Field(() => Int, { nullable: true, description: 'Fewest participants a booking needs (default 1).' })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(POLICY.maxGroupSize, { message: `$property must be at most ${POLICY.maxGroupSize}` })
  minParticipants?: number | null;
}

@InputType({ description: 'Admin: pause a promo code (refused until resumed) or resume it.' })
export class SetPromoCodePausedInput {
  @Field(() => ID)
  @RequiredText(36)
  id: string;

  @Field()
  @IsBoolean({ message: '$property must be true or false' })
  paused: boolean;
}

@InputType({ description: 'What the booking form asks before booking: the price of these choices with this promo code.' })
export class PromoQuoteInput {
  @Field(() => ID)
  @RequiredText(64)
  workshopId: string;

  @Field()
  @IsString({ message: '$property must be a promo code such as SPRING25' })
  @MaxLength(32, { message: '$property must be at most 32 characters' })
  promoCode: string;

  @Field(() => Int)
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(POLICY.maxGroupSize, { message: `$property must be at most ${POLICY.maxGroupSize}` })
  numParticipants: number;

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

  @Field(() => String, { nullable: true, description: 'The customer email, when typed: the per-email cap is checked too.' })
  @IsOptional()
  @IsEmail({}, { message: '$property must be an email address' })
  @MaxLength(254, { message: '$property must be at most 254 characters' })
  customerEmail?: string | null;
}

@ObjectType({ description: 'The price of a booking with a promo code, as the booking would be charged (cents and dollars).' })
export class PromoQuote {
  @Field({ description: 'The code as stored (upper case).' })
  promoCode: string;

  @Field(() => Int, { description: 'The price before the discount, in cents.' })
  subtotalCents: number;

  @Field(() => Int, { description: 'The discount, in cents.' })
  discountCents: number;

  @Field(() => Int, { description: 'The total after the discount, in cents.' })
  totalCents: number;

  @Field(() => Int, { description: 'What the chosen payment option charges at booking (deposit, first installment or all), in cents, on the discounted total.' })
  dueNowCents: number;

  @Field(() => Int, { nullable: true, description: 'Installments of a payment plan; null for other options.' })
  installments: number | null;
}

@ObjectType({ description: 'Result of createPromoCode and setPromoCodePaused.' })
export class PromoCodePayload {
  @Field(() => PromoCode)
  promoCode: PromoCode;
}
