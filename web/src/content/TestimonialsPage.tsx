import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import type { TestimonialsQuery } from '../gql/graphql';
import { JsonLd } from '../ui/JsonLd';
import { useOrigin } from '../ssr/ServerRenderContext';
import { PageMeta } from '../ui/PageMeta';
import { Empty, Loading } from '../ui/States';
import { Stars } from '../ui/Stars';
import { TestimonialCard } from './TestimonialCard';
import { averageRating, NO_REVIEWS, ratedReviews, ratingSummary, TESTIMONIALS_QUERY } from './reviews';

export { averageRating, NO_REVIEWS, TESTIMONIALS_QUERY };

type Review = TestimonialsQuery['testimonials'][number];

/**
 * schema.org AggregateRating of the business, with the individual reviews: verified
 * participants' published reviews only, with their real count (ratedReviews); the
 * caller emits it only when there is at least one.
 */
function ratingJsonLd(reviews: readonly Review[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BRAND.name,
    url: origin || undefined,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: averageRating(reviews),
      bestRating: 5,
      worstRating: 1,
      reviewCount: reviews.length,
    },
    review: reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.clientName },
      datePublished: r.date,
      reviewBody: r.reviewText,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      itemReviewed: { '@type': 'Event', name: r.workshopAttended },
    })),
  };
}

export default function TestimonialsPage() {
  // Called once on load; the normalised cache serves later visits.
  const origin = useOrigin();
  const { data, loading, error } = useQuery(TESTIMONIALS_QUERY);
  useEffect(() => {
    if (error) console.warn('Failed to load testimonials', error);
  }, [error]);
  const reviews = data?.testimonials ?? [];
  const rated = ratedReviews(reviews);

  return (
    <>
      <PageMeta
        title="Reviews"
        description={`What past participants say about ${BRAND.name}: reviews of our small-group photography workshops in Yellowstone, Zion, Alaska and beyond.`}
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Reviews</span>
          <h1>In their own words</h1>
          <p className="lead">
            Every participant is asked for a review after the trip, whatever they thought of it. Reviews marked “Verified participant”
            were written through a personal link by someone who took part; we publish them with their consent and never change a word.
          </p>
          {rated.length > 0 ? (
            <p className="rating-summary">
              <Stars rating={averageRating(rated)} />
              <span>{ratingSummary(rated)}</span>
            </p>
          ) : null}
        </div>
      </section>

      <section className="section" aria-label="Reviews">
        <div className="container">
          {loading && !data ? (
            <Loading>Loading...</Loading>
          ) : reviews.length === 0 ? (
            <Empty>
              <p className="state__title">{NO_REVIEWS}</p>
            </Empty>
          ) : (
            <>
              {rated.length > 0 ? <JsonLd data={ratingJsonLd(rated, origin)} /> : null}
              <div className="review-grid">
                {reviews.map((r) => (
                  <TestimonialCard key={r.id} testimonial={r} />
                ))}
              </div>
            </>
          )}
        </div>
      </section>

      <section className="cta-band">
        <div className="container cta-band__inner">
          <div>
            <h2>Your story could be next</h2>
            <p>
              Small groups of at most {POLICY.maxGroupSize}, and a seat with your name on it.
            </p>
          </div>
          <Link to="/workshops" className="btn btn--primary">
            Book Your Workshop Today
          </Link>
        </div>
      </section>
    </>
  );
}
