import { ArgsType, Field, ID, InputType } from 'type-graphql';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { hasControlChars, RequiredText } from '../infrastructure/text';
import { fullMatch, PHONE_PATTERN } from '../shared/formats';

export const MAX_MESSAGE_SUBJECT = 200;
export const MAX_MESSAGE_BODY = 5000;
export const MAX_KBYG_TEXT = 2000;

const WorkshopId = () => (target: object, key: string | symbol) => {
  IsString({ message: 'workshopId must be a string' })(target, key);
  IsNotEmpty({ message: 'workshopId is required' })(target, key);
  MaxLength(64, { message: 'workshopId must be at most 64 characters' })(target, key);
};

/** An https link without spaces or control characters (a map of the meeting point). */
function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 1000 || /\s/.test(value) || hasControlChars(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && Boolean(u.hostname);
  } catch {
    return false;
  }
}

@InputType({ description: 'Know before you go for one workshop run; every field is replaced.' })
export class SetKnowBeforeYouGoInput {
  @Field(() => ID)
  @WorkshopId()
  workshopId: string;

  @Field({ description: 'Street address of the meeting point.' })
  @RequiredText(300)
  meetingAddress: string;

  @Field(() => String, { nullable: true, description: 'An https map link to the meeting point (optional).' })
  @IsOptional()
  @ValidateBy({ name: 'isHttpsUrl', validator: { validate: (v: unknown) => v === null || v === '' || isHttpsUrl(v) } }, { message: 'meetingMapUrl must be an https link of at most 1000 characters' })
  meetingMapUrl?: string | null;

  @Field({ description: 'Meeting time on the first day, HH:MM (24 h), in the workshop time zone.' })
  @IsString({ message: 'meetingTime must be a time written HH:MM' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'meetingTime must be a time written HH:MM (24 h), e.g. 07:30' })
  meetingTime: string;

  @Field({ description: 'What to expect from the weather.' })
  @RequiredText(MAX_KBYG_TEXT)
  weather: string;

  @Field({ description: 'What to bring beyond the gear list.' })
  @RequiredText(MAX_KBYG_TEXT)
  whatToBring: string;

  @Field({ description: 'The phone number that reaches the instructor during the trip.' })
  @IsString({ message: 'emergencyPhone must be a phone number (digits, spaces, + - . ( ) only)' })
  @Matches(fullMatch(PHONE_PATTERN), { message: 'emergencyPhone must be a phone number (digits, spaces, + - . ( ) only)' })
  emergencyPhone: string;
}

@ArgsType()
export class DepartureArgs {
  @Field(() => ID)
  @WorkshopId()
  workshopId: string;
}

@InputType({ description: "A message to every traveller of a departure (and optionally its waiting list)." })
export class GroupMessageInput {
  @Field(() => ID)
  @WorkshopId()
  workshopId: string;

  @Field()
  @RequiredText(MAX_MESSAGE_SUBJECT)
  subject: string;

  @Field({ description: 'Plain text; blank lines separate paragraphs.' })
  @RequiredText(MAX_MESSAGE_BODY)
  body: string;

  @Field({ nullable: true, description: 'Write to the waiting list as well (default false).' })
  @IsOptional()
  @IsBoolean({ message: 'includeWaitlist must be true or false' })
  includeWaitlist?: boolean;
}

@ArgsType()
export class DepartureReadinessArgs {
  @Field(() => [ID], { description: 'The runs, at most 100.' })
  @IsArray({ message: 'workshopIds must be a list of workshop ids' })
  @ArrayMaxSize(100, { message: 'workshopIds must list at most 100 workshops' })
  @IsString({ each: true, message: 'workshopIds must be a list of workshop ids' })
  @MaxLength(64, { each: true, message: 'workshopIds must be a list of workshop ids' })
  workshopIds: string[];
}
