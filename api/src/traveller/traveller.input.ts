import { Field, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, Equals, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { EmailAddress, OptionalText, RequiredText } from '../infrastructure/text';
import { fullMatch, PHONE_PATTERN } from '../shared/formats';
import { POLICY } from '../shared/policy';
import { ARRIVAL_MODES, ROOMMATE_PREFERENCES } from '../shared/pre-trip';

const PHONE = fullMatch(PHONE_PATTERN);
const PHONE_MESSAGE = '$property must be a phone number (digits, spaces, + - . ( ) only)';

const EMAIL_MESSAGE = '$property must be an email address';

/** Another traveller of a booking, as the booking form names them: a name and an email, or "I'll add them later". */
@InputType({ description: 'A traveller other than the booker: name and email, or later = true to name them on the manage page.' })
export class TravellerNameInput {
  @Field(() => String, { nullable: true, description: 'Full name; required unless later is true.' })
  @ValidateIf((t: TravellerNameInput) => !t.later)
  @RequiredText(120)
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Their own email (their task link goes there); required unless later is true.' })
  @ValidateIf((t: TravellerNameInput) => !t.later)
  @EmailAddress(254, EMAIL_MESSAGE)
  email?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: '"I\'ll add them later": name and email are left empty for now.' })
  @IsOptional()
  @IsBoolean({ message: '$property must be true or false' })
  later?: boolean | null;
}

/** REST bodies carry plain objects: make each an instance so class-validator checks it as GraphQL's would be. */
export function travellerNameInputs(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.assign(new TravellerNameInput(), v) : v));
}

/**
 * Who opens a traveller's tasks: the traveller through their own link
 * (`token` signs `travellerId`), or the booker through the manage link
 * (`bookingId` given, `token` is the manage link's; the traveller must be on that booking).
 */
@InputType({ description: 'A traveller and the link that opens their tasks: their own link (travellerId + token), or the booker’s manage link (bookingId + token).' })
export class TravellerAccessInput {
  @Field(() => ID)
  @IsUUID('all', { message: '$property must be a traveller id' })
  travellerId: string;

  @Field({ description: 'The token of the link (the part after # in its address).' })
  @IsString({ message: '$property must be the token of the link' })
  @Length(1, 64, { message: '$property must be the token of the link' })
  token: string;

  @Field(() => ID, { nullable: true, description: 'The booking, when the booker acts with the manage link.' })
  @IsOptional()
  @IsUUID('all', { message: '$property must be a booking id' })
  bookingId?: string | null;
}

@InputType({ description: 'Sign the current release of liability: the full legal name typed and consent ticked.' })
export class SignWaiverInput extends TravellerAccessInput {
  @Field({ description: 'The full legal name, typed.' })
  @RequiredText(120)
  fullName: string;

  @Field({ description: 'Must be true: "I have read and agree to this release".' })
  @Equals(true, { message: '$property must be ticked to sign' })
  consent: boolean;

  @Field({ description: 'The SHA-256 of the text shown (contentHash of the waiver read): a newer version is refused, to be read first.' })
  @Matches(/^[0-9a-f]{64}$/, { message: '$property must be the contentHash of the waiver shown' })
  contentHash: string;
}

@InputType({ description: 'Health, dietary needs and emergency contact of one traveller (the booking form’s rules).' })
export class TravellerHealthInput extends TravellerAccessInput {
  @Field(() => Int, { description: `Age, ${POLICY.minAge} to ${POLICY.maxAge}.` })
  @IsInt({ message: '$property must be a whole number' })
  @Min(POLICY.minAge, { message: `$property must be at least ${POLICY.minAge}` })
  @Max(POLICY.maxAge, { message: `$property must be at most ${POLICY.maxAge}` })
  age: number;

  @Field(() => String, { nullable: true })
  @OptionalText(2000)
  healthConcerns?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalText(2000)
  dietaryRestrictions?: string | null;

  @Field()
  @RequiredText(120)
  emergencyContactName: string;

  @Field()
  @Matches(PHONE, { message: PHONE_MESSAGE })
  emergencyContactPhone: string;

  @Field()
  @EmailAddress(254, EMAIL_MESSAGE)
  emergencyContactEmail: string;
}

@InputType({ description: 'How and when one traveller arrives, and (shared room) who they would like to room with.' })
export class TravellerTravelInput extends TravellerAccessInput {
  @Field({ description: 'YYYY-MM-DD, the workshop’s local calendar: from 7 days before the first day to the first day.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: '$property must be a date (YYYY-MM-DD)' })
  arrivalDate: string;

  @Field({ description: 'HH:MM, 24-hour, local time.' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: '$property must be a time (HH:MM, 24-hour)' })
  arrivalTime: string;

  @Field({ description: `How: ${ARRIVAL_MODES.join(', ')}.` })
  @IsIn([...ARRIVAL_MODES], { message: `$property must be one of ${ARRIVAL_MODES.join(', ')}` })
  arrivalBy: string;

  @Field(() => String, { nullable: true, description: 'Optional, e.g. "UA1234".' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{2}\s?\d{1,4}[A-Za-z]?$/, { message: '$property must be a flight number such as UA1234' })
  flightNumber?: string | null;

  @Field(() => String, { nullable: true, description: `Shared rooms only: ${ROOMMATE_PREFERENCES.join(', ')}.` })
  @IsOptional()
  @IsIn([...ROOMMATE_PREFERENCES], { message: `$property must be one of ${ROOMMATE_PREFERENCES.join(', ')}` })
  roommatePreference?: string | null;

  @Field(() => String, { nullable: true, description: 'With named_person: the name of a traveller on the same departure.' })
  @OptionalText(120)
  roommateName?: string | null;
}

@InputType({ description: 'The gear items ticked off (ids of the workshop’s gear list); the rest stay unticked.' })
export class TravellerGearInput extends TravellerAccessInput {
  @Field(() => [String])
  @IsArray({ message: '$property must be a list of gear ids' })
  @ArrayMaxSize(30, { message: '$property must list at most 30 items' })
  @IsString({ each: true, message: '$property must be a list of gear ids' })
  @MaxLength(40, { each: true, message: '$property must be a list of gear ids' })
  ticked: string[];
}

@InputType({ description: 'The booker names (or renames) another traveller of the booking, until the tasks’ deadline.' })
export class NameTravellerInput {
  @Field(() => ID)
  @IsUUID('all', { message: '$property must be a booking id' })
  bookingId: string;

  @Field({ description: 'The manage link’s token.' })
  @IsString({ message: '$property must be the token of the link' })
  @Length(1, 64, { message: '$property must be the token of the link' })
  token: string;

  @Field(() => ID)
  @IsUUID('all', { message: '$property must be a traveller id' })
  travellerId: string;

  @Field()
  @RequiredText(120)
  name: string;

  @Field()
  @EmailAddress(254, EMAIL_MESSAGE)
  email: string;
}

@InputType({ description: 'Admin: a new version of a workshop’s release of liability (the older ones are kept).' })
export class SaveWaiverInput {
  @Field(() => ID)
  @RequiredText(64)
  workshopId: string;

  @Field({ description: 'The full text, plain, at most 20000 characters.' })
  @RequiredText(20_000)
  text: string;
}
