import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { anActivityPage, anAdminDashboard, anAuditEvent } from '../test/builders';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { ADMIN_ACTIVITY_QUERY, activityCsvUrl, changesOf } from './ActivityTab';
import { readAdminCredential, storeAdminCredential } from './credential';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const NO_FILTERS = { text: null, action: null, from: null, to: null, limit: 50 };
const dashboard: MockLink.MockedResponse = { request: { query: ADMIN_DASHBOARD_QUERY }, result: { data: anAdminDashboard() } };
const activity = (variables: Record<string, unknown>, data: ReturnType<typeof anActivityPage>, delay?: number): MockLink.MockedResponse => ({
  request: { query: ADMIN_ACTIVITY_QUERY, variables },
  result: { data },
  delay,
});

const CANCELLED = anAuditEvent({ id: '3', at: '2026-03-02T15:04:00.000Z', action: 'booking.cancelled', bookingId: 'b-1' });
const PHOTO = anAuditEvent({
  id: '2',
  at: '2026-03-02T15:03:00.000Z',
  action: 'workshop.photo_changed',
  bookingId: null,
  workshopId: 'zion-canyon-light',
  before: '{"imageUrl":"/a.svg"}',
  after: '{"imageUrl":"/b.svg"}',
});
const LOGIN_FAILED = anAuditEvent({ id: '1', at: '2026-03-02T15:01:00.000Z', action: 'admin.login_failed', bookingId: null, workshopId: null, before: null, after: null, detail: 'Wrong password from 10.0.0.9' });

async function openActivity(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup({ delay: null });
  const utils = renderRoute('/admin/dashboard', [dashboard, ...mocks]);
  await screen.findByText('Total Workshops');
  await user.click(screen.getByRole('tab', { name: 'Activity' }));
  return { user, ...utils };
}

const rows = () =>
  within(screen.getByRole('table', { name: /^Activity/ }))
    .getAllByRole('row')
    .slice(1);

describe('Activity tab', () => {
  beforeEach(() => {
    sessionStorage.clear();
    storeAdminCredential('correct-horse-battery');
  });

  it('loads, then lists entries newest first: when, who, what, which booking or workshop, what changed', async () => {
    await openActivity([activity(NO_FILTERS, anActivityPage([CANCELLED, PHOTO, LOGIN_FAILED]), 500)]);
    expect(await screen.findByText('Loading activity...')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Activity, newest first' });
    expect(rows().map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual([
      'Booking cancelled',
      'Workshop photo changed',
      'Admin sign-in failedWrong password from 10.0.0.9',
    ]);
    expect(within(rows()[0]).getByText('Booking b-1')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('Booking status Confirmed → Cancelled')).toBeInTheDocument();
    expect(within(rows()[1]).getByText('Photo /a.svg → /b.svg')).toBeInTheDocument();
    expect(within(rows()[0]).getAllByRole('cell')[1]).toHaveTextContent('Admin');
    expect(screen.getByText('Showing 3 entries')).toBeInTheDocument();
  });

  it('searches by text, action and dates (the To day included) and says when nothing matches', async () => {
    const from = new Date(2026, 2, 1).toISOString();
    const toExclusive = new Date(2026, 2, 3).toISOString();
    const { user } = await openActivity([
      activity(NO_FILTERS, anActivityPage([CANCELLED, PHOTO])),
      activity({ text: 'ada@example.com', action: 'booking.cancelled', from, to: toExclusive, limit: 50 }, anActivityPage([CANCELLED])),
      activity({ ...NO_FILTERS, text: 'nobody' }, anActivityPage([])),
    ]);
    await screen.findByRole('table', { name: /^Activity/ });
    await user.type(screen.getByLabelText('Search activity'), 'ada@example.com');
    await user.selectOptions(screen.getByLabelText('Action'), 'Booking cancelled');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To (inclusive)'), '2026-03-02');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.type(screen.getByLabelText('Search activity'), 'nobody{Enter}');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
  });

  it('pages: "Load older entries" appends the next page', async () => {
    const { user } = await openActivity([
      activity(NO_FILTERS, anActivityPage([CANCELLED, PHOTO], { hasMore: true, nextCursor: 'c-2' })),
      activity({ ...NO_FILTERS, cursor: 'c-2' }, anActivityPage([LOGIN_FAILED])),
    ]);
    await screen.findByRole('table', { name: /^Activity/ });
    expect(screen.getByText('Showing 2 entries (older entries exist)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
  });

  it('shows an empty state when nothing was recorded yet', async () => {
    await openActivity([activity(NO_FILTERS, anActivityPage([]))]);
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('downloads the CSV of the same filters with the admin credential', async () => {
    const fetchMock = jest.fn(async () => new Response('\ufeffat,actor_type\r\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="activity-2026-03-02.csv"' } }));
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:activity');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('activity-2026-03-02.csv');
    });
    try {
      const { user } = await openActivity([
        activity(NO_FILTERS, anActivityPage([CANCELLED])),
        activity({ ...NO_FILTERS, action: 'refund.issued' }, anActivityPage([])),
      ]);
      await screen.findByRole('table', { name: /^Activity/ });
      await user.selectOptions(screen.getByLabelText('Action'), 'refund.issued');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await screen.findByText('No activity matches these filters.');
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(fetchMock).toHaveBeenCalledWith('/api/admin/activity.csv?action=refund.issued', { headers: { authorization: `Basic ${readAdminCredential()}` } });
    } finally {
      global.fetch = realFetch;
    }
  });

  it('a refused download (401) ends the session', async () => {
    const realFetch = global.fetch;
    global.fetch = jest.fn(async () => new Response('{}', { status: 401 })) as unknown as typeof fetch;
    try {
      const { user, router } = await openActivity([activity(NO_FILTERS, anActivityPage([CANCELLED]))]);
      await screen.findByRole('table', { name: /^Activity/ });
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      expect(readAdminCredential()).toBeNull();
    } finally {
      global.fetch = realFetch;
    }
  });
});

describe('activity helpers', () => {
  it('changesOf lists changed fields, or the recorded ones when there is only a before or an after', () => {
    expect(changesOf({ before: '{"a":1,"b":2}', after: '{"a":1,"b":3}' })).toEqual(['b: 2 → 3']);
    expect(changesOf({ before: '{"message":"hi"}', after: null })).toEqual(['Message “hi”']);
    expect(changesOf({ before: null, after: null })).toEqual([]);
  });

  it('activityCsvUrl carries the filters as the REST query string', () => {
    expect(activityCsvUrl({ text: '', action: '', from: '', to: '' })).toBe('/api/admin/activity.csv');
    expect(activityCsvUrl({ text: ' ada ', action: 'booking.cancelled', from: '', to: '' })).toBe('/api/admin/activity.csv?text=ada&action=booking.cancelled');
  });
});
