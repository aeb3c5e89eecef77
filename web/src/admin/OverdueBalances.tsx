import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import { runLabel } from 'api/shared/dates';
import type { AdminOverdueBookingsQuery, AdminOverdueBookingsQueryVariables } from '../gql/graphql';
import { Loading } from '../ui/States';
import { LoadMore } from './LoadMore';

/**
 * Its own request rather than a part of the dashboard's; a page at a time, the
 * list found in SQL (docs/decisions/075). `cursor` extends the list (apollo/client.ts).
 */
export const ADMIN_OVERDUE_QUERY: TypedDocumentNode<AdminOverdueBookingsQuery, AdminOverdueBookingsQueryVariables> = gql`
  query AdminOverdueBookings($limit: Int!, $cursor: String) {
    adminOverduePage(limit: $limit, cursor: $cursor) {
      items {
        id
        customerName
        customerEmail
        workshopId
        workshopName
        paymentOption
        totalAmount
        amountPaid
        balance
      }
      nextCursor
      hasMore
      totalCount
    }
  }
`;

export const OVERDUE_PAGE_SIZE = 50;

/** Bookings whose balance (or an installment) is past due, listed apart (issue 14). */
export function OverdueBalances({ onError, workshops = [] }: { onError?: (e: unknown) => void; workshops?: ReadonlyArray<{ id: string; name: string; dates: string }> }) {
  const runs = new Map(workshops.map((w) => [w.id, runLabel(w)]));
  const { data, loading, error, fetchMore } = useQuery(ADMIN_OVERDUE_QUERY, {
    variables: { limit: OVERDUE_PAGE_SIZE },
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  if (error) onError?.(error);
  const page = data?.adminOverduePage;
  const bookings = page?.items;
  const loadMore = () => {
    if (!page?.nextCursor) return;
    fetchMore({ variables: { cursor: page.nextCursor } }).catch((e: unknown) => onError?.(e));
  };
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
            <table className="money-table stack-table" aria-labelledby="overdue-heading">
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
                    <td data-label="Customer">
                      <span>{b.customerName}</span>
                      <span className="money-table__sub">{b.customerEmail}</span>
                    </td>
                    <td data-label="Workshop">{runs.get(b.workshopId) ?? b.workshopName}</td>
                    <td data-label="Payment">{b.paymentOption === 'payment_plan' ? 'Payment plan' : 'Deposit'}</td>
                    <td className="money-table__amount" data-label="Paid">
                      {`${formatDollars(b.amountPaid)} of ${formatDollars(b.totalAmount)}`}
                    </td>
                    <td className="money-table__amount" data-label="Left to pay">
                      {formatDollars(b.balance)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <LoadMore hasMore={page?.hasMore ?? false} loading={loading} onLoad={loadMore} label="Load more overdue balances" />
          </div>
        )}
      </div>
    </section>
  );
}
