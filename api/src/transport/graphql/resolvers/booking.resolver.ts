import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import type { BookingService } from '../../../booking/booking.service';
import { Booking } from '../../../booking/booking.entity';
import { BookingInput } from '../../../booking/booking.input';

@ObjectType({ description: 'The result of createBooking.' })
export class CreateBookingPayload {
  @Field(() => Booking, { description: 'The new booking, holding its spots.' })
  booking: Booking;
}

@Resolver(() => Booking)
export class BookingResolver {
  constructor(private readonly bookings: BookingService) {}

  @Query(() => Booking, { nullable: true, description: 'A booking by its id (the id is the secret); null when unknown.' })
  booking(@Arg('id', () => ID) id: string): Promise<Booking | null> {
    return this.bookings.findById(id);
  }

  @Mutation(() => CreateBookingPayload, {
    description: 'Book spots on a workshop. The spots are held at once; errors: BAD_USER_INPUT (fields), NOT_FOUND, SOLD_OUT.',
  })
  async createBooking(@Arg('input', () => BookingInput) input: BookingInput, @Ctx() ctx: GraphQLContext): Promise<CreateBookingPayload> {
    await ctx.consume('booking');
    return { booking: await this.bookings.createOrThrow(input) };
  }
}
