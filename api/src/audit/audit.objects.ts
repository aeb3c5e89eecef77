import { Field, ObjectType } from 'type-graphql';
import { AuditEvent } from './audit-event.entity';

@ObjectType({ description: 'One page of the audit log, newest entry first.' })
export class AuditPage {
  @Field(() => [AuditEvent])
  entries: AuditEvent[];

  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last page.' })
  nextCursor: string | null;

  @Field({ description: 'Whether older entries match beyond this page.' })
  hasMore: boolean;
}
