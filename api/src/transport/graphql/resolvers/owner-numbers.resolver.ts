import { Args, Authorized, Query, Resolver } from 'type-graphql';
import type { OwnerNumbersService } from '../../../admin/owner-numbers.service';
import { LedgerLine, OwnerDashboard, OwnerPeriodArgs } from '../../../admin/owner-numbers.types';
import { ledgerCsv } from '../../rest/owner-numbers.rest';

/** The owner's dashboard and the accountant's export (docs/decisions/099). */
@Resolver()
export class OwnerNumbersResolver {
  constructor(private readonly numbers: OwnerNumbersService) {}

  @Authorized()
  @Query(() => OwnerDashboard, { description: 'Admin: money by month, cash to come, occupancy per run, bookings per payment option, gift cards and promo codes, in cents, for from..to (YYYY-MM; default the last 12 months). BAD_USER_INPUT naming from or to.' })
  adminDashboard(@Args() args: OwnerPeriodArgs): Promise<OwnerDashboard> {
    return this.numbers.dashboard(args);
  }

  @Authorized()
  @Query(() => [LedgerLine], { description: 'Admin: the accountant’s export, every payment received and refund made, gift card sold or refunded, and gift card use in from..to (YYYY-MM), oldest first. Its cash lines (method other than gift_card) sum to adminDashboard’s money; its gift_card lines to its gift cards’ redeemed.' })
  adminLedger(@Args() args: OwnerPeriodArgs): Promise<LedgerLine[]> {
    return this.numbers.ledger(args);
  }

  @Authorized()
  @Query(() => String, { description: 'Admin: adminLedger as CSV text (the same as GET /api/admin/ledger.csv).' })
  async adminLedgerCsv(@Args() args: OwnerPeriodArgs): Promise<string> {
    return ledgerCsv(await this.numbers.ledger(args));
  }
}
