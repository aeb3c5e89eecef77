import { useId, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import { POLICY } from 'api/shared/policy';
import type { CancelSection_AccountFragment } from '../../gql/graphql';
import { logged, useAction } from '../../forms/useAction';
import { ProblemAlert } from '../../forms/ProblemAlert';
import { ConfirmButtons } from './ConfirmButtons';
import { useFocusWhen } from './useFocusWhen';
import { Fact } from './BookingFacts';
import { useCancelMyBooking } from './useManageMutations';

export const CANCEL_SECTION_FRAGMENT: TypedDocumentNode<CancelSection_AccountFragment> = gql`
  fragment CancelSection_account on BookingAccount {
    booking {
      id
    }
    cancellation {
      daysBeforeStart
      fee
      paid
      refund
      kept
      explanation
    }
  }
`;

type Step = 'idle' | 'confirm' | 'done';

/** Cancel by the customer: the quote, a confirm step, then what comes back. */
export function CancelSection({ account, token, onDone }: { account: CancelSection_AccountFragment; token: string; onDone: () => void }) {
  const cancel = useCancelMyBooking(account.booking.id, token);
  const [step, setStep] = useState<Step>('idle');
  const { busy, problem, run } = useAction({ fallback: 'The booking could not be cancelled. Please try again.', onFailure: logged('Cancellation failed') });
  // The quote the customer confirmed, kept for the result once the booking is cancelled.
  const [confirmed, setConfirmed] = useState<{ refund: number; owed: number } | null>(null);
  const quote = account.cancellation;
  const confirmRef = useFocusWhen<HTMLHeadingElement>(step === 'confirm');
  const resultRef = useFocusWhen<HTMLDivElement>(step === 'done');
  const id = useId();

  const doCancel = () =>
    run(async () => {
      if (!quote) return;
      const after = await cancel(quote.refund);
      const owed = after ? after.refunds.filter((r) => r.state === 'owed').reduce((sum, r) => sum + r.amount, 0) : 0;
      setConfirmed({ refund: quote.refund, owed });
      setStep('done');
      onDone();
    });

  if (step === 'done' && confirmed) {
    return (
      <section className="card manage__section" aria-labelledby={`${id}-h`}>
        <div className="card__body">
          <h2 id={`${id}-h`}>Cancellation</h2>
          <div ref={resultRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="cancel-result">
            <strong>Your booking is cancelled.</strong>{' '}
            {confirmed.refund > 0
              ? `You get ${formatDollars(confirmed.refund)} back${confirmed.owed > 0 ? `, of which ${formatDollars(confirmed.owed)} we pay back directly` : ''}; refunds arrive within ${POLICY.refundBusinessDays} business days.`
              : 'No refund is due under the cancellation policy.'}
          </div>
        </div>
      </section>
    );
  }
  if (!quote) return null;

  return (
    <section className="card manage__section" aria-labelledby={`${id}-h`}>
      <div className="card__body">
        <h2 id={`${id}-h`}>Cancel your booking</h2>
        <p>
          If you cancel today ({quote.daysBeforeStart} days before the workshop starts), you get{' '}
          <strong data-testid="cancel-refund">{formatDollars(quote.refund)}</strong> back.
        </p>
        {step === 'idle' && (
          <button type="button" className="btn btn--outline" onClick={() => setStep('confirm')}>
            Cancel booking
          </button>
        )}
        {step === 'confirm' && (
          <div className="manage__confirm">
            <h3 ref={confirmRef} tabIndex={-1}>
              Cancel this booking?
            </h3>
            <p>{quote.explanation}</p>
            <dl className="facts">
              <Fact term="Paid so far">{formatDollars(quote.paid)}</Fact>
              {quote.fee > 0 && <Fact term="Cancellation fee">{formatDollars(quote.fee)}</Fact>}
              <Fact term="Kept under the policy">{formatDollars(quote.kept)}</Fact>
              <Fact term="Your refund">{formatDollars(quote.refund)}</Fact>
            </dl>
            <p className="muted">Your spots are released at once; this cannot be undone.</p>
            <ConfirmButtons
              busy={busy}
              label={`Confirm cancellation (refund ${formatDollars(quote.refund)})`}
              busyLabel="Cancelling..."
              backLabel="Keep my booking"
              onConfirm={() => void doCancel()}
              onBack={() => setStep('idle')}
            />
          </div>
        )}
        <ProblemAlert problem={problem} />
      </div>
    </section>
  );
}
