import { Authorized, Query, Resolver } from 'type-graphql';
import type { AdminStatsService } from '../../../admin/admin-stats.service';
import { AdminStats } from '../../../admin/admin.types';

/** The dashboard's figures (aggregate queries, docs/decisions/076). */
@Resolver()
export class AdminStatsResolver {
  constructor(private readonly figures: AdminStatsService) {}

  @Authorized()
  @Query(() => AdminStats, { description: 'Admin: totals and per-workshop sales.' })
  adminStats(): Promise<AdminStats> {
    return this.figures.stats();
  }
}
