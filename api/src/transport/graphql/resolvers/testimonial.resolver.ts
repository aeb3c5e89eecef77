import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { TestimonialService } from '../../../testimonial/testimonial.service';
import type { ReviewService } from '../../../testimonial/review.service';
import { Testimonial } from '../../../testimonial/testimonial.entity';
import { AdminReviewsArgs, ReplyToReviewInput, ReviewIdInput, ReviewLinkInput, SubmitReviewInput } from '../../../testimonial/review.input';
import { ReviewInvitation, ReviewPayload } from '../../../testimonial/review.objects';
import type { GraphQLContext } from '../context';

@Resolver(() => Testimonial)
export class TestimonialResolver {
  constructor(
    private readonly published: TestimonialService,
    private readonly reviews: ReviewService,
  ) {}

  @Query(() => [Testimonial], { description: 'Published reviews, newest first: verified participants’ (and the seed’s samples where SHOW_SAMPLE_REVIEWS allows).' })
  testimonials(): Promise<Testimonial[]> {
    return this.published.list();
  }

  @Query(() => [Testimonial], { description: 'The published reviews of one workshop run by its verified participants, newest first.' })
  workshopReviews(@Arg('workshopId', () => ID) workshopId: string): Promise<Testimonial[]> {
    return this.published.listForWorkshop(workshopId);
  }

  @Mutation(() => ReviewInvitation, {
    description:
      'Open a personal review link (a mutation so the token travels only in the body): the run and the form’s defaults. Errors: BAD_USER_INPUT (fields), NOT_FOUND (unknown booking or a token not ours), REVIEW_LINK_CLOSED naming token (expired after 90 days, or the booking did not take part), RATE_LIMITED.',
  })
  async openReviewLink(@Arg('input', () => ReviewLinkInput) input: ReviewLinkInput, @Ctx() ctx: GraphQLContext): Promise<ReviewInvitation> {
    await ctx.consume('secretCheck');
    return this.reviews.invitationOrThrow(input.bookingId, input.token);
  }

  @Mutation(() => ReviewPayload, {
    description:
      'Write the review of a run through a personal link: kept exactly as written, pending until the admin publishes it. Errors: BAD_USER_INPUT naming the field (rating 1 to 5, text, name, location, consentToPublish), NOT_FOUND, REVIEW_LINK_CLOSED, REVIEW_ALREADY_WRITTEN (one per participant and run), RATE_LIMITED.',
  })
  async submitReview(@Arg('input', () => SubmitReviewInput) input: SubmitReviewInput, @Ctx() ctx: GraphQLContext): Promise<ReviewPayload> {
    await ctx.consume('secretCheck');
    return { review: await this.reviews.submitOrThrow(input) };
  }

  @Authorized()
  @Query(() => [Testimonial], { description: 'Admin: every review (samples too), newest first, at most 500; `status` filters.' })
  adminReviews(@Args() args: AdminReviewsArgs): Promise<Testimonial[]> {
    return this.reviews.adminList(args.status);
  }

  @Authorized()
  @Mutation(() => ReviewPayload, { description: 'Admin: publish a review (its words unchanged); in the audit log. Errors: NOT_FOUND, REVIEW_NOT_CONSENTED naming id.' })
  async publishReview(@Arg('input', () => ReviewIdInput) input: ReviewIdInput): Promise<ReviewPayload> {
    return { review: await this.reviews.publishOrThrow(input.id) };
  }

  @Authorized()
  @Mutation(() => ReviewPayload, { description: 'Admin: hide a review from the site (its words kept); in the audit log. Errors: NOT_FOUND.' })
  async hideReview(@Arg('input', () => ReviewIdInput) input: ReviewIdInput): Promise<ReviewPayload> {
    return { review: await this.reviews.hideOrThrow(input.id) };
  }

  @Authorized()
  @Mutation(() => ReviewPayload, { description: 'Admin: answer a review publicly in the studio’s name (replaces an earlier answer); in the audit log. Errors: BAD_USER_INPUT naming reply, NOT_FOUND.' })
  async replyToReview(@Arg('input', () => ReplyToReviewInput) input: ReplyToReviewInput): Promise<ReviewPayload> {
    return { review: await this.reviews.replyOrThrow(input) };
  }
}
