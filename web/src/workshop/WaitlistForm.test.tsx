import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../test/render';
import { aWorkshop } from '../test/builders';
import { WORKSHOP_DETAIL_QUERY } from './WorkshopPage';
import { JOIN_WAITLIST_MUTATION } from './WaitlistForm';

jest.mock('altcha', () => ({}));

const ID = 'zion-canyon-light';
const workshopAnswer = (availableSpots: number) => ({
  request: { query: WORKSHOP_DETAIL_QUERY, variables: { id: ID } },
  result: { data: { workshop: aWorkshop({ availableSpots }) } },
});
const input = { workshopId: ID, name: 'Mia Chen', email: 'mia@example.com', spots: 2 };
const joined = {
  request: { query: JOIN_WAITLIST_MUTATION, variables: { input } },
  result: { data: { joinWaitlist: { __typename: 'JoinWaitlistPayload', entry: { __typename: 'WaitlistEntry', id: 'e-1', name: 'Mia Chen', spots: 2, state: 'pending' } } } },
};

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; spots?: string }) {
  const form = await screen.findByRole('form', { name: 'Join the waiting list' });
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.spots) await user.selectOptions(screen.getByLabelText('Spots wanted'), values.spots);
  return form;
}

describe('the waiting-list form of a sold-out workshop', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('is offered only when the workshop is sold out', async () => {
    renderRoute(`/workshop/${ID}`, [workshopAnswer(4)]);
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join the waiting list' })).not.toBeInTheDocument();
  });

  it('asks for a name and a valid email before sending anything', async () => {
    const user = userEvent.setup();
    renderRoute(`/workshop/${ID}`, [workshopAnswer(0)]);
    await fill(user, { email: 'not-an-email' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('joins with name, email and spots wanted, then asks to confirm the address by its email (docs/decisions/067)', async () => {
    const user = userEvent.setup();
    renderRoute(`/workshop/${ID}`, [workshopAnswer(0), joined]);
    await fill(user, { name: 'Mia Chen', email: 'mia@example.com', spots: '2' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Check your email. We sent a link to mia@example.com: open it within 24 hours to confirm your place on the waiting list.');
    expect(done).toHaveTextContent('When 2 spots open up, the first confirmed request that fits gets them held for 48 hours.');
    expect(screen.queryByRole('form', { name: 'Join the waiting list' })).not.toBeInTheDocument();
  });

  it('on CHALLENGE_REQUIRED shows the check instead of an error, and sends the request again with its solution', async () => {
    const user = userEvent.setup();
    const message = 'Several waiting-list requests were just made from this connection; please confirm you are not a robot';
    const withSolution = { ...joined, request: { ...joined.request, variables: { input: { ...input, altcha: 'c29sdmVk' } } } };
    renderRoute(`/workshop/${ID}`, [workshopAnswer(0), { request: joined.request, result: { errors: [{ message, extensions: { code: 'CHALLENGE_REQUIRED' } }] } }, withSolution]);
    await fill(user, { name: 'Mia Chen', email: 'mia@example.com', spots: '2' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    const check = await screen.findByTestId('booking-challenge');
    expect(check).toHaveTextContent('a quick automatic check that this request is not made by a script. It takes a few seconds, then your request is sent.');
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const widget = await waitFor(() => {
      const el = check.querySelector('altcha-widget');
      expect(el).not.toBeNull();
      return el!;
    });
    act(() => void widget.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'c29sdmVk' } })));
    expect(await screen.findByText('Check your email.')).toBeInTheDocument();
  });

  it('shows the server’s refusal next to the field it names, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const message = 'This email is already on the waiting list of this workshop';
    renderRoute(`/workshop/${ID}`, [
      workshopAnswer(0),
      { request: joined.request, result: { errors: [{ message, extensions: { code: 'ALREADY_WAITING', fields: [{ field: 'email', message }] } }] } },
    ]);
    await fill(user, { name: 'Mia Chen', email: 'mia@example.com', spots: '2' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('mia@example.com');
  });

  it('a refusal after the solved check is shown like any other; the next attempt that stops at a field clears it', async () => {
    const user = userEvent.setup();
    const challenged = 'Several waiting-list requests were just made from this connection; please confirm you are not a robot';
    const limited = 'Too many waiting-list requests. Please wait 30 seconds and try again.';
    const withSolution = { request: { ...joined.request, variables: { input: { ...input, altcha: 'c29sdmVk' } } }, result: { errors: [{ message: limited, extensions: { code: 'RATE_LIMITED' } }] } };
    renderRoute(`/workshop/${ID}`, [workshopAnswer(0), { request: joined.request, result: { errors: [{ message: challenged, extensions: { code: 'CHALLENGE_REQUIRED' } }] } }, withSolution]);
    await fill(user, { name: 'Mia Chen', email: 'mia@example.com', spots: '2' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    const check = await screen.findByTestId('booking-challenge');
    const widget = await waitFor(() => {
      const el = check.querySelector('altcha-widget');
      expect(el).not.toBeNull();
      return el!;
    });
    act(() => void widget.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'c29sdmVk' } })));
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);
    expect(screen.queryByTestId('booking-challenge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
