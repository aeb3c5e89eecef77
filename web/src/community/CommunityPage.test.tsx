import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { aMessage, aMessagePage, aParticipantsSummary, aWorkshop } from '../test/builders';
import { COMMUNITY_WORKSHOP_QUERY, PARTICIPANTS_QUERY } from './CommunityPage';
import { MESSAGE_PAGE_SIZE, MESSAGES_QUERY } from './MessageList';
import { POST_MESSAGE_MUTATION } from './usePostMessage';

const ID = 'zion-canyon-light';
const PATH = `/workshop/${ID}/community`;
// The fields COMMUNITY_WORKSHOP_QUERY selects: the answer holds no more than the api would send.
const { __typename, name, location, state, dates, boardOpen } = aWorkshop({ id: ID });
const workshop = { __typename, id: ID, name, location, state, dates, boardOpen };

const workshopAnswer = (w: typeof workshop | null = workshop, id = ID): MockLink.MockedResponse => ({
  request: { query: COMMUNITY_WORKSHOP_QUERY, variables: { id } },
  result: { data: { workshop: w } },
});
const messagesAnswer = (
  page: ReturnType<typeof aMessagePage>,
  topic = 'all',
  extra: { after?: string; id?: string } = {},
): MockLink.MockedResponse => ({
  request: {
    query: MESSAGES_QUERY,
    variables: { workshopId: extra.id ?? ID, topic, first: MESSAGE_PAGE_SIZE, ...(extra.after ? { after: extra.after } : {}) },
  },
  result: { data: { messages: page } },
});
const participantsAnswer = (bookings: Array<{ customerName: string; numParticipants: number }> = [], id = ID): MockLink.MockedResponse => ({
  request: { query: PARTICIPANTS_QUERY, variables: { workshopId: id } },
  result: { data: { participants: aParticipantsSummary(id, bookings) } },
});
const notFoundError = (query: MockLink.MockedResponse['request']['query'], variables: Record<string, unknown>): MockLink.MockedResponse => ({
  request: { query, variables },
  result: { errors: [{ message: 'Workshop not found', extensions: { code: 'NOT_FOUND' } }] },
});

const newer = aMessage({ authorName: 'Ann Lee', message: 'Which lens for the Narrows?', topic: 'questions', minutesAgo: 3 });
const older = aMessage({ authorName: 'Tom B.', message: '<b>Not bold</b> & <script>alert(1)</script>\nSecond line', topic: 'general', minutesAgo: 60 * 26 });

/** Fill and send the post form. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; message?: string; topic?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.topic) await user.selectOptions(screen.getByLabelText('Topic'), values.topic);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

describe('/workshop/{id}/community', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('shows a loading state, then the board: messages newest first, as plain text, with relative and exact times', async () => {
    renderRoute(PATH, [workshopAnswer(), messagesAnswer(aMessagePage([newer, older])), participantsAnswer()]);
    // Checked at once: the mocked answers arrive on a timer, and a loaded machine may deliver them before an awaited query looks.
    expect(screen.getByText('Loading community...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: workshop.name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the workshop/ })).toHaveAttribute('href', `/workshop/${ID}`);

    const items = await screen.findAllByTestId('message');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(items[0]).getByText('Questions')).toBeInTheDocument();
    const time = within(items[0]).getByText('3 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', newer.createdAt);
    expect(time.getAttribute('title')).toMatch(/\d{4}.*\d{1,2}:\d\d/);
    expect(within(items[1]).getByText('yesterday')).toBeInTheDocument();
    expect(within(items[1]).getByText('General')).toBeInTheDocument();

    // Markup in a message is shown as typed, never interpreted.
    const text = items[1].querySelector('.message__text')!;
    expect(text.textContent).toBe(older.message);
    expect(text.querySelector('b, script')).toBeNull();
  });

  it('invites the first post when the board is empty, and says nobody is going yet', async () => {
    renderRoute(PATH, [workshopAnswer(), messagesAnswer(aMessagePage([])), participantsAnswer([])]);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Be the first to post' })).toHaveAttribute('href', '#post-message');
    expect(await screen.findByText(/Nobody has booked yet/)).toBeInTheDocument();
    expect(screen.getByTestId('participants-total')).toHaveTextContent('0 participants');
    expect(screen.getByRole('link', { name: 'Be the first to book' })).toHaveAttribute('href', `/booking/${ID}`);
  });

  it('keeps a closed board readable but offers no form (30 days after the workshop ended)', async () => {
    const newer = aMessage({ id: 'm-1', message: 'Thanks for a great week!' });
    renderRoute(PATH, [workshopAnswer({ ...workshop, boardOpen: false }), messagesAnswer(aMessagePage([newer])), participantsAnswer([])]);
    expect(await screen.findByText('Thanks for a great week!')).toBeInTheDocument();
    expect(screen.getByTestId('board-closed')).toHaveTextContent('This board closed to new messages 30 days after the workshop ended. You can still read everything below.');
    expect(screen.queryByRole('button', { name: 'Post Message' })).not.toBeInTheDocument();
  });

  it("lists who's going: the total and one line per booking with name and spots, in a scrolling list", async () => {
    renderRoute(PATH, [
      workshopAnswer(),
      messagesAnswer(aMessagePage([])),
      participantsAnswer([
        { customerName: 'Maria G.', numParticipants: 2 },
        { customerName: 'John S.', numParticipants: 1 },
      ]),
    ]);
    const panel = await screen.findByRole('region', { name: "Who's going" });
    await waitFor(() => expect(within(panel).getByTestId('participants-total')).toHaveTextContent('3 participants'));
    const list = within(panel).getByRole('list', { name: 'Bookings' });
    expect(list).toHaveClass('participants__list');
    const lines = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Maria G.2 spots', 'John S.1 spot']);
  });

  it('shows "Workshop not found" for an unknown workshop', async () => {
    const nope = `/workshop/nope/community`;
    renderRoute(nope, [
      workshopAnswer(null, 'nope'),
      notFoundError(MESSAGES_QUERY, { workshopId: 'nope', topic: 'all', first: MESSAGE_PAGE_SIZE }),
      notFoundError(PARTICIPANTS_QUERY, { workshopId: 'nope' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Workshop not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all workshops' })).toHaveAttribute('href', '/workshops');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry when the workshop cannot be loaded', async () => {
    const user = userEvent.setup();
    renderRoute(PATH, [
      { request: { query: COMMUNITY_WORKSHOP_QUERY, variables: { id: ID } }, error: new Error('network down') },
      workshopAnswer(),
      messagesAnswer(aMessagePage([newer])),
      participantsAnswer(),
    ]);
    expect(await screen.findByText('We could not load this community board.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: workshop.name })).toBeInTheDocument();
  });

  it('shows failures of the message list and of the panel, and retries the list', async () => {
    const user = userEvent.setup();
    renderRoute(PATH, [
      workshopAnswer(),
      { request: { query: MESSAGES_QUERY, variables: { workshopId: ID, topic: 'all', first: MESSAGE_PAGE_SIZE } }, error: new Error('down') },
      { request: { query: PARTICIPANTS_QUERY, variables: { workshopId: ID } }, error: new Error('down') },
      messagesAnswer(aMessagePage([newer])),
    ]);
    expect(await screen.findByText('We could not load the messages.')).toBeInTheDocument();
    expect(await screen.findByText("Could not load who's going.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Which lens for the Narrows?')).toBeInTheDocument();
  });

  it('filters by topic with the buttons of the spec, keeping the choice in the address', async () => {
    const user = userEvent.setup();
    const ride = aMessage({ authorName: 'Sam Reed', message: 'Two seats from Salt Lake City', topic: 'ride_sharing' });
    const { router } = renderRoute(PATH, [
      workshopAnswer(),
      messagesAnswer(aMessagePage([newer, older])),
      participantsAnswer(),
      messagesAnswer(aMessagePage([ride]), 'ride_sharing'),
    ]);
    await screen.findByText('Which lens for the Narrows?');
    const filters = screen.getByRole('group', { name: 'Filter messages by topic' });
    expect(within(filters).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'General', 'Ride Sharing', 'Equipment', 'Questions']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filters).getByRole('button', { name: 'Ride Sharing' }));
    expect(within(filters).getByRole('button', { name: 'Ride Sharing' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Two seats from Salt Lake City')).toBeInTheDocument();
    expect(screen.queryByText('Which lens for the Narrows?')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?topic=ride_sharing');
  });

  it('opens on the topic named in the address', async () => {
    renderRoute(`${PATH}?topic=equipment`, [workshopAnswer(), messagesAnswer(aMessagePage([]), 'equipment'), participantsAnswer()]);
    expect(await screen.findByText('No Equipment messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Equipment' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('posts a message: the form resets, the message shows at the top at once and the list reloads (spec section 4)', async () => {
    const user = userEvent.setup();
    const posted = aMessage({ authorName: 'Lee Park', message: 'Hello everyone!\nSee you in Zion.', topic: 'equipment', minutesAgo: 0 });
    const meanwhile = aMessage({ authorName: 'Kim O.', message: 'Carpool from Las Vegas on day one?', topic: 'ride_sharing', minutesAgo: 1 });
    renderRoute(PATH, [
      workshopAnswer(),
      messagesAnswer(aMessagePage([newer, older])),
      participantsAnswer(),
      {
        request: {
          query: POST_MESSAGE_MUTATION,
          variables: { input: { workshopId: ID, authorName: 'Lee Park', authorEmail: 'lee@example.com', message: 'Hello everyone!\nSee you in Zion.', topic: 'equipment' } },
        },
        result: { data: { postMessage: { __typename: 'PostMessagePayload', message: { ...posted, workshopId: ID } } } },
      },
      // The reload after the post: it also brings what another visitor posted meanwhile.
      messagesAnswer(aMessagePage([posted, meanwhile, newer, older])),
    ]);
    await screen.findByText('Which lens for the Narrows?');
    expect(screen.getByLabelText('Topic')).toHaveValue('general');

    await fillForm(user, { name: 'Lee Park', email: 'lee@example.com', topic: 'equipment', message: 'Hello everyone!{Enter}See you in Zion.' });
    await user.click(screen.getByRole('button', { name: 'Post Message' }));

    expect(await screen.findByText('Message posted.')).toBeInTheDocument();
    expect(await screen.findByText('Carpool from Las Vegas on day one?')).toBeInTheDocument();
    const items = screen.getAllByTestId('message');
    expect(items).toHaveLength(4);
    expect(within(items[0]).getByText('Lee Park')).toBeInTheDocument();
    expect(items[0].querySelector('.message__text')!.textContent).toBe('Hello everyone!\nSee you in Zion.');
    expect(within(items[0]).getByText('just now')).toBeInTheDocument();

    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Topic')).toHaveValue('general');
    // Every mock was used, none was missing.
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('after posting under another topic than the one shown, shows all topics with the new message on top', async () => {
    const user = userEvent.setup();
    const posted = aMessage({ authorName: 'Lee Park', message: 'Any carpool?', topic: 'ride_sharing', minutesAgo: 0 });
    renderRoute(`${PATH}?topic=questions`, [
      workshopAnswer(),
      messagesAnswer(aMessagePage([newer]), 'questions'),
      participantsAnswer(),
      {
        request: {
          query: POST_MESSAGE_MUTATION,
          variables: { input: { workshopId: ID, authorName: 'Lee Park', authorEmail: 'lee@example.com', message: 'Any carpool?', topic: 'ride_sharing' } },
        },
        result: { data: { postMessage: { __typename: 'PostMessagePayload', message: { ...posted, workshopId: ID } } } },
      },
      messagesAnswer(aMessagePage([posted, newer])),
    ]);
    await screen.findByText('Which lens for the Narrows?');
    await fillForm(user, { name: 'Lee Park', email: 'lee@example.com', topic: 'ride_sharing', message: 'Any carpool?' });
    await user.click(screen.getByRole('button', { name: 'Post Message' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getAllByTestId('message').map((m) => m.querySelector('.message__text')!.textContent)).toEqual(['Any carpool?', 'Which lens for the Narrows?']));
  });

  it('alerts "Error posting message" when the post fails, and keeps the text', async () => {
    const user = userEvent.setup();
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    renderRoute(PATH, [
      workshopAnswer(),
      messagesAnswer(aMessagePage([newer])),
      participantsAnswer(),
      {
        request: {
          query: POST_MESSAGE_MUTATION,
          variables: { input: { workshopId: ID, authorName: 'Lee Park', authorEmail: 'lee@example.com', message: 'Hello', topic: 'general' } },
        },
        result: { errors: [{ message: 'Too many message posts. Please wait 40 seconds and try again.', extensions: { code: 'RATE_LIMITED' } }] },
      },
    ]);
    await screen.findByText('Which lens for the Narrows?');
    await fillForm(user, { name: 'Lee Park', email: 'lee@example.com', message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Post Message' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error posting message'));
    expect(screen.getByLabelText('Name')).toHaveValue('Lee Park');
    expect(screen.getByLabelText('Email')).toHaveValue('lee@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
    // The optimistic message is gone again.
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Post Message' })).toBeEnabled();
  });

  it('requires name, email in email format and message before sending anything', async () => {
    const user = userEvent.setup();
    renderRoute(PATH, [workshopAnswer(), messagesAnswer(aMessagePage([])), participantsAnswer()]);
    await screen.findByText('No messages yet.');
    await user.click(screen.getByRole('button', { name: 'Post Message' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please write a message.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await fillForm(user, { name: 'Lee', email: 'lee-at-example', message: '   ' });
    await user.click(screen.getByRole('button', { name: 'Post Message' }));
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please write a message.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    // Nothing was sent: a request without a mock would have warned.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('hides the honeypot field from people and keyboards', async () => {
    renderRoute(PATH, [workshopAnswer(), messagesAnswer(aMessagePage([])), participantsAnswer()]);
    await screen.findByText('No messages yet.');
    const honeypot = document.querySelector('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).toHaveClass('post-message__hp');
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  it('loads older messages after the newest page', async () => {
    const user = userEvent.setup();
    const oldest = aMessage({ authorName: 'Old Timer', message: 'First post of the season', minutesAgo: 60 * 24 * 20 });
    renderRoute(PATH, [
      workshopAnswer(),
      messagesAnswer(aMessagePage([newer, older], { hasMore: true, nextCursor: 'cursor-1' })),
      participantsAnswer(),
      messagesAnswer(aMessagePage([oldest]), 'all', { after: 'cursor-1' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show older messages' }));
    expect(await screen.findByText('First post of the season')).toBeInTheDocument();
    expect(screen.getAllByTestId('message').map((m) => m.querySelector('.message__author')!.textContent)).toEqual(['Ann Lee', 'Tom B.', 'Old Timer']);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).not.toBeInTheDocument();
  });
});
