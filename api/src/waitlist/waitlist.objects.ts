import { Field, ID, Int, ObjectType } from 'type-graphql';
import { WaitlistEntry } from './waitlist-entry.entity';

@ObjectType({ description: 'The answer to joinWaitlist.' })
export class JoinWaitlistPayload {
  @Field(() => WaitlistEntry, { description: 'The new entry, pending until the link mailed to its address confirms it.' })
  entry: WaitlistEntry;
}

@ObjectType({ description: 'The answer to confirmWaitlistEntry: the entry as it is now.' })
export class ConfirmedWaitlistEntry {
  @Field(() => WaitlistEntry, { description: 'Waiting (or offered at once, when spots were free and fit).' })
  entry: WaitlistEntry;

  @Field({ description: 'The workshop it waits for.' })
  workshopName: string;

  @Field(() => Int, { nullable: true, description: 'Its place in the queue while waiting (1 = the next offer that fits is its); null otherwise.' })
  position: number | null;
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
