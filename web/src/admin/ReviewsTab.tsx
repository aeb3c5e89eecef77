import { useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  AdminReviewsQuery,
  AdminReviewsQueryVariables,
  HideReviewMutation,
  HideReviewMutationVariables,
  PublishReviewMutation,
  PublishReviewMutationVariables,
  ReplyToReviewMutation,
  ReplyToReviewMutationVariables,
  ReviewStatus,
} from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { Stars } from '../ui/Stars';
import { formatCalendarDate, formatTripMonth } from '../ui/format';
import { problemMessage } from '../forms/graphqlProblem';
import { ProblemAlert } from '../forms/ProblemAlert';

const ADMIN_REVIEW_FIELDS = gql`
  fragment ReviewsTab_review on Testimonial {
    id
    rating
    clientName
    location
    workshopAttended
    reviewText
    date
    tripMonth
    verified
    sample
    status
    consentToPublish
    reply
  }
`;

export const ADMIN_REVIEWS_QUERY: TypedDocumentNode<AdminReviewsQuery, AdminReviewsQueryVariables> = gql`
  query AdminReviews($status: ReviewStatus) {
    adminReviews(status: $status) {
      id
      ...ReviewsTab_review
    }
  }
  ${ADMIN_REVIEW_FIELDS}
`;

export const PUBLISH_REVIEW_MUTATION: TypedDocumentNode<PublishReviewMutation, PublishReviewMutationVariables> = gql`
  mutation PublishReview($input: ReviewIdInput!) {
    publishReview(input: $input) {
      review {
        id
        ...ReviewsTab_review
      }
    }
  }
  ${ADMIN_REVIEW_FIELDS}
`;

export const HIDE_REVIEW_MUTATION: TypedDocumentNode<HideReviewMutation, HideReviewMutationVariables> = gql`
  mutation HideReview($input: ReviewIdInput!) {
    hideReview(input: $input) {
      review {
        id
        ...ReviewsTab_review
      }
    }
  }
  ${ADMIN_REVIEW_FIELDS}
`;

export const REPLY_TO_REVIEW_MUTATION: TypedDocumentNode<ReplyToReviewMutation, ReplyToReviewMutationVariables> = gql`
  mutation ReplyToReview($input: ReplyToReviewInput!) {
    replyToReview(input: $input) {
      review {
        id
        ...ReviewsTab_review
      }
    }
  }
  ${ADMIN_REVIEW_FIELDS}
`;

type Review = AdminReviewsQuery['adminReviews'][number];

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Waiting for you', published: 'Published', hidden: 'Hidden' };
const FILTERS: ReadonlyArray<[ReviewStatus | '', string]> = [
  ['pending', 'Waiting'],
  ['published', 'Published'],
  ['hidden', 'Hidden'],
  ['', 'All'],
];

/**
 * Reviews: what participants wrote through their review links, newest first.
 * The admin publishes or hides a review (never edits its words) and may answer
 * it publicly in the studio's name; each action is in the Activity log.
 */
export function ReviewsTab({ onError }: { onError: (error: unknown) => boolean }) {
  const [status, setStatus] = useState<ReviewStatus | ''>('pending');
  const { data, loading, error, refetch } = useQuery(ADMIN_REVIEWS_QUERY, {
    variables: { status: status || null },
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
  });
  const reviews = data?.adminReviews ?? [];

  return (
    <div className="stack">
      <div className="chips" role="group" aria-label="Show reviews">
        {FILTERS.map(([value, label]) => (
          <button key={label} type="button" className="chip" aria-pressed={status === value} onClick={() => setStatus(value)}>
            {label}
          </button>
        ))}
      </div>
      {loading && !data ? (
        <Loading>Loading reviews...</Loading>
      ) : error && !data ? (
        <Failure>
          <p>The reviews could not be loaded.</p>
          <button type="button" className="btn btn--outline" onClick={() => void refetch().catch((e: unknown) => onError(e))}>
            Try again
          </button>
        </Failure>
      ) : reviews.length === 0 ? (
        <Empty>
          <p>No reviews here.</p>
        </Empty>
      ) : (
        <ul className="admin-reviews">
          {reviews.map((r) => (
            <ReviewItem key={r.id} review={r} onError={onError} onChanged={() => void refetch().catch((e: unknown) => onError(e))} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewItem({ review: r, onError, onChanged }: { review: Review; onError: (error: unknown) => boolean; onChanged: () => void }) {
  const [publish, published] = useMutation(PUBLISH_REVIEW_MUTATION, { context: { admin: true } });
  const [hide, hidden] = useMutation(HIDE_REVIEW_MUTATION, { context: { admin: true } });
  const [answer, answered] = useMutation(REPLY_TO_REVIEW_MUTATION, { context: { admin: true } });
  const [reply, setReply] = useState(r.reply ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = published.loading || hidden.loading || answered.loading;
  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setProblem(null);
    try {
      await action();
      onChanged();
    } catch (e) {
      if (!onError(e)) setProblem(problemMessage(e, fallback));
    }
  };
  const replyId = `review-${r.id}-reply`;

  return (
    <li className="card admin-review">
      <div className="card__body stack">
        <h3 className="admin-review__title">
          <Stars rating={r.rating} /> {r.clientName}
          {r.location ? `, ${r.location}` : ''}
        </h3>
        <p className="admin-review__meta">
          {r.workshopAttended}
          {r.tripMonth ? ` · trip ${formatTripMonth(r.tripMonth)}` : ''} · written {formatCalendarDate(r.date)} · {r.verified ? 'Verified participant' : r.sample ? 'Sample review' : 'Not verified'} ·{' '}
          <strong>{STATUS_LABELS[r.status]}</strong>
          {r.consentToPublish ? '' : ' · no consent to publish'}
        </p>
        <blockquote className="admin-review__text">{r.reviewText}</blockquote>
        <ProblemAlert problem={problem} />
        <div className="admin-review__actions">
          {r.status !== 'published' && r.consentToPublish ? (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void run(() => publish({ variables: { input: { id: r.id } } }), 'The review could not be published.')}>
              Publish
            </button>
          ) : null}
          {r.status !== 'hidden' ? (
            <button type="button" className="btn btn--outline" disabled={busy} onClick={() => void run(() => hide({ variables: { input: { id: r.id } } }), 'The review could not be hidden.')}>
              Hide
            </button>
          ) : null}
        </div>
        <form
          className="admin-review__reply"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => answer({ variables: { input: { id: r.id, reply } } }), 'The answer could not be saved.');
          }}
        >
          <label htmlFor={replyId}>Public answer from the studio</label>
          <textarea id={replyId} rows={3} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />
          <button type="submit" className="btn btn--outline" disabled={busy || !reply.trim()}>
            {r.reply ? 'Update answer' : 'Post answer'}
          </button>
        </form>
      </div>
    </li>
  );
}
