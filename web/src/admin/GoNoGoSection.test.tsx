import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { anAdminDashboard, anAdminWorkshop } from '../test/builders';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { ADMIN_WORKSHOPS_PAGE, ADMIN_WORKSHOPS_QUERY } from './workshops.documents';
import { ADMIN_DEPARTURE_READINESS_QUERY, ADMIN_GO_NO_GO_QUERY, CANCEL_WORKSHOP_MUTATION, daysText } from './GoNoGoSection';
import { storeAdminCredential } from './credential';
import './AdminLoginPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const row = (id: string, name: string, state: string, label: string, extra: object = {}) => ({
  __typename: 'WorkshopGoNoGo',
  workshop: { __typename: 'Workshop', id, name, dates: 'Apr 13-18, 2027' },
  state,
  label,
  decisionDate: '2027-02-12',
  daysToDecision: 10,
  paid: 3,
  held: 2,
  minimum: 6,
  missing: 3,
  ...extra,
});
const AT_RISK = row('zion-2027', 'Zion Canyon Light 2027', 'decide_now', 'Decide now');
const ON_TRACK = row('everglades-2027', 'Everglades 2027', 'on_track', 'On track', { paid: 7, missing: 0, daysToDecision: 40 });
const RUNNING = row('yellowstone', 'Yellowstone Winter', 'running', 'Running', { daysToDecision: -70 });

const dashboard = (): MockLink.MockedResponse => ({ request: { query: ADMIN_DASHBOARD_QUERY }, result: { data: anAdminDashboard() }, maxUsageCount: 5 });
const workshops = (): MockLink.MockedResponse => ({
  request: { query: ADMIN_WORKSHOPS_QUERY, variables: { limit: ADMIN_WORKSHOPS_PAGE } },
  result: { data: { adminWorkshops: { __typename: 'AdminWorkshopPage', workshops: [anAdminWorkshop()], nextCursor: null } } },
  maxUsageCount: 5,
});
const goNoGo = (rows: object[]): MockLink.MockedResponse => ({ request: { query: ADMIN_GO_NO_GO_QUERY }, result: { data: { adminGoNoGo: rows } } });

async function open(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup({ delay: null });
  renderRoute('/admin/dashboard', [dashboard(), workshops(), ...mocks]);
  await screen.findByText('Total Workshops');
  await user.click(screen.getByRole('tab', { name: 'Workshops' }));
  await screen.findByRole('table', { name: /Go or no-go per workshop/ });
  return user;
}

describe('/admin/dashboard: Go / no-go', () => {
  beforeEach(() => {
    sessionStorage.clear();
    storeAdminCredential('correct-horse-battery');
  });

  it('says "in 3 days", "today", "2 days ago"', () => {
    expect([daysText(3), daysText(1), daysText(0), daysText(-2)]).toEqual(['in 3 days', 'in 1 day', 'today', '2 days ago']);
  });

  it('shows paid, held, minimum, the decision date and the state in words (not colour alone); only workshops still to come can be cancelled', async () => {
    const readiness: MockLink.MockedResponse = {
      request: { query: ADMIN_DEPARTURE_READINESS_QUERY, variables: { workshopIds: ['zion-2027', 'everglades-2027', 'yellowstone'] } },
      result: { data: { adminDepartureReadiness: [{ __typename: 'DepartureReadiness', workshopId: 'zion-2027', travellerCount: 5, readyCount: 2 }] } },
      maxUsageCount: 5,
    };
    await open([goNoGo([AT_RISK, ON_TRACK, RUNNING]), readiness]);
    // Readiness beside go/no-go (issue 25): travellers with every pre-trip task done, of all; a dash until known.
    await waitFor(() => expect(within(screen.getByRole('table', { name: /Go or no-go per workshop/ })).getAllByRole('row')[1]).toHaveTextContent('2 of 5 ready'));
    expect(screen.getByRole('heading', { name: 'Go / no-go' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Go or no-go per workshop/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Zion Canyon Light 2027');
    expect(rows[0]).toHaveTextContent('February 12, 2027');
    expect(rows[0]).toHaveTextContent('in 10 days');
    expect(within(rows[0]).getByText('Decide now')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('3 more paid needed');
    expect(within(rows[1]).getByText('On track')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Running')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Cancel Zion Canyon Light 2027, Apr 13-18, 2027' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the runs to decide on first, each named with its dates, and folds the past ones away', async () => {
    const FINISHED = row('zion-2026', 'Zion Canyon Light & Slot Canyons', 'finished', 'Finished', { daysToDecision: -300 });
    const ZION_2027 = row('zion-2027b', 'Zion Canyon Light & Slot Canyons', 'at_risk', 'At risk', { daysToDecision: 60 });
    const FINISHED_DATES = { ...FINISHED, workshop: { ...FINISHED.workshop, dates: 'Apr 13-18, 2026' } };
    const user = await open([goNoGo([RUNNING, FINISHED_DATES, ON_TRACK, ZION_2027, AT_RISK])]);
    const table = screen.getByRole('table', { name: /the ones to decide first/ });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'Zion Canyon Light 2027, Apr 13-18, 2027',
      'Zion Canyon Light & Slot Canyons, Apr 13-18, 2027',
      'Everglades 2027, Apr 13-18, 2027',
      'Yellowstone Winter, Apr 13-18, 2027',
    ]);
    const past = screen.getByText('Past and cancelled runs (1)');
    expect(screen.getByRole('table', { name: /Past and cancelled runs/, hidden: true }).closest('details')).not.toHaveAttribute('open');
    await user.click(past);
    expect(within(screen.getByRole('table', { name: /Past and cancelled runs/ })).getByRole('rowheader')).toHaveTextContent('Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
  });

  it('cancels a workshop only once its name is typed; the server refusal is shown; success says what happened', async () => {
    const input = { workshopId: AT_RISK.workshop.id, confirmName: 'Zion Canyon Light 2027' };
    const refused = { request: { query: CANCEL_WORKSHOP_MUTATION, variables: { input } }, result: { errors: [new GraphQLError('Zion Canyon Light 2027 has already started: it can no longer be cancelled here', { extensions: { code: 'WORKSHOP_STARTED' } })] } };
    const done = {
      request: { query: CANCEL_WORKSHOP_MUTATION, variables: { input } },
      result: { data: { cancelWorkshop: { __typename: 'WorkshopCancellationPayload', workshop: { __typename: 'Workshop', id: AT_RISK.workshop.id, cancelled: true }, bookingsCancelled: 3, onlineRefund: 8685, offlineRefund: 500, waitlistClosed: 0 } } },
    };
    const user = await open([goNoGo([AT_RISK]), refused, done, goNoGo([{ ...AT_RISK, state: 'cancelled', label: 'Cancelled' }])]);
    await user.click(screen.getByRole('button', { name: 'Cancel Zion Canyon Light 2027, Apr 13-18, 2027' }));
    const form = screen.getByRole('form', { name: 'Cancel Zion Canyon Light 2027?' });
    const name = within(form).getByLabelText("Type the workshop's name to confirm");
    expect(name).toHaveFocus();
    // A wrong name: refused here, nothing sent.
    await user.type(name, 'Zion');
    await user.click(within(form).getByRole('button', { name: 'Cancel this workshop' }));
    expect(within(form).getByRole('alert')).toHaveTextContent("Type the workshop's name exactly: Zion Canyon Light 2027");
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'Zion Canyon Light 2027');
    await user.click(within(form).getByRole('button', { name: 'Cancel this workshop' }));
    expect(await within(form).findByText(/has already started/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel this workshop' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Zion Canyon Light 2027 is cancelled: 3 bookings cancelled. $8,685 paid online goes back to cards in 14 days'));
    // Now past: folded away below the runs to decide on.
    expect(await screen.findByText('Past and cancelled runs (1)')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Cancel Zion/ })).not.toBeInTheDocument();
  });
});
