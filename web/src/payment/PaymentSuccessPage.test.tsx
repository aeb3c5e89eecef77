import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCheckoutStatus } from '../test/builders';
import { renderLazyRoute } from '../test/render';
import { CHECKOUT_STATUS_QUERY } from './documents';

const status = (paymentStatus: string, state: string, amountTotal: number | null = 86850, more: Parameters<typeof aCheckoutStatus>[0] = {}) => ({
  request: { query: CHECKOUT_STATUS_QUERY, variables: { sessionId: 'cs_test_1' } },
  result: { data: { checkoutStatus: aCheckoutStatus({ paymentStatus, status: state, amountTotal, ...more }) } },
});

describe('/payment-success', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.useRealTimers());

  it('without session_id redirects to /workshops', async () => {
    const { router } = await renderLazyRoute('/payment-success', []);
    expect(router.state.location.pathname).toBe('/workshops');
    // The workshop list (no mocked answer here) settles on its empty state.
    expect(await screen.findByText('No workshops available')).toBeInTheDocument();
  });

  it('shows Processing Payment..., then Payment Successful! with the amount in dollars', async () => {
    const user = userEvent.setup();
    const { router } = await renderLazyRoute('/payment-success?session_id=cs_test_1', [{ ...status('paid', 'complete'), delay: 30 }]);
    expect(screen.getByRole('heading', { name: 'Processing Payment...' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we confirm your payment')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your booking is confirmed')).toBeInTheDocument();
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('$868.50');
    await user.click(screen.getByRole('button', { name: 'Browse More Workshops' }));
    expect(router.state.location.pathname).toBe('/workshops');
  });

  it('names the workshop, its dates, the amount and the booking reference; promises no mail when the site sends none (issue 24)', async () => {
    await renderLazyRoute('/payment-success?session_id=cs_test_1', [status('paid', 'complete')]);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    const facts = screen.getByTestId('booking-reference').closest('dl')!;
    expect(facts).toHaveTextContent('WorkshopZion Canyon Light & Slot CanyonsDatesApr 13-18, 2026Amount paid$868.50Booking referenceWL-7KQ2M');
    expect(document.body).not.toHaveTextContent(/email is on its way|mail is on its way/i);
  });

  it('says a confirmation email is on its way when the site sends mail', async () => {
    await renderLazyRoute('/payment-success?session_id=cs_test_1', [status('paid', 'complete', 86850, { confirmationMailSent: true })]);
    expect(await screen.findByTestId('mail-note')).toHaveTextContent('A confirmation email is on its way to you.');
  });

  it('retries every 2 seconds until paid', async () => {
    jest.useFakeTimers();
    await renderLazyRoute('/payment-success?session_id=cs_test_1', [status('unpaid', 'open'), status('unpaid', 'open'), status('paid', 'complete')]);
    for (let i = 0; i < 2; i++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2000);
      });
    }
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });

  it('moves to timeout after 5 attempts without a result', async () => {
    jest.useFakeTimers();
    await renderLazyRoute('/payment-success?session_id=cs_test_1', Array.from({ length: 5 }, () => status('unpaid', 'open')));
    for (let i = 0; i < 4; i++) {
      expect(screen.queryByRole('heading', { name: 'Still Confirming Your Payment' })).not.toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2000);
      });
    }
    expect(await screen.findByRole('heading', { name: 'Still Confirming Your Payment' })).toBeInTheDocument();
  });

  it('shows the expired state for an expired session', async () => {
    await renderLazyRoute('/payment-success?session_id=cs_test_1', [status('unpaid', 'expired')]);
    expect(await screen.findByRole('heading', { name: 'Payment Session Expired' })).toBeInTheDocument();
  });

  it('any request failure shows Payment Error with Try Again to /workshops', async () => {
    const user = userEvent.setup();
    const { router } = await renderLazyRoute('/payment-success?session_id=cs_test_1', [
      { request: { query: CHECKOUT_STATUS_QUERY, variables: { sessionId: 'cs_test_1' } }, error: new Error('down') },
    ]);
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(screen.getByText('There was an issue processing your payment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(router.state.location.pathname).toBe('/workshops');
  });
  it('claims no mail is on its way; links to the booking this tab paid for', async () => {
    window.sessionStorage.setItem('checkout-booking:cs_test_1', 'b-42');
    await renderLazyRoute('/payment-success?session_id=cs_test_1', [status('paid', 'complete')]);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your booking' })).toHaveAttribute('href', '/confirmation/b-42');
    expect(document.body).not.toHaveTextContent(/on its way|inbox/i);
    window.sessionStorage.clear();
  });
});
