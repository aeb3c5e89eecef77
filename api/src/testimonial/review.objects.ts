import { Field, ObjectType } from 'type-graphql';
import { Testimonial } from './testimonial.entity';

@ObjectType({ description: 'What a review link opens: the run to review and the form’s defaults.' })
export class ReviewInvitation {
  @Field({ description: 'The workshop reviewed.' })
  workshopName: string;

  @Field({ description: 'Its dates, e.g. "May 3 – 8, 2026".' })
  dates: string;

  @Field({ description: 'Month of the trip (YYYY-MM).' })
  tripMonth: string;

  @Field({ description: 'Default name to show (first name and initial from the booking); editable.' })
  name: string;

  @Field({ description: 'Default place to show (empty when the booking has none); editable.' })
  location: string;

  @Field({ description: 'True when this participant has written the review already (one each).' })
  alreadyWritten: boolean;

  @Field(() => Date, { description: 'Until when the link works (UTC).' })
  expiresAt: Date;
}

@ObjectType({ description: 'The answer to submitReview and the admin’s moderation mutations.' })
export class ReviewPayload {
  @Field(() => Testimonial)
  review: Testimonial;
}
