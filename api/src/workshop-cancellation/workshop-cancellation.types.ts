import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsString, MaxLength } from 'class-validator';
import { Workshop } from '../workshop/workshop.entity';
import { Credit } from '../credit/credit.entity';
import { RequiredText } from '../infrastructure/text';

@ObjectType('WorkshopGoNoGo', { description: 'Will a workshop run: participants paid and held against its minimum, days to the decision date, and a state.' })
export class WorkshopGoNoGoObject {
  @Field(() => Workshop)
  workshop: Workshop;

  @Field({ description: 'on_track, at_risk, decide_now, running, finished or cancelled.' })
  state: string;

  @Field({ description: 'The state in words: On track, At risk, Decide now, Running, Taken place, Cancelled.' })
  label: string;

  @Field({ description: 'The decision date in force (YYYY-MM-DD): the admin’s, or the balance due date.' })
  decisionDate: string;

  @Field(() => Int, { description: 'Days from today (the workshop’s time zone) to the decision date; negative once past.' })
  daysToDecision: number;

  @Field(() => Int, { description: 'Participants of confirmed bookings.' })
  paid: number;

  @Field(() => Int, { description: 'Participants of unexpired holds.' })
  held: number;

  @Field(() => Int, { description: 'The minimum to run.' })
  minimum: number;

  @Field(() => Int, { description: 'Paid participants still missing to reach the minimum.' })
  missing: number;
}

@InputType({ description: '"Cancel this workshop": the admin types the workshop’s name to confirm.' })
export class CancelWorkshopInput {
  @Field(() => ID)
  @IsString({ message: 'workshopId must be a workshop id' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId: string;

  @Field({ description: 'The workshop’s name, typed by the admin; it must match.' })
  @RequiredText(160)
  confirmName: string;
}

@ObjectType({ description: 'What a workshop cancellation did.' })
export class WorkshopCancellationPayload {
  @Field(() => Workshop)
  workshop: Workshop;

  @Field(() => Int)
  bookingsCancelled: number;

  @Field(() => Float, { description: 'Refunded to cards in 14 days unless customers choose a credit (US dollars).' })
  onlineRefund: number;

  @Field(() => Float, { description: 'Paid offline: the admin pays it back (listed as owed refunds), US dollars.' })
  offlineRefund: number;

  @Field(() => Int)
  waitlistClosed: number;
}

@ObjectType({ description: 'The choice of a customer whose workshop we cancelled: the refund now, or a credit.' })
export class CreditChoiceObject {
  @Field(() => Float, { description: 'The credit offered instead of the refunds still to make (US dollars).' })
  amount: number;

  @Field(() => Float, { description: 'Refunds to the card waiting for the choice (US dollars).' })
  online: number;

  @Field(() => String, { nullable: true, description: 'When the card refund is made if nothing is chosen (YYYY-MM-DD).' })
  refundDate: string | null;
}

export { Credit };
