import { useEffect, useRef, useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { OpenReviewLinkMutation, OpenReviewLinkMutationVariables, SubmitReviewMutation, SubmitReviewMutationVariables } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { Loading } from '../ui/States';
import { Field } from '../forms/Field';
import { ProblemAlert } from '../forms/ProblemAlert';
import { graphqlProblem } from '../forms/graphqlProblem';
import { formatTripMonth } from '../ui/format';
import '../styles/booking.css';

export const OPEN_REVIEW_LINK_MUTATION: TypedDocumentNode<OpenReviewLinkMutation, OpenReviewLinkMutationVariables> = gql`
  mutation OpenReviewLink($input: ReviewLinkInput!) {
    openReviewLink(input: $input) {
      workshopName
      dates
      tripMonth
      name
      location
      alreadyWritten
      expiresAt
    }
  }
`;

export const SUBMIT_REVIEW_MUTATION: TypedDocumentNode<SubmitReviewMutation, SubmitReviewMutationVariables> = gql`
  mutation SubmitReview($input: SubmitReviewInput!) {
    submitReview(input: $input) {
      review {
        id
        rating
      }
    }
  }
`;

/** Limits of the fields (the api's REVIEW_LIMITS; the server checks them again). */
const LIMITS = { text: 4000, name: 120, location: 120 } as const;
const RATINGS = [5, 4, 3, 2, 1] as const;
const RATING_WORDS: Record<number, string> = { 5: 'Excellent', 4: 'Very good', 3: 'Good', 2: 'Fair', 1: 'Poor' };

type Invitation = OpenReviewLinkMutation['openReviewLink'];
type FieldName = 'rating' | 'text' | 'name' | 'location';

/** The token of the link: in the address's fragment, which no server, proxy log or Referer ever sees. */
function useLinkToken(): string {
  const { hash } = useLocation();
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

/**
 * /review/{bookingId}#{token}: the personal link of the review mails
 * (docs/decisions/089). Opening it asks the server what the link is for (the
 * token goes in the body of a POST); the form takes stars, the words (kept as
 * written), the name and place to show, and consent to publish. Not
 * server-rendered.
 */
export default function ReviewPage() {
  const { bookingId = '' } = useParams();
  const token = useLinkToken();
  const [open, opening] = useMutation(OPEN_REVIEW_LINK_MUTATION);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    open({ variables: { input: { bookingId, token } } })
      .then((r) => live && setInvitation(r.data!.openReviewLink))
      .catch((e: unknown) => {
        console.warn('Opening the review link failed', e);
        const p = graphqlProblem(e);
        if (live) setLinkProblem(p.code === 'NOT_FOUND' ? 'This review link is not valid (it may be incomplete: open the whole link from the email).' : (p.message ?? 'The review link could not be opened. Please try again.'));
      });
    return () => {
      live = false;
    };
  }, [open, bookingId, token]);

  return (
    <div className="container manage">
      <PageMeta title="Review your workshop" />
      <div className="card">
        <div className="card__body stack">
          {!token ? (
            <>
              <h1>Review your workshop</h1>
              <p className="notice notice--warning">This page opens from the link in the email we sent after your workshop. Open the whole link from that email.</p>
            </>
          ) : linkProblem ? (
            <>
              <h1>Review your workshop</h1>
              <p className="notice notice--error" role="alert">
                {linkProblem}
              </p>
            </>
          ) : !invitation || opening.loading ? (
            <>
              <h1>Review your workshop</h1>
              <Loading>Opening your review link...</Loading>
            </>
          ) : invitation.alreadyWritten ? (
            <>
              <h1>Thank you for your review</h1>
              <p>{`You have reviewed ${invitation.workshopName} already: one review each. Thank you!`}</p>
              <Link to="/testimonials">Read the reviews</Link>
            </>
          ) : (
            <ReviewForm bookingId={bookingId} token={token} invitation={invitation} />
          )}
        </div>
      </div>
    </div>
  );
}

function ReviewForm({ bookingId, token, invitation }: { bookingId: string; token: string; invitation: Invitation }) {
  const [submit, { loading }] = useMutation(SUBMIT_REVIEW_MUTATION);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [name, setName] = useState(invitation.name);
  const [location, setLocation] = useState(invitation.location);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ consent: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const check = (): Partial<Record<FieldName, string>> => {
    const e: Partial<Record<FieldName, string>> = {};
    if (rating === null) e.rating = 'Choose from 1 to 5 stars.';
    if (!text.trim()) e.text = 'Please write a few words about your trip.';
    if (!name.trim()) e.name = 'Please give the name to show with your review.';
    return e;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`review-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      await submit({ variables: { input: { bookingId, token, rating: rating!, text, name, location: location.trim() ? location : null, consentToPublish: consent } } });
      setDone({ consent });
    } catch (e) {
      console.warn('Sending the review failed', e);
      const p = graphqlProblem(e);
      setErrors(p.fields as Partial<Record<FieldName, string>>);
      setProblem(p.message ?? 'Your review could not be sent. Please try again.');
    }
  };

  if (done) {
    return (
      <>
        <h1 ref={heading} tabIndex={-1}>
          Thank you for your review
        </h1>
        <p className="notice notice--success" role="status">
          {done.consent
            ? 'We read every review before it appears on the site, exactly as you wrote it, with a “Verified participant” label.'
            : 'You did not agree to publication, so your review stays with us: thank you for telling us.'}
        </p>
        <Link to="/workshops">See the 2026 workshops</Link>
      </>
    );
  }

  return (
    <>
      <h1>Review {invitation.workshopName}</h1>
      <p>
        {`Your trip: ${invitation.dates} (${formatTripMonth(invitation.tripMonth)}). Tell future participants how it went, good or bad. We never change your words.`}
      </p>
      <form className="review-form stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="rating-choice" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
          <legend>Your rating</legend>
          {RATINGS.map((n) => (
            <label key={n}>
              <input id={n === 5 ? 'review-rating' : undefined} type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span>{`${n} ${n === 1 ? 'star' : 'stars'}: ${RATING_WORDS[n]}`}</span>
            </label>
          ))}
        </fieldset>
        {errors.rating ? (
          <p id="review-rating-error" className="field__error">
            {errors.rating}
          </p>
        ) : null}
        <Field id="review-text" name="text" label="Your review" hint={`Plain text, at most ${LIMITS.text} characters.`} error={errors.text}>
          {(p) => <textarea {...p} rows={8} maxLength={LIMITS.text} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <Field id="review-name" name="name" label="Name to show" hint="As you would like it to appear, e.g. your first name and initial." error={errors.name}>
          {(p) => <input {...p} type="text" autoComplete="name" maxLength={LIMITS.name} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field id="review-location" name="location" label="Place to show (optional)" hint="Where you are from, e.g. Austin, Texas." error={errors.location}>
          {(p) => <input {...p} type="text" autoComplete="address-level2" maxLength={LIMITS.location} value={location} onChange={(e) => setLocation(e.target.value)} />}
        </Field>
        <div className="field field--checkbox">
          <label>
            <input type="checkbox" name="consentToPublish" checked={consent} onChange={(e) => setConsent(e.target.checked)} /> I agree that this review, with the name and place above, is published on
            the Wild Light Workshops site.
          </label>
        </div>
        <ProblemAlert problem={problem} />
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Sending...' : 'Send my review'}
        </button>
      </form>
    </>
  );
}
