import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { TravellerTasksService } from '../../../traveller/traveller-tasks.service';
import { NameTravellerInput, SaveWaiverInput, SignWaiverInput, TravellerAccessInput, TravellerGearInput, TravellerHealthInput, TravellerTravelInput } from '../../../traveller/traveller.input';
import { BookingTravellers, TravellerTasks, WorkshopWaiver } from '../../../traveller/traveller.objects';
import type { GraphQLContext } from '../context';

const LINK_ERRORS = 'NOT_FOUND (unknown traveller, or a token that is not this traveller’s link nor the manage link of their booking), BOOKING_NOT_LIVE, WORKSHOP_STARTED, BAD_USER_INPUT naming the field, RATE_LIMITED.';

/** Each traveller's pre-trip tasks (docs/decisions/084-086): the same service calls as /api/travellers/... */
@Resolver(() => TravellerTasks)
export class TravellerResolver {
  constructor(private readonly tasks: TravellerTasksService) {}

  @Query(() => TravellerTasks, { description: `A traveller's pre-trip tasks, through their own link or the booker's manage link (bookingId). Errors: ${LINK_ERRORS}` })
  async travellerTasks(@Arg('input', () => TravellerAccessInput) input: TravellerAccessInput, @Ctx() ctx: GraphQLContext): Promise<TravellerTasks> {
    await ctx.consume('secretCheck');
    return this.tasks.viewOrThrow(input);
  }

  @Mutation(() => TravellerTasks, { description: `Sign the workshop's current release of liability (full legal name typed, consent ticked); the signed copy is mailed as a PDF. Errors: ${LINK_ERRORS} CONFLICT naming contentHash (a newer version: read it first).` })
  async signWaiver(@Arg('input', () => SignWaiverInput) input: SignWaiverInput, @Ctx() ctx: GraphQLContext): Promise<TravellerTasks> {
    await ctx.consume('secretCheck');
    return this.tasks.signWaiverOrThrow(input, { ip: ctx.clientKey, userAgent: ctx.userAgent });
  }

  @Mutation(() => TravellerTasks, { description: `Confirm or update a traveller's health, dietary needs and emergency contact. Errors: ${LINK_ERRORS}` })
  async saveTravellerHealth(@Arg('input', () => TravellerHealthInput) input: TravellerHealthInput, @Ctx() ctx: GraphQLContext): Promise<TravellerTasks> {
    await ctx.consume('secretCheck');
    return this.tasks.saveHealthOrThrow(input);
  }

  @Mutation(() => TravellerTasks, { description: `A traveller's arrival (date, time, how, flight) and, for a shared room, roommate preference. Errors: ${LINK_ERRORS}` })
  async saveTravellerTravel(@Arg('input', () => TravellerTravelInput) input: TravellerTravelInput, @Ctx() ctx: GraphQLContext): Promise<TravellerTasks> {
    await ctx.consume('secretCheck');
    return this.tasks.saveTravelOrThrow(input);
  }

  @Mutation(() => TravellerTasks, { description: `Tick off a traveller's gear checklist (the ids ticked; the rest unticked). Errors: ${LINK_ERRORS}` })
  async saveTravellerGear(@Arg('input', () => TravellerGearInput) input: TravellerGearInput, @Ctx() ctx: GraphQLContext): Promise<TravellerTasks> {
    await ctx.consume('secretCheck');
    return this.tasks.saveGearOrThrow(input);
  }

  @Query(() => BookingTravellers, { description: 'The travellers of a booking and their progress, for the manage page. Errors: NOT_FOUND (wrong link), RATE_LIMITED.' })
  async bookingTravellers(@Arg('bookingId', () => ID) bookingId: string, @Arg('token') token: string, @Ctx() ctx: GraphQLContext): Promise<BookingTravellers> {
    await ctx.consume('secretCheck');
    return this.tasks.bookingTravellersOrThrow(bookingId, token);
  }

  @Mutation(() => BookingTravellers, { description: 'The booker names or renames another traveller, until the tasks’ deadline; a new address gets the traveller’s own link. Errors: NOT_FOUND, BOOKING_NOT_LIVE, CONFLICT (deadline passed), BAD_USER_INPUT naming the field, RATE_LIMITED.' })
  async nameTraveller(@Arg('input', () => NameTravellerInput) input: NameTravellerInput, @Ctx() ctx: GraphQLContext): Promise<BookingTravellers> {
    await ctx.consume('secretCheck');
    return this.tasks.nameTravellerOrThrow(input);
  }

  @Authorized()
  @Query(() => WorkshopWaiver, { description: 'Admin: a workshop’s release of liability, current and every saved version. NOT_FOUND for an unknown workshop.' })
  adminWorkshopWaiver(@Arg('workshopId', () => ID) workshopId: string): Promise<WorkshopWaiver> {
    return this.tasks.waiverOrThrow(workshopId);
  }

  @Authorized()
  @Mutation(() => WorkshopWaiver, { description: 'Admin: save a new version of a workshop’s waiver (kept with its SHA-256; older versions stay). Travellers who have not travelled are asked to sign again. Errors: NOT_FOUND, BAD_USER_INPUT naming text.' })
  saveWorkshopWaiver(@Arg('input', () => SaveWaiverInput) input: SaveWaiverInput): Promise<WorkshopWaiver> {
    return this.tasks.saveWaiverOrThrow(input);
  }
}
