import { useQuery } from '@apollo/client/react';
import { TestimonialCard } from '../content/TestimonialCard';
import { averageRating, ratedReviews, ratingSummary, WORKSHOP_REVIEWS_QUERY } from '../content/reviews';
import { Stars } from '../ui/Stars';

/**
 * The published reviews of this run by its verified participants, with their
 * average (the same ratedReviews/ratingSummary as /testimonials). Nothing is
 * shown while there are none (every upcoming run) or when they fail to load.
 */
export function WorkshopReviews({ workshopId }: { workshopId: string }) {
  const { data } = useQuery(WORKSHOP_REVIEWS_QUERY, { variables: { workshopId } });
  const reviews = data?.workshopReviews ?? [];
  const rated = ratedReviews(reviews);
  if (rated.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="stack workshop-reviews">
      <h2 id="reviews-heading">Reviews from this trip</h2>
      <p className="workshop-reviews__summary">
        <Stars rating={averageRating(rated)} />
        <span>{ratingSummary(rated)}</span>
      </p>
      <div className="review-grid">
        {rated.map((r) => (
          <TestimonialCard key={r.id} testimonial={r} showWorkshop={false} />
        ))}
      </div>
    </section>
  );
}
