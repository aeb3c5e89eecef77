import { Field, ID, Int, ObjectType } from 'type-graphql';
import { WaitlistEntry } from './waitlist-entry.entity';

@ObjectType({ description: 'The answer to joinWaitlist.' })
export class JoinWaitlistPayload {
  @Field(() => WaitlistEntry, { description: 'The new entry, waiting.' })
  entry: WaitlistEntry;
}

@ObjectType({ description: 'Admin: the entry after removeWaitlistEntry.' })
export class RemoveWaitlistEntryPayload {
  @Field(() => WaitlistEntry, { description: 'The entry, now removed; the spots of an open offer went back (and on to the next entry).' })
  entry: WaitlistEntry;
}

@ObjectType({ description: 'A waiting-list offer as its link shows it on the booking form.' })
export class WaitlistOffer {
  @Field(() => ID)
  workshopId: string;

  @Field({ description: 'The name given when joining the list.' })
  name: string;

  @Field({ description: 'The email given when joining the list.' })
  email: string;

  @Field(() => Int, { description: 'Spots held for the offer: the booking may take up to this many.' })
  spots: number;

  @Field(() => Date, { description: 'Until when the spots are held (UTC).' })
  expiresAt: Date;
}
