import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../test/render';
import { OPEN_REVIEW_LINK_MUTATION, SUBMIT_REVIEW_MUTATION } from './ReviewPage';

const BOOKING = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const TOKEN = 'booker.1790000000.abcDEF123_-abcDEF123_-abcDEF123x';
const link = { input: { bookingId: BOOKING, token: TOKEN } };
const invitation = (alreadyWritten = false) => ({
  request: { query: OPEN_REVIEW_LINK_MUTATION, variables: link },
  result: {
    data: {
      openReviewLink: {
        __typename: 'ReviewInvitation',
        workshopName: 'Zion Canyon Light & Slot Canyons',
        dates: 'April 13 – 18, 2026',
        tripMonth: '2026-04',
        name: 'Ana L.',
        location: '',
        alreadyWritten,
        expiresAt: '2026-07-19T18:00:00.000Z',
      },
    },
  },
});
const WORDS = 'Wading the Narrows.\n\nUnforgettable <3';
const submitted = (variables: Record<string, unknown>, result: object) => ({ request: { query: SUBMIT_REVIEW_MUTATION, variables: { input: { bookingId: BOOKING, token: TOKEN, ...variables } } }, result });

describe('the review page (/review/{bookingId}#{token}, docs/decisions/089)', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('opens the link, pre-fills the name, and sends the words as written with the consent given', async () => {
    const user = userEvent.setup();
    const sent = submitted(
      { rating: 5, text: WORDS, name: 'Ana L.', location: 'Austin, Texas', consentToPublish: true },
      { data: { submitReview: { __typename: 'ReviewPayload', review: { __typename: 'Testimonial', id: 'r-1', rating: 5 } } } },
    );
    renderRoute(`/review/${BOOKING}#${TOKEN}`, [invitation(), sent]);
    expect(await screen.findByRole('heading', { name: 'Review Zion Canyon Light & Slot Canyons' })).toBeInTheDocument();
    expect(screen.getByText(/April 13 – 18, 2026 \(April 2026\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name to show')).toHaveValue('Ana L.');

    // Nothing is sent without stars and words: the errors name the fields.
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(screen.getByText('Please write a few words about your trip.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('5 stars: Excellent'));
    await user.type(screen.getByLabelText('Your review'), WORDS);
    await user.type(screen.getByLabelText('Place to show (optional)'), 'Austin, Texas');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your review' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('exactly as you wrote it');
  });

  it('shows the server’s refusal naming the field', async () => {
    const user = userEvent.setup();
    const refused = submitted(
      { rating: 3, text: 'Fine', name: 'Ana L.', location: null, consentToPublish: false },
      { errors: [{ message: 'Invalid input. text: text must not contain control or invisible characters', extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'text', message: 'text must not contain control or invisible characters' }] } }] },
    );
    renderRoute(`/review/${BOOKING}#${TOKEN}`, [invitation(), refused]);
    await user.click(await screen.findByLabelText('3 stars: Good'));
    await user.type(screen.getByLabelText('Your review'), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText('text must not contain control or invisible characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a link already used says thank you; an expired one gives the server’s reason; no token asks for the whole link', async () => {
    const { unmount } = renderRoute(`/review/${BOOKING}#${TOKEN}`, [invitation(true)]);
    expect(await screen.findByText(/You have reviewed Zion Canyon Light & Slot Canyons already/)).toBeInTheDocument();
    unmount();

    const closed = 'This review link has expired (it works for 90 days).';
    const view = renderRoute(`/review/${BOOKING}#${TOKEN}`, [{ request: { query: OPEN_REVIEW_LINK_MUTATION, variables: link }, result: { errors: [{ message: closed, extensions: { code: 'REVIEW_LINK_CLOSED' } }] } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(closed);
    view.unmount();

    renderRoute(`/review/${BOOKING}`, []);
    expect(screen.getByText(/Open the whole link from that email/)).toBeInTheDocument();
  });
});
