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
import { NO_REVIEWS, TESTIMONIALS_QUERY } from './reviews';

export { NO_REVIEWS, TESTIMONIALS_QUERY };

type Review = TestimonialsQuery['testimonials'][number];

/** Average of the ratings, one decimal ("4.9"). */
export function averageRating(reviews: readonly Pick<Review, 'rating'>[]): number {
  if (reviews.length === 0) return 0;
  return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
}

/** schema.org AggregateRating of the business, with the individual reviews. */
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
            Every review here was written by someone who stood beside us at sunrise, in the rain or under a supercell, and we publish
            every one as it comes.
          </p>
          {reviews.length > 0 ? (
            <p className="rating-summary">
              <Stars rating={averageRating(reviews)} />
              <span>
                <strong>{averageRating(reviews).toFixed(1)}</strong> average from {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
              </span>
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
              <JsonLd data={ratingJsonLd(reviews, origin)} />
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
