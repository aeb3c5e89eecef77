import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TestimonialCard_TestimonialFragment } from '../gql/graphql';
import { Stars } from '../ui/Stars';
import { formatCalendarDate, formatTripMonth } from '../ui/format';

export const TESTIMONIAL_CARD_FRAGMENT: TypedDocumentNode<TestimonialCard_TestimonialFragment> = gql`
  fragment TestimonialCard_testimonial on Testimonial {
    id
    rating
    clientName
    location
    workshopAttended
    reviewText
    date
    verified
    sample
    tripMonth
    reply
  }
`;

/**
 * One review: stars, the review in quotes exactly as written, who wrote it, from where, after which
 * workshop and which month, "Verified participant" (or "Sample review" for the seed's), the studio's answer.
 */
export function TestimonialCard({ testimonial: t, showWorkshop = true }: { testimonial: TestimonialCard_TestimonialFragment; showWorkshop?: boolean }) {
  return (
    <article className="review-card">
      <Stars rating={t.rating} />
      <blockquote className="review-card__quote">
        {/* Plain text as written (React escapes it: never HTML); its line breaks kept by white-space: pre-wrap. */}
        <p>“{t.reviewText}”</p>
      </blockquote>
      <footer className="review-card__footer">
        <p className="review-card__name">{t.clientName}</p>
        {t.location ? <p className="review-card__meta">{t.location}</p> : null}
        {showWorkshop ? (
          <p className="review-card__workshop">
            <span className="visually-hidden">Workshop attended: </span>
            {t.workshopAttended}
          </p>
        ) : null}
        {t.tripMonth ? <p className="review-card__meta">Trip: {formatTripMonth(t.tripMonth)}</p> : null}
        {t.verified ? <p className="review-card__verified">Verified participant</p> : t.sample ? <p className="review-card__sample">Sample review</p> : null}
        <p className="review-card__date">
          <time dateTime={t.date}>{formatCalendarDate(t.date)}</time>
        </p>
      </footer>
      {t.reply ? (
        <div className="review-card__reply">
          <p className="review-card__reply-by">Answer from the studio</p>
          <p>{t.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
