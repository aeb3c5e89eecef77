import { formatDollars } from 'api/shared/money';
import type { AdminBookingAccountQuery, BookingAccountQuery } from '../gql/graphql';
import { formatCalendarDate } from '../ui/format';
import { INSTALLMENT_STATE_LABELS, labelOf, PAYMENT_PURPOSE_LABELS, REFUND_REASON_LABELS, REFUND_STATE_LABELS } from '../ui/labels';
import { formatDay } from '../ui/time';

type Customer = BookingAccountQuery['bookingAccount'];
type Admin = AdminBookingAccountQuery['adminBookingAccount'];

/**
 * The money of a booking as both the customer's manage page and the admin's panel
 * select it; the admin's answer also carries provider ids and notes.
 */
export interface LedgerAccount {
  booking: Pick<Customer['booking'], 'status'>;
  payments: ReadonlyArray<Customer['payments'][number] & Partial<Pick<Admin['payments'][number], 'providerPaymentId' | 'note'>>>;
  refunds: ReadonlyArray<Customer['refunds'][number] & Partial<Pick<Admin['refunds'][number], 'method' | 'providerRefundId' | 'note'>>>;
  schedule: ReadonlyArray<Customer['schedule'][number] & Partial<Pick<Admin['schedule'][number], 'failedAttempts'>>>;
  balance: number;
  balanceDueDate: string | null;
  nextPayment: Customer['nextPayment'];
}



const purposeOf = (p: LedgerAccount['payments'][number]) =>
  p.purpose === 'installment' && p.installmentNumber ? `Installment ${p.installmentNumber}` : labelOf(PAYMENT_PURPOSE_LABELS, p.purpose);

/** Every payment received, with its date and amount (and, for the admin, the provider's id). */
export function PaymentsTable({ account, admin = false, headingId }: { account: LedgerAccount; admin?: boolean; headingId: string }) {
  if (account.payments.length === 0) return <p className="muted">No payments yet.</p>;
  return (
    <div className="table-scroll">
      <table className="money-table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">For</th>
            <th scope="col">Method</th>
            <th scope="col" className="money-table__amount">
              Amount
            </th>
            {admin && <th scope="col">Provider id</th>}
            {admin && <th scope="col">Note</th>}
          </tr>
        </thead>
        <tbody>
          {account.payments.map((p) => (
            <tr key={p.id}>
              <td>{formatDay(p.receivedAt)}</td>
              <td>{purposeOf(p)}</td>
              <td>{p.method === 'card' ? 'Card, online' : 'Paid directly'}</td>
              <td className="money-table__amount">
                {formatDollars(p.amount)}
                {p.refunded > 0 && <span className="money-table__sub">{formatDollars(p.refunded)} refunded</span>}
              </td>
              {admin && <td className="money-table__id">{p.providerPaymentId ?? '–'}</td>}
              {admin && <td>{p.note ?? '–'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every refund, made or still to make. */
export function RefundsTable({ account, admin = false, headingId, actions }: { account: LedgerAccount; admin?: boolean; headingId: string; actions?: (refund: LedgerAccount['refunds'][number]) => React.ReactNode }) {
  if (account.refunds.length === 0) return <p className="muted">No refunds.</p>;
  return (
    <div className="table-scroll">
      <table className="money-table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Why</th>
            <th scope="col">State</th>
            <th scope="col" className="money-table__amount">
              Amount
            </th>
            {admin && <th scope="col">Provider id</th>}
            {admin && <th scope="col">Note</th>}
            {actions && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {account.refunds.map((r) => (
            <tr key={r.id} data-refund-state={r.state}>
              <td>{formatDay(r.completedAt ?? r.createdAt)}</td>
              <td>{labelOf(REFUND_REASON_LABELS, r.reason)}</td>
              <td>
                {labelOf(REFUND_STATE_LABELS, r.state)}
                {r.lastError && <span className="money-table__sub money-table__sub--error">{r.lastError}</span>}
              </td>
              <td className="money-table__amount">{formatDollars(r.amount)}</td>
              {admin && <td className="money-table__id">{r.providerRefundId ?? (r.method === 'offline' ? 'Offline' : '–')}</td>}
              {admin && <td>{r.note ?? '–'}</td>}
              {actions && <td>{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
        {account.refunds.length > 1 && (
          // A cancellation's refund is split over the payments it gives back: say what it comes to.
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="money-table__amount" data-testid="refunds-total">
                {formatDollars(account.refunds.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100)}
              </td>
              {admin && <td colSpan={2} />}
              {actions && <td />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** The installments of a payment plan with their states. */
export function ScheduleTable({ account, admin = false, headingId }: { account: LedgerAccount; admin?: boolean; headingId: string }) {
  return (
    <div className="table-scroll">
      <table className="money-table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Installment</th>
            <th scope="col">Due</th>
            <th scope="col">State</th>
            <th scope="col" className="money-table__amount">
              Amount
            </th>
            {admin && <th scope="col">Failed charges</th>}
          </tr>
        </thead>
        <tbody>
          {account.schedule.map((i) => (
            <tr key={i.number} data-installment-state={i.state}>
              <td>
                {i.number} of {account.schedule.length}
              </td>
              <td>{formatCalendarDate(i.dueDate)}</td>
              <td>
                {labelOf(INSTALLMENT_STATE_LABELS, i.state)}
                {i.state === 'paid' && i.paidAt && <span className="money-table__sub">on {formatDay(i.paidAt)}</span>}
                {i.state === 'failed' && i.lastError && <span className="money-table__sub money-table__sub--error">{i.lastError}</span>}
              </td>
              <td className="money-table__amount">{formatDollars(i.amount)}</td>
              {admin && <td>{i.failedAttempts ? `${i.failedAttempts}${i.lastError ? ` (${i.lastError})` : ''}` : '–'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One sentence: what is still due and when. */
export function dueSentence(account: LedgerAccount): string {
  const live = account.booking.status === 'held' || account.booking.status === 'confirmed';
  if (!live || account.balance <= 0) return 'Nothing is left to pay.';
  const next = account.nextPayment;
  if (account.schedule.length > 0 && next) {
    return `${formatDollars(account.balance)} is left to pay. Next: ${next.label}, ${formatDollars(next.amount)}${
      next.dueDate ? `, due ${formatCalendarDate(next.dueDate)}` : ', due now'
    }.`;
  }
  const by = account.balanceDueDate ? ` by ${formatCalendarDate(account.balanceDueDate)}` : '';
  return `A balance of ${formatDollars(account.balance)} is due${by}.`;
}
