import { ArgsType, Field, ID, registerEnumType } from 'type-graphql';
import { IsDate, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { NoControlChars } from '../infrastructure/text';
import { PageArgs } from '../infrastructure/paging';
import { BookingStatus, PaymentStatus } from '../booking/booking.types';
import { MessageTopic } from '../community/community.types';

const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of ${values.join(', ')}` });

/** The columns the admin's bookings can be sorted by, each on an index of (column, id) (docs/decisions/079). */
export enum BookingSortField {
  created = 'created',
  name = 'name',
  workshop = 'workshop',
  spots = 'spots',
  paid = 'paid',
  status = 'status',
}
registerEnumType(BookingSortField, {
  name: 'BookingSortField',
  description: 'What the bookings are sorted by: created (the default), customer name, workshop name, spots, amount paid, payment status; ties by booking id.',
});

export enum SortDirection {
  asc = 'asc',
  desc = 'desc',
}
registerEnumType(SortDirection, { name: 'SortDirection', description: 'asc: smallest (A, oldest) first; desc: largest (Z, newest) first.' });

/** When a row was created: [from, to). */
@ArgsType()
class CreatedRangeArgs extends PageArgs {
  @Field(() => Date, { nullable: true, description: 'Created at or after this instant.' })
  @IsOptional()
  @IsDate({ message: 'from must be a date and time (ISO 8601)' })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Created before this instant (exclusive).' })
  @IsOptional()
  @IsDate({ message: 'to must be a date and time (ISO 8601)' })
  to?: Date | null;
}

/** The admin's bookings: every filter is optional and they combine with AND. */
@ArgsType()
export class AdminBookingsArgs extends CreatedRangeArgs {
  @Field(() => String, {
    nullable: true,
    description:
      'Words found in the booking id, customer name, email or phone, workshop name, emergency contact name or camera body (case-insensitive): each word is the start of a word there ("gra" finds Grace); a word with a part under 3 characters is found anywhere in those.',
  })
  @IsOptional()
  @IsString({ message: 'text must be a string' })
  @MaxLength(200, { message: 'text must be at most 200 characters' })
  @NoControlChars()
  text?: string | null;

  @Field(() => ID, { nullable: true, description: 'One workshop run.' })
  @IsOptional()
  @IsString({ message: 'workshopId must be a string' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId?: string | null;

  @Field(() => BookingStatus, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(BookingStatus), oneOf('status', Object.values(BookingStatus)))
  status?: BookingStatus | null;

  @Field(() => PaymentStatus, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(PaymentStatus), oneOf('paymentStatus', Object.values(PaymentStatus)))
  paymentStatus?: PaymentStatus | null;

  @Field(() => BookingSortField, { nullable: true, description: 'The column to sort by (default created). A cursor belongs to its sort and direction.' })
  @IsOptional()
  @IsIn(Object.values(BookingSortField), oneOf('sortBy', Object.values(BookingSortField)))
  sortBy?: BookingSortField | null;

  @Field(() => SortDirection, { nullable: true, description: 'Default desc (newest first).' })
  @IsOptional()
  @IsIn(Object.values(SortDirection), oneOf('direction', Object.values(SortDirection)))
  direction?: SortDirection | null;
}

/** The admin's community messages, over every board. */
@ArgsType()
export class AdminMessagesArgs extends CreatedRangeArgs {
  @Field(() => ID, { nullable: true, description: "One workshop's board." })
  @IsOptional()
  @IsString({ message: 'workshopId must be a string' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId?: string | null;

  @Field(() => MessageTopic, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(MessageTopic), oneOf('topic', Object.values(MessageTopic)))
  topic?: MessageTopic | null;

  @Field(() => SortDirection, { nullable: true, description: 'By time posted: desc (newest first, the default) or asc.' })
  @IsOptional()
  @IsIn(Object.values(SortDirection), oneOf('direction', Object.values(SortDirection)))
  direction?: SortDirection | null;
}

/** The filters without paging (a whole list, streamed). */
export type AdminBookingFilters = Omit<AdminBookingsArgs, 'limit' | 'cursor' | 'sortBy' | 'direction'>;
/** The sort of the bookings (default: newest first). */
export type AdminBookingSort = Pick<AdminBookingsArgs, 'sortBy' | 'direction'>;
export type AdminMessageFilters = Omit<AdminMessagesArgs, 'limit' | 'cursor' | 'direction'>;
