import { Booking } from '../booking/booking.entity';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Workshop } from '../workshop/workshop.entity';
import { UnmatchedPayment } from '../payment/unmatched-payment.entity';

@ObjectType({ description: 'How one workshop is selling, for the admin dashboard chart.' })
export class WorkshopSales {
  @Field(() => ID, { description: 'The workshop id.' })
  id: string;

  @Field()
  name: string;

  @Field({ description: 'First day (YYYY-MM-DD).' })
  startDate: string;

  @Field({ description: 'Human date range with the year, e.g. "Apr 13-18, 2027" (tells runs of one workshop apart).' })
  dates: string;

  @Field(() => Int, { description: 'Maximum group size (12).' })
  capacity: number;

  @Field(() => Int, { description: 'Participants needed for the workshop to run (its minimumParticipants, 6 by default).' })
  minimumParticipants: number;

  @Field(() => Int, { description: 'Participants of confirmed (paid) bookings.' })
  spotsSold: number;

  @Field(() => Int, { description: 'Participants of unpaid bookings still holding spots.' })
  spotsHeld: number;

  @Field(() => Boolean, { description: 'Whether spotsSold has reached minimumParticipants.' })
  reachedMinimum: boolean;

  @Field(() => Int, { description: 'Bookings counted in totalBookings for this workshop.' })
  bookings: number;

  @Field(() => Float, { description: 'Money received for this workshop, in US dollars.' })
  revenue: number;
}

@ObjectType({ description: 'Figures for the admin dashboard.' })
export class AdminStats {
  @Field(() => Int, { description: 'Workshops in the catalog.' })
  totalWorkshops: number;

  @Field(() => Int, { description: 'Bookings that are live: held, confirmed or needing attention (not expired, not cancelled).' })
  totalBookings: number;

  @Field(() => Float, { description: 'Money received minus money refunded, over all bookings, in US dollars.' })
  totalRevenue: number;

  @Field(() => Int, { description: 'Community messages on all boards.' })
  totalMessages: number;

  @Field(() => [WorkshopSales], { description: 'Per workshop, in season order.' })
  workshops: WorkshopSales[];

  @Field(() => [UnmatchedPayment], {
    description: 'Paid checkout sessions that changed no booking (not created by this site for the booking they name, or not for the amount asked), newest first, at most 100: refund or investigate them.',
  })
  unmatchedPayments: UnmatchedPayment[];
}

/** How many unmatched payments the dashboard lists (there should be none); the schema's description says 100. */
export const UNMATCHED_PAYMENTS_SHOWN = 100;

@ObjectType({ description: 'Result of adminLogin.' })
export class AdminLoginPayload {
  @Field({ description: 'True: the password is right (a wrong one is an UNAUTHENTICATED error).' })
  success: boolean;

  @Field({ description: 'True: a second factor is enrolled; complete the sign-in with one of secondFactorMethods (docs/decisions/092).' })
  secondFactorRequired: boolean;

  @Field(() => [String], { description: 'How the sign-in can be completed: passkey, totp, recovery (empty when the password is enough).' })
  secondFactorMethods: string[];
}

@ObjectType({ description: 'Result of updateWorkshopPhoto.' })
export class UpdateWorkshopPhotoPayload {
  @Field(() => Workshop, { description: 'The workshop with its new imageUrl.' })
  workshop: Workshop;
}

@ObjectType({ description: 'Result of deleteMessage.' })
export class DeleteMessagePayload {
  @Field(() => ID, { description: 'Id of the message removed.' })
  deletedMessageId: string;
}

@ObjectType({ description: 'The booking after an admin action.' })
export class AdminBookingPayload {
  @Field(() => Booking)
  booking: Booking;
}

@ObjectType({ description: 'One page of the admin workshop list: newest first (the furthest upcoming run first, then back in time), archived runs included.' })
export class AdminWorkshopPage {
  @Field(() => [Workshop])
  workshops: Workshop[];

  @Field(() => String, { nullable: true, description: 'Pass as cursor for the next (older) page; null on the last page.' })
  nextCursor: string | null;
}

@ObjectType({ description: 'Result of createWorkshop, updateWorkshop, scheduleWorkshopAgain and archiveWorkshop.' })
export class AdminWorkshopPayload {
  @Field(() => Workshop, { description: 'The workshop as stored now.' })
  workshop: Workshop;
}
