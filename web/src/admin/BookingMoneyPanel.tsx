import { useId, useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import type {
  AdminBookingAccountQuery,
  AdminBookingAccountQueryVariables,
  AdminCancelBookingWithRefundMutation,
  AdminCancelBookingWithRefundMutationVariables,
  AdminMarkRefundDoneMutation,
  AdminMarkRefundDoneMutationVariables,
  AdminRefundBookingMutation,
  AdminRefundBookingMutationVariables,
} from '../gql/graphql';
import { dueSentence, PaymentsTable, RefundsTable, ScheduleTable } from '../payment/BookingLedger';
import { PaymentStatusBadge } from '../booking/PaymentStatusBadge';
import { Failure, Loading } from '../ui/States';
import { bookingStatusLabel } from '../ui/labels';
import { useAdminSession } from './useAdminSession';
import { problemMessage } from '../forms/graphqlProblem';

// Written out without fragments: the API's cost limit (transport/graphql/protection.ts) weighs
// every fragment spread as another nesting level. Actions answer what changed and reload the account.
export const ADMIN_BOOKING_ACCOUNT_QUERY: TypedDocumentNode<AdminBookingAccountQuery, AdminBookingAccountQueryVariables> = gql`
  query AdminBookingAccount($bookingId: ID!) {
    adminBookingAccount(bookingId: $bookingId) {
      booking {
        id
        customerName
        paymentOption
        paymentStatus
        status
        amountPaid
        amountRefunded
      }
      payments {
        id
        amount
        method
        purpose
        installmentNumber
        receivedAt
        refunded
        providerPaymentId
        note
      }
      refunds {
        id
        amount
        state
        reason
        lastError
        createdAt
        completedAt
        method
        providerRefundId
        note
      }
      schedule {
        number
        dueDate
        amount
        state
        lastError
        paidAt
        failedAttempts
      }
      balanceDueDate
      balance
      nextPayment {
        label
        amount
        dueDate
        overdue
        canPayNow
      }
      cancellation {
        paid
        refund
        explanation
      }
      refundsOwed
    }
  }
`;

export const ADMIN_REFUND_BOOKING_MUTATION: TypedDocumentNode<AdminRefundBookingMutation, AdminRefundBookingMutationVariables> = gql`
  mutation AdminRefundBooking($input: AdminRefundInput!) {
    adminRefundBooking(input: $input) {
      booking {
        id
        paymentStatus
        amountRefunded
      }
    }
  }
`;

export const ADMIN_MARK_REFUND_DONE_MUTATION: TypedDocumentNode<AdminMarkRefundDoneMutation, AdminMarkRefundDoneMutationVariables> = gql`
  mutation AdminMarkRefundDone($input: AdminRefundDoneInput!) {
    adminMarkRefundDone(input: $input) {
      booking {
        id
      }
      refundsOwed
    }
  }
`;

export const ADMIN_CANCEL_WITH_REFUND_MUTATION: TypedDocumentNode<AdminCancelBookingWithRefundMutation, AdminCancelBookingWithRefundMutationVariables> = gql`
  mutation AdminCancelBookingWithRefund($input: AdminCancelInput!) {
    adminCancelBookingWithRefund(input: $input) {
      booking {
        id
        status
        paymentStatus
        amountRefunded
      }
    }
  }
`;

type Account = AdminBookingAccountQuery['adminBookingAccount'];


/**
 * The money of one booking for the admin (issue 14): payments and refunds with
 * their dates and provider ids, the payment plan, what is overdue and failed;
 * refund (full or partial), mark an offline refund as paid back, cancel with or
 * without the policy's fee.
 */
export function BookingMoneyPanel({ bookingId, onChanged }: { bookingId: string; onChanged?: () => void }) {
  const { logoutIfUnauthenticated } = useAdminSession();
  const { data, loading, error, refetch } = useQuery(ADMIN_BOOKING_ACCOUNT_QUERY, {
    variables: { bookingId },
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
  });

  if (loading && !data) return <Loading>Loading the money of this booking...</Loading>;
  const account = data?.adminBookingAccount;
  if (!account) {
    if (error) logoutIfUnauthenticated(error);
    return (
      <Failure>
        <p>{problemMessage(error, 'The money of this booking could not be loaded.')}</p>
        <button type="button" className="btn btn--outline btn--small" onClick={() => void refetch().catch(() => {})}>
          Try again
        </button>
      </Failure>
    );
  }
  return <Panel account={account} onChanged={onChanged} />;
}

function Panel({ account, onChanged }: { account: Account; onChanged?: () => void }) {
  const id = useId();
  const b = account.booking;
  const failed = account.schedule.filter((i) => i.state === 'failed' || i.failedAttempts > 0);
  const failedRefunds = account.refunds.filter((r) => r.state === 'failed');
  const next = account.nextPayment;
  return (
    <section className="admin-money" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className="admin-money__title">
        Money of the booking of {b.customerName}
      </h4>
      <p>
        <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} /> {bookingStatusLabel(b.status)} ·{' '}
        {formatDollars(b.amountPaid)} received, {formatDollars(b.amountRefunded)} refunded, {formatDollars(account.balance)} left to pay
      </p>
      <p>{dueSentence(account)}</p>
      {next?.overdue && (
        <p className="notice notice--warning" data-testid="overdue">
          Overdue: {next.label}, {formatDollars(next.amount)}
          {next.dueDate ? ` (due ${next.dueDate})` : ''}.
        </p>
      )}
      {failed.length > 0 && (
        <p className="notice notice--error">
          Failed charges:{' '}
          {failed.map((i) => `installment ${i.number} (${i.failedAttempts} attempt${i.failedAttempts === 1 ? '' : 's'}${i.lastError ? `: ${i.lastError}` : ''})`).join('; ')}
        </p>
      )}
      {failedRefunds.length > 0 && <p className="notice notice--error">{failedRefunds.length} refund(s) failed at the payment provider: refund them by hand.</p>}
      {account.refundsOwed > 0 && (
        <p className="notice notice--warning">{formatDollars(account.refundsOwed)} paid offline must be paid back by hand, then marked as done below.</p>
      )}

      <h5 id={`${id}-payments`}>Payments</h5>
      <PaymentsTable account={account} admin headingId={`${id}-payments`} />
      <h5 id={`${id}-refunds`}>Refunds</h5>
      <RefundsTable
        account={account}
        admin
        headingId={`${id}-refunds`}
        actions={account.refunds.some((r) => r.state === 'owed') ? (r) => (r.state === 'owed' ? <MarkDone refundId={r.id} amount={r.amount} onChanged={onChanged} /> : null) : undefined}
      />
      {account.schedule.length > 0 && (
        <>
          <h5 id={`${id}-schedule`}>Payment plan</h5>
          <ScheduleTable account={account} admin headingId={`${id}-schedule`} />
        </>
      )}
      <RefundForm account={account} onChanged={onChanged} />
      <CancelButtons account={account} onChanged={onChanged} />
    </section>
  );
}

/** Runs one admin action: its error is shown next to it; a 401 logs out. */
function useAction(onChanged?: () => void) {
  const { logoutIfUnauthenticated } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** True when the action succeeded. */
  const run = async (action: () => Promise<unknown>, doneText: string): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await action();
      setDone(doneText);
      onChanged?.();
      return true;
    } catch (e) {
      if (!logoutIfUnauthenticated(e)) setProblem(problemMessage(e, 'The action failed.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, done, run };
}

function Outcome({ problem, done }: { problem: string | null; done: string | null }) {
  return (
    <>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
    </>
  );
}

function MarkDone({ refundId, amount, onChanged }: { refundId: string; amount: number; onChanged?: () => void }) {
  const [markDone] = useMutation(ADMIN_MARK_REFUND_DONE_MUTATION, { context: { admin: true }, refetchQueries: [ADMIN_BOOKING_ACCOUNT_QUERY], awaitRefetchQueries: true });
  const { busy, problem, done, run } = useAction(onChanged);
  return (
    <>
      <button
        type="button"
        className="btn btn--outline btn--small"
        disabled={busy}
        onClick={() => void run(() => markDone({ variables: { input: { refundId } } }), 'Marked as paid back')}
      >
        Mark {formatDollars(amount)} paid back
      </button>
      <Outcome problem={problem} done={done} />
    </>
  );
}

function RefundForm({ account, onChanged }: { account: Account; onChanged?: () => void }) {
  const [refund] = useMutation(ADMIN_REFUND_BOOKING_MUTATION, { context: { admin: true }, refetchQueries: [ADMIN_BOOKING_ACCOUNT_QUERY], awaitRefetchQueries: true });
  const { busy, problem, done, run } = useAction(onChanged);
  const refundable = Math.round((account.booking.amountPaid - account.booking.amountRefunded) * 100) / 100;
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const id = useId();
  if (refundable <= 0) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const dollars = Number(amount.replace(/[$,\s]/g, ''));
    const input = { bookingId: account.booking.id, amount: dollars, note: note.trim() || null };
    void run(() => refund({ variables: { input } }), `Refund of ${formatDollars(dollars)} made`).then((ok) => {
      if (!ok) return;
      setAmount('');
      setNote('');
    });
  };

  return (
    <form className="admin-money__form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h5 id={`${id}-h`}>Refund</h5>
      <p className="muted">
        Up to {formatDollars(refundable)}. Card payments are refunded through the payment provider; money paid offline becomes a refund to make by hand.
      </p>
      <div className="admin-money__fields">
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount (dollars)</label>
          <input
            id={`${id}-amount`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0.01}
            max={refundable}
            step={0.01}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Note</label>
          <input id={`${id}-note`} className="input" type="text" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      <div className="admin-booking__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setAmount(String(refundable))}>
          Full amount ({formatDollars(refundable)})
        </button>
        <button type="submit" className="btn btn--outline btn--small" disabled={busy}>
          Refund
        </button>
      </div>
      <Outcome problem={problem} done={done} />
    </form>
  );
}

function CancelButtons({ account, onChanged }: { account: Account; onChanged?: () => void }) {
  const [cancel] = useMutation(ADMIN_CANCEL_WITH_REFUND_MUTATION, { context: { admin: true }, refetchQueries: [ADMIN_BOOKING_ACCOUNT_QUERY], awaitRefetchQueries: true });
  const { busy, problem, done, run } = useAction(onChanged);
  const q = account.cancellation;
  // Once cancelled there is no quote any more: keep saying what was done.
  if (!q) return done ? <Outcome problem={null} done={done} /> : null;
  const name = account.booking.customerName;
  const ask = (applyPolicyFee: boolean, refund: number) => {
    if (!window.confirm(`Cancel the booking of ${name} and refund ${formatDollars(refund)}? Its spots become available again.`)) return;
    void run(() => cancel({ variables: { input: { bookingId: account.booking.id, applyPolicyFee } } }), `Booking cancelled, ${formatDollars(refund)} refunded`);
  };
  return (
    <div className="admin-money__cancel">
      <h5>Cancel</h5>
      <p className="muted">{q.explanation}</p>
      <div className="admin-booking__actions">
        <button type="button" className="btn btn--outline btn--small" disabled={busy} onClick={() => ask(true, q.refund)}>
          Cancel with the policy fee (refund {formatDollars(q.refund)})
        </button>
        <button type="button" className="btn btn--outline btn--small" disabled={busy} onClick={() => ask(false, q.paid)}>
          Cancel and refund everything ({formatDollars(q.paid)})
        </button>
      </div>
      <Outcome problem={problem} done={done} />
    </div>
  );
}
