import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { CheckoutRecoveryService } from '../../../recovery/checkout-recovery.service';
import { FinishCheckoutInput, ResumeCheckoutInput } from '../../../recovery/recovery.input';
import { FinishedCheckout, RecoveredCheckout } from '../../../recovery/recovery.objects';
import type { GraphQLContext } from '../context';

@Resolver()
export class RecoveryResolver {
  constructor(private readonly recovery: CheckoutRecoveryService) {}

  @Mutation(() => RecoveredCheckout, {
    description:
      'A lapsed checkout from its "finish your booking" link: the same choices priced now and what one click would do (state). Errors: BAD_USER_INPUT (fields), NOT_FOUND (unknown booking, wrong token, or no consent), RATE_LIMITED.',
  })
  async resumeCheckout(@Arg('input', () => ResumeCheckoutInput) input: ResumeCheckoutInput, @Ctx() ctx: GraphQLContext): Promise<RecoveredCheckout> {
    await ctx.consume('secretCheck');
    return this.recovery.resumeOrThrow(input.bookingId, input.token);
  }

  @Mutation(() => FinishedCheckout, {
    description:
      '"Finish my booking": one new booking with the lapsed booking’s choices and answers at today’s prices, and its checkout; the link makes one booking (a second call leads to it). Errors: NOT_FOUND (as resumeCheckout), SOLD_OUT (the waiting list), PROMO_CODE_REFUSED, HOLD_LIMIT_REACHED, CHALLENGE_REQUIRED (send input.altcha), BAD_USER_INPUT (fields erased since: use the booking form), WORKSHOP_STARTED, RATE_LIMITED.',
  })
  async finishCheckout(@Arg('input', () => FinishCheckoutInput) input: FinishCheckoutInput, @Ctx() ctx: GraphQLContext): Promise<FinishedCheckout> {
    await ctx.consume('secretCheck');
    await ctx.consume('booking');
    return this.recovery.finishOrThrow(input.bookingId, input.token, input.promoCode ?? null, ctx.clientKey, input.altcha ?? null);
  }
}
