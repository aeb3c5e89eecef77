import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { aBooking, aBookingAccount, aListPage, anActivityPage, anAdminBookingPage, anAdminDashboard } from '../test/builders';
import { ADMIN_ACTIVITY_QUERY } from './ActivityTab';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import {
  ADMIN_BOOKING_ACCOUNT_QUERY,
  ADMIN_CANCEL_WITH_REFUND_MUTATION,
  ADMIN_MARK_REFUND_DONE_MUTATION,
  ADMIN_REFUND_BOOKING_MUTATION,
} from './BookingMoneyPanel';
import { storeAdminCredential } from './credential';
import { ADMIN_OVERDUE_QUERY, OVERDUE_PAGE_SIZE } from './OverdueBalances';
import { ADMIN_BOOKINGS_QUERY, bookingsVariables, NO_BOOKING_FILTERS } from './BookingsTab';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const bookingId = 'b-1';
const dashboard = (data = anAdminDashboard({ bookings: [aBooking({ id: bookingId })], messages: [] })): MockLink.MockedResponse => ({
  request: { query: ADMIN_DASHBOARD_QUERY },
  result: { data },
});
/** The Bookings tab's first page, however often it is read. */
const bookingsPage: MockLink.MockedResponse = {
  request: { query: ADMIN_BOOKINGS_QUERY, variables: bookingsVariables(NO_BOOKING_FILTERS) },
  result: { data: { adminBookingPage: anAdminBookingPage([aBooking({ id: bookingId })]) } },
  maxUsageCount: 10,
};
const history: MockLink.MockedResponse = { request: { query: ADMIN_ACTIVITY_QUERY, variables: { bookingId, limit: 200 } }, result: { data: anActivityPage([]) } };
const accountAnswer = (account: unknown): MockLink.MockedResponse => ({
  request: { query: ADMIN_BOOKING_ACCOUNT_QUERY, variables: { bookingId } },
  result: { data: { adminBookingAccount: account } },
});

/** Paid by card then by bank transfer; the transfer part was refunded and is still owed by hand; installment 2 failed. */
const busyAccount = () =>
  aBookingAccount({
    booking: { amountPaid: 3321.25, amountRefunded: 300, paymentOption: 'deposit' },
    payments: [
      {
        __typename: 'PaymentRecord',
        id: 'p-1',
        amount: 2321.25,
        method: 'card',
        purpose: 'first',
        installmentNumber: null,
        providerPaymentId: 'pi_first',
        note: null,
        receivedAt: '2026-11-20T15:00:00.000Z',
        refunded: 0,
      },
      {
        __typename: 'PaymentRecord',
        id: 'p-2',
        amount: 1000,
        method: 'offline',
        purpose: 'offline',
        installmentNumber: null,
        providerPaymentId: null,
        note: 'Bank transfer',
        receivedAt: '2026-11-21T15:00:00.000Z',
        refunded: 300,
      },
    ] as never,
    refunds: [
      {
        __typename: 'RefundRecord',
        id: 'r-1',
        amount: 300,
        method: 'offline',
        state: 'owed',
        reason: 'admin',
        providerRefundId: null,
        note: 'Overpaid',
        lastError: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        completedAt: null,
      },
    ] as never,
    refundsOwed: 300,
    nextPayment: { __typename: 'NextPayment', label: 'Balance', amount: 4716.25, dueDate: '2026-11-01', overdue: true, canPayNow: true } as never,
  });

/** Bookings tab, then the booking's detail view, where the money panel sits. */
async function openMoney(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup({ delay: null });
  renderRoute('/admin/dashboard', [dashboard(), bookingsPage, history, ...mocks]);
  // "Bookings (1)" once the dashboard has loaded.
  await user.click(await screen.findByRole('tab', { name: /^Bookings \(/ }));
  await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
  const panel = await screen.findByRole('region', { name: 'Money of the booking of Ada Lovelace' });
  return { user, panel };
}

describe('the admin’s money of a booking (BookingMoneyPanel)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    storeAdminCredential('correct-horse-battery');
  });

  it('shows payments and refunds with dates and provider ids, what is overdue and owed', async () => {
    const { panel } = await openMoney([accountAnswer(busyAccount())]);
    const payments = within(panel).getByRole('table', { name: 'Payments' });
    const [, card, offline] = within(payments).getAllByRole('row');
    expect(card).toHaveTextContent('Nov 20, 2026');
    expect(card).toHaveTextContent('pi_first');
    expect(offline).toHaveTextContent('Recorded payment');
    expect(offline).toHaveTextContent('$300 refunded');
    expect(offline).toHaveTextContent('Bank transfer');
    expect(within(panel).getByTestId('overdue')).toHaveTextContent('Overdue: Balance, $4,716.25');
    expect(within(panel).getByText(/\$300 paid offline must be paid back by hand/)).toBeInTheDocument();
    const refunds = within(panel).getByRole('table', { name: 'Refunds' });
    expect(within(refunds).getAllByRole('row')[1]).toHaveTextContent('To be paid back by hand');
  });

  it('marks an offline refund as paid back', async () => {
    const done = busyAccount();
    done.refunds = [{ ...done.refunds[0], state: 'done', completedAt: '2026-11-23T09:00:00.000Z' }];
    done.refundsOwed = 0;
    const { user, panel } = await openMoney([
      accountAnswer(busyAccount()),
      {
        request: { query: ADMIN_MARK_REFUND_DONE_MUTATION, variables: { input: { refundId: 'r-1' } } },
        result: { data: { adminMarkRefundDone: { __typename: 'BookingAccount', booking: { __typename: 'Booking', id: bookingId }, refundsOwed: 0 } } },
      },
      accountAnswer(done),
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Mark $300 paid back' }));
    const refunds = within(panel).getByRole('table', { name: 'Refunds' });
    await waitFor(() => expect(within(refunds).getAllByRole('row')[1]).toHaveTextContent('Paid back'));
    expect(within(panel).queryByText(/must be paid back by hand/)).not.toBeInTheDocument();
  });

  it('refunds a partial amount with a note, and shows a refusal next to the form', async () => {
    const refunded = aBookingAccount({ booking: { amountRefunded: 100 } });
    const { user, panel } = await openMoney([
      accountAnswer(aBookingAccount()),
      {
        request: { query: ADMIN_REFUND_BOOKING_MUTATION, variables: { input: { bookingId, amount: 5000, note: null } } },
        result: { errors: [new GraphQLError('amount must be at most $2,321.25', { extensions: { code: 'BAD_USER_INPUT', field: 'amount' } })] },
      },
      {
        request: { query: ADMIN_REFUND_BOOKING_MUTATION, variables: { input: { bookingId, amount: 100, note: 'Goodwill' } } },
        result: {
          data: { adminRefundBooking: { __typename: 'BookingAccount', booking: { __typename: 'Booking', id: bookingId, paymentStatus: 'deposit_paid', amountRefunded: 100 } } },
        },
      },
      accountAnswer(refunded),
    ]);
    const form = within(panel).getByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount (dollars)');
    // The browser's own range check is what a real admin meets first; here the server's answer is under test.
    amount.removeAttribute('max');
    await user.type(amount, '5000');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('amount must be at most $2,321.25');

    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(within(form).getByLabelText('Note'), 'Goodwill');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Refund of $100 made');
  });

  it('fills in the full refundable amount', async () => {
    const { user, panel } = await openMoney([accountAnswer(aBookingAccount())]);
    await user.click(within(panel).getByRole('button', { name: 'Full amount ($2,321.25)' }));
    expect(within(panel).getByLabelText('Amount (dollars)')).toHaveValue(2321.25);
  });

  it('cancels with the policy fee or refunding everything: two buttons with their amounts, each confirmed', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const cancelled = aBookingAccount({ booking: { status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 2321.25 }, cancellation: null, balance: 0 });
    const { user, panel } = await openMoney([
      accountAnswer(aBookingAccount()),
      {
        request: { query: ADMIN_CANCEL_WITH_REFUND_MUTATION, variables: { input: { bookingId, applyPolicyFee: false } } },
        result: {
          data: {
            adminCancelBookingWithRefund: {
              __typename: 'BookingAccount',
              booking: { __typename: 'Booking', id: bookingId, status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 2321.25 },
            },
          },
        },
      },
      accountAnswer(cancelled),
    ]);
    expect(within(panel).getByRole('button', { name: 'Cancel with the policy fee (refund $2,121.25)' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel and refund everything ($2,321.25)' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('refund $2,321.25'));
    await waitFor(() => expect(within(panel).getByText('Refunded', { selector: '.badge' })).toHaveClass('badge--grey'));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Cancel with the policy fee/ })).not.toBeInTheDocument());
    expect(within(panel).getByRole('status')).toHaveTextContent('Booking cancelled, $2,321.25 refunded');
  });

  it('lists overdue balances on the dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute('/admin/dashboard', [
      dashboard(),
      {
        request: { query: ADMIN_OVERDUE_QUERY, variables: { limit: OVERDUE_PAGE_SIZE } },
        result: { data: { adminOverduePage: aListPage('OverduePage', [aBooking({ id: bookingId, customerName: 'Late Payer' })]) } },
      },
      bookingsPage,
    ]);
    const overdue = await screen.findByRole('region', { name: 'Overdue balances' });
    const row = (await within(overdue).findAllByRole('row'))[1];
    expect(row).toHaveTextContent('Late Payer');
    expect(row).toHaveTextContent('$2,321.25 of $7,737.50');
    expect(row).toHaveTextContent('$5,416.25');
    // On a phone the table is stacked rows (components.css .stack-table): every cell names its column.
    expect(within(overdue).getByRole('table')).toHaveClass('stack-table');
    expect(within(row).getAllByRole('cell').map((c) => c.getAttribute('data-label'))).toEqual(['Customer', 'Workshop', 'Payment', 'Paid', 'Left to pay']);
    expect(screen.getByText(/Revenue is money received minus money refunded/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Bookings/ }));
    expect(screen.queryByRole('region', { name: 'Overdue balances' })).not.toBeInTheDocument();
  });
});
