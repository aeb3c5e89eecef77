import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBooking, aWorkshop } from '../test/builders';
import { renderLazyRoute as renderRoute } from '../test/render';
import { BOOKING_WORKSHOP_QUERY, CREATE_BOOKING_MUTATION, CREATE_CHECKOUT_SESSION_MUTATION, WAITLIST_OFFER_QUERY } from './documents';
import { formatHeldUntil } from './BookingPage';

jest.mock('../ui/browser', () => ({ redirectTo: jest.fn() }));
jest.mock('altcha', () => ({}));

const ID = 'zion-canyon-light';
const TOKEN = 'tok_0123456789abcdef';
const EXPIRES = '2026-04-01T15:30:00.000Z';
const soldOut = { request: { query: BOOKING_WORKSHOP_QUERY, variables: { id: ID } }, result: { data: { workshop: aWorkshop({ availableSpots: 0, startDate: '2030-04-13', endDate: '2030-04-18' }) } } }; // far ahead: a deposit is on offer whatever day the suite runs
const offerAnswer = {
  request: { query: WAITLIST_OFFER_QUERY, variables: { workshopId: ID, offerToken: TOKEN } },
  result: { data: { waitlistOffer: { __typename: 'WaitlistOffer', workshopId: ID, name: 'Mia Chen', email: 'mia@example.com', spots: 2, expiresAt: EXPIRES } } },
};
const booking = aBooking({ id: '6f1c1a5e-2b7a-4c1e-9d39-0f4b1c8e2a11', customerName: 'Mia Chen', customerEmail: 'mia@example.com', numParticipants: 2, status: 'held' });
const bookingWithOffer = {
  request: {
    query: CREATE_BOOKING_MUTATION,
    variables: {
      input: {
        workshopId: ID,
        customerName: 'Mia Chen',
        customerEmail: 'mia@example.com',
        customerPhone: '555-0100',
        numParticipants: 2,
        roomType: 'shared',
        numSpouses: 0,
        paymentOption: 'deposit',
        specialRequests: null,
        age: 41,
        experienceLevel: 'intermediate',
        cameraBody: 'Canon R5',
        lenses: '24-105mm',
        otherEquipment: null,
        healthConcerns: null,
        dietaryRestrictions: null,
        tripGoals: 'Slot canyons',
        emergencyContactName: 'Li Chen',
        emergencyContactPhone: '555-0101',
        emergencyContactEmail: 'li@example.com',
        offerToken: TOKEN,
        // Issue 25: the second traveller, left blank on the form, is named later from the booking page.
        travellers: [{ later: true }],
      },
    },
  },
  result: { data: { createBooking: { __typename: 'CreateBookingPayload', booking } } },
};
const session = {
  request: { query: CREATE_CHECKOUT_SESSION_MUTATION, variables: { input: { bookingId: booking.id, originUrl: window.location.origin } } },
  result: { data: { createCheckoutSession: { __typename: 'CheckoutSessionPayload', url: null, sessionId: null } } },
};

describe('/booking/{id}?offer=<token> (a waiting-list offer)', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(window, 'alert').mockImplementation(() => {});
  });

  it('shows the spots held and until when, fills in who it is for, and books them with the token', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute(`/booking/${ID}?offer=${TOKEN}`, [soldOut, offerAnswer, bookingWithOffer, session]);
    const held = await screen.findByText(/Spots held for you until/);
    expect(held).toHaveTextContent(`Spots held for you until ${formatHeldUntil(EXPIRES)}.`);
    expect(screen.getByText('2 spots held for you')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name *')).toHaveValue('Mia Chen');
    const participants = screen.getByLabelText('Participants (photographers) *');
    expect(participants).toHaveValue(2);
    expect(participants).toHaveAttribute('max', '2');

    const details = screen.getByRole('group', { name: 'Your details' });
    expect(within(details).getByLabelText('Email *')).toHaveValue('mia@example.com');
    await user.type(within(details).getByLabelText('Phone *'), '555-0100');
    await user.type(screen.getByLabelText('Age *'), '41');
    await user.type(screen.getByLabelText('Camera body *'), 'Canon R5');
    await user.type(screen.getByLabelText('Lenses *'), '24-105mm');
    await user.type(screen.getByLabelText('What do you want to get out of this trip? *'), 'Slot canyons');
    const emergency = screen.getByRole('group', { name: 'Emergency contact' });
    await user.type(within(emergency).getByLabelText('Name *'), 'Li Chen');
    await user.type(within(emergency).getByLabelText('Phone *'), '555-0101');
    await user.type(within(emergency).getByLabelText('Email *'), 'li@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // The mocked createBooking matches only with the offer token in its input.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/confirmation/${booking.id}`));
  });

  it('says why an expired or used offer link holds nothing, and the workshop stays sold out', async () => {
    const message = 'This offer expired at 2026-04-01T15:30:00.000Z; the spots went to the next person waiting';
    await renderRoute(`/booking/${ID}?offer=${TOKEN}`, [
      soldOut,
      { request: offerAnswer.request, result: { errors: [{ message, extensions: { code: 'OFFER_UNAVAILABLE', fields: [{ field: 'offerToken', message }] } }] } },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(screen.queryByText(/Spots held for you/)).not.toBeInTheDocument();
  });
});
