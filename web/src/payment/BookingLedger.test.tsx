import { render, screen, within } from '@testing-library/react';
import { aBookingAccount } from '../test/builders';
import { RefundsTable, type LedgerAccount } from './BookingLedger';

/** The refunds a customer reads on the manage page (issue 21, docs/decisions/065). */
describe('RefundsTable', () => {
  it('shows a claimed refund as being made, and the refund of money that arrived after the cancellation with its reason', () => {
    const account = aBookingAccount({
      booking: { status: 'cancelled' },
      refunds: [
        { __typename: 'RefundRecord', id: 'r-1', amount: 2121.25, state: 'processing', reason: 'workshop_cancelled', createdAt: '2026-11-20T15:00:00.000Z', completedAt: null, lastError: null },
        { __typename: 'RefundRecord', id: 'r-2', amount: 1400, state: 'succeeded', reason: 'late_payment', createdAt: '2026-11-21T15:00:00.000Z', completedAt: '2026-11-21T15:00:01.000Z', lastError: null },
      ] as never,
    }) as unknown as LedgerAccount;
    render(<RefundsTable account={account} headingId="refunds" />);
    const rows = screen.getAllByRole('row');
    const claimed = rows.find((r) => r.getAttribute('data-refund-state') === 'processing')!;
    expect(within(claimed).getByText('Being made')).toBeInTheDocument();
    expect(within(claimed).getByText('$2,121.25')).toBeInTheDocument();
    const late = rows.find((r) => r.getAttribute('data-refund-state') === 'succeeded')!;
    expect(within(late).getByText('Paid after the cancellation')).toBeInTheDocument();
    expect(within(late).getByText('Refunded')).toBeInTheDocument();
    expect(within(late).getByText('$1,400')).toBeInTheDocument();
    expect(screen.getByTestId('refunds-total')).toHaveTextContent('$3,521.25');
  });
});
