import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { anAdminDashboard, anAdminWorkshop } from '../test/builders';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { ADMIN_WORKSHOPS_PAGE, ADMIN_WORKSHOPS_QUERY, ARCHIVE_WORKSHOP_MUTATION, CREATE_WORKSHOP_MUTATION, SCHEDULE_WORKSHOP_AGAIN_MUTATION, UPDATE_WORKSHOP_MUTATION } from './workshops.documents';
import { ADMIN_PROPOSED_RUN_QUERY, nextRun } from './ScheduleAgainForm';
import { storeAdminCredential } from './credential';
import { ADMIN_GO_NO_GO_QUERY } from './GoNoGoSection';
import { ADMIN_WORKSHOP_WAIVER_QUERY, SAVE_WORKSHOP_WAIVER_MUTATION } from './WaiverForm';
import './AdminLoginPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const ZION = anAdminWorkshop({ hasStarted: true, spotsClaimed: 4 });
const EVERGLADES = anAdminWorkshop({
  id: 'everglades-wading-birds',
  name: 'Everglades Wading Birds',
  dates: 'Dec 7-11, 2026',
  startDate: '2026-12-07',
  endDate: '2026-12-11',
  timeZone: 'America/New_York',
});
const dashboard = (): MockLink.MockedResponse => ({ request: { query: ADMIN_DASHBOARD_QUERY }, result: { data: anAdminDashboard() } });
const workshops = (list = [ZION, EVERGLADES]): MockLink.MockedResponse => ({
  request: { query: ADMIN_WORKSHOPS_QUERY, variables: { limit: ADMIN_WORKSHOPS_PAGE } },
  result: { data: { adminWorkshops: { __typename: 'AdminWorkshopPage', workshops: list, nextCursor: null } } },
});
/** The go/no-go section's own query (GoNoGoSection.test.tsx tests it). */
const goNoGo = (): MockLink.MockedResponse => ({ request: { query: ADMIN_GO_NO_GO_QUERY }, result: { data: { adminGoNoGo: [] } }, maxUsageCount: 10 });
/** What a change reloads: the tab's list and the dashboard. */
const reloads = (list = [ZION, EVERGLADES]) => [workshops(list), dashboard()];
const payload = (typename: string, workshop: object) => ({ data: { [typename]: { __typename: 'AdminWorkshopPayload', workshop: { ...workshop, __typename: 'Workshop' } } } });

async function openWorkshopsTab(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup({ delay: null });
  renderRoute('/admin/dashboard', [...mocks, goNoGo()]);
  await screen.findByText('Total Workshops');
  await user.click(screen.getByRole('tab', { name: 'Workshops' }));
  await screen.findByRole('table');
  return user;
}

describe('/admin/dashboard: Workshops', () => {
  beforeEach(() => {
    sessionStorage.clear();
    storeAdminCredential('correct-horse-battery');
  });

  it('lists every workshop with its dates, spots taken and state; only a past one can be archived', async () => {
    await openWorkshopsTab([dashboard(), workshops()]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Zion Canyon Light & Slot Canyons');
    expect(rows[0]).toHaveTextContent('4 of 12');
    expect(within(rows[0]).getByText('Past')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Archive Zion Canyon Light & Slot Canyons' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Upcoming')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
  });

  it('shows the newest page first; "Show older workshops" adds the next page and disappears on the last one', async () => {
    const OLD = anAdminWorkshop({ id: 'zion-canyon-light-2019', name: 'Zion 2019', dates: 'Apr 13-18, 2019', startDate: '2019-04-13', endDate: '2019-04-18', hasStarted: true, hasEnded: true });
    const firstPage: MockLink.MockedResponse = {
      request: { query: ADMIN_WORKSHOPS_QUERY, variables: { limit: ADMIN_WORKSHOPS_PAGE } },
      result: { data: { adminWorkshops: { __typename: 'AdminWorkshopPage', workshops: [EVERGLADES, ZION], nextCursor: '2026-04-13~zion-canyon-light' } } },
    };
    const olderPage: MockLink.MockedResponse = {
      request: { query: ADMIN_WORKSHOPS_QUERY, variables: { limit: ADMIN_WORKSHOPS_PAGE, cursor: '2026-04-13~zion-canyon-light' } },
      result: { data: { adminWorkshops: { __typename: 'AdminWorkshopPage', workshops: [OLD], nextCursor: null } } },
    };
    const user = await openWorkshopsTab([dashboard(), firstPage, olderPage]);
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(2);
    expect(screen.getByText(/The newest 2 workshops\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older workshops' }));
    await waitFor(() => expect(screen.getAllByRole('row').slice(1)).toHaveLength(3));
    expect(screen.getAllByRole('row')[3]).toHaveTextContent('Zion 2019');
    expect(screen.queryByRole('button', { name: 'Show older workshops' })).not.toBeInTheDocument();
    expect(screen.getByText(/^3 workshops\./)).toBeInTheDocument();
  });

  it('creates a workshop from a labelled form; the errors the server names appear next to their fields', async () => {
    const input = {
      id: 'sedona-red-rocks-2027',
      name: 'Sedona Red Rocks',
      description: 'Red rock at dawn.',
      location: 'Sedona',
      state: 'Arizona',
      startDate: '2027-03-08',
      endDate: '2027-03-12',
      timeZone: 'America/Phoenix',
      capacity: 13,
      minimumParticipants: 6,
      price: 2195.5,
      privateRoomSupplement: null,
      difficultyLevel: 'Moderate' as const,
      workshopType: 'landscape' as const,
      imageUrl: '/images/workshops/sedona.jpg',
      highlights: ['Cathedral Rock at sunrise', 'Night sky'],
      itinerary: 'Day 1: Arrive\nDay 2: Shoot',
      decisionDate: null,
    };
    const refused = {
      request: { query: CREATE_WORKSHOP_MUTATION, variables: { input } },
      result: { errors: [new GraphQLError('Invalid input. capacity: capacity must be at most 12', { extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'capacity', message: 'capacity must be at most 12' }] } })] },
    };
    const fixed = { ...input, capacity: 10 };
    const created = anAdminWorkshop({ ...fixed, dates: 'Mar 8-12, 2027', privateRoomSupplement: 500 });
    const accepted = { request: { query: CREATE_WORKSHOP_MUTATION, variables: { input: fixed } }, result: payload('createWorkshop', created) };
    const user = await openWorkshopsTab([dashboard(), workshops(), refused, accepted, ...reloads([ZION, EVERGLADES, created])]);

    await user.click(screen.getByRole('button', { name: 'New workshop' }));
    expect(screen.getByRole('form', { name: 'New workshop' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Id (address)'), input.id);
    await user.type(screen.getByLabelText('Name'), input.name);
    await user.type(screen.getByLabelText('Description'), input.description);
    await user.type(screen.getByLabelText('Location'), input.location);
    await user.type(screen.getByLabelText('State'), input.state);
    await user.type(screen.getByLabelText('Start date'), input.startDate);
    await user.type(screen.getByLabelText('End date'), input.endDate);
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), input.timeZone);
    await user.clear(screen.getByLabelText('Capacity'));
    await user.type(screen.getByLabelText('Capacity'), '13');
    await user.type(screen.getByLabelText('Price per person (US$)'), '2195.5');
    await user.type(screen.getByLabelText('Image address'), input.imageUrl);
    await user.type(screen.getByLabelText('Highlights'), 'Cathedral Rock at sunrise{Enter}Night sky');
    await user.type(screen.getByLabelText('Itinerary'), 'Day 1: Arrive{Enter}Day 2: Shoot');
    await user.click(screen.getByRole('button', { name: 'Create workshop' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the field marked below.');
    const capacity = screen.getByLabelText('Capacity');
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(capacity).toHaveAccessibleDescription('1 to 12 participants. capacity must be at most 12');

    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(screen.getByRole('button', { name: 'Create workshop' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sedona Red Rocks was added.');
    expect(await screen.findByRole('rowheader', { name: /Sedona Red Rocks/ })).toBeInTheDocument();
  });

  it('edits a workshop: the form starts with its values and sends them whole', async () => {
    const input = {
      id: EVERGLADES.id,
      name: EVERGLADES.name,
      description: EVERGLADES.description,
      location: EVERGLADES.location,
      state: EVERGLADES.state,
      startDate: EVERGLADES.startDate,
      endDate: EVERGLADES.endDate,
      timeZone: EVERGLADES.timeZone,
      capacity: 8,
      minimumParticipants: 6,
      price: 2895,
      privateRoomSupplement: 500,
      difficultyLevel: EVERGLADES.difficultyLevel,
      workshopType: EVERGLADES.workshopType,
      imageUrl: EVERGLADES.imageUrl,
      highlights: EVERGLADES.highlights,
      itinerary: EVERGLADES.itinerary,
      decisionDate: null,
    };
    const saved = { request: { query: UPDATE_WORKSHOP_MUTATION, variables: { input } }, result: payload('updateWorkshop', { ...EVERGLADES, capacity: 8 }) };
    const user = await openWorkshopsTab([dashboard(), workshops(), saved, ...reloads()]);
    await user.click(screen.getByRole('button', { name: 'Edit Everglades Wading Birds' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Everglades Wading Birds');
    expect(screen.queryByLabelText('Id (address)')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Capacity'));
    await user.type(screen.getByLabelText('Capacity'), '8');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Everglades Wading Birds was saved.');
  });

  it('"Schedule again" proposes the run a year later under the free id the server finds, and creates it with one more click (keyboard only)', async () => {
    expect(nextRun(ZION)).toEqual({ id: 'zion-canyon-light-2027', startDate: '2027-04-13', endDate: '2027-04-18' });
    expect(nextRun({ id: 'zion-canyon-light-2027', startDate: '2027-04-12', endDate: '2027-04-17' }).id).toBe('zion-canyon-light-2028');
    // zion-canyon-light-2027 exists already: the server proposes the next free id.
    const proposed = {
      request: { query: ADMIN_PROPOSED_RUN_QUERY, variables: { sourceId: ZION.id } },
      result: { data: { adminProposedRun: { __typename: 'ProposedRun', id: 'zion-canyon-light-2027-2', startDate: '2027-04-13', endDate: '2027-04-18' } } },
    };
    const scheduled = {
      request: { query: SCHEDULE_WORKSHOP_AGAIN_MUTATION, variables: { input: { sourceId: ZION.id, id: 'zion-canyon-light-2027-2', startDate: '2027-04-13', endDate: '2027-04-18' } } },
      result: payload('scheduleWorkshopAgain', anAdminWorkshop({ id: 'zion-canyon-light-2027-2', dates: 'Apr 13-18, 2027', startDate: '2027-04-13', endDate: '2027-04-18' })),
    };
    const user = await openWorkshopsTab([dashboard(), workshops(), proposed, scheduled, ...reloads()]);
    screen.getByRole('button', { name: 'Schedule Zion Canyon Light & Slot Canyons again' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('Id of the new run')).toHaveValue('zion-canyon-light-2027-2');
    expect(screen.getByLabelText('Start date')).toHaveValue('2027-04-13');
    // The create button has the focus: Enter is the second "click".
    expect(screen.getByRole('button', { name: 'Create the new run' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Zion Canyon Light & Slot Canyons is scheduled again: Apr 13-18, 2027 (zion-canyon-light-2027-2).');
  });

  it('shows a loading state, then a failure with a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute('/admin/dashboard', [dashboard(), { request: { query: ADMIN_WORKSHOPS_QUERY, variables: { limit: ADMIN_WORKSHOPS_PAGE } }, error: new Error('network down'), delay: 100 }, ...reloads(), goNoGo()]);
    await screen.findByText('Total Workshops');
    await user.click(screen.getByRole('tab', { name: 'Workshops' }));
    expect(screen.getByText('Loading workshops...')).toBeInTheDocument();
    expect(await screen.findByText('The workshops could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('archives a past workshop', async () => {
    const archived = { request: { query: ARCHIVE_WORKSHOP_MUTATION, variables: { input: { workshopId: ZION.id, archived: true } } }, result: payload('archiveWorkshop', { ...ZION, archived: true }) };
    const user = await openWorkshopsTab([dashboard(), workshops(), archived, ...reloads()]);
    await user.click(screen.getByRole('button', { name: 'Archive Zion Canyon Light & Slot Canyons' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Zion Canyon Light & Slot Canyons was archived: it no longer shows in the lists.'));
  });

  it('issue 25: "Waiver" edits a workshop’s release; saving adds a version and says who is asked again', async () => {
    const version = (n: number, text: string) => ({ __typename: 'WaiverVersionView', version: n, text, contentHash: String(n).repeat(64), createdAt: n ? '2026-01-10T10:00:00.000Z' : null });
    const waiver = (current: ReturnType<typeof version>, versions: Array<ReturnType<typeof version>>) => ({ __typename: 'WorkshopWaiver', workshopId: EVERGLADES.id, current, versions });
    const loaded: MockLink.MockedResponse = {
      request: { query: ADMIN_WORKSHOP_WAIVER_QUERY, variables: { workshopId: EVERGLADES.id } },
      result: { data: { adminWorkshopWaiver: waiver(version(0, 'Default release.'), []) } },
    };
    const saved: MockLink.MockedResponse = {
      request: { query: SAVE_WORKSHOP_WAIVER_MUTATION, variables: { input: { workshopId: EVERGLADES.id, text: 'Default release. Alligators.' } } },
      result: { data: { saveWorkshopWaiver: waiver(version(1, 'Default release. Alligators.'), [version(1, 'Default release. Alligators.')]) } },
    };
    const user = await openWorkshopsTab([dashboard(), workshops(), loaded, saved, ...reloads()]);
    await user.click(screen.getByRole('button', { name: 'Waiver of Everglades Wading Birds' }));
    const text = await screen.findByLabelText('Waiver text');
    expect(text).toHaveValue('Default release.');
    expect(screen.getByText(/The default text \(no version saved yet\)/)).toBeInTheDocument();
    await user.type(text, ' Alligators.');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('The waiver of Everglades Wading Birds is now version 1: travellers who signed an older one are asked again.')).toBeInTheDocument();
  });
});
