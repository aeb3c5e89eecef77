import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { EmailAddress, RequiredText } from '../infrastructure/text';
import { WAITLIST_LIMITS } from './waitlist.types';

@InputType({ description: 'A request to join the waiting list of a sold-out workshop.' })
export class JoinWaitlistInput {
  @Field(() => ID, { description: 'The workshop to wait for.' })
  @RequiredText(64)
  workshopId: string;

  @Field({ description: `Who is waiting; at most ${WAITLIST_LIMITS.name} characters.` })
  @RequiredText(WAITLIST_LIMITS.name)
  name: string;

  @Field({ description: 'Where the offer is sent when spots come back.' })
  @EmailAddress(WAITLIST_LIMITS.email)
  email: string;

  @Field(() => Int, { description: `Spots wanted, ${WAITLIST_LIMITS.minSpots} to ${WAITLIST_LIMITS.maxSpots}.` })
  @IsInt({ message: '$property must be a whole number' })
  @Min(WAITLIST_LIMITS.minSpots, { message: `$property must be at least ${WAITLIST_LIMITS.minSpots}` })
  @Max(WAITLIST_LIMITS.maxSpots, { message: `$property must be at most ${WAITLIST_LIMITS.maxSpots}` })
  spots: number;

  @Field(() => String, {
    nullable: true,
    description: 'A solved proof-of-work challenge (the ALTCHA widget’s payload), needed only when joining answers CHALLENGE_REQUIRED.',
  })
  @IsOptional()
  @IsString({ message: '$property must be the solved challenge' })
  @MaxLength(4000, { message: '$property must be at most 4000 characters' })
  altcha?: string | null;
}

@InputType({ description: 'The confirmation link of a waiting-list entry: its id and token (from the mail).' })
export class ConfirmWaitlistEntryInput {
  @Field(() => ID)
  @RequiredText(36)
  entryId: string;

  @Field({ description: 'The token of the link (after # in its address).' })
  @RequiredText(100)
  token: string;
}

@InputType({ description: 'Admin: the waiting-list entry to remove.' })
export class RemoveWaitlistEntryInput {
  @Field(() => ID)
  @RequiredText(36)
  entryId: string;
}
