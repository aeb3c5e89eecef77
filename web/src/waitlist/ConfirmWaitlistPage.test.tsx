import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../test/render';
import { CONFIRM_WAITLIST_ENTRY_MUTATION } from './ConfirmWaitlistPage';

const ENTRY = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123x';
const request = { query: CONFIRM_WAITLIST_ENTRY_MUTATION, variables: { input: { entryId: ENTRY, token: TOKEN } } };
const answer = (state: string, position: number | null) => ({
  request,
  result: {
    data: {
      confirmWaitlistEntry: {
        __typename: 'ConfirmedWaitlistEntry',
        entry: { __typename: 'WaitlistEntry', id: ENTRY, spots: 2, state, workshopId: 'zion-canyon-light' },
        workshopName: 'Zion Canyon Light & Slot Canyons',
        position,
      },
    },
  },
});

describe('the waiting-list confirmation page (/waitlist/confirm/{id}#{token}, docs/decisions/067)', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('confirms only on a click (mail scanners open links), then tells the place in the queue', async () => {
    const user = userEvent.setup();
    renderRoute(`/waitlist/confirm/${ENTRY}#${TOKEN}`, [answer('waiting', 3)]);
    expect(await screen.findByRole('heading', { name: 'Confirm your place on the waiting list' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByRole('heading', { name: 'Your place is confirmed' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are number 3 on the waiting list of Zion Canyon Light & Slot Canyons for 2 spots. When spots come back, the first request that fits gets an email with a link that holds them for 48 hours.',
    );
  });

  it('says so when free spots were offered at once', async () => {
    const user = userEvent.setup();
    renderRoute(`/waitlist/confirm/${ENTRY}#${TOKEN}`, [answer('offered', null)]);
    await user.click(await screen.findByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 spots on Zion Canyon Light & Slot Canyons are now held for you for 48 hours.');
  });

  it('a wrong or incomplete link says so; a lapsed one shows the server’s reason', async () => {
    const user = userEvent.setup();
    renderRoute(`/waitlist/confirm/${ENTRY}#${TOKEN}`, [{ request, result: { errors: [{ message: 'Waiting-list entry not found', extensions: { code: 'NOT_FOUND' } }] } }]);
    await user.click(await screen.findByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid (it may be incomplete: copy the whole address from the email).');

    const lapsed = 'This confirmation link expired 24 hours after it was sent: please join the waiting list again';
    renderRoute(`/waitlist/confirm/${ENTRY}#${TOKEN}`, [{ request, result: { errors: [{ message: lapsed, extensions: { code: 'CONFIRMATION_LINK_CLOSED' } }] } }]);
    await user.click((await screen.findAllByRole('button', { name: 'Confirm my place' }))[1]);
    expect(await screen.findByText(lapsed)).toBeInTheDocument();
  });

  it('without the token (opened without the fragment) asks for the whole link and sends nothing', async () => {
    renderRoute(`/waitlist/confirm/${ENTRY}`, []);
    expect(await screen.findByText(/Open the whole link from that email/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my place' })).not.toBeInTheDocument();
  });
});
