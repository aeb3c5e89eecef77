import { useId } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import type { AdminBookingAccountQuery, AdminBookingAccountQueryVariables } from '../gql/graphql';
import { BOOKING_LEDGER_ADMIN_FRAGMENT, dueSentence, PaymentsTable, RefundsTable, ScheduleTable } from '../payment/BookingLedger';
import { PaymentStatusBadge } from '../booking/PaymentStatusBadge';
import { Failure, Loading } from '../ui/States';
import { bookingStatusLabel } from '../ui/labels';
import { useAdminSession } from './useAdminSession';
import { problemMessage } from '../forms/graphqlProblem';
import { ADMIN_CANCEL_BUTTONS_FRAGMENT, AdminCancelButtons } from './money/AdminCancelButtons';
import { ADMIN_REFUND_FORM_FRAGMENT, AdminRefundForm } from './money/AdminRefundForm';
import { MarkRefundDone } from './money/MarkRefundDone';

export { ADMIN_CANCEL_WITH_REFUND_MUTATION, ADMIN_MARK_REFUND_DONE_MUTATION, ADMIN_REFUND_BOOKING_MUTATION } from './money/useAdminMoneyMutations';

/**
 * The admin's account of a booking: the ledger with the admin's columns (the selection the
 * manage page shares, BookingLedger_account), each action's fragment, and the summary's fields.
 * A trusted document (docs/decisions/073): not held to the cost limit. Actions answer what
 * changed and reload it (by its name, AdminBookingAccount).
 */
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
      ...BookingLedger_adminAccount
      ...AdminRefundForm_account
      ...AdminCancelButtons_account
      refundsOwed
    }
  }
  ${BOOKING_LEDGER_ADMIN_FRAGMENT}
  ${ADMIN_REFUND_FORM_FRAGMENT}
  ${ADMIN_CANCEL_BUTTONS_FRAGMENT}
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
        actions={
          account.refunds.some((r) => r.state === 'owed') ? (r) => (r.state === 'owed' ? <MarkRefundDone refundId={r.id} amount={r.amount} onChanged={onChanged} /> : null) : undefined
        }
      />
      {account.schedule.length > 0 && (
        <>
          <h5 id={`${id}-schedule`}>Payment plan</h5>
          <ScheduleTable account={account} admin headingId={`${id}-schedule`} />
        </>
      )}
      <AdminRefundForm account={account} onChanged={onChanged} />
      <AdminCancelButtons account={account} onChanged={onChanged} />
    </section>
  );
}
