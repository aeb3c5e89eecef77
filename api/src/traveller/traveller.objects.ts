import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'How far one traveller is with their pre-trip tasks.' })
export class TravellerReadiness {
  @Field(() => Int)
  tasksDone: number;

  @Field(() => Int)
  tasksTotal: number;

  @Field(() => [String], { description: 'The tasks still to do: waiver, health, travel, gear.' })
  missing: string[];
}

@ObjectType({ description: 'One item of a workshop type’s gear checklist (the equipment page’s rules).' })
export class GearItemState {
  @Field()
  id: string;

  @Field()
  label: string;

  @Field({ description: 'Required items must be ticked for the task to be done; recommended ones need not.' })
  required: boolean;

  @Field()
  ticked: boolean;
}

@ObjectType({ description: 'The waiver a traveller is asked to sign, and their signature of it if any.' })
export class TravellerWaiver {
  @Field(() => Int, { description: '0 for the default text, then 1, 2... as the admin saves versions.' })
  version: number;

  @Field()
  text: string;

  @Field({ description: 'SHA-256 (hex) of the text: send it back when signing.' })
  contentHash: string;

  @Field({ description: 'True when this traveller signed this very version.' })
  signed: boolean;

  @Field(() => String, { nullable: true })
  signedName: string | null;

  @Field(() => Date, { nullable: true })
  signedAt: Date | null;
}

/**
 * What the traveller's own page and the admin's departure view both show of a
 * traveller: their place on the booking, their address and the health task's
 * answers. Never returned itself (not in the schema): TravellerTasks and
 * DepartureTraveller extend it, each type's fields in the SDL as before.
 */
@ObjectType()
export abstract class TravellerDetails {
  @Field(() => ID)
  bookingId: string;

  @Field(() => Int, { description: '1 = the booker.' })
  position: number;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => Int, { nullable: true })
  age: number | null;

  @Field(() => String, { nullable: true })
  healthConcerns: string | null;

  @Field(() => String, { nullable: true })
  dietaryRestrictions: string | null;

  @Field(() => String, { nullable: true })
  emergencyContactName: string | null;

  @Field(() => String, { nullable: true })
  emergencyContactPhone: string | null;

  @Field(() => String, { nullable: true })
  emergencyContactEmail: string | null;
}

@ObjectType({ description: 'One traveller’s pre-trip tasks, as their own page (or the booker) sees them.' })
export class TravellerTasks extends TravellerDetails {
  @Field(() => ID)
  travellerId: string;

  @Field(() => String, { nullable: true })
  name: string | null;

  @Field()
  workshopId: string;

  @Field()
  workshopName: string;

  @Field()
  startDate: string;

  @Field()
  endDate: string;

  @Field()
  workshopType: string;

  @Field()
  roomType: string;

  @Field({ description: 'The tasks are due by this date (YYYY-MM-DD, the workshop’s calendar).' })
  deadline: string;

  @Field(() => TravellerWaiver)
  waiver: TravellerWaiver;

  @Field(() => Date, { nullable: true })
  healthConfirmedAt: Date | null;

  @Field(() => String, { nullable: true })
  arrivalDate: string | null;

  @Field(() => String, { nullable: true })
  arrivalTime: string | null;

  @Field(() => String, { nullable: true })
  arrivalBy: string | null;

  @Field(() => String, { nullable: true })
  flightNumber: string | null;

  @Field(() => String, { nullable: true })
  roommatePreference: string | null;

  @Field(() => String, { nullable: true })
  roommateName: string | null;

  @Field(() => Date, { nullable: true })
  travelConfirmedAt: Date | null;

  @Field(() => [GearItemState])
  gear: GearItemState[];

  @Field(() => TravellerReadiness)
  readiness: TravellerReadiness;
}

@ObjectType({ description: 'A traveller of a booking as the manage page lists them, with their progress.' })
export class BookingTraveller {
  @Field(() => ID)
  travellerId: string;

  @Field(() => Int)
  position: number;

  @Field(() => String, { nullable: true, description: 'Null until the booker names them.' })
  name: string | null;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => TravellerReadiness)
  readiness: TravellerReadiness;
}

@ObjectType({ description: 'The travellers of a booking and until when the booker may name them.' })
export class BookingTravellers {
  @Field(() => ID)
  bookingId: string;

  @Field({ description: 'The tasks’ deadline (YYYY-MM-DD): travellers can be named or changed until then.' })
  deadline: string;

  @Field({ description: 'Whether the booker may still name or change travellers.' })
  canEditTravellers: boolean;

  @Field(() => [BookingTraveller])
  travellers: BookingTraveller[];
}

@ObjectType({ description: 'Admin: one version of a workshop’s release of liability.' })
export class WaiverVersionView {
  @Field(() => Int)
  version: number;

  @Field()
  text: string;

  @Field()
  contentHash: string;

  @Field(() => Date, { nullable: true, description: 'Null for the default text.' })
  createdAt: Date | null;
}

@ObjectType({ description: 'Admin: a workshop’s waiver, current and past versions.' })
export class WorkshopWaiver {
  @Field()
  workshopId: string;

  @Field(() => WaiverVersionView)
  current: WaiverVersionView;

  @Field(() => [WaiverVersionView], { description: 'Every saved version, newest first.' })
  versions: WaiverVersionView[];
}
