import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AppError } from './errors';

/**
 * Page sizes of the admin lists (bookings, messages, waiting lists, overdue
 * balances; docs/decisions/075): the default, and the most one request may ask for.
 */
export const PAGE_SIZE = { defaultSize: 50, maxSize: 200 } as const;

/**
 * Rows read per query when a list is streamed whole (a REST answer of every row). 200 rather than
 * 500: a batch's rows then live and die in V8's young generation (8 MB semi-spaces, decision 083)
 * instead of being promoted while their text waits for the client; the peak RSS of the exports at
 * 100 seasons fell from ~300 to ~215 MB, at the same speed (docs/performance.md, round nine).
 */
export const STREAM_BATCH = 200;

/** A page of a list read by cursor: its size and where it starts. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.defaultSize, description: `Page size, 1 to ${PAGE_SIZE.maxSize}.` })
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(PAGE_SIZE.maxSize, { message: `limit must be at most ${PAGE_SIZE.maxSize}` })
  limit: number = PAGE_SIZE.defaultSize;

  @Field(() => String, { nullable: true, description: 'The nextCursor of the previous page; omit for the first page.' })
  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  // A cursor of a sort by name holds the name (docs/decisions/079): up to 160 characters, base64url of JSON.
  @MaxLength(1000, { message: 'cursor is not a cursor returned by this API' })
  cursor?: string | null;
}

/** The page size, or BAD_USER_INPUT naming `limit` (the input classes say the same; this guards direct callers). */
export function pageSizeOrThrow(limit: number | undefined): number {
  const n = limit ?? PAGE_SIZE.defaultSize;
  if (!Number.isInteger(n) || n < 1 || n > PAGE_SIZE.maxSize) throw AppError.invalid([{ field: 'limit', message: `limit must be between 1 and ${PAGE_SIZE.maxSize}` }]);
  return n;
}

@ObjectType({ description: 'How many rows of a list have one value of a filter (the other filters applied).' })
export class FilterCount {
  @Field({ description: 'The value, e.g. deposit_paid.' })
  value: string;

  @Field(() => Int)
  count: number;
}
