import { ArgsType, Field, ID, Int } from 'type-graphql';
import { IsDate, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AUDIT_ACTIONS } from '../shared/audit-actions';
import { NoControlChars } from '../infrastructure/text';

/** Page sizes of the Activity tab and GET /api/admin/activity. */
export const AUDIT_PAGE = { defaultSize: 50, maxSize: 200 } as const;

/** Rows of one CSV export at most (a season has a few thousand entries). */
export const AUDIT_EXPORT_MAX = 50_000;

/** Filters of the audit log; every one is optional and they combine with AND. */
@ArgsType()
export class AuditSearchArgs {
  @Field(() => String, { nullable: true, description: 'Words found in the actor, action, detail, ids or before/after values (case-insensitive): each word is the start of a word there ("gra" finds Grace); a word with a part under 3 characters is found anywhere in the text.' })
  @IsOptional()
  @IsString({ message: 'text must be a string' })
  @MaxLength(200, { message: 'text must be at most 200 characters' })
  @NoControlChars()
  text?: string | null;

  @Field(() => String, { nullable: true, description: 'One action, e.g. booking.cancelled.' })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS as unknown as string[], { message: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })
  action?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString({ message: 'bookingId must be a string' })
  @MaxLength(36, { message: 'bookingId must be at most 36 characters' })
  bookingId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString({ message: 'workshopId must be a string' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId?: string | null;

  @Field(() => Date, { nullable: true, description: 'Entries at or after this instant.' })
  @IsOptional()
  @IsDate({ message: 'from must be a date and time (ISO 8601)' })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Entries before this instant (exclusive).' })
  @IsOptional()
  @IsDate({ message: 'to must be a date and time (ISO 8601)' })
  to?: Date | null;

  @Field(() => Int, { defaultValue: AUDIT_PAGE.defaultSize, description: `Page size, 1 to ${AUDIT_PAGE.maxSize}.` })
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(AUDIT_PAGE.maxSize, { message: `limit must be at most ${AUDIT_PAGE.maxSize}` })
  limit: number = AUDIT_PAGE.defaultSize;

  @Field(() => String, { nullable: true, description: 'The nextCursor of the previous page; omit for the newest entries.' })
  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  @MaxLength(200, { message: 'cursor is not a cursor returned by this API' })
  cursor?: string | null;
}

/** The filters without paging (the CSV export). */
export type AuditFilters = Omit<AuditSearchArgs, 'limit' | 'cursor'>;
