import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { WaitlistService } from '../../../waitlist/waitlist.service';
import type { GraphQLContext } from '../context';
import { WaitlistEntry } from '../../../waitlist/waitlist-entry.entity';
import { JoinWaitlistInput, RemoveWaitlistEntryInput } from '../../../waitlist/waitlist.input';
import { JoinWaitlistPayload, RemoveWaitlistEntryPayload, WaitlistOffer } from '../../../waitlist/waitlist.objects';

@Resolver(() => WaitlistEntry)
export class WaitlistResolver {
  constructor(private readonly waitlist: WaitlistService) {}

  @Mutation(() => JoinWaitlistPayload, {
    description:
      'Join the waiting list of a sold-out workshop; a mail confirms it. Errors: BAD_USER_INPUT (fields), NOT_FOUND, CONFLICT (spots are free: book them; or the email already waits), RATE_LIMITED.',
  })
  async joinWaitlist(@Arg('input', () => JoinWaitlistInput) input: JoinWaitlistInput, @Ctx() ctx: GraphQLContext): Promise<JoinWaitlistPayload> {
    await ctx.consume('waitlistJoin');
    return { entry: await this.waitlist.joinOrThrow(input) };
  }

  @Query(() => WaitlistOffer, {
    description:
      'The waiting-list offer of a link (its `offer` token), for the booking form. Errors naming offerToken: BAD_USER_INPUT (unknown, or for another workshop), CONFLICT (used, withdrawn or expired).',
  })
  waitlistOffer(@Arg('workshopId', () => ID) workshopId: string, @Arg('offerToken') offerToken: string): Promise<WaitlistOffer> {
    return this.waitlist.findOfferOrThrow(workshopId, offerToken);
  }

  @Authorized()
  @Query(() => [WaitlistEntry], { description: 'Admin: the waiting list of a workshop and the offers made, oldest first.' })
  adminWaitlist(@Arg('workshopId', () => ID) workshopId: string): Promise<WaitlistEntry[]> {
    return this.waitlist.listForWorkshopOrThrow(workshopId);
  }

  @Authorized()
  @Mutation(() => RemoveWaitlistEntryPayload, { description: 'Admin: remove a waiting-list entry; the spots of its open offer pass to the next entry.' })
  async removeWaitlistEntry(@Arg('input') input: RemoveWaitlistEntryInput): Promise<RemoveWaitlistEntryPayload> {
    return { entry: await this.waitlist.removeOrThrow(input.entryId) };
  }
}
