import { Arg, Args, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import type { PersonalDataService } from '../../../privacy/personal-data.service';
import { CustomerEmailArgs, EraseCustomerInput } from '../../../privacy/personal-data.input';
import { CustomerDataExportPayload, CustomerErasurePayload, RetentionPolicy } from '../../../privacy/personal-data.objects';
import { ACCOUNTING_RETENTION_YEARS } from '../../../shared/retention';

/** The admin's export and erasure of one customer (docs/decisions/101): thin adapters of PersonalDataService; and the retention periods the privacy policy states. */
@Resolver()
export class PersonalDataResolver {
  constructor(
    private readonly personalData: PersonalDataService,
    /** PERSONAL_DATA_RETENTION_DAYS as the erasure job reads it (TripDataRetention.retentionDays). */
    private readonly tripDataDays: number,
  ) {}

  @Query(() => RetentionPolicy, { description: 'How long personal data is kept: the configured days for trip-only data and the accounting years (the privacy policy page reads it). Public.' })
  privacyRetention(): RetentionPolicy {
    return { tripDataDays: this.tripDataDays, accountingYears: ACCOUNTING_RETENTION_YEARS };
  }

  @Authorized()
  @Query(() => CustomerDataExportPayload, { description: 'Admin: everything held about one email address, as JSON and CSV; in the audit log. Errors: BAD_USER_INPUT naming email.' })
  async customerDataExport(@Args() args: CustomerEmailArgs): Promise<CustomerDataExportPayload> {
    const data = await this.personalData.exportOf(args.email);
    return { email: data.email, exportedAt: data.exportedAt, json: JSON.stringify(data.sections), csv: PersonalDataResolver.csv(await this.personalData.csvOf(data)) };
  }

  @Authorized()
  @Mutation(() => CustomerErasurePayload, {
    description:
      'Admin: erase a customer on their request: personal fields replaced, community posts anonymised, money records kept with the name replaced, mails blanked, every step in the audit log. Errors: BAD_USER_INPUT naming email, CUSTOMER_HAS_LIVE_BOOKING (409) while they have a live booking of a workshop that has not started.',
  })
  eraseCustomer(@Arg('input', () => EraseCustomerInput) input: EraseCustomerInput): Promise<CustomerErasurePayload> {
    return this.personalData.eraseOrThrow(input.email);
  }

  private static csv(text: string): string {
    return text.replace(/^\uFEFF/, '');
  }
}
