import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { CheckoutRecoveryService } from '../../../recovery/checkout-recovery.service';
import { ResumeCheckoutInput } from '../../../recovery/recovery.input';
import { RecoveredCheckout } from '../../../recovery/recovery.objects';
import type { GraphQLContext } from '../context';

@Resolver()
export class RecoveryResolver {
  constructor(private readonly recovery: CheckoutRecoveryService) {}

  @Mutation(() => RecoveredCheckout, {
    description: 'The choices of a lapsed checkout from its "finish your booking" link, to fill the booking form again. Errors: BAD_USER_INPUT (fields), NOT_FOUND (unknown booking, wrong token, or no consent), RATE_LIMITED.',
  })
  async resumeCheckout(@Arg('input', () => ResumeCheckoutInput) input: ResumeCheckoutInput, @Ctx() ctx: GraphQLContext): Promise<RecoveredCheckout> {
    await ctx.consume('secretCheck');
    return this.recovery.resumeOrThrow(input.bookingId, input.token);
  }
}
