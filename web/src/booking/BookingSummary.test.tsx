import { render, screen } from '@testing-library/react';
import { BookingSummary, type SummaryPromo } from './BookingSummary';

const workshop = { name: 'Zion Canyon Light & Slot Canyons', dates: 'April 13-18, 2030', startDate: '2030-04-13', timeZone: 'America/Denver', priceCents: 289_500, privateRoomSupplement: 500 };
const now = new Date('2030-01-10T12:00:00Z');
const choices = { numParticipants: 2, numSpouses: 0, roomType: 'shared' as const, paymentOption: 'deposit' as const, now };

/** The server's quote for two places ($5,790) with 25% off: $1,447.50 off, $4,342.50 total, 30% deposit $1,302.75. */
const quote: SummaryPromo = { promoCode: 'SPRING25', subtotalCents: 579_000, discountCents: 144_750, totalCents: 434_250, dueNowCents: 130_275 };

describe('BookingSummary with a promo code (docs/decisions/096)', () => {
  it('shows no discount line without a code', () => {
    render(<BookingSummary workshop={workshop} {...choices} />);
    expect(screen.queryByTestId('booking-discount')).toBeNull();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$5,790');
    expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$1,737');
  });

  it('shows the server’s discount, its total and the deposit on the discounted total', () => {
    render(<BookingSummary workshop={workshop} {...choices} promo={quote} />);
    expect(screen.getByText('Discount (SPRING25)')).toBeInTheDocument();
    expect(screen.getByTestId('booking-discount')).toHaveTextContent('-$1,447.50');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$4,342.50');
    expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$1,302.75');
    // The balance note follows the discounted total.
    expect(screen.getByText(/The balance of \$3,039\.75 is due/)).toBeInTheDocument();
  });

  it('drops a quote made for other choices (one participant) until the server answers for these', () => {
    render(<BookingSummary workshop={workshop} {...choices} promo={{ ...quote, subtotalCents: 289_500 }} />);
    expect(screen.queryByTestId('booking-discount')).toBeNull();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$5,790');
  });
});
