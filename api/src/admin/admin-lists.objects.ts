import { Field, Int, ObjectType } from 'type-graphql';
import { Booking } from '../booking/booking.entity';
import { CommunityMessage } from '../community/community-message.entity';
import type { AdminBookingFilters, AdminMessageFilters } from './admin-lists.input';

@ObjectType({ description: 'The admin lists\' sizes, for the dashboard\'s tab labels (counted in SQL, no rows read).' })
export class AdminCounts {
  @Field(() => Int, { description: 'Every booking, whatever its status.' })
  bookings: number;

  @Field(() => Int, { description: 'Every community message on every board.' })
  messages: number;
}

@ObjectType({ description: 'One page of the admin\'s bookings, newest first, with the counts of the filters.' })
export class AdminBookingPage {
  @Field(() => [Booking])
  items: Booking[];

  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last page.' })
  nextCursor: string | null;

  @Field({ description: 'Whether older bookings match beyond this page.' })
  hasMore: boolean;

  /** The filters the page was read with: its count fields count them (only when asked for). */
  filters: AdminBookingFilters;
}

@ObjectType({ description: 'One page of the community messages of every board, newest first.' })
export class AdminMessagePage {
  @Field(() => [CommunityMessage])
  items: CommunityMessage[];

  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last page.' })
  nextCursor: string | null;

  @Field({ description: 'Whether older messages match beyond this page.' })
  hasMore: boolean;

  filters: AdminMessageFilters;
}
