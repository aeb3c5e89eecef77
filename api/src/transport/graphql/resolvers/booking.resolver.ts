import { Arg, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import type { BookingService } from '../../../booking/booking.service';
import type { ProofOfWork } from '../../../infrastructure/proof-of-work/proof-of-work';
import { Booking } from '../../../booking/booking.entity';
import { BookingInput } from '../../../booking/booking.input';

@ObjectType({ description: 'The result of createBooking.' })
export class CreateBookingPayload {
  @Field(() => Booking, { description: 'The new booking, holding its spots.' })
  booking: Booking;
}

@Resolver(() => Booking)
export class BookingResolver {
  constructor(
    private readonly bookings: BookingService,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  @Query(() => Booking, { nullable: true, description: 'A booking by its id (the id is the secret); null when unknown.' })
  booking(@Arg('id', () => ID) id: string): Promise<Booking | null> {
    return this.bookings.findById(id);
  }

  @Query(() => String, {
    description:
      'A new proof-of-work challenge for the ALTCHA widget, as JSON text (what GET /api/altcha/challenge answers). Needed only after createBooking answered CHALLENGE_REQUIRED.',
  })
  async altchaChallenge(): Promise<string> {
    return JSON.stringify(await this.proofOfWork.createChallenge());
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'When what is left to pay falls due (YYYY-MM-DD, 60 days before the start); null when nothing is left to pay.',
  })
  balanceDueDate(@Root() booking: Booking): Promise<string | null> {
    return this.bookings.balanceDueDateOf(booking);
  }

  @FieldResolver(() => Boolean, {
    description: 'True when the site takes payments online (a payment provider is configured); false when we arrange payment with the customer.',
  })
  paysOnline(): boolean {
    return this.bookings.paysOnline;
  }

  @Mutation(() => CreateBookingPayload, {
    description:
      'Book spots on a workshop. The spots are held at once; errors: BAD_USER_INPUT (fields), NOT_FOUND, SOLD_OUT, HOLD_LIMIT_REACHED (too many unpaid spots held; extensions.retryAfterSeconds), CHALLENGE_REQUIRED (send input.altcha).',
  })
  async createBooking(@Arg('input', () => BookingInput) input: BookingInput, @Ctx() ctx: GraphQLContext): Promise<CreateBookingPayload> {
    await ctx.consume('booking');
    // A credit code is looked up: counted like a manage-link check (one count with the REST route's).
    if (input.creditCode?.trim()) await ctx.consume('secretCheck');
    return { booking: await this.bookings.createOrThrow(input, ctx.clientKey) };
  }
}
