import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { aWorkshop } from '../test/builders';
import { renderLazyRoute as renderRoute } from '../test/render';
import { BOOKING_WORKSHOP_QUERY, PROMO_QUOTE_QUERY } from './documents';

jest.mock('../ui/browser', () => ({ redirectTo: jest.fn() }));
jest.mock('altcha', () => ({}));

const workshop = aWorkshop({ availableSpots: 5, startDate: '2030-04-13', endDate: '2030-04-18' });
const workshopMock = { request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'zion-canyon-light' } }, result: { data: { workshop } } };
const quoteInput = (promoCode: string) => ({ workshopId: 'zion-canyon-light', promoCode, numParticipants: 1, numSpouses: 0, roomType: 'shared', paymentOption: 'deposit', customerEmail: null });

describe('/booking/{id} with a promo code (docs/decisions/096)', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('applies a code: the server’s discount in the summary, the total and the deposit after it', async () => {
    const user = userEvent.setup();
    const quote = {
      request: { query: PROMO_QUOTE_QUERY, variables: { input: quoteInput('spring25') } },
      result: { data: { promoQuote: { __typename: 'PromoQuote', promoCode: 'SPRING25', subtotalCents: 289_500, discountCents: 72_375, totalCents: 217_125, dueNowCents: 65_138, installments: null } } },
    };
    await renderRoute('/booking/zion-canyon-light', [workshopMock, quote]);
    await user.type(await screen.findByLabelText('Promo code (optional)'), 'spring25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('booking-discount')).toHaveTextContent('-$723.75');
    const summary = screen.getByRole('complementary', { name: 'Booking summary' });
    expect(within(summary).getByText('Discount (SPRING25)')).toBeInTheDocument();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$2,171.25');
    expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$651.38');
    expect(screen.getByTestId('promo-status')).toHaveTextContent('SPRING25 applied: $723.75 off.');
  });

  it('shows the server’s refusal next to the field and keeps the full price', async () => {
    const user = userEvent.setup();
    const message = 'promoCode OLD10 has expired';
    const refused = {
      request: { query: PROMO_QUOTE_QUERY, variables: { input: quoteInput('OLD10') } },
      result: { errors: [new GraphQLError(message, { extensions: { code: 'PROMO_CODE_REFUSED', fields: [{ field: 'promoCode', message }] } })] },
    };
    await renderRoute('/booking/zion-canyon-light', [workshopMock, refused]);
    const field = await screen.findByLabelText('Promo code (optional)');
    await user.type(field, 'OLD10{Enter}');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('booking-discount')).toBeNull();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$2,895');
  });
});
