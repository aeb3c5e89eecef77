import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Everything held about one email address (issue 26, docs/decisions/101).' })
export class CustomerDataExportPayload {
  @Field()
  email: string;

  @Field({ description: 'When the export was made (UTC, ISO 8601).' })
  exportedAt: string;

  @Field({ description: 'The export as JSON: sections bookings, travellers, payments, refunds, credits, messages, reviews, waitlist_entries, mails_sent, waiver_signatures (snake_case rows, as REST serves them).' })
  json: string;

  @Field({ description: 'The same as CSV: one line per field (section, record_id, field, value).' })
  csv: string;
}

@ObjectType({ description: 'What erasing one customer changed.' })
export class CustomerErasurePayload {
  @Field({ description: 'Names the erasure in the audit log (every step’s entry carries it).' })
  requestId: string;

  @Field(() => Int)
  bookings: number;

  @Field(() => Int)
  travellers: number;

  @Field(() => Int, { description: 'Community posts anonymised.' })
  messages: number;

  @Field(() => Int)
  reviews: number;

  @Field(() => Int)
  waitlistEntries: number;

  @Field(() => Int, { description: 'Mails whose bodies were blanked.' })
  mails: number;

  @Field(() => Int)
  credits: number;

  @Field(() => Int, { description: 'Earlier audit entries whose address and names were replaced (amounts kept).' })
  auditEntries: number;
}

@ObjectType({ description: 'How long personal data is kept, as the privacy policy states it (issue 26, docs/decisions/100, 102): read from the server’s settings, so the page and the erasure job agree. Public.' })
export class RetentionPolicy {
  @Field(() => Int, { description: 'Days after a workshop ends before its health, dietary, emergency contact, age and travel details are erased (PERSONAL_DATA_RETENTION_DAYS, default 90).' })
  tripDataDays: number;

  @Field(() => Int, { description: 'Years after the workshop that names, email addresses, bookings, payments and refunds are kept for the books.' })
  accountingYears: number;
}
