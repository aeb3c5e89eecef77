import { Field, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { TravellerNameInput } from '../traveller/traveller.input';
import { EmailAddress, OptionalText, RequiredText } from '../infrastructure/text';
import { fullMatch, PHONE_PATTERN } from '../shared/formats';
import { POLICY } from '../shared/policy';
import { ExperienceLevel, PaymentOption, RoomType } from './booking.types';

const PHONE = fullMatch(PHONE_PATTERN);
const PHONE_MESSAGE = '$property must be a phone number (digits, spaces, + - . ( ) only)';
const EMAIL_MESSAGE = '$property must be an email address';

/**
 * What a visitor sends to book (spec section 3, Booking (sent)). Every rule of
 * section 5 is enforced here on the server too, plus sane lengths.
 */
@InputType({ description: 'A booking request. The server computes all prices.' })
export class BookingInput {
  @Field(() => ID)
  @RequiredText(64)
  workshopId: string;

  @Field()
  @RequiredText(120)
  customerName: string;

  @Field()
  @EmailAddress(254, EMAIL_MESSAGE)
  customerEmail: string;

  @Field()
  @Matches(PHONE, { message: PHONE_MESSAGE })
  customerPhone: string;

  @Field(() => Int, { description: 'Photographers, 1 to the workshop’s available spots.' })
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(POLICY.maxGroupSize, { message: `$property must be at most ${POLICY.maxGroupSize}` })
  numParticipants: number;

  @Field(() => RoomType, { defaultValue: RoomType.shared })
  @IsIn(Object.values(RoomType), { message: '$property must be shared or private' })
  roomType: RoomType = RoomType.shared;

  @Field(() => Int, { defaultValue: 0, description: 'Non-photographer spouses or partners, 0 to 4.' })
  @IsInt({ message: '$property must be a whole number' })
  @Min(0, { message: '$property must be at least 0' })
  @Max(POLICY.maxSpouses, { message: `$property must be at most ${POLICY.maxSpouses}` })
  numSpouses: number = 0;

  @Field(() => PaymentOption, { defaultValue: PaymentOption.deposit })
  @IsIn(Object.values(PaymentOption), { message: '$property must be deposit, full or payment_plan' })
  paymentOption: PaymentOption = PaymentOption.deposit;

  @Field(() => String, { nullable: true })
  @OptionalText(2000)
  specialRequests?: string | null;

  @Field(() => Int, { description: `Age of the booking participant, ${POLICY.minAge} to ${POLICY.maxAge}.` })
  @IsInt({ message: '$property must be a whole number' })
  @Min(POLICY.minAge, { message: `$property must be at least ${POLICY.minAge}` })
  @Max(POLICY.maxAge, { message: `$property must be at most ${POLICY.maxAge}` })
  age: number;

  @Field(() => ExperienceLevel, { defaultValue: ExperienceLevel.intermediate })
  @IsIn(Object.values(ExperienceLevel), { message: '$property must be beginner, intermediate, advanced or professional' })
  experienceLevel: ExperienceLevel = ExperienceLevel.intermediate;

  @Field()
  @RequiredText(200)
  cameraBody: string;

  @Field()
  @RequiredText(1000)
  lenses: string;

  @Field(() => String, { nullable: true })
  @OptionalText(2000)
  otherEquipment?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalText(2000)
  healthConcerns?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalText(2000)
  dietaryRestrictions?: string | null;

  @Field()
  @RequiredText(2000)
  tripGoals: string;

  @Field()
  @RequiredText(120)
  emergencyContactName: string;

  @Field()
  @Matches(PHONE, { message: PHONE_MESSAGE })
  emergencyContactPhone: string;

  @Field()
  @EmailAddress(254, EMAIL_MESSAGE)
  emergencyContactEmail: string;

  @Field(() => String, {
    nullable: true,
    description: 'A solved proof-of-work challenge (the ALTCHA widget’s payload), needed only when a booking answers CHALLENGE_REQUIRED.',
  })
  @IsOptional()
  @IsString({ message: '$property must be the solved challenge' })
  @MaxLength(4000, { message: '$property must be at most 4000 characters' })
  altcha?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The token of a waiting-list offer (the `offer` of its link): the booking takes the spots the offer holds.',
  })
  @IsOptional()
  @IsString({ message: '$property must be the token of the offer link' })
  @MaxLength(100, { message: '$property must be at most 100 characters' })
  offerToken?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The one code box: a credit code (e.g. WL-7KQ3-M9XD-4HPT, or an older WL-7KQ3-M9XD) from a cancelled workshop, or a gift card code (GC-…). It pays this booking as far as its balance goes (a credit up to the total, a gift card what is due now); the rest stays on the code (docs/decisions/063, 094, 095). Unknown, spent and raced codes get the same BAD_USER_INPUT.',
  })
  @IsOptional()
  @IsString({ message: '$property must be a credit code such as WL-7KQ3-M9XD-4HPT' })
  @MaxLength(30, { message: '$property must be at most 30 characters' })
  creditCode?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A promo code (e.g. SPRING25): the server takes its discount off the price before the deposit or installments are computed (docs/decisions/096). PROMO_CODE_REFUSED naming promoCode when it cannot be used.',
  })
  @IsOptional()
  @IsString({ message: '$property must be a promo code such as SPRING25' })
  @MaxLength(32, { message: '$property must be at most 32 characters' })
  promoCode?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'Consent to one mail with a link to finish the booking if its checkout lapses unpaid (unticked by default; docs/decisions/098).',
  })
  @IsOptional()
  @IsBoolean({ message: '$property must be true or false' })
  recoveryConsent?: boolean | null;

  @Field(() => [TravellerNameInput], {
    nullable: true,
    description: 'The other travellers (participants 2 to N), in order: each a name and an email, or later = true. Missing ones are added later on the manage page.',
  })
  @IsOptional()
  @IsArray({ message: '$property must be a list of travellers' })
  @ArrayMaxSize(POLICY.maxGroupSize - 1, { message: `$property must list at most ${POLICY.maxGroupSize - 1} travellers` })
  @ValidateNested({ each: true, message: '$property must be a list of travellers' })
  travellers?: TravellerNameInput[] | null;
}
