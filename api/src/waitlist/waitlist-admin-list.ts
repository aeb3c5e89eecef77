import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { SelectQueryBuilder } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { decodeCursorOrThrow, readAll, readPage, type KeysetOrder } from '../infrastructure/db/keyset';
import { FilterCount, PageArgs, pageSizeOrThrow, STREAM_BATCH } from '../infrastructure/paging';
import { Workshop } from '../workshop/workshop.entity';
import { WaitlistEntry } from './waitlist-entry.entity';
import { WaitlistState } from './waitlist.types';

/** The admin's waiting list of one workshop, filtered by state. */
@ArgsType()
export class AdminWaitlistArgs extends PageArgs {
  @Field(() => ID)
  @IsString({ message: 'workshopId must be a string' })
  @IsNotEmpty({ message: 'workshopId is required' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId: string;

  @Field(() => WaitlistState, { nullable: true, description: 'Only the entries in this state.' })
  @IsOptional()
  @IsIn(Object.values(WaitlistState), { message: `state must be one of ${Object.values(WaitlistState).join(', ')}` })
  state?: WaitlistState | null;
}

@ObjectType({ description: 'One page of the waiting list of a workshop and the offers made, oldest first.' })
export class AdminWaitlistPage {
  @Field(() => [WaitlistEntry])
  items: WaitlistEntry[];

  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next (newer) page; null on the last page.' })
  nextCursor: string | null;

  @Field({ description: 'Whether newer entries match beyond this page.' })
  hasMore: boolean;

  @Field(() => Int, { description: 'Entries matching the filters.' })
  totalCount: number;

  @Field(() => [FilterCount], { description: 'Entries of the workshop per state (the state filter left out).' })
  stateCounts: FilterCount[];
}

/** Oldest first, on idx_waitlist_workshop_created (docs/decisions/075). */
const ORDER: KeysetOrder = { alias: 'e', time: 'createdAt', id: 'id', direction: 'ASC' };

/**
 * The admin's read of a workshop's waiting list (docs/decisions/061, 075): a
 * page at a time, filtered and counted in SQL. Apart from WaitlistService,
 * which holds the list's rules.
 */
export class WaitlistAdminList {
  constructor(private readonly db: Database) {}

  /** A page of the workshop's entries; NOT_FOUND for an unknown workshop. */
  async pageOrThrow(args: Pick<AdminWaitlistArgs, 'workshopId'> & Partial<AdminWaitlistArgs>): Promise<AdminWaitlistPage> {
    const limit = pageSizeOrThrow(args.limit);
    const cursor = args.cursor ? decodeCursorOrThrow(args.cursor) : null;
    await this.workshopOrThrow(args.workshopId);
    const state = args.state ?? null;
    const [page, totalCount, stateCounts] = await Promise.all([
      readPage(this.entries(args.workshopId, state), ORDER, cursor, limit),
      this.entries(args.workshopId, state).getCount(),
      this.entries(args.workshopId, null)
        .select('e.state', 'value')
        .addSelect('COUNT(*)', 'count')
        .groupBy('e.state')
        .getRawMany<{ value: string; count: number | string }>(),
    ]);
    return {
      items: page.rows,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      totalCount,
      stateCounts: stateCounts.map((r) => ({ value: r.value, count: Number(r.count) })).sort((a, b) => a.value.localeCompare(b.value)),
    };
  }

  /** Every entry of the workshop (after `cursor`), oldest first, in batches; NOT_FOUND (on the first read) for an unknown workshop. */
  async *batchesOrThrow(workshopId: string, state: WaitlistState | null = null, cursor: string | null = null): AsyncGenerator<WaitlistEntry[]> {
    const from = cursor ? decodeCursorOrThrow(cursor) : null;
    await this.workshopOrThrow(workshopId);
    yield* readAll(() => this.entries(workshopId, state), ORDER, from, STREAM_BATCH);
  }

  private async workshopOrThrow(workshopId: string): Promise<void> {
    if (!(await this.db.manager.existsBy(Workshop, { id: workshopId }))) throw AppError.notFound('Workshop');
  }

  private entries(workshopId: string, state: WaitlistState | null): SelectQueryBuilder<WaitlistEntry> {
    const q = this.db.manager.createQueryBuilder(WaitlistEntry, 'e').where('e.workshopId = :workshopId', { workshopId });
    if (state) q.andWhere('e.state = :state', { state });
    return q;
  }
}
