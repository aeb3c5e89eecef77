import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { RecoveredChoices } from './checkout-recovery.service';

@ObjectType({ description: 'The choices of a lapsed checkout, to fill the booking form again (docs/decisions/098).' })
export class RecoveredCheckout implements RecoveredChoices {
  @Field(() => ID)
  bookingId: string;

  @Field(() => ID)
  workshopId: string;

  @Field()
  customerName: string;

  @Field()
  customerEmail: string;

  @Field()
  customerPhone: string;

  @Field(() => Int)
  numParticipants: number;

  @Field()
  roomType: string;

  @Field(() => Int)
  numSpouses: number;

  @Field()
  paymentOption: string;

  @Field(() => Int, { description: 'Spots free now: fewer than numParticipants means the form offers the waiting list.' })
  spotsLeft: number;
}
