import { Field, ID, Int, ObjectType } from 'type-graphql';
import { CommunityMessage } from './community-message.entity';

@ObjectType({ description: 'One page of a community board, newest message first.' })
export class MessagePage {
  @Field(() => [CommunityMessage])
  messages: CommunityMessage[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next (older) page; null on the last page.' })
  nextCursor: string | null;

  @Field({ description: 'Whether older messages exist beyond this page.' })
  hasMore: boolean;
}

@ObjectType({ description: 'The answer to postMessage.' })
export class PostMessagePayload {
  @Field(() => CommunityMessage, { description: 'The message as stored (its author email is admin only).' })
  message: CommunityMessage;
}

@ObjectType({ description: 'One booking on the participants panel, as the public sees it.' })
export class ParticipantBooking {
  @Field({ description: 'First name and last initial only, e.g. "Maria G.".' })
  customerName: string;

  @Field(() => Int, { description: 'Spots the booking holds.' })
  numParticipants: number;
}

@ObjectType({ description: "Who's going: the bookings that hold spots on a workshop (confirmed, or held and not expired)." })
export class ParticipantsSummary {
  @Field(() => ID)
  workshopId: string;

  @Field(() => Int, { description: 'Sum of numParticipants over the bookings.' })
  totalParticipants: number;

  @Field(() => [ParticipantBooking], { description: 'Oldest booking first.' })
  bookings: ParticipantBooking[];
}
