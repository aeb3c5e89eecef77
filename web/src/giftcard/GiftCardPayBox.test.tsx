import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GiftCardPayBox } from './GiftCardPayBox';
import { PAY_WITH_GIFT_CARD_MUTATION } from './documents';
import { CODE_BALANCE_MUTATION } from './useCodeBalance';

const bookingId = '6f1c1a5e-2b7a-4c1e-9d39-0f4b1c8e2a11';
const token = 't'.repeat(32);
const balance = (code: string, balanceCents: number, usable = true) => ({
  request: { query: CODE_BALANCE_MUTATION, variables: { input: { code } } },
  result: {
    data: {
      codeBalance: {
        __typename: 'GiftCardBalanceObject',
        code: code.toUpperCase(),
        kind: code.toUpperCase().startsWith('WL') ? 'credit' : 'gift_card',
        balanceCents,
        expiresAt: '2031-01-15T12:00:00.000Z',
        usable,
        totalCents: null,
        dueNowCents: null,
        coversCents: null,
        leftToPayNowCents: null,
        balanceAfterCents: null,
      },
    },
  },
});

function show(mocks: MockLink.MockedResponse[], onPaid = jest.fn()) {
  render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      <GiftCardPayBox bookingId={bookingId} token={token} onPaid={onPaid} />
    </MockedProvider>,
  );
  return onPaid;
}

/** The manage page's one code box (docs/decisions/095): a credit or a gift card, its balance shown as typed. */
describe('GiftCardPayBox (manage page)', () => {
  it('shows a credit’s balance once the code is typed, then pays the next charge with it and says what is left', async () => {
    const user = userEvent.setup();
    const onPaid = show([
      balance('WL-7KQ3-M9XD-4HPT', 50_000),
      {
        request: { query: PAY_WITH_GIFT_CARD_MUTATION, variables: { input: { bookingId, token, code: 'WL-7KQ3-M9XD-4HPT' } } },
        result: { data: { payWithGiftCard: { __typename: 'GiftCardPaymentPayload', spent: 500, balanceLeft: 0 } } },
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Pay with a credit or gift card' })).toBeInTheDocument();
    const input = screen.getByLabelText('Credit or gift card code');
    await user.type(input, 'WL-7KQ3-M9XD-4HPT');
    expect(await screen.findByText('Credit WL-7KQ3-M9XD-4HPT: $500 left, valid until January 15, 2031.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/Credit WL-7KQ3-M9XD-4HPT: \$500 left, valid until January 15, 2031\./);
    await user.click(screen.getByRole('button', { name: 'Use this code' }));
    expect(await screen.findByText('Your credit paid $500; $0 is left on it.')).toBeInTheDocument();
    expect(onPaid).toHaveBeenCalled();
  });

  it('says next to the field when a code has nothing left, and when the server refuses it', async () => {
    const user = userEvent.setup();
    show([
      balance('GC-2222-3333-4444-5555', 0, false),
      {
        request: { query: PAY_WITH_GIFT_CARD_MUTATION, variables: { input: { bookingId, token, code: 'GC-2222-3333-4444-5555' } } },
        result: { errors: [{ message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'code', message: 'code is not a valid credit or gift card code, or has no balance left' }] } }] } as never,
      },
    ]);
    const input = screen.getByLabelText('Credit or gift card code');
    await user.type(input, 'GC-2222-3333-4444-5555');
    expect(await screen.findByText('This credit or gift card code is not valid, or has no balance left.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Use this code' }));
    expect(await screen.findByText('This credit or gift card code is not valid, or has no balance left.')).toBeInTheDocument();
  });
});
