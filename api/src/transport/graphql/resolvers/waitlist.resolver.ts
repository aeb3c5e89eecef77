import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { WaitlistService } from '../../../waitlist/waitlist.service';
import { AdminWaitlistArgs, AdminWaitlistPage, type WaitlistAdminList } from '../../../waitlist/waitlist-admin-list';
import type { GraphQLContext } from '../context';
import { WaitlistEntry } from '../../../waitlist/waitlist-entry.entity';
import { ConfirmWaitlistEntryInput, JoinWaitlistInput, RemoveWaitlistEntryInput } from '../../../waitlist/waitlist.input';
import { ConfirmedWaitlistEntry, JoinWaitlistPayload, RemoveWaitlistEntryPayload, WaitlistOffer } from '../../../waitlist/waitlist.objects';

@Resolver(() => WaitlistEntry)
export class WaitlistResolver {
  constructor(
    private readonly waitlist: WaitlistService,
    private readonly adminList: WaitlistAdminList,
  ) {}

  @Mutation(() => JoinWaitlistPayload, {
    description:
      'Join the waiting list of a sold-out workshop: a pending entry, and a mail whose link confirms the address (only then it waits). Errors: BAD_USER_INPUT (fields), NOT_FOUND, SPOTS_AVAILABLE naming spots (book them instead), ALREADY_WAITING naming email, WAITLIST_LIMIT_REACHED (too many requests from this connection or email; extensions.retryAfterSeconds), WORKSHOP_STARTED, WORKSHOP_CANCELLED, CHALLENGE_REQUIRED (send a solved altchaChallenge in `altcha`), RATE_LIMITED.',
  })
  async joinWaitlist(@Arg('input', () => JoinWaitlistInput) input: JoinWaitlistInput, @Ctx() ctx: GraphQLContext): Promise<JoinWaitlistPayload> {
    await ctx.consume('waitlistJoin');
    return { entry: await this.waitlist.joinOrThrow(input, ctx.clientKey) };
  }

  @Mutation(() => ConfirmedWaitlistEntry, {
    description:
      'Confirm a waiting-list entry with the link from its mail: it takes its place in the queue. Errors: NOT_FOUND (unknown entry or wrong token), CONFIRMATION_LINK_CLOSED naming token (the link lapsed, or the entry was removed), WORKSHOP_STARTED, WORKSHOP_CANCELLED, RATE_LIMITED.',
  })
  async confirmWaitlistEntry(@Arg('input', () => ConfirmWaitlistEntryInput) input: ConfirmWaitlistEntryInput, @Ctx() ctx: GraphQLContext): Promise<ConfirmedWaitlistEntry> {
    await ctx.consume('waitlistJoin');
    return this.waitlist.confirmOrThrow(input.entryId, input.token);
  }

  @Query(() => WaitlistOffer, {
    description:
      'The waiting-list offer of a link (its `offer` token), for the booking form. Errors naming offerToken: BAD_USER_INPUT (unknown, or for another workshop), OFFER_UNAVAILABLE (used, withdrawn or expired).',
  })
  waitlistOffer(@Arg('workshopId', () => ID) workshopId: string, @Arg('offerToken') offerToken: string): Promise<WaitlistOffer> {
    return this.waitlist.findOfferOrThrow(workshopId, offerToken);
  }

  @Authorized()
  @Query(() => AdminWaitlistPage, { description: 'Admin: a page of the waiting list of a workshop and the offers made, oldest first, with the counts per state. NOT_FOUND for an unknown workshop.' })
  adminWaitlistPage(@Args() args: AdminWaitlistArgs): Promise<AdminWaitlistPage> {
    return this.adminList.pageOrThrow(args);
  }

  @Authorized()
  @Query(() => [WaitlistEntry], { description: 'Admin: the waiting list of a workshop and the offers made, oldest first (at most 500).', deprecationReason: 'Use adminWaitlistPage.' })
  adminWaitlist(@Arg('workshopId', () => ID) workshopId: string): Promise<WaitlistEntry[]> {
    return this.waitlist.listForWorkshopOrThrow(workshopId);
  }

  @Authorized()
  @Mutation(() => RemoveWaitlistEntryPayload, { description: 'Admin: remove a waiting-list entry; the spots of its open offer pass to the next entry. Errors: NOT_FOUND, WAITLIST_ENTRY_CLOSED (booked, lapsed or removed already), WAITLIST_ENTRY_CHANGED (reload and try again).' })
  async removeWaitlistEntry(@Arg('input') input: RemoveWaitlistEntryInput): Promise<RemoveWaitlistEntryPayload> {
    return { entry: await this.waitlist.removeOrThrow(input.entryId) };
  }
}
