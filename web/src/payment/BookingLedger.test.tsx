import { render, screen, within } from '@testing-library/react';
import { aBookingAccount } from '../test/builders';
import { PaymentsTable, RefundsTable, type LedgerAccount } from './BookingLedger';

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

/** The admin's ledger on a phone (issue 22): wider than the screen, it scrolls in its own box and says so. */
describe('a money table wider than its box', () => {
  afterEach(() => jest.restoreAllMocks());
  const account = aBookingAccount() as unknown as LedgerAccount;
  const boxOf = (contentWidth: number) => {
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-scroll') ? contentWidth : 0;
    });
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
  };
  const renderPayments = () =>
    render(
      <>
        <h5 id="payments">Payments</h5>
        <PaymentsTable account={account} admin headingId="payments" />
      </>,
    );

  it('says above it that it scrolls sideways, and is a region named by its heading that the keyboard can reach', () => {
    boxOf(497);
    renderPayments();
    const region = screen.getByRole('region', { name: 'Payments' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAccessibleDescription('Scroll the table sideways to see every column.');
    expect(screen.getByText('Scroll the table sideways to see every column.')).toBeVisible();
    expect(within(region).getByRole('table', { name: 'Payments' })).toBeInTheDocument();
  });

  it('one that fits has no hint and no extra tab stop', () => {
    boxOf(375);
    renderPayments();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(/scroll the table sideways/i)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Payments' }).parentElement).not.toHaveAttribute('tabindex');
  });
});
