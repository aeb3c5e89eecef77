import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBooking, aWorkshop } from '../test/builders';
import { renderLazyRoute as renderRoute } from '../test/render';
import { BOOKING_WORKSHOP_QUERY, CREATE_BOOKING_MUTATION, CREATE_CHECKOUT_SESSION_MUTATION } from './documents';
import { BOOKING_ERROR_MESSAGE } from './BookingPage';
import { CODE_BALANCE_MUTATION } from '../giftcard/useCodeBalance';
import { redirectTo } from '../ui/browser';
import { addDays, localDate, paymentOptionsFor } from 'api/shared/policy';

jest.mock('../ui/browser', () => ({ redirectTo: jest.fn() }));
// The widget's code is loaded on demand; here the test plays the widget's part.
jest.mock('altcha', () => ({}));

// Far ahead, so a deposit and a six-month plan stay on offer whatever day the suite runs.
const workshop = aWorkshop({ availableSpots: 5, startDate: '2030-04-13', endDate: '2030-04-18' });
const workshopMock = { request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'zion-canyon-light' } }, result: { data: { workshop } } };

const expectedInput = {
  workshopId: 'zion-canyon-light',
  customerName: 'Ana Lopez',
  customerEmail: 'ana@example.com',
  customerPhone: '555-0100',
  numParticipants: 2,
  roomType: 'private',
  numSpouses: 1,
  paymentOption: 'deposit',
  specialRequests: null,
  age: 34,
  experienceLevel: 'intermediate',
  cameraBody: 'Nikon Z8',
  lenses: '24-70mm',
  otherEquipment: null,
  healthConcerns: null,
  dietaryRestrictions: 'Vegetarian',
  tripGoals: 'Reflected light',
  emergencyContactName: 'Luis Lopez',
  emergencyContactPhone: '555-0101',
  emergencyContactEmail: 'luis@example.com',
  // Issue 25: the second participant is named on the form.
  travellers: [{ name: 'Bea Kim', email: 'bea@example.com', later: false }],
};

const createdBooking = aBooking({
  id: '6f1c1a5e-2b7a-4c1e-9d39-0f4b1c8e2a11',
  customerName: 'Ana Lopez',
  customerEmail: 'ana@example.com',
  amountPaid: 0,
  paymentStatus: 'pending',
  status: 'held',
});

const bookingOk = {
  request: { query: CREATE_BOOKING_MUTATION, variables: { input: expectedInput } },
  result: { data: { createBooking: { __typename: 'CreateBookingPayload', booking: createdBooking } } },
};
const sessionAnswer = (url: string | null) => ({
  request: { query: CREATE_CHECKOUT_SESSION_MUTATION, variables: { input: { bookingId: createdBooking.id, originUrl: window.location.origin } } },
  result: { data: { createCheckoutSession: { __typename: 'CheckoutSessionPayload', url, sessionId: url ? 'cs_test_1' : null } } },
});

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name *'), 'Ana Lopez');
  const details = screen.getByRole('group', { name: 'Your details' });
  await user.type(within(details).getByLabelText('Email *'), 'ana@example.com');
  await user.type(within(details).getByLabelText('Phone *'), '555-0100');
  await user.type(screen.getByLabelText('Age *'), '34');
  const participants = screen.getByLabelText('Participants (photographers) *');
  await user.clear(participants);
  await user.type(participants, '2');
  await user.type(screen.getByLabelText('Traveller 2: full name'), 'Bea Kim');
  await user.type(screen.getByLabelText('Traveller 2: email'), 'bea@example.com');
  const spouses = screen.getByLabelText('Spouses or partners (non-photographers)');
  await user.clear(spouses);
  await user.type(spouses, '1');
  await user.selectOptions(screen.getByLabelText('Room'), 'private');
  await user.type(screen.getByLabelText('Camera body *'), 'Nikon Z8');
  await user.type(screen.getByLabelText('Lenses *'), '24-70mm');
  await user.type(screen.getByLabelText('What do you want to get out of this trip? *'), 'Reflected light');
  await user.type(screen.getByLabelText('Dietary restrictions'), 'Vegetarian');
  const emergency = screen.getByRole('group', { name: 'Emergency contact' });
  await user.type(within(emergency).getByLabelText('Name *'), 'Luis Lopez');
  await user.type(within(emergency).getByLabelText('Phone *'), '555-0101');
  await user.type(within(emergency).getByLabelText('Email *'), 'luis@example.com');
}

describe('/booking/{id}', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(window, 'alert').mockImplementation(() => {});
  });

  it('shows the form with the defaults of the spec and the browser rules of section 5', async () => {
    await renderRoute('/booking/zion-canyon-light', [workshopMock]);
    const participants = await screen.findByLabelText('Participants (photographers) *');
    expect(participants).toHaveValue(1);
    expect(participants).toHaveAttribute('min', '1');
    expect(participants).toHaveAttribute('max', '5');
    expect(screen.getByLabelText('Spouses or partners (non-photographers)')).toHaveValue(0);
    expect(screen.getByLabelText('Spouses or partners (non-photographers)')).toHaveAttribute('max', '4');
    expect(screen.getByLabelText('Room')).toHaveValue('shared');
    expect(screen.getByLabelText('Payment')).toHaveValue('deposit');
    expect(screen.getByLabelText('Experience level')).toHaveValue('intermediate');
    const age = screen.getByLabelText('Age *');
    expect(age).toBeRequired();
    expect(age).toHaveAttribute('min', '18');
    expect(age).toHaveAttribute('max', '99');
    expect(screen.getAllByLabelText('Email *').map((e) => e.getAttribute('type'))).toEqual(['email', 'email']);
    for (const label of ['Full name *', 'Camera body *', 'Lenses *', 'What do you want to get out of this trip? *']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    for (const label of ['Other equipment', 'Health concerns', 'Dietary restrictions', 'Special requests']) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$2,895');
    expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$868.50');
  });

  it('refuses in the browser the phones and emails the server would refuse, so no generic booking error for them', async () => {
    const user = userEvent.setup();
    await renderRoute('/booking/zion-canyon-light', [workshopMock]);
    await screen.findByLabelText('Full name *');
    const phones = screen.getAllByLabelText('Phone *') as HTMLInputElement[];
    const emails = screen.getAllByLabelText('Email *') as HTMLInputElement[];
    for (const phone of phones) {
      for (const bad of ['555', 'call me after 6', '555-0100 ext. 2']) {
        await user.clear(phone);
        await user.type(phone, bad);
        expect(phone.validity.valid).toBe(false);
      }
      for (const good of ['555-0100', '+1 (555) 010-0100', '555.010.0100']) {
        await user.clear(phone);
        await user.type(phone, good);
        expect(phone.validity.valid).toBe(true);
      }
    }
    for (const email of emails) {
      await user.clear(email);
      await user.type(email, 'ana@example');
      expect(email.validity.valid).toBe(false);
      await user.clear(email);
      await user.type(email, 'ana@example.com');
      expect(email.validity.valid).toBe(true);
    }
  });

  it('keeps the summary in step with the inputs', async () => {
    const user = userEvent.setup();
    await renderRoute('/booking/zion-canyon-light', [workshopMock]);
    const participants = await screen.findByLabelText('Participants (photographers) *');
    await user.clear(participants);
    await user.type(participants, '2');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$5,790');
    const spouses = screen.getByLabelText('Spouses or partners (non-photographers)');
    await user.clear(spouses);
    await user.type(spouses, '1');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$7,237.50');
    await user.selectOptions(screen.getByLabelText('Room'), 'private');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$7,737.50');
    expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$2,321.25');
    await user.selectOptions(screen.getByLabelText('Payment'), 'full');
    expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$7,737.50');
  });

  it('explains, instead of the form, that a workshop which has started can no longer be booked', async () => {
    const past = aWorkshop({ availableSpots: 5, hasStarted: true });
    await renderRoute('/booking/zion-canyon-light', [{ request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'zion-canyon-light' } }, result: { data: { workshop: past } } }]);
    expect(await screen.findByTestId('booking-closed')).toHaveTextContent('This workshop has taken place (Apr 13-18, 2026), so it can no longer be booked.');
    expect(screen.getByRole('heading', { level: 1, name: 'Zion Canyon Light & Slot Canyons' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /book|pay|processing/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the upcoming workshops' })).toHaveAttribute('href', '/workshops');
  });

  it('says a workshop under way (started, not ended) can no longer be booked, in those words', async () => {
    const running = aWorkshop({ availableSpots: 5, hasStarted: true, hasEnded: false });
    await renderRoute('/booking/zion-canyon-light', [{ request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'zion-canyon-light' } }, result: { data: { workshop: running } } }]);
    expect(await screen.findByTestId('booking-closed')).toHaveTextContent('This workshop is under way (Apr 13-18, 2026), so it can no longer be booked.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows "Not found" for an unknown workshop', async () => {
    await renderRoute('/booking/atlantis', [{ request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'atlantis' } }, result: { data: { workshop: null } } }]);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('creates the booking, then the session; with no payment url it goes to /confirmation/{id}', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/booking/zion-canyon-light', [workshopMock, bookingOk, sessionAnswer(null)]);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/confirmation/${createdBooking.id}`));
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('sends a typed credit code; a booking the credit paid goes straight to /confirmation/{id} without a checkout', async () => {
    const user = userEvent.setup();
    const paidByCredit = {
      request: { query: CREATE_BOOKING_MUTATION, variables: { input: { ...expectedInput, creditCode: 'WL-7KQ3-M9XD' } } },
      result: { data: { createBooking: { __typename: 'CreateBookingPayload', booking: { ...createdBooking, status: 'confirmed', paymentStatus: 'paid' } } } },
    };
    const { router } = await renderRoute('/booking/zion-canyon-light', [workshopMock, paidByCredit]);
    await fillForm(user);
    const code = screen.getByLabelText('Credit or gift card code (optional)');
    expect(code).toHaveAccessibleDescription(/a credit from a workshop we cancelled/);
    await user.type(code, ' WL-7KQ3-M9XD ');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/confirmation/${createdBooking.id}`));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows a typed code’s balance and, in the summary, what it pays and what is left to pay today (the server’s figures); an unknown code is an inline error', async () => {
    const user = userEvent.setup();
    const choices = { workshopId: 'zion-canyon-light', numParticipants: 2, numSpouses: 1, roomType: 'private', paymentOption: 'deposit', promoCode: null };
    const found = {
      request: { query: CODE_BALANCE_MUTATION, variables: { input: { ...choices, code: 'wl-7kq3-m9xd-4hpt' } } },
      result: {
        data: {
          codeBalance: {
            __typename: 'GiftCardBalanceObject',
            code: 'WL-7KQ3-M9XD-4HPT',
            kind: 'credit',
            balanceCents: 100_000,
            expiresAt: '2031-01-15T12:00:00.000Z',
            usable: true,
            totalCents: 700_000,
            dueNowCents: 210_000,
            coversCents: 100_000,
            leftToPayNowCents: 110_000,
            balanceAfterCents: 0,
          },
        },
      },
    };
    const unknown = {
      request: { query: CODE_BALANCE_MUTATION, variables: { input: { ...choices, code: 'GC-2222-3333-4444-5555' } } },
      result: {
        errors: [
          {
            message: 'Invalid input',
            extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'code', message: 'code is not a valid credit or gift card code, or has no balance left' }] },
          },
        ],
      },
    };
    await renderRoute('/booking/zion-canyon-light', [workshopMock, found, unknown]);
    await fillForm(user);
    const code = screen.getByLabelText('Credit or gift card code (optional)');
    await user.type(code, 'wl-7kq3-m9xd-4hpt');
    expect(await screen.findByText('Credit WL-7KQ3-M9XD-4HPT: $1,000 left, valid until January 15, 2031.')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(/Credit WL-7KQ3-M9XD-4HPT: \$1,000 left, valid until January 15, 2031\./);
    const summary = screen.getByRole('complementary', { name: 'Booking summary' });
    expect(within(summary).getByText('Paid with your credit (WL-7KQ3-M9XD-4HPT)')).toBeInTheDocument();
    expect(within(summary).getByTestId('booking-code-covers')).toHaveTextContent('-$1,000');
    expect(within(summary).getByTestId('booking-left-to-pay')).toHaveTextContent('$1,100');
    expect(within(summary).getByTestId('booking-code-note')).toHaveTextContent('$0 stays on your code for later.');

    await user.clear(code);
    await user.type(code, 'GC-2222-3333-4444-5555');
    expect(await screen.findByText('This credit or gift card code is not valid, or has no balance left.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/This credit or gift card code is not valid, or has no balance left\./);
    expect(within(summary).queryByTestId('booking-code-covers')).not.toBeInTheDocument();
  });

  it('goes to the payment url when the session has one, showing "Processing..." meanwhile', async () => {
    const user = userEvent.setup();
    await renderRoute('/booking/zion-canyon-light', [workshopMock, { ...bookingOk, delay: 50 }, sessionAnswer('https://checkout.stripe.test/pay/cs_test_1')]);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_test_1'));
  });

  it('on a failure alerts "Booking error. Please try again." and keeps the values', async () => {
    const user = userEvent.setup();
    await renderRoute('/booking/zion-canyon-light', [workshopMock, { request: bookingOk.request, error: new Error('network down') }]);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(BOOKING_ERROR_MESSAGE));
    expect(screen.getByLabelText('Full name *')).toHaveValue('Ana Lopez');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });

  it('when the payment step fails, retrying pays for the same booking instead of booking twice', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/booking/zion-canyon-light', [
      workshopMock,
      bookingOk, // only one createBooking answer exists: a second call would fail the test
      { request: sessionAnswer(null).request, error: new Error('provider down') },
      sessionAnswer(null),
    ]);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(BOOKING_ERROR_MESSAGE));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/confirmation/${createdBooking.id}`));
  });

  it('offers the waiting list instead of the form when the workshop is sold out (issue 24)', async () => {
    await renderRoute('/booking/zion-canyon-light', [{ ...workshopMock, result: { data: { workshop: { ...workshop, availableSpots: 0 } } } }]);
    expect(await screen.findByTestId('booking-sold-out')).toHaveTextContent('Every spot on this workshop is taken. Join the waiting list');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(workshop.name);
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Booking form' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Up to 0|0 available/);
  });

  it('shows the summary (total, due today, balance and its date) before the submit button (issue 24)', async () => {
    await renderRoute('/booking/zion-canyon-light', [workshopMock]);
    const submit = await screen.findByRole('button', { name: 'Continue to payment' });
    const summary = screen.getByRole('complementary', { name: 'Booking summary' });
    expect(summary.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(screen.getByRole('form', { name: 'Booking form' })).getByRole('complementary', { name: 'Booking summary' })).toBe(summary);
    expect(summary).toHaveTextContent('Total$2,895Due today');
    expect(summary).toHaveTextContent('Due today (30% deposit)$868.50');
    expect(summary).toHaveTextContent('The balance of $2,026.50 is due 60 days before the workshop starts (February 12, 2030).');
  });

  it('shows each problem next to its field in the site’s words and focuses the first, sending nothing (issue 24)', async () => {
    const user = userEvent.setup();
    await renderRoute('/booking/zion-canyon-light', [workshopMock]);
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const name = screen.getByLabelText('Full name *');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your full name.');
    expect(screen.getByLabelText('Age *')).toHaveAccessibleDescription(/Please enter your age\./);
    expect(screen.getByLabelText('Lenses *')).toHaveAccessibleDescription('Please list the lenses you will bring.');
    expect(screen.getByTestId('form-errors')).toHaveTextContent('Please correct the 10 fields marked above.');

    await user.type(screen.getByLabelText('Age *'), '17');
    expect(screen.getByLabelText('Age *')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByLabelText('Age *')).toHaveAccessibleDescription(/Participants must be 18 to 99 years old\./);
    await user.clear(screen.getByLabelText('Participants (photographers) *'));
    await user.type(screen.getByLabelText('Participants (photographers) *'), '6');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByLabelText('Participants (photographers) *')).toHaveAccessibleDescription('Up to 5 spots available. Choose between 1 and 5 participants.');
  });

  it('states the age rule the form applies, with the guardian exception arranged with us', async () => {
    await renderRoute('/booking/zion-canyon-light', [workshopMock]);
    expect(await screen.findByLabelText('Age *')).toHaveAccessibleDescription('From 18 to 99. Under 18? Write to us first: a younger photographer can join with a guardian.');
    expect(screen.getByLabelText('Age *')).toHaveAttribute('min', '18');
  });

  describe('hold limits (hardening finding 1, docs/decisions/056)', () => {
    const refusal = (code: string, message: string) => ({ request: bookingOk.request, result: { errors: [{ message, extensions: { code } }] } });

    it('shows why a booking over the cap on unpaid spots was refused, and when to retry', async () => {
      const user = userEvent.setup();
      const message = '24 unpaid spots are already held from this connection, and at most 24 may be held at once (you asked for 2). Pay for or give up a booking first, or try again in 8 minutes, when a hold lapses.';
      await renderRoute('/booking/zion-canyon-light', [workshopMock, refusal('HOLD_LIMIT_REACHED', message)]);
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(window.alert).toHaveBeenCalledWith(BOOKING_ERROR_MESSAGE);
      expect(screen.queryByTestId('booking-challenge')).not.toBeInTheDocument();
    });

    it('on CHALLENGE_REQUIRED shows the check instead of an error, and books again with its solution', async () => {
      const user = userEvent.setup();
      const withSolution = { ...bookingOk, request: { ...bookingOk.request, variables: { input: { ...expectedInput, altcha: 'c29sdmVk' } } } };
      const { router } = await renderRoute('/booking/zion-canyon-light', [
        workshopMock,
        refusal('CHALLENGE_REQUIRED', 'You already hold 12 unpaid spots; please confirm you are not a robot'),
        withSolution,
        sessionAnswer(null),
      ]);
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      const check = await screen.findByTestId('booking-challenge');
      expect(check).toHaveTextContent('One more step');
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
      const widget = await waitFor(() => {
        const el = check.querySelector('altcha-widget');
        expect(el).not.toBeNull();
        return el!;
      });
      expect(widget.getAttribute('challenge') ?? (widget as unknown as { challenge: string }).challenge).toBe('/api/altcha/challenge');
      act(() => void widget.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'c29sdmVk' } })));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/confirmation/${createdBooking.id}`));
      expect(window.alert).not.toHaveBeenCalled();
    });
  });
  describe('payment options the dates allow (issue 14)', () => {
    const inDays = (days: number) => addDays(localDate(new Date(), 'America/Denver'), days);
    const near = (startDate: string) => ({
      request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: 'zion-canyon-light' } },
      // The server's answer for these dates (Workshop.paymentOptions is paymentOptionsFor by its clock).
      result: {
        data: {
          workshop: aWorkshop({
            availableSpots: 5,
            startDate,
            endDate: addDays(startDate, 5),
            paymentOptions: paymentOptionsFor(startDate, new Date(), 'America/Denver').map((o) => ({ __typename: 'PaymentOptionOffer' as const, ...o })),
          }),
        },
      },
    });

    it('inside the balance window offers only payment in full, saying why in the summary', async () => {
      await renderRoute('/booking/zion-canyon-light', [near(inDays(40))]);
      const payment = await screen.findByLabelText('Payment');
      expect(payment).toHaveValue('full');
      expect(screen.getByRole('option', { name: /deposit now/ })).toBeDisabled();
      expect(screen.getByRole('option', { name: /Monthly payment plan/ })).toBeDisabled();
      expect(screen.getByRole('option', { name: 'Pay in full' })).toBeEnabled();
      expect(payment).toHaveAccessibleDescription(/Deposit not offered: The balance is due 60 days before the workshop starts/);
      expect(screen.getByText(/Payment plan not offered:/)).toBeInTheDocument();
      expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$2,895');
    });

    it('offers the deposit but not the plan when fewer than three monthly installments fit', async () => {
      await renderRoute('/booking/zion-canyon-light', [near(inDays(100))]);
      const payment = await screen.findByLabelText('Payment');
      expect(payment).toHaveValue('deposit');
      expect(screen.getByRole('option', { name: /deposit now/ })).toBeEnabled();
      expect(screen.getByRole('option', { name: /Monthly payment plan/ })).toBeDisabled();
      expect(screen.getByText(/A payment plan needs at least 3 monthly installments/)).toBeInTheDocument();
    });

    it('shows the plan’s schedule: today and each month after, adding up to the total', async () => {
      const user = userEvent.setup();
      await renderRoute('/booking/zion-canyon-light', [workshopMock]);
      await user.selectOptions(await screen.findByLabelText('Payment'), 'payment_plan');
      const plan = screen.getByRole('list', { name: 'Installment dates' });
      const items = within(plan).getAllByRole('listitem');
      expect(items).toHaveLength(6);
      expect(items[0]).toHaveTextContent('Today$482.50');
      expect(screen.getByTestId('booking-due-now')).toHaveTextContent('$482.50');
      expect(screen.getByText('Due today (1 of 6 monthly payments)')).toBeInTheDocument();
    });
  });
});
