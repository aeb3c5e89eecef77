import { useId, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { Link } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import type { TransferSection_AccountFragment } from '../../gql/graphql';
import { logged, useAction } from '../../forms/useAction';
import { ProblemAlert } from '../../forms/ProblemAlert';
import { ConfirmButtons } from './ConfirmButtons';
import { formatCalendarDate } from '../../ui/format';
import { useFocusWhen } from './useFocusWhen';
import { Fact } from './BookingFacts';
import { useTransferMyBooking } from './useManageMutations';

export const TRANSFER_SECTION_FRAGMENT: TypedDocumentNode<TransferSection_AccountFragment> = gql`
  fragment TransferSection_account on BookingAccount {
    booking {
      id
    }
    workshop {
      id
      name
    }
    transfer {
      allowed
      fee
      reason
      options {
        workshop {
          id
          name
          dates
        }
        newTotal
        fee
        refundNow
        kept
        balanceAfter
        balanceDueDate
        cancelRefundAfter
        terms
      }
    }
  }
`;

type Step = 'idle' | 'confirm' | 'done';

type TransferOptionView = TransferSection_AccountFragment['transfer']['options'][number];

/** What the option moves, in a few words: the refund now, or what is left to pay and by when (docs/decisions/066). */
function movesText(o: Pick<TransferOptionView, 'refundNow' | 'balanceAfter' | 'balanceDueDate'>): string {
  if (o.refundNow > 0) return `${formatDollars(o.refundNow)} refunded to you now`;
  if (o.balanceAfter > 0) return `${formatDollars(o.balanceAfter)} left to pay${o.balanceDueDate ? ` by ${formatCalendarDate(o.balanceDueDate)}` : ''}`;
  return 'nothing more to pay';
}

/** Transfer to another workshop: the options with what each moves, a confirm step, then the result. */
export function TransferSection({ account, token, onDone }: { account: TransferSection_AccountFragment; token: string; onDone: () => void }) {
  const transfer = useTransferMyBooking(account.booking.id, token);
  const [step, setStep] = useState<Step>('idle');
  const [choice, setChoice] = useState<string | null>(null);
  const { busy, problem, run } = useAction({ fallback: 'The booking could not be moved. Please try again.', onFailure: logged('Transfer failed') });
  const [moved, setMoved] = useState<{ name: string; option: TransferOptionView } | null>(null);
  const confirmRef = useFocusWhen<HTMLHeadingElement>(step === 'confirm');
  const resultRef = useFocusWhen<HTMLDivElement>(step === 'done');
  const id = useId();
  const t = account.transfer;
  const option = t.options.find((o) => o.workshop.id === choice) ?? null;

  const doTransfer = () =>
    run(async () => {
      if (!option) return;
      await transfer(option.workshop.id);
      setMoved({ name: option.workshop.name, option });
      setStep('done');
      onDone();
      setChoice(null);
    });

  return (
    <section className="card manage__section" aria-labelledby={`${id}-h`}>
      <div className="card__body">
        <h2 id={`${id}-h`}>Transfer to another workshop</h2>
        {step === 'done' && moved && (
          <div ref={resultRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="transfer-result">
            <strong>Your booking is now on {moved.name}.</strong>{' '}
            {moved.option.refundNow > 0
              ? `${formatDollars(moved.option.refundNow)} is refunded to your card now.`
              : moved.option.balanceAfter > 0
                ? `${formatDollars(moved.option.balanceAfter)} is left to pay${moved.option.balanceDueDate ? `, due by ${formatCalendarDate(moved.option.balanceDueDate)}` : ''}: see what is still due above.`
                : 'Nothing more to pay.'}
          </div>
        )}
        {!t.allowed ? (
          <p className="muted">{t.reason ?? 'A transfer is not available for this booking.'}</p>
        ) : t.options.length === 0 ? (
          <p className="muted">{t.reason ?? 'No other workshop can take this booking right now.'}</p>
        ) : step !== 'confirm' ? (
          <>
            <p>
              {t.fee > 0 ? `A transfer costs a ${formatDollars(t.fee)} fee today.` : 'A transfer is free today.'} A higher price is left to pay; a lower one
              is refunded, never more than cancelling today would return (<Link to="/cancellation-policy#transfers">transfer policy</Link>).
            </p>
            <fieldset className="fieldset manage__options">
              <legend>Move to</legend>
              {t.options.map((o) => (
                <label key={o.workshop.id} className="manage__option">
                  <input type="radio" name={`${id}-workshop`} value={o.workshop.id} checked={choice === o.workshop.id} onChange={() => setChoice(o.workshop.id)} />
                  <span>
                    <strong>{o.workshop.name}</strong>
                    <span className="muted"> · {o.workshop.dates}</span>
                    <span className="manage__option-money">
                      New total {formatDollars(o.newTotal)} · fee {formatDollars(o.fee)} · {movesText(o)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <button type="button" className="btn btn--outline" disabled={!option} onClick={() => setStep('confirm')}>
              Transfer
            </button>
          </>
        ) : (
          option && (
            <div className="manage__confirm">
              <h3 ref={confirmRef} tabIndex={-1}>
                Move your booking to {option.workshop.name}?
              </h3>
              <dl className="facts">
                <Fact term="Dates">{option.workshop.dates}</Fact>
                <Fact term="New total">{formatDollars(option.newTotal)}</Fact>
                <Fact term="Transfer fee">{formatDollars(option.fee)}</Fact>
                <Fact term="Refunded to you now">{formatDollars(option.refundNow)}</Fact>
                {option.kept > 0 && <Fact term="Kept under the cancellation policy">{formatDollars(option.kept)}</Fact>}
                <Fact term="Left to pay">
                  {option.balanceAfter > 0 && option.balanceDueDate
                    ? `${formatDollars(option.balanceAfter)}, due by ${formatCalendarDate(option.balanceDueDate)}`
                    : formatDollars(option.balanceAfter)}
                </Fact>
                <Fact term="If you cancel after the transfer">{`${formatDollars(option.cancelRefundAfter)} back today`}</Fact>
              </dl>
              <ul className="manage__terms" data-testid="transfer-terms">
                {option.terms.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="muted">Your spots on {account.workshop.name} are released.</p>
              <ConfirmButtons busy={busy} label="Confirm transfer" busyLabel="Moving..." backLabel="Back" onConfirm={() => void doTransfer()} onBack={() => setStep('idle')} />
            </div>
          )
        )}
        <ProblemAlert problem={problem} />
      </div>
    </section>
  );
}
