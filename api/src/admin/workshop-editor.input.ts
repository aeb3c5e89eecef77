import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { isCalendarDate, isTimeZone } from '../shared/dates';
import { POLICY } from '../shared/policy';
import { DifficultyLevel, WorkshopType } from '../workshop/workshop.types';
import { NoControlChars, RequiredText } from '../infrastructure/text';
import { isImageAddress, MAX_IMAGE_URL_LENGTH } from './image-address';

/** Readable slugs: lower-case words joined by single hyphens ("zion-canyon-light-2027"). */
export const WORKSHOP_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_WORKSHOP_ID_LENGTH = 64;
export const MAX_HIGHLIGHTS = 8;
export const MAX_HIGHLIGHT_LENGTH = 200;
/** Dollars: the most a workshop (or its private room) may cost per person. */
export const MAX_WORKSHOP_PRICE = 100_000;

function check(name: string, test: (value: unknown) => boolean, message: (property: string) => string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: test, defaultMessage: (args) => message(args?.property ?? 'value') } }, options);
}
const IsCalendarDate = () => check('isCalendarDate', isCalendarDate, (p) => `${p} must be a date written YYYY-MM-DD`);
const IsTimeZone = () => check('isTimeZone', isTimeZone, (p) => `${p} must be an IANA time zone such as America/Denver`);
const IsImageAddress = () => check('isImageAddress', isImageAddress, (p) => `${p} must be an http(s) URL or a site path starting with /`);
const IsWorkshopId = () =>
  check(
    'isWorkshopId',
    (v) => typeof v === 'string' && v.length <= MAX_WORKSHOP_ID_LENGTH && WORKSHOP_ID_PATTERN.test(v),
    (p) => `${p} must be lower-case letters, digits and single hyphens (at most ${MAX_WORKSHOP_ID_LENGTH} characters), e.g. zion-canyon-light-2027`,
  );
const Dollars = (field: string, min: number) => [
  IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: `${field} must be a number of dollars with at most 2 decimals` }),
  Min(min, { message: `${field} must be at least $${min}` }),
  Max(MAX_WORKSHOP_PRICE, { message: `${field} must be at most $${MAX_WORKSHOP_PRICE.toLocaleString('en-US')}` }),
];
function apply(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/**
 * Every field the admin edits on a workshop (the spec's Workshop plus its dates,
 * time zone, capacity and minimum to run). Money in dollars as the spec's JSON
 * speaks it; the service stores cents. Rules that compare fields (end after
 * start, minimum within capacity, start in the future, capacity above the spots
 * taken) are the service's (WorkshopEditor), with the same field names.
 */
@InputType({ description: 'The editable fields of a workshop.' })
export class WorkshopFieldsInput {
  @Field({ description: 'Display name.' })
  @RequiredText(160)
  name: string;

  @Field({ description: 'About the workshop: paragraphs separated by a blank line.' })
  @RequiredText(10_000)
  description: string;

  @Field({ description: 'Place name, e.g. "Zion National Park".' })
  @RequiredText(160)
  location: string;

  @Field({ description: 'US state, e.g. "Utah".' })
  @RequiredText(60)
  state: string;

  @Field({ description: 'First day (YYYY-MM-DD, in the workshop time zone).' })
  @IsCalendarDate()
  startDate: string;

  @Field({ description: 'Last day (YYYY-MM-DD, in the workshop time zone), on or after startDate.' })
  @IsCalendarDate()
  endDate: string;

  @Field({ description: 'IANA time zone of the location, e.g. "America/Denver".' })
  @IsTimeZone()
  timeZone: string;

  @Field(() => Int, { description: `Maximum group size, 1 to ${POLICY.maxGroupSize}; never below the spots already taken.` })
  @IsInt({ message: 'capacity must be a whole number' })
  @Min(1, { message: 'capacity must be at least 1' })
  @Max(POLICY.maxGroupSize, { message: `capacity must be at most ${POLICY.maxGroupSize}` })
  capacity: number;

  @Field(() => Int, { description: `Fewest participants for the workshop to run (usually ${POLICY.minParticipants}), at most the capacity.` })
  @IsInt({ message: 'minimumParticipants must be a whole number' })
  @Min(1, { message: 'minimumParticipants must be at least 1' })
  @Max(POLICY.maxGroupSize, { message: `minimumParticipants must be at most ${POLICY.maxGroupSize}` })
  minimumParticipants: number;

  @Field(() => Float, { description: 'Price per person in US dollars (e.g. 2895). Existing bookings keep the totals they were made with.' })
  @apply(...Dollars('price', 1))
  price: number;

  @Field(() => Float, { nullable: true, description: `Private room supplement in US dollars; null for the default ($${POLICY.defaultPrivateRoomSupplementCents / 100}).` })
  @IsOptional()
  @apply(...Dollars('privateRoomSupplement', 0))
  privateRoomSupplement?: number | null;

  @Field(() => DifficultyLevel)
  @IsEnum(DifficultyLevel, { message: `difficultyLevel must be one of ${Object.values(DifficultyLevel).join(', ')}` })
  difficultyLevel: DifficultyLevel;

  @Field(() => WorkshopType)
  @IsEnum(WorkshopType, { message: `workshopType must be one of ${Object.values(WorkshopType).join(', ')}` })
  workshopType: WorkshopType;

  @Field({ description: `An http(s) URL or a site path starting with "/", at most ${MAX_IMAGE_URL_LENGTH} characters.` })
  @IsString({ message: 'imageUrl must be a string' })
  @IsNotEmpty({ message: 'imageUrl is required' })
  @MaxLength(MAX_IMAGE_URL_LENGTH, { message: `imageUrl must be at most ${MAX_IMAGE_URL_LENGTH} characters` })
  @IsImageAddress()
  imageUrl: string;

  @Field(() => [String], { description: `1 to ${MAX_HIGHLIGHTS} short highlights.` })
  @IsArray({ message: 'highlights must be a list of texts' })
  @ArrayMinSize(1, { message: 'highlights must have at least 1 item' })
  @ArrayMaxSize(MAX_HIGHLIGHTS, { message: `highlights must have at most ${MAX_HIGHLIGHTS} items` })
  @IsString({ each: true, message: 'each of highlights must be text' })
  @IsNotEmpty({ each: true, message: 'highlights must not contain an empty item' })
  @MaxLength(MAX_HIGHLIGHT_LENGTH, { each: true, message: `each of highlights must be at most ${MAX_HIGHLIGHT_LENGTH} characters` })
  @NoControlChars({ each: true, message: 'highlights must not contain control or invisible characters' })
  highlights: string[];

  @Field({ description: 'Day-by-day plan, one line per day ("Day 1: ..." or plain lines).' })
  @RequiredText(10_000)
  itinerary: string;

  @Field(() => String, { nullable: true, description: 'Go/no-go decision date (YYYY-MM-DD), before the start; null or absent for the default, the balance due date (60 days before).' })
  @IsOptional()
  @IsCalendarDate()
  decisionDate?: string | null;
}

@InputType({ description: 'A new workshop (or a new run of one), with its own id.' })
export class CreateWorkshopInput extends WorkshopFieldsInput {
  @Field(() => ID, { description: 'Readable slug, unique: lower-case letters, digits and hyphens, e.g. "zion-canyon-light-2027".' })
  @IsString({ message: 'id must be a string' })
  @IsNotEmpty({ message: 'id is required' })
  @IsWorkshopId()
  id: string;
}

@InputType({ description: 'Every editable field of an existing workshop (sent whole, as the form shows it).' })
export class UpdateWorkshopInput extends WorkshopFieldsInput {
  @Field(() => ID, { description: 'The workshop to change.' })
  @IsString({ message: 'id must be a string' })
  @IsNotEmpty({ message: 'id is required' })
  @MaxLength(MAX_WORKSHOP_ID_LENGTH, { message: `id must be at most ${MAX_WORKSHOP_ID_LENGTH} characters` })
  id: string;
}

@InputType({ description: '"Schedule again": a copy of a workshop on new dates, under a new id, with no bookings.' })
export class ScheduleWorkshopAgainInput {
  @Field(() => ID, { description: 'The workshop to copy.' })
  @IsString({ message: 'sourceId must be a string' })
  @IsNotEmpty({ message: 'sourceId is required' })
  @MaxLength(MAX_WORKSHOP_ID_LENGTH, { message: `sourceId must be at most ${MAX_WORKSHOP_ID_LENGTH} characters` })
  sourceId: string;

  @Field(() => ID, { description: 'Id of the new run, e.g. "zion-canyon-light-2027".' })
  @IsString({ message: 'id must be a string' })
  @IsNotEmpty({ message: 'id is required' })
  @IsWorkshopId()
  id: string;

  @Field({ description: 'First day of the new run (YYYY-MM-DD), in the future.' })
  @IsCalendarDate()
  startDate: string;

  @Field(() => String, { nullable: true, description: 'Last day of the new run; omitted: the same length as the original.' })
  @IsOptional()
  @IsCalendarDate()
  endDate?: string | null;
}

@ArgsType()
export class ProposedRunArgs {
  @Field(() => ID, { description: 'The workshop to schedule again.' })
  @IsString({ message: 'sourceId must be a string' })
  @IsNotEmpty({ message: 'sourceId is required' })
  @MaxLength(MAX_WORKSHOP_ID_LENGTH, { message: `sourceId must be at most ${MAX_WORKSHOP_ID_LENGTH} characters` })
  sourceId: string;
}

@ObjectType({ description: '"Schedule again": the run proposed a year later, under an id no workshop has.' })
export class ProposedRun {
  @Field(() => ID)
  id: string;

  @Field({ description: 'YYYY-MM-DD' })
  startDate: string;

  @Field({ description: 'YYYY-MM-DD' })
  endDate: string;
}

@InputType({ description: 'The workshop to archive or bring back.' })
export class ArchiveWorkshopInput {
  @Field(() => ID)
  @IsString({ message: 'workshopId must be a string' })
  @IsNotEmpty({ message: 'workshopId is required' })
  @MaxLength(MAX_WORKSHOP_ID_LENGTH, { message: `workshopId must be at most ${MAX_WORKSHOP_ID_LENGTH} characters` })
  workshopId: string;

  @Field({ defaultValue: true, description: 'True to archive (a workshop that has started), false to show it in the lists again.' })
  @IsOptional()
  @IsBoolean({ message: 'archived must be true or false' })
  archived: boolean = true;
}

/** Page sizes of the admin's workshop list (GraphQL adminWorkshops, GET /api/admin/workshops). */
export const WORKSHOP_PAGE = { defaultSize: 50, maxSize: 200 } as const;

/** One page of the admin's workshop list, newest first (docs/decisions/076). */
@ArgsType()
export class AdminWorkshopsArgs {
  @Field(() => Int, { defaultValue: WORKSHOP_PAGE.defaultSize, description: `Page size, 1 to ${WORKSHOP_PAGE.maxSize}.` })
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(WORKSHOP_PAGE.maxSize, { message: `limit must be at most ${WORKSHOP_PAGE.maxSize}` })
  limit: number = WORKSHOP_PAGE.defaultSize;

  @Field(() => String, { nullable: true, description: 'The nextCursor of the previous page; omit for the newest runs.' })
  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  @Matches(/^\d{4}-\d{2}-\d{2}~[A-Za-z0-9-]{1,64}$/, { message: 'cursor is not a cursor returned by this API' })
  cursor?: string | null;
}
