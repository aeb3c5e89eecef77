import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TestimonialsQuery, TestimonialsQueryVariables, WorkshopReviewsQuery, WorkshopReviewsQueryVariables } from '../gql/graphql';
import { TESTIMONIAL_CARD_FRAGMENT } from './TestimonialCard';

/** All published reviews (the reviews page and the home page's teaser). */
export const TESTIMONIALS_QUERY: TypedDocumentNode<TestimonialsQuery, TestimonialsQueryVariables> = gql`
  query Testimonials {
    testimonials {
      id
      ...TestimonialCard_testimonial
    }
  }
  ${TESTIMONIAL_CARD_FRAGMENT}
`;

/** The published reviews of one workshop run (its page). */
export const WORKSHOP_REVIEWS_QUERY: TypedDocumentNode<WorkshopReviewsQuery, WorkshopReviewsQueryVariables> = gql`
  query WorkshopReviews($workshopId: ID!) {
    workshopReviews(workshopId: $workshopId) {
      id
      ...TestimonialCard_testimonial
    }
  }
  ${TESTIMONIAL_CARD_FRAGMENT}
`;

export const NO_REVIEWS = 'Reviews coming soon from our amazing participants!';

interface Rated {
  rating: number;
  verified: boolean;
}

/**
 * The reviews a rating counts: verified participants' only (never the seed's
 * samples). The summary line and the AggregateRating are computed from this
 * one list, so the words and the structured data always agree.
 */
export function ratedReviews<R extends Rated>(reviews: readonly R[]): R[] {
  return reviews.filter((r) => r.verified);
}

/** Average of the ratings, one decimal ("4.9"). */
export function averageRating(reviews: readonly Pick<Rated, 'rating'>[]): number {
  if (reviews.length === 0) return 0;
  return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
}

/** "4.8 average from 3 verified reviews". */
export function ratingSummary(reviews: readonly Pick<Rated, 'rating'>[]): string {
  return `${averageRating(reviews).toFixed(1)} average from ${reviews.length} verified ${reviews.length === 1 ? 'review' : 'reviews'}`;
}
