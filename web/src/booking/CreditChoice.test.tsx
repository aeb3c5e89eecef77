import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { typePolicies } from '../apollo/client';
import { BOOKING_CREDITS_QUERY, CreditChoice, REFUND_NOW_MUTATION, TAKE_CREDIT_MUTATION } from './CreditChoice';

const bookingId = '6f1c1a5e-2b7a-4c1e-9d39-0f4b1c8e2a11';
const token = 't'.repeat(32);
const variables = { bookingId, token };
const account = (creditChoice: object | null, credits: object[] = []) => ({
  data: {
    bookingAccount: {
      __typename: 'BookingAccount',
      booking: { __typename: 'Booking', id: bookingId, workshopName: 'Zion Canyon Light' },
      credits: credits.map((c) => ({ __typename: 'Credit', ...c })),
      creditChoice: creditChoice && { __typename: 'CreditChoiceObject', ...creditChoice },
    },
  },
});
const OPEN = { amount: 3000, online: 2500, refundDate: '2026-01-29' };
const changed = (name: string) => ({ data: { [name]: { __typename: 'BookingAccount', booking: { __typename: 'Booking', id: bookingId, paymentStatus: 'refunded' } } } });

function show(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ typePolicies })}>
      <CreditChoice bookingId={bookingId} token={token} />
    </MockedProvider>,
  );
}

describe('CreditChoice (manage page, workshop cancelled)', () => {
  it('offers the refund now or a credit, with the automatic refund date; taking the credit shows its code', async () => {
    const user = userEvent.setup();
    show([
      { request: { query: BOOKING_CREDITS_QUERY, variables }, result: account(OPEN) },
      { request: { query: TAKE_CREDIT_MUTATION, variables: { input: variables } }, result: changed('takeCreditInstead') },
      { request: { query: BOOKING_CREDITS_QUERY, variables }, result: account(null, [{ code: 'WL-7KQ3-M9XD', amount: 3000, balance: 3000, used: false, expiresAt: '2031-01-15T12:00:00.000Z' }]) },
    ]);
    expect(await screen.findByRole('heading', { name: 'We cancelled this workshop: your refund or a credit' })).toBeInTheDocument();
    expect(screen.getByText(/If you do nothing, \$2,500 goes back to your card on January 29, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund $2,500 to my card now' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Take a credit of $3,000' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your credit of $3,000 is ready'));
    expect(await screen.findByText('WL-7KQ3-M9XD')).toBeInTheDocument();
    expect(screen.getByText(/WL-7KQ3-M9XD/).closest('li')).toHaveTextContent('Credit code WL-7KQ3-M9XD: $3,000, not used yet, valid until January 15, 2031');
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('makes the card refund now on request; a refusal is shown', async () => {
    const user = userEvent.setup();
    show([
      { request: { query: BOOKING_CREDITS_QUERY, variables }, result: account(OPEN) },
      { request: { query: REFUND_NOW_MUTATION, variables: { input: variables } }, result: { errors: [{ message: 'No refund is waiting for your choice on this booking', extensions: { code: 'NO_REFUND_WAITING' } }] } as never },
      { request: { query: REFUND_NOW_MUTATION, variables: { input: variables } }, result: changed('refundMyCancelledWorkshopNow') },
      { request: { query: BOOKING_CREDITS_QUERY, variables }, result: account(null) },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Refund $2,500 to my card now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No refund is waiting for your choice on this booking');
    await user.click(screen.getByRole('button', { name: 'Refund $2,500 to my card now' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('$2,500 is on its way back to your card'));
  });

  it('shows what is left on a credit spent in part, and a credit used up', async () => {
    show([
      {
        request: { query: BOOKING_CREDITS_QUERY, variables },
        result: account(null, [
          { code: 'WL-7KQ3-M9XD-4HPT', amount: 3000, balance: 1000, used: false, expiresAt: '2031-01-15T12:00:00.000Z' },
          { code: 'WL-2222-3333-4444', amount: 500, balance: 0, used: true, expiresAt: '2031-02-01T12:00:00.000Z' },
        ]),
      },
    ]);
    expect((await screen.findByText('WL-7KQ3-M9XD-4HPT')).closest('li')).toHaveTextContent('Credit code WL-7KQ3-M9XD-4HPT: $3,000, $1,000 left, valid until January 15, 2031');
    expect(screen.getByText('WL-2222-3333-4444').closest('li')).toHaveTextContent('Credit code WL-2222-3333-4444: $500, used up');
  });

  it('renders nothing for a booking with no credit and no choice', async () => {
    const { container } = show([{ request: { query: BOOKING_CREDITS_QUERY, variables }, result: account(null) }]);
    // Let the query answer (inside act: it updates the component).
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(container).toBeEmptyDOMElement();
  });
});
