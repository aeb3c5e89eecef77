import { screen } from '@testing-library/react';
import { aBooking } from '../test/builders';
import { renderLazyRoute } from '../test/render';
import { BOOKING_CONFIRMATION_QUERY } from './documents';

const id = '6f1c1a5e-2b7a-4c1e-9d39-0f4b1c8e2a11';
const booking = (overrides: Parameters<typeof aBooking>[0] = {}) => aBooking({ id, customerName: 'Ana Lopez', customerEmail: 'ana@example.com', ...overrides });
const answer = (b: unknown) => ({ request: { query: BOOKING_CONFIRMATION_QUERY, variables: { id } }, result: { data: { booking: b } } });

describe('/confirmation/{bookingId}', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('shows Booking Confirmed with id, payment status, workshop, customer, participants, total and paid', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking())]);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-id')).toHaveTextContent(id);
    expect(screen.getByText('Deposit paid')).toHaveClass('badge--amber');
    expect(screen.getAllByText('Zion Canyon Light & Slot Canyons').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Ana Lopez').length).toBeGreaterThan(0);
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$7,737.50');
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('$2,321.25');
    expect(screen.getByRole('link', { name: 'Browse Workshops' })).toHaveAttribute('href', '/workshops');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('styles paid in green and any other status in grey', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paymentStatus: 'paid', amountPaid: 7737.5 }))]);
    expect(await screen.findByText('Paid in full')).toHaveClass('badge--success');
  });

  it('shows a pending booking in grey with what happens next', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paymentStatus: 'pending', amountPaid: 0, status: 'held' }))]);
    expect(await screen.findByText('pending')).toHaveClass('badge--grey');
    expect(screen.getByText(/spots are held while we arrange payment/)).toBeInTheDocument();
  });

  it('shows "Not found" for an unknown booking', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(null)]);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
