import { useId, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import { formatIsoDate } from 'api/shared/policy';
import type { BookingCreditsQuery, BookingCreditsQueryVariables } from '../gql/graphql';
import { useAction } from '../forms/useAction';
import { ProblemAlert } from '../forms/ProblemAlert';
import { useRefundNow, useTakeCredit } from './manage/useCreditMutations';

/** A booking's credits and, for a workshop we cancelled, the refund-or-credit choice (docs/decisions/063). */
export const BOOKING_CREDITS_QUERY: TypedDocumentNode<BookingCreditsQuery, BookingCreditsQueryVariables> = gql`
  query BookingCredits($bookingId: ID!, $token: String!) {
    bookingAccount(bookingId: $bookingId, token: $token) {
      booking {
        id
        workshopName
      }
      credits {
        code
        amount
        balance
        used
        expiresAt
      }
      creditChoice {
        amount
        online
        refundDate
      }
    }
  }
`;

export { REFUND_NOW_MUTATION, TAKE_CREDIT_MUTATION } from './manage/useCreditMutations';

type CreditRow = NonNullable<BookingCreditsQuery['bookingAccount']>['credits'][number];

/** "$3,000, $1,000 left, valid until January 15, 2031": what a credit was, what is left, until when. */
export function creditLine(c: Pick<CreditRow, 'amount' | 'balance' | 'used' | 'expiresAt'>): string {
  if (c.used) return `${formatDollars(c.amount)}, used up`;
  const until = `valid until ${formatIsoDate(String(c.expiresAt).slice(0, 10))}`;
  if (c.balance === c.amount) return `${formatDollars(c.amount)}, not used yet, ${until} (enter it on the booking form, or on a booking’s page to pay its balance)`;
  return `${formatDollars(c.amount)}, ${formatDollars(c.balance)} left, ${until}`;
}

/**
 * On the manage page of a booking: "Refund $X to my card now" or "Take a
 * credit of $X" while the choice is open (a workshop we cancelled), and the
 * credits issued from the booking (code, amount, used or not). Renders
 * nothing when there is neither.
 */
export function CreditChoice({ bookingId, token, onChanged }: { bookingId: string; token: string; /** After a choice: the page reloads what it shows of the money. */ onChanged?: () => void }) {
  const variables = { bookingId, token };
  const { data, refetch } = useQuery(BOOKING_CREDITS_QUERY, { variables, fetchPolicy: 'cache-and-network' });
  const refundNow = useRefundNow(bookingId, token);
  const takeCredit = useTakeCredit(bookingId, token);
  const { busy, problem, run: runAction } = useAction({ fallback: 'That did not work. Please try again.' });
  const [status, setStatus] = useState('');
  const headingId = useId();

  const account = data?.bookingAccount;
  const choice = account?.creditChoice ?? null;
  const credits = account?.credits ?? [];

  const run = async (action: 'refund' | 'credit') => {
    if (busy || !choice) return;
    await runAction(async () => {
      if (action === 'refund') {
        await refundNow();
        setStatus(`${formatDollars(choice.online)} is on its way back to your card. Banks take 5 to 10 business days to show it.`);
      } else {
        await takeCredit();
        setStatus(`Your credit of ${formatDollars(choice.amount)} is ready: its code is below. Use it on the booking form of any workshop, or to pay a booking’s balance, in as many parts as you like.`);
      }
      await refetch();
      onChanged?.();
    });
  };

  if (!choice && credits.length === 0 && !status) return null;
  return (
    <section className="credit-choice card manage__section stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{choice ? 'We cancelled this workshop: your refund or a credit' : 'Your credit'}</h2>
      <p role="status">{status}</p>
      <ProblemAlert problem={problem} />
      {choice ? (
        <>
          <p>
            You get back everything you paid: {formatDollars(choice.amount)}. Take it as a credit for any future workshop, or as a refund.
            {choice.refundDate && choice.online > 0 ? ` If you do nothing, ${formatDollars(choice.online)} goes back to your card on ${formatIsoDate(choice.refundDate)}.` : ''}
          </p>
          <div className="credit-choice__actions">
            {choice.online > 0 ? (
              <button type="button" className="btn btn--outline" disabled={busy} onClick={() => void run('refund')}>
                Refund {formatDollars(choice.online)} to my card now
              </button>
            ) : null}
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void run('credit')}>
              Take a credit of {formatDollars(choice.amount)}
            </button>
          </div>
        </>
      ) : null}
      {credits.length ? (
        <ul className="credit-choice__credits">
          {credits.map((c) => (
            <li key={c.code}>
              Credit code <strong className="credit-choice__code">{c.code}</strong>: {creditLine(c)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
