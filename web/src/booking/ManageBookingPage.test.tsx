import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { aBookingAccount, aCheckoutStatus } from '../test/builders';
import { CHECKOUT_STATUS_QUERY } from '../payment/documents';
import { renderLazyRoute } from '../test/render';
import { redirectTo } from '../ui/browser';
import { BOOKING_ACCOUNT_QUERY, CANCEL_MY_BOOKING_MUTATION, PAY_BOOKING_NOW_MUTATION, TRANSFER_MY_BOOKING_MUTATION } from './manage.documents';

jest.mock('../ui/browser', () => ({ redirectTo: jest.fn() }));

const bookingId = 'b-1';
const token = 'tok_0123456789abcdef';
const manageUrl = `/manage/${bookingId}#${token}`;

const accountAnswer = (account: unknown) => ({
  request: { query: BOOKING_ACCOUNT_QUERY, variables: { bookingId, token } },
  result: { data: { bookingAccount: account } },
});

const planAccount = () =>
  aBookingAccount({
    booking: { paymentOption: 'payment_plan', paymentStatus: 'partially_paid', amountPaid: 1934.38 },
    balance: 5803.12,
    balanceDueDate: '2027-10-07',
    payments: [
      {
        __typename: 'PaymentRecord',
        id: 'p-1',
        amount: 1934.38,
        method: 'card',
        purpose: 'first',
        installmentNumber: 1,
        providerPaymentId: 'pi_1',
        note: null,
        receivedAt: '2026-11-20T15:00:00.000Z',
        refunded: 0,
      },
    ] as never,
    schedule: [
      { number: 1, dueDate: '2026-11-20', amount: 1934.38, state: 'paid', failedAttempts: 0, lastError: null, paidAt: '2026-11-20T15:00:00.000Z' },
      { number: 2, dueDate: '2026-12-20', amount: 1934.38, state: 'failed', failedAttempts: 1, lastError: 'Your card was declined.', paidAt: null },
      { number: 3, dueDate: '2027-01-20', amount: 1934.38, state: 'scheduled', failedAttempts: 0, lastError: null, paidAt: null },
      { number: 4, dueDate: '2027-02-20', amount: 1934.36, state: 'scheduled', failedAttempts: 0, lastError: null, paidAt: null },
    ].map((i) => ({ __typename: 'InstallmentRecord', ...i })) as never,
    nextPayment: { __typename: 'NextPayment', label: 'Installment 2 of 4', amount: 1934.38, dueDate: '2026-12-20', overdue: false, canPayNow: true } as never,
  });

describe('/manage/{bookingId}#{token}', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    window.sessionStorage.clear();
    jest.mocked(redirectTo).mockClear();
  });

  it('without the token says so and links to the confirmation page', async () => {
    await renderLazyRoute(`/manage/${bookingId}`, []);
    expect(screen.getByRole('heading', { level: 1, name: 'Manage your booking' })).toBeInTheDocument();
    expect(screen.getByText(/opens from the personal/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /confirmation page/ })).toHaveAttribute('href', `/confirmation/${bookingId}`);
  });

  it('with a token the server refuses says the link does not work', async () => {
    await renderLazyRoute(manageUrl, [
      {
        request: { query: BOOKING_ACCOUNT_QUERY, variables: { bookingId, token } },
        result: { errors: [new GraphQLError('This link is not valid for this booking', { extensions: { code: 'FORBIDDEN' } })] },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /confirmation page/ })).toHaveAttribute('href', `/confirmation/${bookingId}`);
  });

  it('offers to try again when the booking cannot be loaded', async () => {
    await renderLazyRoute(manageUrl, [{ request: { query: BOOKING_ACCOUNT_QUERY, variables: { bookingId, token } }, error: new Error('offline') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your booking could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the booking, its status in words, every payment and what is still due', async () => {
    await renderLazyRoute(manageUrl, [accountAnswer(aBookingAccount())]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your booking...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patagonia Towers' })).toBeInTheDocument();
    expect(screen.getByText(/Torres del Paine, Chile · Dec 6-12, 2027/)).toBeInTheDocument();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(screen.getByText('Deposit paid')).toHaveClass('badge--amber');
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$7,737.50');
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('$2,321.25');

    const payments = screen.getByRole('table', { name: 'Payments' });
    const row = within(payments).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Nov 20, 2026');
    expect(row).toHaveTextContent('First payment');
    expect(row).toHaveTextContent('$2,321.25');
    // Each cell names its column, so a phone shows the row as "Amount $2,321.25" lines (issue 24).
    expect(within(row).getAllByRole('cell').map((c) => c.getAttribute('data-label'))).toEqual(['Date', 'For', 'Method', 'Amount']);
    expect(payments).toHaveClass('stack-table');
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('WL-7KQ2M');
    expect(screen.getByText('2 participants + 1 spouse/partner')).toBeInTheDocument();
    expect(screen.getByTestId('balance-sentence')).toHaveTextContent('A balance of $5,416.25 is due by October 7, 2027.');
    expect(screen.getByRole('button', { name: 'Pay the balance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument();
  });

  it('"Pay the balance" starts a payment and goes to the payment page', async () => {
    const user = userEvent.setup();
    await renderLazyRoute(manageUrl, [
      accountAnswer(aBookingAccount()),
      {
        request: { query: PAY_BOOKING_NOW_MUTATION, variables: { input: { bookingId, token } } },
        result: { data: { payBookingNow: { __typename: 'PayNowPayload', url: 'https://checkout.example/pay/cs_2', sessionId: 'cs_2' } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Pay the balance' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/pay/cs_2'));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('shows why a payment could not start, next to the button', async () => {
    const user = userEvent.setup();
    await renderLazyRoute(manageUrl, [
      accountAnswer(aBookingAccount()),
      {
        request: { query: PAY_BOOKING_NOW_MUTATION, variables: { input: { bookingId, token } } },
        result: { errors: [new GraphQLError('A payment for this booking is already being processed', { extensions: { code: 'PAYMENT_IN_PROGRESS' } })] },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Pay the balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A payment for this booking is already being processed');
    expect(redirectTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay the balance' })).toBeEnabled();
  });

  it('back from the payment page (?paid=1): says the payment was received and shows the booking as it is now', async () => {
    const paid = aBookingAccount({
      booking: { paymentStatus: 'paid', amountPaid: 7737.5 },
      balance: 0,
      balanceDueDate: null,
      nextPayment: null,
    });
    // The token comes back from this tab's memory when the payment page drops the fragment.
    window.sessionStorage.setItem(`manage-token:${bookingId}`, token);
    const { router } = await renderLazyRoute(`/manage/${bookingId}?paid=1`, [accountAnswer(aBookingAccount()), accountAnswer(paid)]);
    expect(await screen.findByText('Payment received.')).toBeInTheDocument();
    // The address is the personal link again (a reload shows no stale notice).
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.hash).toBe(`#${token}`);
    await waitFor(() => expect(screen.getByTestId('balance-sentence')).toHaveTextContent('Nothing is left to pay.'));
    expect(screen.getByText('Paid', { selector: '.badge' })).toHaveClass('badge--success');
    expect(screen.queryByRole('button', { name: 'Pay the balance' })).not.toBeInTheDocument();
  });

  it('back from the payment page with the session this tab started: confirms it (as /payment-success does), then shows it paid', async () => {
    const paid = aBookingAccount({ booking: { paymentStatus: 'paid', amountPaid: 7737.5 }, balance: 0, balanceDueDate: null, nextPayment: null });
    window.sessionStorage.setItem(`manage-token:${bookingId}`, token);
    window.sessionStorage.setItem(`manage-session:${bookingId}`, 'cs_test_balance');
    await renderLazyRoute(`/manage/${bookingId}?paid=1`, [
      accountAnswer(aBookingAccount()),
      {
        request: { query: CHECKOUT_STATUS_QUERY, variables: { sessionId: 'cs_test_balance' } },
        result: { data: { checkoutStatus: aCheckoutStatus({ id: 'cs_test_balance', amountTotal: 541625 }) } },
        delay: 20,
      },
      accountAnswer(paid),
    ]);
    expect(await screen.findByText('Confirming your payment...')).toBeInTheDocument();
    expect(await screen.findByText('Payment received.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('balance-sentence')).toHaveTextContent('Nothing is left to pay.'));
    // The session is done with: a later visit does not confirm it again.
    expect(window.sessionStorage.getItem(`manage-session:${bookingId}`)).toBeNull();
  });

  it('marks an overdue balance', async () => {
    await renderLazyRoute(manageUrl, [
      accountAnswer(
        aBookingAccount({
          balanceDueDate: '2026-11-01',
          nextPayment: { __typename: 'NextPayment', label: 'Balance', amount: 5416.25, dueDate: '2026-11-01', overdue: true, canPayNow: true } as never,
        }),
      ),
    ]);
    expect(await screen.findByTestId('balance-sentence')).toHaveTextContent('A balance of $5,416.25 is due by November 1, 2026.');
    expect(screen.getByText('Overdue')).toHaveClass('badge--danger');
  });

  it('a payment plan shows its schedule with states, never "Deposit paid", and pays the next installment', async () => {
    const user = userEvent.setup();
    await renderLazyRoute(manageUrl, [
      accountAnswer(planAccount()),
      {
        request: { query: PAY_BOOKING_NOW_MUTATION, variables: { input: { bookingId, token } } },
        result: { data: { payBookingNow: { __typename: 'PayNowPayload', url: 'https://checkout.example/pay/cs_3', sessionId: 'cs_3' } } },
      },
    ]);
    const schedule = await screen.findByRole('table', { name: 'What is still due' });
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('1 of 4November 20, 2026Paid');
    expect(rows[1]).toHaveTextContent('Charge failed');
    expect(rows[1]).toHaveTextContent('Your card was declined.');
    expect(rows[2]).toHaveTextContent('Scheduled');
    expect(screen.getByText('Partly paid (plan)')).toHaveClass('badge--grey');
    expect(screen.queryByText('Deposit paid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay installment 2 now' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/pay/cs_3'));
  });

  it('cancels after showing the quote and a confirm step, then shows the result and the refund', async () => {
    const user = userEvent.setup();
    const cancelled = aBookingAccount({
      booking: { status: 'cancelled', paymentStatus: 'partially_refunded', amountRefunded: 2121.25 },
      balance: 0,
      balanceDueDate: null,
      nextPayment: null,
      cancellation: null,
      transfer: { __typename: 'TransferAvailability', allowed: false, fee: 0, reason: 'The booking is cancelled.', options: [] } as never,
      refunds: [
        {
          __typename: 'RefundRecord',
          id: 'r-1',
          amount: 2121.25,
          method: 'card',
          state: 'pending',
          reason: 'cancellation',
          providerRefundId: null,
          note: null,
          lastError: null,
          createdAt: '2026-11-23T10:00:00.000Z',
          completedAt: null,
        },
      ] as never,
    });
    await renderLazyRoute(manageUrl, [
      accountAnswer(aBookingAccount()),
      {
        request: { query: CANCEL_MY_BOOKING_MUTATION, variables: { input: { bookingId, token, expectedRefund: 2121.25 } } },
        result: {
          data: {
            cancelMyBooking: {
              __typename: 'BookingAccount',
              booking: { __typename: 'Booking', id: bookingId, status: 'cancelled', paymentStatus: 'partially_refunded', amountRefunded: 2121.25 },
              refunds: [{ __typename: 'RefundRecord', id: 'r-1', amount: 2121.25, state: 'pending' }],
            },
          },
        },
      },
      // The page reloads the account after the change.
      accountAnswer(cancelled),
    ]);
    expect(await screen.findByTestId('cancel-refund')).toHaveTextContent('$2,121.25');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const confirmHeading = screen.getByRole('heading', { name: 'Cancel this booking?' });
    expect(confirmHeading).toHaveFocus();
    expect(screen.getByText(/minus the \$200 cancellation fee/)).toBeInTheDocument();

    // "Keep my booking" goes back without cancelling.
    await user.click(screen.getByRole('button', { name: 'Keep my booking' }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation (refund $2,121.25)' }));

    const result = await screen.findByTestId('cancel-result');
    expect(result).toHaveTextContent('Your booking is cancelled. You get $2,121.25 back');
    expect(result).toHaveFocus();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(screen.getByText('Partly refunded')).toHaveClass('badge--grey');
    const refunds = screen.getByRole('table', { name: 'Refunds' });
    expect(within(refunds).getAllByRole('row')[1]).toHaveTextContent('CancellationBeing made$2,121.25');
    expect(screen.queryByRole('heading', { name: 'Transfer to another workshop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay the balance' })).not.toBeInTheDocument();
  });

  it('a cancelled booking owes nothing and says so, with what was refunded and what is still to be refunded (issue 21)', async () => {
    const refund = (id: string, amount: number, method: string, state: string) => ({
      __typename: 'RefundRecord',
      id,
      amount,
      method,
      state,
      reason: 'cancellation',
      providerRefundId: null,
      note: null,
      lastError: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      completedAt: null,
    });
    const cancelled = aBookingAccount({
      booking: { status: 'cancelled', paymentStatus: 'partially_refunded', amountPaid: 1000, amountRefunded: 800 },
      balance: 0,
      balanceDueDate: null,
      nextPayment: null,
      cancellation: null,
      refundsOwed: 200,
      refunds: [refund('r-1', 600, 'card', 'succeeded'), refund('r-2', 200, 'offline', 'owed')] as never,
    });
    await renderLazyRoute(manageUrl, [accountAnswer(cancelled)]);
    expect(await screen.findByTestId('balance-sentence')).toHaveTextContent('Nothing is due: the booking is cancelled. Refunded: $600; still to be refunded: $200.');
    expect(document.body).not.toHaveTextContent(/balance of|is due by|left to pay/i);
  });

  it('an expired reservation owes nothing and says so', async () => {
    const expired = aBookingAccount({
      booking: { status: 'expired', paymentStatus: 'pending', amountPaid: 0 },
      payments: [],
      balance: 0,
      balanceDueDate: null,
      nextPayment: null,
      cancellation: null,
    });
    await renderLazyRoute(manageUrl, [accountAnswer(expired)]);
    expect(await screen.findByTestId('balance-sentence')).toHaveTextContent('Nothing is due: the reservation expired.');
  });

  it('shows the server’s reason when a cancellation is refused (the quote changed), next to the action', async () => {
    const user = userEvent.setup();
    await renderLazyRoute(manageUrl, [
      accountAnswer(aBookingAccount()),
      {
        request: { query: CANCEL_MY_BOOKING_MUTATION, variables: { input: { bookingId, token, expectedRefund: 2121.25 } } },
        result: { errors: [new GraphQLError('The refund changed since it was shown: reload the page', { extensions: { code: 'REFUND_QUOTE_CHANGED', field: 'expectedRefund' } })] },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation (refund $2,121.25)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The refund changed since it was shown: reload the page');
    expect(within(screen.getByRole('region', { name: 'Cancel your booking' })).getByRole('alert')).toBe(alert);
  });

  it('transfers to another workshop after listing the options with fee and difference and a confirm step', async () => {
    const user = userEvent.setup();
    const moved = aBookingAccount({
      booking: { totalAmount: 8237.5 },
      workshop: { __typename: 'Workshop', id: 'iceland-winter', name: 'Iceland Winter Light', location: 'Reykjavik', state: 'Iceland', dates: 'Feb 1-7, 2028' } as never,
      balance: 5916.25,
      transfer: { __typename: 'TransferAvailability', allowed: true, fee: 0, reason: null, options: [] } as never,
    });
    await renderLazyRoute(manageUrl, [
      accountAnswer(aBookingAccount()),
      {
        request: { query: TRANSFER_MY_BOOKING_MUTATION, variables: { input: { bookingId, token, workshopId: 'iceland-winter' } } },
        result: {
          data: {
            transferMyBooking: {
              __typename: 'BookingAccount',
              booking: { __typename: 'Booking', id: bookingId, status: 'confirmed', totalAmount: 8237.5 },
              balance: 5916.25,
            },
          },
        },
      },
      accountAnswer(moved),
    ]);
    const section = await screen.findByRole('region', { name: 'Transfer to another workshop' });
    expect(within(section).getByText('A transfer is free today.', { exact: false })).toBeInTheDocument();
    const transfer = within(section).getByRole('button', { name: 'Transfer' });
    expect(transfer).toBeDisabled();
    const option = within(section).getByRole('radio', { name: /Iceland Winter Light/ });
    expect(option.closest('label')).toHaveTextContent('New total $8,237.50 · fee $0 · $5,916.25 left to pay by December 3, 2027');
    await user.click(option);
    await user.click(transfer);
    expect(screen.getByRole('heading', { name: 'Move your booking to Iceland Winter Light?' })).toHaveFocus();
    // The quote says what moves and what cancelling afterwards gives, in the server's sentences (docs/decisions/066).
    expect(screen.getByTestId('transfer-terms')).toHaveTextContent('Nothing is refunded now.$5,916.25 is left to pay, due by December 3, 2027.');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const result = await screen.findByTestId('transfer-result');
    expect(result).toHaveTextContent('Your booking is now on Iceland Winter Light. $5,916.25 is left to pay, due by December 3, 2027: see what is still due above.');
    expect(result).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Iceland Winter Light' })).toBeInTheDocument();
  });

  it('says why a transfer is not offered', async () => {
    await renderLazyRoute(manageUrl, [
      accountAnswer(
        aBookingAccount({
          transfer: { __typename: 'TransferAvailability', allowed: false, fee: 0, reason: 'Transfers close 30 days before the start.', options: [] } as never,
        }),
      ),
    ]);
    const section = await screen.findByRole('region', { name: 'Transfer to another workshop' });
    expect(section).toHaveTextContent('Transfers close 30 days before the start.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is usable with the keyboard alone: cancel through the confirm step', async () => {
    const user = userEvent.setup();
    await renderLazyRoute(manageUrl, [accountAnswer(aBookingAccount())]);
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    cancel.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Cancel this booking?' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm cancellation (refund $2,121.25)' })).toHaveFocus();
  });
});
