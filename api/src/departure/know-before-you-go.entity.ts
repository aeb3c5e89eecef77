import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What a traveller should know before the trip, kept by the admin per workshop
 * run (issue 25): where and when the group meets, the weather to expect, what
 * to bring beyond the gear list, the trip's emergency phone. A table of its own,
 * not columns of the public workshop: only booked travellers read it.
 */
@ObjectType({ description: 'Know before you go: the meeting point and time, weather, what to bring, the emergency phone on the trip.' })
@Entity({ name: 'know_before_you_go' })
export class KnowBeforeYouGo {
  @Field(() => ID, { description: 'The workshop run.' })
  @PrimaryColumn({ type: 'varchar', length: 64 })
  workshopId: string;

  @Field({ description: 'Meeting point: the street address.' })
  @Column({ type: 'varchar', length: 300 })
  meetingAddress: string;

  @Field(() => String, { nullable: true, description: 'A map link to the meeting point (https).' })
  @Column({ type: 'varchar', length: 1000, nullable: true })
  meetingMapUrl: string | null;

  @Field({ description: 'Meeting time on the first day, HH:MM (24 h) in the workshop time zone.' })
  @Column({ type: 'varchar', length: 5 })
  meetingTime: string;

  @Field({ description: 'What to expect from the weather.' })
  @Column({ type: 'text' })
  weather: string;

  @Field({ description: 'What to bring beyond the gear list.' })
  @Column({ type: 'text' })
  whatToBring: string;

  @Field({ description: 'The phone number that reaches the instructor during the trip.' })
  @Column({ type: 'varchar', length: 40 })
  emergencyPhone: string;

  @Field({ description: 'Last change (UTC).' })
  @Column({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
