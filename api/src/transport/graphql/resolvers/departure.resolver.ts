import { Arg, Args, Authorized, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { DepartureService } from '../../../departure/departure.service';
import type { KnowBeforeYouGoService } from '../../../departure/know-before-you-go.service';
import { DepartureArgs, DepartureReadinessArgs, GroupMessageInput, SetKnowBeforeYouGoInput } from '../../../departure/departure.input';
import { DepartureMessageWithRecipients, DepartureReadiness, DepartureView, GroupMessagePreview, MyDeparture } from '../../../departure/departure.types';
import { KnowBeforeYouGo } from '../../../departure/know-before-you-go.entity';
import type { BookingAccountService } from '../../../money/booking-account.service';
import { ManageBookingInput } from '../../../money/booking-account.types';
import type { TravellerTasksService } from '../../../traveller/traveller-tasks.service';
import { TravellerAccessInput } from '../../../traveller/traveller.input';
import type { GraphQLContext } from '../context';
import { authorizeManageLink } from '../manage-link';

@ObjectType()
export class KnowBeforeYouGoPayload {
  @Field(() => KnowBeforeYouGo)
  knowBeforeYouGo: KnowBeforeYouGo;
}

@ObjectType()
export class SendGroupMessagePayload {
  @Field(() => DepartureMessageWithRecipients, { description: 'The message sent, each recipient with its delivery state.' })
  sent: DepartureMessageWithRecipients;
}

/** Know before you go, the departure view and messages to the group (docs/decisions/087, 088). */
@Resolver()
export class DepartureResolver {
  constructor(
    private readonly knowBeforeYouGo: KnowBeforeYouGoService,
    private readonly departures: DepartureService,
    private readonly accounts: Pick<BookingAccountService, 'authorizeOrThrow'>,
    private readonly travellers: Pick<TravellerTasksService, 'authorizeOrThrow'>,
  ) {}

  @Authorized()
  @Query(() => KnowBeforeYouGo, { nullable: true, description: "Admin: a run's know before you go; null until written. NOT_FOUND for an unknown workshop." })
  adminKnowBeforeYouGo(@Args() { workshopId }: DepartureArgs): Promise<KnowBeforeYouGo | null> {
    return this.knowBeforeYouGo.getOrThrow(workshopId);
  }

  @Authorized()
  @Mutation(() => KnowBeforeYouGoPayload, { description: "Admin: write a run's know before you go (every field replaced); schedules the mails 14 and 2 days before the start. BAD_USER_INPUT names each bad field." })
  async setKnowBeforeYouGo(@Arg('input') input: SetKnowBeforeYouGoInput): Promise<KnowBeforeYouGoPayload> {
    return { knowBeforeYouGo: await this.knowBeforeYouGo.setOrThrow(input) };
  }

  @Authorized()
  @Query(() => DepartureView, { description: 'Admin: the departure view of a run: roster, readiness, rooming list, dietary and health, emergency contacts, arrivals, messages. NOT_FOUND for an unknown workshop.' })
  adminDeparture(@Args() { workshopId }: DepartureArgs): Promise<DepartureView> {
    return this.departures.viewOrThrow(workshopId);
  }

  @Authorized()
  @Query(() => [DepartureReadiness], { description: 'Admin: readiness of several runs at a glance (beside go/no-go); unknown ids are left out.' })
  adminDepartureReadiness(@Args() { workshopIds }: DepartureReadinessArgs): Promise<DepartureReadiness[]> {
    return this.departures.readiness(workshopIds);
  }

  @Authorized()
  @Query(() => GroupMessagePreview, { description: 'Admin: what a message to the group would send and to whom; nothing is sent.' })
  previewGroupMessage(@Arg('input') input: GroupMessageInput): Promise<GroupMessagePreview> {
    return this.departures.previewOrThrow(input);
  }

  @Authorized()
  @Mutation(() => SendGroupMessagePayload, { description: 'Admin: send a message to every traveller of a departure (and optionally its waiting list) through the outbox; one audit row names the recipients.' })
  async sendGroupMessage(@Arg('input') input: GroupMessageInput): Promise<SendGroupMessagePayload> {
    return { sent: await this.departures.sendOrThrow(input) };
  }

  @Query(() => MyDeparture, { description: "The manage page's departure: know before you go and the messages from your instructor. NOT_FOUND for a wrong id or token." })
  async myDeparture(@Arg('input') input: ManageBookingInput, @Ctx() ctx: GraphQLContext): Promise<MyDeparture> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    return this.departures.forBooking(booking);
  }

  @Query(() => MyDeparture, { description: "A traveller's own pre-trip page: know before you go and the messages from your instructor, through their link (or the booker's). NOT_FOUND for a wrong link." })
  async travellerDeparture(@Arg('input', () => TravellerAccessInput) input: TravellerAccessInput, @Ctx() ctx: GraphQLContext): Promise<MyDeparture> {
    await ctx.consume('secretCheck');
    const { booking } = await this.travellers.authorizeOrThrow(input);
    return this.departures.forBooking(booking);
  }
}
