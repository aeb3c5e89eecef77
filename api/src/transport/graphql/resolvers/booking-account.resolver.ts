import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { OverdueArgs, OverduePage } from '../../../money/overdue';
import type { GraphQLContext } from '../context';
import type { MoneyDomain } from '../../../money';
import { Booking } from '../../../booking/booking.entity';
import { dollarsToCents } from '../../../shared/money';
import { validateInputOrThrow } from '../../../infrastructure/validation';
import { authorizeManageLink } from '../manage-link';
import {
  AdminCancelInput,
  AdminRefundDoneInput,
  AdminRefundInput,
  BookingAccount,
  CancelMyBookingInput,
  ManageBookingInput,
  PayNowPayload,
  TransferMyBookingInput,
} from '../../../money/booking-account.types';

/**
 * A booking's money: the customer's manage page (every call carries the token
 * of the manage link) and the admin's view and actions (docs/decisions/062).
 */
@Resolver()
export class BookingAccountResolver {
  private readonly accounts: MoneyDomain['accounts'];

  constructor(private readonly money: Pick<MoneyDomain, 'accounts' | 'cancellations' | 'transfers' | 'admin'>) {
    this.accounts = money.accounts;
  }

  @Query(() => BookingAccount, { description: 'The manage page of a booking: payments, refunds, what is due, the cancellation quote and transfer options. NOT_FOUND for a wrong id or token.' })
  async bookingAccount(@Arg('bookingId', () => ID) bookingId: string, @Arg('token') token: string, @Ctx() ctx: GraphQLContext): Promise<BookingAccount> {
    const input = await validateInputOrThrow(ManageBookingInput, { bookingId, token });
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    return this.accounts.account(booking);
  }

  @Mutation(() => PayNowPayload, { description: 'Pay the balance or the next installment now: a checkout session for exactly that amount, back to the manage page.' })
  async payBookingNow(@Arg('input') input: ManageBookingInput, @Ctx() ctx: GraphQLContext): Promise<PayNowPayload> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    await ctx.consume('checkout');
    return this.accounts.payNowOrThrow(booking.id);
  }

  @Mutation(() => BookingAccount, { description: 'Cancel the booking with the refund the cancellation policy gives today (refused with REFUND_QUOTE_CHANGED if it differs from expectedRefund).' })
  async cancelMyBooking(@Arg('input') input: CancelMyBookingInput, @Ctx() ctx: GraphQLContext): Promise<BookingAccount> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    await ctx.consume('checkout');
    return this.money.cancellations.cancelByCustomerOrThrow(booking.id, input.expectedRefund);
  }

  @Mutation(() => BookingAccount, { description: 'Move the booking to another workshop with free spots (fee by the transfer policy; price difference charged or refunded).' })
  async transferMyBooking(@Arg('input') input: TransferMyBookingInput, @Ctx() ctx: GraphQLContext): Promise<BookingAccount> {
    const booking = await authorizeManageLink(this.accounts, input, ctx);
    await ctx.consume('checkout');
    return this.money.transfers.transferByCustomerOrThrow(booking.id, input.workshopId);
  }

  @Authorized()
  @Query(() => BookingAccount, { description: 'Admin: a booking with its payments, refunds and schedule.' })
  adminBookingAccount(@Arg('bookingId', () => ID) bookingId: string): Promise<BookingAccount> {
    return this.accounts.accountOrThrow(bookingId);
  }

  @Authorized()
  @Query(() => OverduePage, { description: 'Admin: a page of the confirmed bookings whose balance or an installment is past due, oldest booking first, with their number.' })
  adminOverduePage(@Args() args: OverdueArgs): Promise<OverduePage> {
    return this.money.admin.overduePageOrThrow(args);
  }

  @Authorized()
  @Query(() => [Booking], { description: 'Admin: confirmed bookings whose balance or an installment is past due.', deprecationReason: 'Use adminOverduePage.' })
  adminOverdueBookings(): Promise<Booking[]> {
    return this.money.admin.overdueBookings();
  }

  @Authorized()
  @Mutation(() => BookingAccount, { description: 'Admin: refund part or all of what was received (through the provider for online payments; offline money becomes a refund the admin owes).' })
  async adminRefundBooking(@Arg('input') input: AdminRefundInput): Promise<BookingAccount> {
    return this.money.admin.refundOrThrow(input.bookingId, dollarsToCents(input.amount), input.note);
  }

  @Authorized()
  @Mutation(() => BookingAccount, { description: 'Admin: an owed (offline) refund was paid back.' })
  async adminMarkRefundDone(@Arg('input') input: AdminRefundDoneInput): Promise<BookingAccount> {
    return this.money.admin.markRefundDoneOrThrow(input.refundId);
  }

  @Authorized()
  @Mutation(() => BookingAccount, { description: "Admin: cancel a booking, refunding what the policy gives today (applyPolicyFee) or everything paid." })
  async adminCancelBookingWithRefund(@Arg('input') input: AdminCancelInput): Promise<BookingAccount> {
    return this.money.cancellations.cancelByAdminOrThrow(input.bookingId, input.applyPolicyFee);
  }
}
