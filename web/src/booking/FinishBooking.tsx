import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatCents } from 'api/shared/money';
import { POLICY } from 'api/shared/policy';
import { isChallengeRequired, problemMessage } from '../forms/graphqlProblem';
import type { ResumeCheckoutMutation } from '../gql/graphql';
import { rememberCheckout } from '../payment/checkoutMemory';
import { redirectTo } from '../ui/browser';
import { BookingChallenge } from './BookingChallenge';
import { FINISH_CHECKOUT_MUTATION } from './documents';

export type RecoveredCheckout = ResumeCheckoutMutation['resumeCheckout'];

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

function participantsText(c: Pick<RecoveredCheckout, 'numParticipants' | 'numSpouses'>): string {
  const people = `${c.numParticipants} photographer${c.numParticipants === 1 ? '' : 's'}`;
  return c.numSpouses > 0 ? `${people} + ${c.numSpouses} non-photographer partner${c.numSpouses === 1 ? '' : 's'}` : people;
}

function paymentText(c: Pick<RecoveredCheckout, 'paymentOptionNow' | 'installments'>): string {
  if (c.paymentOptionNow === 'deposit') return `${POLICY.depositPercent}% deposit today, the balance later`;
  if (c.paymentOptionNow === 'payment_plan') return c.installments ? `Payment plan: ${c.installments} monthly payments` : 'Payment plan';
  return 'Paid in full today';
}

interface Props {
  checkout: RecoveredCheckout;
  /** The link's token (from the address's fragment). */
  token: string;
  /** The visitor wants to change something: show the booking form filled with these choices. */
  onEdit(): void;
  /** The server refused (sold out since, code refused...): read the link again so the page shows what holds now. */
  onRefused(): void;
  /** The address booked this run since (found at the click): show that. */
  onBookedSince(bookingId: string): void;
}

/**
 * The "finish your booking" link's page when one click can do it (decision 098, amendment):
 * the lapsed booking's choices with today's prices as the server computed them, and one
 * button that books them again and goes to a fresh checkout (finishCheckout).
 */
export function FinishBooking({ checkout: c, token, onEdit, onRefused, onBookedSince }: Props) {
  const navigate = useNavigate();
  const [finish] = useMutation(FINISH_CHECKOUT_MUTATION);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Set while the server wants a solved challenge (CHALLENGE_REQUIRED, as on the booking form): the check shows, keyed by round.
  const [challenge, setChallenge] = useState<{ round: number; solvedOnce: boolean } | null>(null);

  const submit = async (altcha: string | null = null) => {
    if (submitting && !altcha) return;
    setSubmitting(true);
    setProblem(null);
    try {
      const r = await finish({ variables: { input: { bookingId: c.bookingId, token, promoCode: c.promoCode ?? null, ...(altcha ? { altcha } : {}) } } });
      setChallenge(null);
      const done = r.data!.finishCheckout;
      if (done.outcome === 'booked_since') {
        onBookedSince(done.bookingId);
        return;
      }
      if (done.url) {
        if (done.sessionId) rememberCheckout(done.sessionId, done.bookingId);
        redirectTo(done.url);
        return; // "Processing..." while the browser leaves for the payment page
      }
      navigate(`/confirmation/${done.bookingId}`);
    } catch (err) {
      // Not a failure the first time: show the check, which calls again by itself once solved.
      if (isChallengeRequired(err) && !(altcha && challenge?.solvedOnce)) {
        setChallenge((ch) => ({ round: (ch?.round ?? 0) + 1, solvedOnce: altcha !== null }));
        return; // stays "Processing..." while the check runs
      }
      setChallenge(null);
      console.warn('Finishing the booking failed', err);
      setProblem(problemMessage(err, 'Your booking could not be finished. Please try again.'));
      setSubmitting(false);
      onRefused();
    }
  };

  return (
    <section className="card booking-page__finish" aria-labelledby="finish-heading" data-testid="finish-booking">
      <div className="card__body">
        <h2 id="finish-heading">Finish your booking</h2>
        <p>
          Welcome back, {firstName(c.customerName)}. These are the choices you made; the prices are today’s. One click books them again
          and takes you to a fresh, secure checkout.
        </p>
        <dl className="facts">
          <div>
            <dt>Workshop</dt>
            <dd>
              {c.workshopName}, {c.workshopDates}
            </dd>
          </div>
          <div>
            <dt>Participants</dt>
            <dd>{participantsText(c)}</dd>
          </div>
          <div>
            <dt>Room</dt>
            <dd>{c.roomType === 'private' ? 'Private room' : 'Shared room'}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{paymentText(c)}</dd>
          </div>
          {c.promoCode && c.discountCents > 0 && (
            <div>
              <dt>Discount ({c.promoCode})</dt>
              <dd>-{formatCents(c.discountCents)}</dd>
            </div>
          )}
          <div className="booking-summary__total">
            <dt>Total</dt>
            <dd data-testid="finish-total">{formatCents(c.totalCents)}</dd>
          </div>
          <div className="booking-summary__due">
            <dt>Due today</dt>
            <dd data-testid="finish-due-now">{formatCents(c.dueNowCents)}</dd>
          </div>
        </dl>
        {c.paymentOptionNote && <p className="muted">{c.paymentOptionNote} This booking is paid in full.</p>}
        {c.promoCodeNote && <p className="muted">{c.promoCodeNote}</p>}
        {c.codeReturned && (
          <p className="muted">
            The gift card or credit code you used went back to it and is not used again here. To use it, change something first and enter
            it on the form.
          </p>
        )}
        {challenge && <BookingChallenge key={challenge.round} onSolved={(payload) => void submit(payload)} />}
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <p className="booking-page__finish-actions">
          <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={submitting}>
            {submitting ? 'Processing...' : 'Finish my booking'}
          </button>{' '}
          <button type="button" className="btn btn--secondary" onClick={onEdit} disabled={submitting}>
            Change something first
          </button>
        </p>
        <p className="muted">
          Your answers about your equipment, health and emergency contact are the ones you gave last time.{' '}
          <Link to={`/workshop/${c.workshopId}`}>About this workshop</Link>.
        </p>
      </div>
    </section>
  );
}
