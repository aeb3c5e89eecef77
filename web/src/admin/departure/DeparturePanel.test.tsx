import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { InMemoryCache } from '@apollo/client';
import { typePolicies } from '../../apollo/client';
import { ADMIN_DEPARTURE_QUERY, PREVIEW_GROUP_MESSAGE_QUERY, SEND_GROUP_MESSAGE_MUTATION } from './departure.documents';
import { DeparturePanel } from './DeparturePanel';

const workshopId = 'zion-canyon-light';
const traveller = (name: string, extra: object = {}) => ({
  __typename: 'DepartureTraveller',
  travellerId: `t-${name}`,
  bookingId: 'b-1',
  bookingReference: 'WL-7KQ2M',
  position: 1,
  isBooker: true,
  name,
  named: true,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  age: 40,
  roomType: 'shared',
  healthConcerns: null,
  dietaryRestrictions: null,
  emergencyContactName: 'Sam Contact',
  emergencyContactPhone: '555 0101',
  emergencyContactEmail: null,
  arrival: null,
  roommatePreference: null,
  readiness: { __typename: 'TravellerReadinessType', done: 4, total: 4, missing: [] },
  ...extra,
});
const view = {
  __typename: 'DepartureView',
  workshopId,
  workshopName: 'Zion Canyon Light',
  dates: 'Apr 13-18, 2026',
  startDate: '2026-04-13',
  timeZone: 'America/Denver',
  travellerCount: 2,
  readyCount: 1,
  travellers: [
    traveller('Ann Lee', { dietaryRestrictions: 'Vegan' }),
    traveller('Ben Lee', { position: 2, isBooker: false, readiness: { __typename: 'TravellerReadinessType', done: 2, total: 4, missing: ['waiver', 'gear'] }, arrival: '2026-04-12, 14:05, flight UA 123' }),
  ],
  rooms: [{ __typename: 'DepartureRoom', roomType: 'shared', occupants: ['Ann Lee', 'Ben Lee'], note: 'same booking' }],
  knowBeforeYouGo: null,
  messages: [],
};
const load = (data: object | null, error = false): MockLink.MockedResponse => ({
  request: { query: ADMIN_DEPARTURE_QUERY, variables: { workshopId } },
  ...(error ? { error: new Error('down') } : { result: { data: { adminDeparture: data } } }),
  maxUsageCount: 3,
});
const renderPanel = (mocks: MockLink.MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ typePolicies })}>
      <DeparturePanel workshopId={workshopId} onBack={() => {}} onError={() => false} />
    </MockedProvider>,
  );

describe("the admin's departure view", () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('loads, then shows readiness, the roster with what is missing, the rooming, dietary and arrival lists', async () => {
    renderPanel([load(view)]);
    expect(screen.getByText('Loading the departure...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Departure: Zion Canyon Light' })).toBeInTheDocument();
    expect(screen.getByTestId('departure-readiness')).toHaveTextContent('1 of 2 ready');
    const roster = screen.getByRole('region', { name: 'Roster (2)' });
    const ben = within(roster).getByRole('row', { name: /Ben Lee/ });
    expect(ben).toHaveTextContent('2 of 4');
    expect(ben).toHaveTextContent('waiver, gear checklist');
    expect(screen.getByTestId('rooming-list')).toHaveTextContent('Shared room: Ann Lee & Ben Lee (same booking)');
    expect(screen.getByTestId('dietary-list')).toHaveTextContent('Vegan');
    expect(screen.getByRole('region', { name: 'Emergency contacts and arrivals' })).toHaveTextContent('2026-04-12, 14:05, flight UA 123');
    expect(screen.getByText(/the know-before-you-go mails \(14 and 2 days before the start\) wait for it and go as soon as it is saved/)).toBeInTheDocument();
  });

  it('offers the signed waiver of each traveller who signed it, fetched with the admin credential', async () => {
    const user = userEvent.setup({ delay: null });
    window.sessionStorage.setItem('adminCredential', 'YWRtaW46cHc=');
    const fetchMock = jest.fn().mockResolvedValue({ status: 401, ok: false });
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      renderPanel([load(view)]);
      const roster = await screen.findByRole('region', { name: 'Roster (2)' });
      expect(within(roster).getByRole('row', { name: /Ben Lee/ })).toHaveTextContent('Not signed');
      expect(within(roster).queryByRole('button', { name: /the waiver of Ben Lee/ })).not.toBeInTheDocument();
      await user.click(within(roster).getByRole('button', { name: 'Signed PDF: the waiver of Ann Lee' }));
      expect(fetchMock).toHaveBeenCalledWith('/api/admin/travellers/t-Ann%20Lee/waiver.pdf', { headers: { authorization: 'Basic YWRtaW46cHc=' } });
      expect(await screen.findByRole('alert')).toHaveTextContent('Your admin session has ended: sign in again to download the signed waiver.');
    } finally {
      global.fetch = realFetch;
      window.sessionStorage.removeItem('adminCredential');
    }
  });

  it('says when the departure cannot be loaded, with a way to try again', async () => {
    renderPanel([load(null, true)]);
    expect(await screen.findByText('The departure could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('previews a message to the group with its recipients, then sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const input = { workshopId, subject: 'Snow', body: 'Chains required.', includeWaitlist: false };
    renderPanel([
      load(view),
      {
        request: { query: PREVIEW_GROUP_MESSAGE_QUERY, variables: { input } },
        result: {
          data: {
            previewGroupMessage: {
              __typename: 'GroupMessagePreview',
              subject: 'Snow',
              text: 'Chains required.',
              recipients: [
                { __typename: 'DepartureMessageRecipientPreview', name: 'Ann Lee', email: 'ann@example.com', audience: 'traveller' },
                { __typename: 'DepartureMessageRecipientPreview', name: 'Ben Lee', email: 'ben@example.com', audience: 'traveller' },
              ],
            },
          },
        },
      },
      {
        request: { query: SEND_GROUP_MESSAGE_MUTATION, variables: { input } },
        result: {
          data: {
            sendGroupMessage: {
              __typename: 'SendGroupMessagePayload',
              sent: {
                __typename: 'DepartureMessageWithRecipients',
                message: { __typename: 'DepartureMessage', id: 'm-1', subject: 'Snow' },
                recipients: [
                  { __typename: 'DepartureMessageRecipientState', email: 'ann@example.com', delivery: 'pending' },
                  { __typename: 'DepartureMessageRecipientState', email: 'ben@example.com', delivery: 'pending' },
                ],
              },
            },
          },
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Departure: Zion Canyon Light' });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Snow');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Chains required.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the message' });
    expect(preview).toHaveTextContent('To 2 recipients: Ann Lee <ann@example.com>, Ben Lee <ben@example.com>');
    await user.click(within(preview).getByRole('button', { name: 'Send to 2 recipients' }));
    expect(await screen.findByText('Your message was sent to 2 recipients.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview of the message' })).not.toBeInTheDocument();
  });
});
