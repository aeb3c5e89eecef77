import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import type { OverdueBalances_BookingFragment } from '../gql/graphql';

export const OVERDUE_BALANCES_FRAGMENT: TypedDocumentNode<OverdueBalances_BookingFragment> = gql`
  fragment OverdueBalances_booking on Booking {
    id
    customerName
    customerEmail
    workshopName
    paymentOption
    totalAmount
    amountPaid
    balance
  }
`;

/** Bookings whose balance (or an installment) is past due, listed apart (issue 14). */
export function OverdueBalances({ bookings }: { bookings: ReadonlyArray<OverdueBalances_BookingFragment> }) {
  return (
    <section className="card admin-overdue" aria-labelledby="overdue-heading">
      <div className="card__body">
        <h2 id="overdue-heading" className="sales-chart__title">
          Overdue balances
        </h2>
        {bookings.length === 0 ? (
          <p className="muted">No balance is overdue.</p>
        ) : (
          <div className="table-scroll">
            <table className="money-table" aria-labelledby="overdue-heading">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">Workshop</th>
                  <th scope="col">Payment</th>
                  <th scope="col" className="money-table__amount">
                    Paid
                  </th>
                  <th scope="col" className="money-table__amount">
                    Left to pay
                  </th>
                </tr>
              </thead>
              <tbody>
                {bookings.map((b) => (
                  <tr key={b.id}>
                    <td>
                      {b.customerName}
                      <span className="money-table__sub">{b.customerEmail}</span>
                    </td>
                    <td>{b.workshopName}</td>
                    <td>{b.paymentOption === 'payment_plan' ? 'Payment plan' : 'Deposit'}</td>
                    <td className="money-table__amount">
                      {formatDollars(b.amountPaid)} of {formatDollars(b.totalAmount)}
                    </td>
                    <td className="money-table__amount">{formatDollars(b.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
