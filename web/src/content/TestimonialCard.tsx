import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TestimonialCard_TestimonialFragment } from '../gql/graphql';
import { Stars } from '../ui/Stars';
import { formatCalendarDate } from '../ui/format';

export const TESTIMONIAL_CARD_FRAGMENT: TypedDocumentNode<TestimonialCard_TestimonialFragment> = gql`
  fragment TestimonialCard_testimonial on Testimonial {
    id
    rating
    clientName
    location
    workshopAttended
    reviewText
    date
  }
`;

/** One review: stars, the review in quotes, who wrote it, from where, after which workshop, and when. */
export function TestimonialCard({ testimonial: t }: { testimonial: TestimonialCard_TestimonialFragment }) {
  return (
    <article className="review-card">
      <Stars rating={t.rating} />
      <blockquote className="review-card__quote">
        <p>“{t.reviewText}”</p>
      </blockquote>
      <footer className="review-card__footer">
        <p className="review-card__name">{t.clientName}</p>
        <p className="review-card__meta">{t.location}</p>
        <p className="review-card__workshop">
          <span className="visually-hidden">Workshop attended: </span>
          {t.workshopAttended}
        </p>
        <p className="review-card__date">
          <time dateTime={t.date}>{formatCalendarDate(t.date)}</time>
        </p>
      </footer>
    </article>
  );
}
