import { Args, Authorized, Query, Resolver } from 'type-graphql';
import type { AuditLog } from '../../../audit/audit-log.service';
import { AuditSearchArgs } from '../../../audit/audit.input';
import { AuditPage } from '../../../audit/audit.objects';

/** The audit log for the admin (docs/decisions/060): read only, like the table itself. */
@Resolver()
export class AuditResolver {
  constructor(private readonly audit: AuditLog) {}

  @Authorized()
  @Query(() => AuditPage, {
    description: 'Admin: the audit log (every admin action and money movement), newest first, filtered and paged. The history of one booking is bookingId: ....',
  })
  adminActivity(@Args() args: AuditSearchArgs): Promise<AuditPage> {
    return this.audit.search(args);
  }
}
