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
    // Two photographers and a partner: counted as such, in the booking summary's words (issue 24).
    expect(screen.getByTestId('party')).toHaveTextContent('2 participants + 1 spouse/partner');
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('WL-7KQ2M');
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$7,737.50');
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('$2,321.25');
    expect(screen.getByRole('link', { name: 'Browse Workshops' })).toHaveAttribute('href', '/workshops');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the promo code’s discount above the discounted total (docs/decisions/096)', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ promoCode: 'SPRING25', discount: 1934.38, totalAmount: 5803.12 }))]);
    expect(await screen.findByTestId('discount-amount')).toHaveTextContent('-$1,934.38');
    expect(screen.getByText('Discount (SPRING25)')).toBeInTheDocument();
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$5,803.12');
  });

  it('shows no discount line without a code', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking())]);
    expect(await screen.findByTestId('total-amount')).toHaveTextContent('$7,737.50');
    expect(screen.queryByTestId('discount-amount')).toBeNull();
  });

  it('counts one photographer with her partner as such, not as "Participants 1"', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ numParticipants: 1, numSpouses: 1 }))]);
    expect(await screen.findByTestId('party')).toHaveTextContent(/^1 participant \+ 1 spouse\/partner$/);
  });

  it('styles paid in green and any other status in grey', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paymentStatus: 'paid', amountPaid: 7737.5, balance: 0 }))]);
    expect(await screen.findByText('Paid', { selector: '.badge' })).toHaveClass('badge--success');
    expect(screen.getByTestId('due-line')).toHaveTextContent('Nothing is left to pay: the booking is paid in full.');
  });

  it('says what is left to pay on a confirmed deposit booking, by when and how (issue 21)', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking())]);
    expect(await screen.findByTestId('due-line')).toHaveTextContent(
      '$5,416.25 is left to pay by February 12, 2026, 60 days before the workshop starts. You can pay it online from your personal “Manage your booking” link.',
    );
  });

  it('without online payment, says we arrange the rest with the customer', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paysOnline: false }))]);
    expect(await screen.findByTestId('due-line')).toHaveTextContent(
      '$5,416.25 is left to pay by February 12, 2026, 60 days before the workshop starts. We will contact you at ana@example.com to arrange the payment.',
    );
  });

  it('never says "Deposit paid" for a payment plan', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paymentOption: 'payment_plan', installments: 4, paymentStatus: 'partially_paid' }))]);
    expect(await screen.findByText('Partly paid (plan)')).toHaveClass('badge--grey');
    expect(screen.queryByText('Deposit paid')).not.toBeInTheDocument();
    expect(screen.getByTestId('due-line')).toHaveTextContent('$5,416.25 is left to pay in monthly installments, the last by February 12, 2026.');
  });

  it('shows a reservation on the embedded default (no payment provider) as Booking Confirmed, Pending in grey, with what is due and how (issue 21)', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [
      answer(booking({ paymentStatus: 'pending', amountPaid: 0, status: 'held', holdExpiresAt: '2026-01-22T15:00:00.000Z', paysOnline: false })),
    ]);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Spots Reserved' })).not.toBeInTheDocument();
    expect(screen.getByText('Pending')).toHaveClass('badge--grey');
    expect(screen.getByTestId('due-line')).toHaveTextContent(
      /^Nothing has been paid yet: we will contact you at ana@example.com within 24 hours to arrange your 30% deposit of \$2,321.25; your spots are held until .*Jan 22, 2026.*\.$/,
    );
  });

  it('names the payment that is arranged for a reservation paid in full or by plan', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [
      answer(booking({ paymentStatus: 'pending', amountPaid: 0, status: 'held', paymentOption: 'payment_plan', installments: 4, amountDueNow: 1934.38, paysOnline: false })),
    ]);
    expect(await screen.findByTestId('due-line')).toHaveTextContent('to arrange your first installment (of 4) of $1,934.38');
  });

  it('a hold waiting for its online payment says until when, and names no contact that will not come', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paymentStatus: 'pending', amountPaid: 0, status: 'held', holdExpiresAt: '2026-01-22T15:00:00.000Z' }))]);
    expect(await screen.findByTestId('due-line')).toHaveTextContent(
      /^Nothing has been paid yet: your spots are held until .*Jan 22, 2026.* for your 30% deposit of \$2,321.25 by card; after that they are released\.$/,
    );
    expect(screen.getByTestId('due-line')).not.toHaveTextContent(/contact you/);
  });

  it('shows an expired reservation with a way to book again', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ paymentStatus: 'pending', amountPaid: 0, status: 'expired' }))]);
    expect(await screen.findByRole('heading', { name: 'Reservation Expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking/zion-canyon-light');
  });

  it('shows a cancelled booking with its refund', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [
      answer(booking({ status: 'cancelled', paymentStatus: 'partially_refunded', amountRefunded: 2121.25, balance: 0 })),
    ]);
    expect(await screen.findByRole('heading', { name: 'Booking Cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Partly refunded')).toHaveClass('badge--grey');
    expect(screen.getByTestId('amount-refunded')).toHaveTextContent('$2,121.25');
    expect(screen.getByTestId('due-line')).toHaveTextContent('Nothing is due: the booking is cancelled. $2,121.25 is refunded.');
  });

  it('shows a payment that came after its hold lapsed as received, with the admin to follow up', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking({ status: 'needs_attention' }))]);
    expect(await screen.findByRole('heading', { name: 'Payment Received – We’ll Be in Touch' })).toBeInTheDocument();
  });

  it('claims no mail is on its way, and says where the booking is', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(booking())]);
    await screen.findByRole('heading', { name: 'Booking Confirmed' });
    expect(document.body).not.toHaveTextContent(/on its way|inbox|we have emailed|sent you an email/i);
    expect(screen.getByText(/Keep this page’s address/)).toBeInTheDocument();
  });

  it('shows "Not found" for an unknown booking', async () => {
    await renderLazyRoute(`/confirmation/${id}`, [answer(null)]);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
