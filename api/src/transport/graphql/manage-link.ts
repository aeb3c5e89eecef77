import type { BookingAccountService } from '../../money/booking-account.service';
import type { Booking } from '../../booking/booking.entity';
import type { GraphQLContext } from './context';

/**
 * The manage link's check of a GraphQL field (its input validated by
 * type-graphql): counted per client, then the booking behind the link; the
 * same order as the REST routes (rest/manage-link.ts), before any write limit.
 */
export async function authorizeManageLink(accounts: Pick<BookingAccountService, 'authorizeOrThrow'>, input: { bookingId: string; token: string }, ctx: GraphQLContext): Promise<Booking> {
  await ctx.consume('secretCheck');
  return accounts.authorizeOrThrow(input.bookingId, input.token);
}
