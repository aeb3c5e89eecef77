import { useId } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { isOpenInstallment } from 'api/shared/booking-status';
import { POLICY } from 'api/shared/policy';
import type { DueSection_AccountFragment } from '../../gql/graphql';
import { LEAVING, logged, useAction } from '../../forms/useAction';
import { ProblemAlert } from '../../forms/ProblemAlert';
import { BOOKING_LEDGER_FRAGMENT, dueSentence, PaymentsTable, RefundsTable, ScheduleTable } from '../../payment/BookingLedger';
import { redirectTo } from '../../ui/browser';
import { sessionKey, writeSession } from './manageSession';
import { usePayNow } from './useManageMutations';

export const DUE_SECTION_FRAGMENT: TypedDocumentNode<DueSection_AccountFragment> = gql`
  fragment DueSection_account on BookingAccount {
    ...BookingLedger_account
    booking {
      id
      status
      amountRefunded
    }
  }
  ${BOOKING_LEDGER_FRAGMENT}
`;

type Account = DueSection_AccountFragment;

/** Payments, refunds, what is still due, and "pay now". */
export function DueSection({ account, token }: { account: Account; token: string }) {
  const id = useId();
  const next = account.nextPayment;
  const live = account.booking.status === 'held' || account.booking.status === 'confirmed';
  return (
    <>
      <section className="card manage__section" aria-labelledby={`${id}-due`}>
        <div className="card__body">
          <h2 id={`${id}-due`}>What is still due</h2>
          <p>
            <span data-testid="balance-sentence">{dueSentence(account)}</span>
            {live && next?.overdue && <span className="badge badge--danger manage__overdue">Overdue</span>}
          </p>
          {account.schedule.length > 0 && <ScheduleTable account={account} headingId={`${id}-due`} />}
          {live && next && next.canPayNow && account.balance > 0 && <PayNow account={account} token={token} />}
          {live && next && !next.canPayNow && account.balance > 0 && (
            <p className="muted">Online payment is not available right now: we will contact you about paying the rest.</p>
          )}
        </div>
      </section>
      <section className="card manage__section" aria-labelledby={`${id}-payments`}>
        <div className="card__body">
          <h2 id={`${id}-payments`}>Payments</h2>
          <PaymentsTable account={account} headingId={`${id}-payments`} />
        </div>
      </section>
      {(account.refunds.length > 0 || account.booking.amountRefunded > 0) && (
        <section className="card manage__section" aria-labelledby={`${id}-refunds`}>
          <div className="card__body">
            <h2 id={`${id}-refunds`}>Refunds</h2>
            <RefundsTable account={account} headingId={`${id}-refunds`} />
            <p className="muted">
              Card refunds reach your account within {POLICY.refundBusinessDays} business days. Money you paid us directly is paid back the same way.
            </p>
          </div>
        </section>
      )}
    </>
  );
}

/** The next installment's number, or null for a balance. */
function nextInstallment(account: Account): number | null {
  if (account.schedule.length === 0) return null;
  return account.schedule.find(isOpenInstallment)?.number ?? null;
}

function PayNow({ account, token }: { account: Account; token: string }) {
  const payNow = usePayNow(account.booking.id, token);
  const { busy, problem, setProblem, run } = useAction({ fallback: 'The payment could not be started. Please try again.', onFailure: logged('Pay now failed') });
  const n = nextInstallment(account);
  const label = n === null ? 'Pay the balance' : `Pay installment ${n} now`;
  const problemId = useId();

  const pay = () =>
    run(async () => {
      const { url, sessionId } = (await payNow()) ?? {};
      if (url) {
        writeSession(sessionKey(account.booking.id), sessionId ?? null);
        redirectTo(url);
        return LEAVING; // stays busy while the browser leaves for the payment page
      }
      setProblem('Online payment is not available right now. Please try again later or contact us.');
    });

  return (
    <div className="manage__action">
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void pay()} aria-describedby={problem ? problemId : undefined}>
        {busy ? 'Processing...' : label}
      </button>
      <ProblemAlert problem={problem} id={problemId} />
    </div>
  );
}
