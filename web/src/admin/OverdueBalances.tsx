import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import type { AdminOverdueBookingsQuery, AdminOverdueBookingsQueryVariables } from '../gql/graphql';
import { Loading } from '../ui/States';

/**
 * Its own request rather than a part of the dashboard's: the dashboard query is close
 * to the API's cost limit (transport/graphql/protection.ts), which refused it with this list.
 */
export const ADMIN_OVERDUE_QUERY: TypedDocumentNode<AdminOverdueBookingsQuery, AdminOverdueBookingsQueryVariables> = gql`
  query AdminOverdueBookings {
    adminOverdueBookings {
      id
      customerName
      customerEmail
      workshopName
      paymentOption
      totalAmount
      amountPaid
      balance
    }
  }
`;

/** Bookings whose balance (or an installment) is past due, listed apart (issue 14). */
export function OverdueBalances({ onError }: { onError?: (e: unknown) => void }) {
  const { data, loading, error } = useQuery(ADMIN_OVERDUE_QUERY, { context: { admin: true }, fetchPolicy: 'cache-and-network' });
  if (error) onError?.(error);
  const bookings = data?.adminOverdueBookings;
  return (
    <section className="card admin-overdue" aria-labelledby="overdue-heading">
      <div className="card__body">
        <h2 id="overdue-heading" className="sales-chart__title">
          Overdue balances
        </h2>
        {!bookings ? (
          loading ? (
            <Loading>Loading overdue balances...</Loading>
          ) : (
            <p className="muted">The overdue balances could not be loaded.</p>
          )
        ) : bookings.length === 0 ? (
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
