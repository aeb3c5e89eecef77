import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aWorkshop } from '../test/builders';
import { renderLazyRoute as renderRoute } from '../test/render';
import { redirectTo } from '../ui/browser';
import { BOOKING_WORKSHOP_QUERY, FINISH_CHECKOUT_MUTATION, RESUME_CHECKOUT_MUTATION } from './documents';

jest.mock('../ui/browser', () => ({ redirectTo: jest.fn() }));
jest.mock('altcha', () => ({}));

const workshop = aWorkshop({ availableSpots: 5, startDate: '2030-04-13', endDate: '2030-04-18' });
const workshopMock = { request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'zion-canyon-light' } }, result: { data: { workshop } } };

const LAPSED = '0b9d7c1e-4f8a-4b6e-9a51-3d2c1b0a9f88';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const link = { bookingId: LAPSED, token: TOKEN };

const ready = {
  __typename: 'RecoveredCheckout',
  bookingId: LAPSED,
  workshopId: 'zion-canyon-light',
  customerName: 'Yara Stone',
  customerEmail: 'yara@example.com',
  customerPhone: '+1 555 010 0100',
  numParticipants: 2,
  roomType: 'private',
  numSpouses: 1,
  paymentOption: 'deposit',
  spotsLeft: 5,
  state: 'ready',
  existingBookingId: null,
  workshopName: 'Zion Canyon Light',
  workshopDates: 'Apr 13-18, 2030',
  paymentOptionNow: 'deposit',
  paymentOptionNote: null,
  subtotalCents: 800_000,
  discountCents: 80_000,
  totalCents: 720_000,
  dueNowCents: 216_000,
  installments: null,
  promoCode: 'COMEBACK10',
  promoCodeNote: null,
  codeReturned: false,
};
const previewAnswer = (answer: Record<string, unknown>) => ({
  request: { query: RESUME_CHECKOUT_MUTATION, variables: { input: link } },
  result: { data: { resumeCheckout: { ...ready, ...answer } } },
});
const finishAnswer = (answer: Record<string, unknown>, promoCode: string | null = 'COMEBACK10') => ({
  request: { query: FINISH_CHECKOUT_MUTATION, variables: { input: { ...link, promoCode } } },
  result: { data: { finishCheckout: { __typename: 'FinishedCheckout', outcome: 'checkout', bookingId: 'b-new', url: null, sessionId: null, ...answer } } },
});

const PATH = `/booking/zion-canyon-light?resume=${LAPSED}`;

describe('the recovery link’s page (/booking/{id}?resume=…#token)', () => {
  beforeEach(() => {
    window.location.hash = `#${TOKEN}`;
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(window, 'alert').mockImplementation(() => {});
    jest.mocked(redirectTo).mockClear();
  });
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows the same choices with the server’s figures and one button that books them and goes to the fresh checkout', async () => {
    const user = userEvent.setup();
    await renderRoute(PATH, [workshopMock, previewAnswer({}), finishAnswer({ url: 'https://checkout.stripe.test/pay/cs_test_9', sessionId: 'cs_test_9' })]);
    const panel = await screen.findByRole('region', { name: 'Finish your booking' });
    expect(panel).toHaveTextContent('Welcome back, Yara. These are the choices you made; the prices are today’s.');
    expect(panel).toHaveTextContent('WorkshopZion Canyon Light, Apr 13-18, 2030');
    expect(panel).toHaveTextContent('Participants2 photographers + 1 non-photographer partner');
    expect(panel).toHaveTextContent('RoomPrivate room');
    expect(panel).toHaveTextContent('Payment30% deposit today, the balance later');
    expect(panel).toHaveTextContent('Discount (COMEBACK10)-$800');
    expect(within(panel).getByTestId('finish-total')).toHaveTextContent('$7,200');
    expect(within(panel).getByTestId('finish-due-now')).toHaveTextContent('$2,160');
    // No form to fill again.
    expect(screen.queryByRole('form', { name: 'Booking form' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Finish my booking' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_test_9'));
    expect(within(panel).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('says when a promo code no longer applies, the payment option changed or a gift card went back; without online payment it goes to the confirmation', async () => {
    const user = userEvent.setup();
    const changed = {
      promoCode: null,
      discountCents: 0,
      totalCents: 800_000,
      dueNowCents: 800_000,
      paymentOptionNow: 'full',
      paymentOptionNote: 'The balance is due 60 days before the workshop starts (Feb 12, 2030), so the full price is paid at booking.',
      promoCodeNote: 'The promo code COMEBACK10 has expired, so it is not applied.',
      codeReturned: true,
    };
    const { router } = await renderRoute(PATH, [workshopMock, previewAnswer(changed), finishAnswer({ bookingId: 'b-offline' }, null)]);
    const panel = await screen.findByRole('region', { name: 'Finish your booking' });
    expect(panel).toHaveTextContent('PaymentPaid in full today');
    expect(panel).toHaveTextContent('so the full price is paid at booking. This booking is paid in full.');
    expect(panel).toHaveTextContent('The promo code COMEBACK10 has expired, so it is not applied.');
    expect(panel).toHaveTextContent('The gift card or credit code you used went back to it and is not used again here.');
    expect(panel).not.toHaveTextContent('Discount');
    await user.click(within(panel).getByRole('button', { name: 'Finish my booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/b-offline'));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('on CHALLENGE_REQUIRED shows the check, then finishes with its solution', async () => {
    const user = userEvent.setup();
    const challenged = {
      request: finishAnswer({}).request,
      result: { errors: [{ message: 'Please confirm you are not a robot', extensions: { code: 'CHALLENGE_REQUIRED', fields: [{ field: 'altcha', message: 'altcha is required' }] } }] },
    };
    const solved = { ...finishAnswer({ url: 'https://checkout.stripe.test/pay/cs_test_7', sessionId: 'cs_test_7' }), request: { query: FINISH_CHECKOUT_MUTATION, variables: { input: { ...link, promoCode: 'COMEBACK10', altcha: 'c29sdmVk' } } } };
    await renderRoute(PATH, [workshopMock, previewAnswer({}), challenged, solved]);
    await user.click(await screen.findByRole('button', { name: 'Finish my booking' }));
    const check = await screen.findByTestId('booking-challenge');
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const widget = await waitFor(() => {
      const el = check.querySelector('altcha-widget');
      expect(el).not.toBeNull();
      return el!;
    });
    act(() => void widget.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'c29sdmVk' } })));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_test_7'));
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('"Change something first" shows the booking form filled with the choices', async () => {
    const user = userEvent.setup();
    await renderRoute(PATH, [workshopMock, previewAnswer({})]);
    await user.click(await screen.findByRole('button', { name: 'Change something first' }));
    await waitFor(() => expect(screen.getByLabelText('Full name *')).toHaveValue('Yara Stone'));
    expect(screen.getByLabelText('Participants (photographers) *')).toHaveValue(2);
    expect(screen.getByTestId('resumed-checkout')).toHaveTextContent('Welcome back. Your choices are filled in below');
    expect(screen.queryByRole('region', { name: 'Finish your booking' })).not.toBeInTheDocument();
  });

  it('refills the form when answers were erased since (incomplete)', async () => {
    await renderRoute(PATH, [workshopMock, previewAnswer({ state: 'incomplete' })]);
    // The form may stand before the link's answer refills it: wait for the refill, not the field.
    await waitFor(() => expect(screen.getByLabelText('Full name *')).toHaveValue('Yara Stone'));
    expect(screen.getByTestId('resumed-checkout')).toHaveTextContent('Welcome back. Your choices are filled in below; add the rest');
    expect(screen.queryByRole('button', { name: 'Finish my booking' })).not.toBeInTheDocument();
  });

  it('offers the waiting list when too few spots remain for the same participants', async () => {
    await renderRoute(PATH, [workshopMock, previewAnswer({ state: 'sold_out', spotsLeft: 1 })]);
    expect(await screen.findByTestId('resumed-sold-out')).toHaveTextContent(
      'Only 1 spot is left now, not enough for your 2 places. Join the waiting list: when spots free up, we email you an offer that holds them for you.',
    );
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Booking form' })).not.toBeInTheDocument();
  });

  it('after a refusal (sold out since) reads the link again and shows the waiting list', async () => {
    const user = userEvent.setup();
    const soldOut = { request: finishAnswer({}).request, result: { errors: [{ message: 'Only 1 spot is left for this workshop; you asked for 2', extensions: { code: 'SOLD_OUT' } }] } };
    await renderRoute(PATH, [workshopMock, previewAnswer({}), soldOut, previewAnswer({ state: 'sold_out', spotsLeft: 1 })]);
    await user.click(await screen.findByRole('button', { name: 'Finish my booking' }));
    expect(await screen.findByTestId('resumed-sold-out')).toHaveTextContent('Only 1 spot is left now, not enough for your 2 places.');
  });

  it('links to the booking when the address booked the run since, or when the link made its booking already', async () => {
    const { unmount } = await renderRoute(PATH, [workshopMock, previewAnswer({ state: 'booked_since', existingBookingId: 'b-since' })]);
    const since = await screen.findByTestId('resumed-checkout');
    expect(since).toHaveTextContent('You have booked this workshop since. There is nothing left to finish: see your booking.');
    expect(within(since).getByRole('link', { name: 'see your booking' })).toHaveAttribute('href', '/confirmation/b-since');
    expect(screen.queryByRole('button', { name: 'Finish my booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Booking form' })).not.toBeInTheDocument();
    unmount();

    await renderRoute(PATH, [workshopMock, previewAnswer({ state: 'already_finished', existingBookingId: 'b-made' })]);
    const made = await screen.findByTestId('resumed-checkout');
    expect(made).toHaveTextContent('This booking was finished already. The link made its booking: see your booking.');
    expect(within(made).getByRole('link', { name: 'see your booking' })).toHaveAttribute('href', '/confirmation/b-made');
  });
});
