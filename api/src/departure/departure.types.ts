import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TravellerDetails } from '../traveller/traveller.objects';
import { DepartureMessage } from './departure-message.entity';
import { KnowBeforeYouGo } from './know-before-you-go.entity';

/** The roster's readiness (done/total): the traveller's own TravellerReadiness says tasksDone/tasksTotal, so one type would change the schema. */
@ObjectType({ description: "A traveller's pre-trip tasks: how many are done, and which are missing." })
export class TravellerReadinessType {
  @Field(() => Int)
  done: number;

  @Field(() => Int)
  total: number;

  @Field(() => [String])
  missing: string[];
}

@ObjectType({ description: 'A traveller of a departure (admin only: health and emergency contacts).' })
export class DepartureTraveller extends TravellerDetails {
  @Field(() => ID, { nullable: true, description: 'Null for a place the booker has not named yet.' })
  travellerId: string | null;

  @Field(() => String, { nullable: true })
  bookingReference: string | null;

  @Field()
  isBooker: boolean;

  @Field()
  name: string;

  @Field({ description: 'False for a place the booker has not named yet.' })
  named: boolean;

  @Field({ description: 'shared or private.' })
  roomType: string;

  @Field(() => String, { nullable: true, description: 'Arrival date, time and how, as the traveller gave it.' })
  arrival: string | null;

  @Field(() => String, { nullable: true })
  roommatePreference: string | null;

  @Field(() => TravellerReadinessType, { nullable: true, description: 'Pre-trip tasks; null until the traveller has tasks.' })
  readiness: TravellerReadinessType | null;
}

@ObjectType({ description: 'A room of the rooming list.' })
export class DepartureRoom {
  @Field({ description: 'private or shared.' })
  roomType: string;

  @Field(() => [String])
  occupants: string[];

  @Field({ description: 'private room, same booking, roommate preference, paired across bookings, needs a roommate.' })
  note: string;
}

/** A recipient as the preview lists them; a sent message's recipients add their mail's delivery state. */
@ObjectType()
export class DepartureMessageRecipientPreview {
  @Field()
  name: string;

  @Field()
  email: string;

  @Field({ description: 'traveller or waitlist.' })
  audience: string;
}

@ObjectType({ description: "One recipient of a departure message and its mail's delivery state." })
export class DepartureMessageRecipientState extends DepartureMessageRecipientPreview {
  @Field({ description: "The outbox's state of the mail: pending, sending, sent, failed or suppressed." })
  delivery: string;

  @Field(() => Date, { nullable: true })
  sentAt: Date | null;
}

@ObjectType({ description: 'A message sent to a departure, with each recipient.' })
export class DepartureMessageWithRecipients {
  @Field(() => DepartureMessage)
  message: DepartureMessage;

  @Field(() => [DepartureMessageRecipientState])
  recipients: DepartureMessageRecipientState[];
}

@ObjectType({ description: "The admin's departure view of one workshop run." })
export class DepartureView {
  @Field(() => ID)
  workshopId: string;

  @Field()
  workshopName: string;

  @Field({ description: 'Human date range, e.g. "May 14-19, 2026".' })
  dates: string;

  @Field()
  startDate: string;

  @Field()
  timeZone: string;

  @Field(() => Int, { description: 'Travellers on the roster (every place of every live booking).' })
  travellerCount: number;

  @Field(() => Int, { description: 'Travellers with every pre-trip task done (0 until tasks exist).' })
  readyCount: number;

  @Field(() => [DepartureTraveller])
  travellers: DepartureTraveller[];

  @Field(() => [DepartureRoom])
  rooms: DepartureRoom[];

  @Field(() => KnowBeforeYouGo, { nullable: true })
  knowBeforeYouGo: KnowBeforeYouGo | null;

  @Field(() => [DepartureMessageWithRecipients], { description: 'Messages sent to this departure, newest first.' })
  messages: DepartureMessageWithRecipients[];
}

@ObjectType({ description: 'What a message to the group would send, before it is sent.' })
export class GroupMessagePreview {
  @Field()
  subject: string;

  @Field({ description: 'The plain-text body as each recipient reads it.' })
  text: string;

  @Field(() => [DepartureMessageRecipientPreview])
  recipients: DepartureMessageRecipientPreview[];
}

@ObjectType({ description: 'A message from the instructor, as a traveller reads it on the manage page.' })
export class InstructorMessage {
  @Field(() => ID)
  id: string;

  @Field()
  subject: string;

  @Field()
  body: string;

  @Field()
  sentAt: Date;
}

@ObjectType({ description: "A booking's departure, read with its manage link: know before you go and the instructor's messages." })
export class MyDeparture {
  @Field(() => KnowBeforeYouGo, { nullable: true, description: 'Null until the admin has written it.' })
  knowBeforeYouGo: KnowBeforeYouGo | null;

  @Field(() => [InstructorMessage], { description: 'Messages from your instructor, newest first.' })
  messages: InstructorMessage[];
}

@ObjectType({ description: 'Readiness of a run at a glance: travellers, and how many have every pre-trip task done.' })
export class DepartureReadiness {
  @Field(() => ID)
  workshopId: string;

  @Field(() => Int)
  travellerCount: number;

  @Field(() => Int)
  readyCount: number;
}
