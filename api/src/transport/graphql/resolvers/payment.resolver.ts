import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import type { PaymentService } from '../../../payment/payment.service';
import { CheckoutSessionInput } from '../../../payment/checkout.input';

@ObjectType({ description: 'Where to send the visitor to pay.' })
export class CheckoutSessionPayload {
  @Field(() => String, { nullable: true, description: 'Hosted payment page; null when no payment provider is configured (the booking stays reserved).' })
  url: string | null;

  @Field(() => ID, { nullable: true })
  sessionId: string | null;
}

@ObjectType({ description: 'State of a checkout session, as read from the payment provider.' })
export class CheckoutStatus {
  @Field(() => ID)
  id: string;

  @Field({ description: 'paid, unpaid or no_payment_required.' })
  paymentStatus: string;

  @Field({ description: 'open, complete or expired.' })
  status: string;

  @Field(() => Int, { nullable: true, description: 'Amount of the session in US cents.' })
  amountTotal: number | null;

  @Field(() => String, { nullable: true, description: 'Short reference of the booking paid, e.g. "WL-7KQ2M".' })
  bookingReference: string | null;

  @Field(() => String, { nullable: true, description: 'Name of the workshop booked.' })
  workshopName: string | null;

  @Field(() => String, { nullable: true, description: 'Its dates, e.g. "Apr 13-18, 2026".' })
  workshopDates: string | null;

  @Field({ description: 'True when the session is paid and this site sends mail: a confirmation mail is on its way.' })
  confirmationMailSent: boolean;
}

@Resolver()
export class PaymentResolver {
  constructor(private readonly payments: PaymentService) {}

  @Mutation(() => CheckoutSessionPayload, {
    description: 'Create (or reuse) the checkout session of a held booking. Errors: BAD_USER_INPUT, NOT_FOUND, ALREADY_PAID, BOOKING_EXPIRED, BOOKING_NOT_LIVE, PAYMENT_IN_PROGRESS, PAYMENT_PROVIDER_ERROR.',
  })
  async createCheckoutSession(@Arg('input', () => CheckoutSessionInput) input: CheckoutSessionInput, @Ctx() ctx: GraphQLContext): Promise<CheckoutSessionPayload> {
    await ctx.consume('checkout');
    return this.payments.createCheckoutSessionOrThrow(input);
  }

  @Query(() => CheckoutStatus, { description: 'Payment state of a session; confirms the booking when paid. NOT_FOUND for unknown sessions.' })
  async checkoutStatus(@Arg('sessionId', () => ID) sessionId: string): Promise<CheckoutStatus> {
    return { id: sessionId, ...(await this.payments.checkoutStatusOrThrow(sessionId)) };
  }
}
