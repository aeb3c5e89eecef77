import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import type { BookingAccountService } from '../../../money/booking-account.service';
import { BookingAccount, ManageBookingInput } from '../../../money/booking-account.types';
import type { CreditsService } from '../../../credit/credits.service';
import { Credit } from '../../../credit/credit.entity';
import type { WorkshopCancellationService } from '../../../workshop-cancellation/workshop-cancellation.service';
import { centsToDollars } from '../../../shared/money';
import { authorizeManageLink } from '../manage-link';
import {
  CancelWorkshopInput,
  CreditChoiceObject,
  WorkshopCancellationPayload,
  WorkshopGoNoGoObject,
} from '../../../workshop-cancellation/workshop-cancellation.types';

/** Go or no-go and "Cancel this workshop" (admin), the credit-or-refund choice (manage link); docs/decisions/063. */
@Resolver()
export class WorkshopCancellationResolver {
  constructor(
    private readonly cancellation: WorkshopCancellationService,
    private readonly credits: CreditsService,
    private readonly accounts: Pick<BookingAccountService, 'authorizeOrThrow'>,
  ) {}

  @Authorized()
  @Query(() => [WorkshopGoNoGoObject], { description: 'Admin: go or no-go for the workshops not archived that are upcoming, under way or ended within a year, in date order (older ones: adminWorkshops).' })
  adminGoNoGo(): Promise<WorkshopGoNoGoObject[]> {
    return this.cancellation.goNoGoList();
  }

  @Authorized()
  @Mutation(() => WorkshopCancellationPayload, {
    description: 'Admin: cancel a workshop (confirmName must be its name: BAD_USER_INPUT otherwise, nothing changes). Every live booking is cancelled with no fee; online refunds are made in 14 days unless the customer takes a credit.',
  })
  async cancelWorkshop(@Arg('input') input: CancelWorkshopInput): Promise<WorkshopCancellationPayload> {
    const r = await this.cancellation.cancelOrThrow(input.workshopId, input.confirmName);
    return { workshop: r.workshop, bookingsCancelled: r.bookingsCancelled, onlineRefund: centsToDollars(r.onlineRefundCents), offlineRefund: centsToDollars(r.offlineRefundCents), waitlistClosed: r.waitlistClosed };
  }

  @Mutation(() => BookingAccount, { description: 'Manage link, workshop cancelled: make the waiting card refund now.' })
  async refundMyCancelledWorkshopNow(@Arg('input') input: ManageBookingInput, @Ctx() ctx: GraphQLContext): Promise<BookingAccount> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    await ctx.consume('checkout');
    return this.credits.refundNowOrThrow(booking.id);
  }

  @Mutation(() => BookingAccount, { description: 'Manage link, workshop cancelled: take a credit for a future booking instead of the refund.' })
  async takeCreditInstead(@Arg('input') input: ManageBookingInput, @Ctx() ctx: GraphQLContext): Promise<BookingAccount> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    await ctx.consume('checkout');
    return (await this.credits.chooseCreditOrThrow(booking.id)).account;
  }
}

/** The credits and the credit-or-refund choice on a booking's manage page. */
@Resolver(() => BookingAccount)
export class BookingAccountCreditsResolver {
  constructor(private readonly service: CreditsService) {}

  @FieldResolver(() => [Credit], { description: 'Credits issued from this booking (code, amount, used or not).' })
  credits(@Root() account: BookingAccount): Promise<Credit[]> {
    return this.service.creditsOf(account.booking.id);
  }

  @FieldResolver(() => CreditChoiceObject, { nullable: true, description: 'Workshop cancelled: the refund now or a credit, while the choice is open.' })
  async creditChoice(@Root() account: BookingAccount): Promise<CreditChoiceObject | null> {
    const c = await this.service.choiceOf(account.booking.id);
    return c ? { amount: centsToDollars(c.amountCents), online: centsToDollars(c.onlineCents), refundDate: c.refundDate } : null;
  }
}
