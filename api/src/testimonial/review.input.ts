import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { OptionalText, RequiredText } from '../infrastructure/text';
import { ReviewStatus } from './testimonial.entity';

/** Lengths of a review's fields. */
export const REVIEW_LIMITS = { text: 4000, name: 120, location: 120, reply: 2000, token: 200 } as const;

@InputType({ description: 'A personal review link: the booking and the token from the link’s fragment.' })
export class ReviewLinkInput {
  @Field(() => ID)
  @RequiredText(36)
  bookingId: string;

  @Field({ description: 'The part of the link after #.' })
  @RequiredText(REVIEW_LIMITS.token)
  token: string;
}

@InputType({ description: 'A review written through a personal review link.' })
export class SubmitReviewInput extends ReviewLinkInput {
  @Field(() => Int, { description: 'Stars, 1 to 5.' })
  @IsInt({ message: '$property must be a whole number from 1 to 5' })
  @Min(1, { message: '$property must be at least 1' })
  @Max(5, { message: '$property must be at most 5' })
  rating: number;

  @Field({ description: `The review, at most ${REVIEW_LIMITS.text} characters; kept exactly as written (plain text).` })
  @RequiredText(REVIEW_LIMITS.text)
  text: string;

  @Field({ description: `The name to show, at most ${REVIEW_LIMITS.name} characters.` })
  @RequiredText(REVIEW_LIMITS.name)
  name: string;

  @Field(() => String, { nullable: true, description: `Where the writer is from, to show (optional), at most ${REVIEW_LIMITS.location} characters.` })
  @OptionalText(REVIEW_LIMITS.location)
  location?: string | null;

  @Field({ description: 'The writer agrees that the review, name and place are published on the site.' })
  @IsBoolean({ message: '$property must be true or false' })
  consentToPublish: boolean;
}

@InputType({ description: 'Admin: the review to publish or hide.' })
export class ReviewIdInput {
  @Field(() => ID)
  @RequiredText(64)
  id: string;
}

@InputType({ description: 'Admin: the studio’s public answer to a review.' })
export class ReplyToReviewInput extends ReviewIdInput {
  @Field({ description: `Plain text, at most ${REVIEW_LIMITS.reply} characters; shown under the review in the studio’s name.` })
  @RequiredText(REVIEW_LIMITS.reply)
  reply: string;
}

@ArgsType()
export class AdminReviewsArgs {
  @Field(() => ReviewStatus, { nullable: true, description: 'Only reviews in this state (all when absent).' })
  @IsOptional()
  @IsIn(Object.values(ReviewStatus), { message: `$property must be one of ${Object.values(ReviewStatus).join(', ')}` })
  status?: ReviewStatus | null;
}
