import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { aBooking, aListPage, anActivityPage, anAdminBookingPage, anAdminDashboard, anAdminMessagePage, anAuditEvent, aMessage } from '../test/builders';
import { ADMIN_ACTIVITY_QUERY } from './ActivityTab';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { ADMIN_MESSAGES_QUERY, DELETE_MESSAGE_MUTATION, messagesVariables } from './MessagesTab';
import { ADMIN_BOOKINGS_QUERY, bookingsVariables, DEFAULT_SORT, NO_BOOKING_FILTERS, type BookingFilters, type Sort } from './BookingsTab';
import { UPDATE_WORKSHOP_PHOTO_MUTATION } from './PhotosTab';
import { ADMIN_WAITLIST_QUERY, REMOVE_WAITLIST_ENTRY_MUTATION, WAITLIST_PAGE_SIZE } from './WaitlistsTab';
import { CANCEL_BOOKING_MUTATION, RECORD_PAYMENT_MUTATION } from './BookingActions';
import { readAdminCredential, storeAdminCredential } from './credential';
// The route modules load lazily; having them loaded keeps the first test of the file as fast as the others.
import './AdminLoginPage';

// The first render of a file loads the lazy route modules; on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const dashboard = (data = anAdminDashboard()): MockLink.MockedResponse => ({ request: { query: ADMIN_DASHBOARD_QUERY }, result: { data } });
const history = (bookingId: string, entries: ReturnType<typeof anAuditEvent>[]): MockLink.MockedResponse => ({
  request: { query: ADMIN_ACTIVITY_QUERY, variables: { bookingId, limit: 200 } },
  result: { data: anActivityPage(entries) },
});
const unauthenticated = { errors: [new GraphQLError('Invalid admin credential', { extensions: { code: 'UNAUTHENTICATED' } })] };

const BOOKINGS = [
  aBooking({ id: 'b-3', customerName: 'Newest Person', workshopId: 'alaska-bears-glaciers', workshopName: 'Alaska Brown Bears & Glaciers', paymentStatus: 'paid', amountPaid: 7737.5, createdAt: '2026-02-03T10:00:00.000Z' }),
  aBooking({ id: 'b-2', customerName: 'Middle Person', customerEmail: 'middle@example.com', paymentStatus: 'pending', status: 'held', amountPaid: 0, createdAt: '2026-02-02T10:00:00.000Z' }),
  aBooking({ id: 'b-1', customerName: 'Oldest Person', createdAt: '2026-02-01T10:00:00.000Z' }),
];
const FROM_ALASKA = { workshopId: 'alaska-bears-glaciers', workshopName: 'Alaska Brown Bears & Glaciers', authorEmail: 'grace@example.com', createdAt: '2026-01-12T09:30:00.000Z' };
const MESSAGES = [aMessage({ id: 'm-2', authorName: 'Newer Author', message: 'Second', ...FROM_ALASKA }), aMessage({ id: 'm-1', authorName: 'Older Author', message: 'First', ...FROM_ALASKA })];

/** A page of the Bookings tab for these filters, however often it is read (each tab reads its own list when it opens). */
const bookingsPage = (bookings: ReturnType<typeof aBooking>[], filters: Partial<BookingFilters> = {}, extra: Record<string, unknown> = {}, sort: Sort = DEFAULT_SORT): MockLink.MockedResponse => ({
  request: { query: ADMIN_BOOKINGS_QUERY, variables: bookingsVariables({ ...NO_BOOKING_FILTERS, ...filters }, extra, sort) },
  result: { data: { adminBookingPage: anAdminBookingPage(bookings) } },
  maxUsageCount: 10,
});
/** The Messages tab's first page. */
const messagesPage = (messages: ReturnType<typeof aMessage>[]): MockLink.MockedResponse => ({
  request: { query: ADMIN_MESSAGES_QUERY, variables: messagesVariables('all', 'all') },
  result: { data: { adminMessagePage: anAdminMessagePage(messages) } },
  maxUsageCount: 10,
});

/** The Activity tab's first page, however often it is opened. */
const activity = (): MockLink.MockedResponse => ({
  request: { query: ADMIN_ACTIVITY_QUERY, variables: { text: null, action: null, from: null, to: null, limit: 50 } },
  result: { data: anActivityPage([anAuditEvent()]) },
  maxUsageCount: 10,
});

async function openDashboard(mocks: MockLink.MockedResponse[] = [dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES }))]) {
  const user = userEvent.setup({ delay: null });
  // The tests' own answers first; the lists of BOOKINGS and MESSAGES otherwise.
  const utils = renderRoute('/admin/dashboard', [...mocks, bookingsPage(BOOKINGS), messagesPage(MESSAGES), activity()]);
  await screen.findByText('Total Workshops');
  return { user, ...utils };
}

/** Open a list tab and wait for its first page. */
async function openBookings(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = 'Bookings (3)') {
  await user.click(screen.getByRole('tab', { name }));
  await screen.findByRole('table', { name: /^Bookings/ });
}

describe('/admin/dashboard', () => {
  beforeEach(() => {
    sessionStorage.clear();
    storeAdminCredential('correct-horse-battery');
  });

  describe('session', () => {
    it('redirects to /admin when no credential is stored', async () => {
      sessionStorage.clear();
      const { router } = renderRoute('/admin/dashboard');
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
    });

    it('a 401 clears the stored credential and returns to /admin', async () => {
      const { router } = renderRoute('/admin/dashboard', [{ request: { query: ADMIN_DASHBOARD_QUERY }, result: unauthenticated }]);
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      expect(readAdminCredential()).toBeNull();
    });

    it('Logout clears the credential and returns to /admin', async () => {
      const { user, router } = await openDashboard();
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      expect(readAdminCredential()).toBeNull();
    });

    it('shows a loading state, then a quiet failure with a retry for other errors', async () => {
      const user = userEvent.setup({ delay: null });
      // The failure takes a moment, as over a network: the loading state is there to be seen on a busy machine too.
      renderRoute('/admin/dashboard', [{ request: { query: ADMIN_DASHBOARD_QUERY }, error: new Error('network down'), delay: 100 }, dashboard()]);
      expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
      expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
      expect(readAdminCredential()).not.toBeNull();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Total Workshops')).toBeInTheDocument();
    });
  });

  describe('tabs', () => {
    it('are Statistics, Bookings (count), Messages (count), Workshops, Manage Photos, Waiting lists, Promo codes, Reviews, Gift cards, Activity, Personal data and Security, as accessible tabs', async () => {
      const { user } = await openDashboard();
      const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((t) => t.textContent)).toEqual(['Statistics', 'Bookings (3)', 'Messages (2)', 'Workshops', 'Manage Photos', 'Waiting lists', 'Promo codes', 'Reviews', 'Gift cards', 'Activity', 'Personal data', 'Security']);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tabs[0].id);

      await user.click(tabs[2]);
      expect(screen.getByRole('tab', { name: 'Messages (2)' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'false');

      // Keyboard: arrows move and select, wrapping; Home/End jump.
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Workshops' })).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Manage Photos' })).toHaveFocus();
      expect(screen.getByRole('tab', { name: 'Manage Photos' })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{End}');
      expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{Home}');
      expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveFocus();
    });
  });

  describe('Statistics', () => {
    it('shows the four totals, revenue in dollars, and spots sold of 12 against the minimum of 6 per workshop', async () => {
      await openDashboard();
      const panel = screen.getByRole('tabpanel');
      const total = (label: string) => within(panel).getByText(label).nextElementSibling;
      expect(total('Total Workshops')).toHaveTextContent('11');
      expect(total('Total Bookings')).toHaveTextContent('3');
      expect(total('Total Revenue')).toHaveTextContent('$12,345.50');
      expect(total('Total Messages')).toHaveTextContent('2');

      const zion = screen.getByTestId('sales-zion-canyon-light');
      expect(zion).toHaveTextContent('7 of 12 sold, 2 held');
      expect(zion).toHaveTextContent('Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
      expect(within(zion).getByText('Minimum reached')).toBeInTheDocument();
      expect(within(zion).getByRole('img')).toHaveAccessibleName('Zion Canyon Light & Slot Canyons, Apr 13-18, 2026: 7 of 12 sold, 2 held; minimum reached');
      const alaska = screen.getByTestId('sales-alaska-bears-glaciers');
      expect(alaska).toHaveTextContent('2 of 12 sold');
      expect(within(alaska).getByText('4 more to run')).toBeInTheDocument();
    });
  });

  describe('Bookings', () => {
    const table = () => screen.getByRole('table', { name: /^Bookings/ });
    const names = () => within(table()).queryAllByRole('rowheader').map((h) => within(h).getByRole('button').textContent);

    it('lists every booking as a compact table, newest first: name, workshop, spots, status, paid/total, created', async () => {
      const { user } = await openDashboard();
      await openBookings(user);
      expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
        'Name',
        'Workshop',
        'Spots',
        'Status',
        'Paid / total',
        'Created',
      ]);
      expect(names()).toEqual(['Newest Person', 'Middle Person', 'Oldest Person']);
      const oldest = within(table()).getAllByRole('row')[3];
      expect(within(oldest).getAllByRole('cell').map((c) => c.textContent)).toEqual([
        'Zion Canyon Light & Slot Canyons, Apr 13-18, 2026',
        '2',
        'Deposit paid',
        '$2,321.25 / $7,737.50',
        expect.stringContaining('Feb 1, 2026'),
      ]);
      const rows = within(table()).getAllByRole('row');
      expect(within(rows[1]).getByText('Paid')).toHaveClass('badge--success');
      expect(within(rows[2]).getByText('Pending')).toHaveClass('badge--grey');
      expect(within(rows[2]).getByText('Held')).toBeInTheDocument();
      expect(within(rows[3]).getByText('Deposit paid')).toHaveClass('badge--amber');
      // Created is the sorted column, newest first.
      expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    });

    it('sorts by a column header (keyboard too) on the server, announcing it with aria-sort', async () => {
      // The server sorts (docs/decisions/079): each order is its own query.
      const [newest, middle, oldest] = BOOKINGS;
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        bookingsPage([middle, newest, oldest], {}, {}, { key: 'name', direction: 'ascending' }),
        bookingsPage([oldest, newest, middle], {}, {}, { key: 'name', direction: 'descending' }),
        bookingsPage([newest, middle, oldest], {}, {}, { key: 'workshop', direction: 'ascending' }),
        bookingsPage([newest, oldest, middle], {}, {}, { key: 'paid', direction: 'descending' }),
      ]);
      await openBookings(user);
      await user.click(screen.getByRole('button', { name: /^Name/ }));
      await waitFor(() => expect(names()).toEqual(['Middle Person', 'Newest Person', 'Oldest Person']));
      expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
      expect(screen.getByRole('columnheader', { name: /Created/ })).not.toHaveAttribute('aria-sort');
      await user.keyboard('{Enter}'); // the focused header button again: descending
      await waitFor(() => expect(names()).toEqual(['Oldest Person', 'Newest Person', 'Middle Person']));
      expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');

      await user.click(screen.getByRole('button', { name: /^Workshop/ }));
      await waitFor(() => expect(names()).toEqual(['Newest Person', 'Middle Person', 'Oldest Person']));
      await user.click(screen.getByRole('button', { name: /^Paid/ }));
      await waitFor(() => expect(names()).toEqual(['Newest Person', 'Oldest Person', 'Middle Person']));
      expect(screen.getByRole('table', { name: /sorted by paid \/ total, descending/ })).toBeInTheDocument();
    });

    it('filters by run (named with its dates), booking status and the dates booked, each choice with its count', async () => {
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        bookingsPage([BOOKINGS[1]], { status: 'held' }),
        bookingsPage([BOOKINGS[1]], { status: 'held', from: '2026-02-02' }),
        bookingsPage([BOOKINGS[1]], { status: 'held', from: '2026-02-02', to: '2026-02-02' }),
      ]);
      await openBookings(user);
      const runs = within(screen.getByLabelText('Workshop')).getAllByRole('option').map((o) => o.textContent);
      expect(runs).toEqual(['All workshops', 'Zion Canyon Light & Slot Canyons, Apr 13-18, 2026 (2)', 'Alaska Brown Bears & Glaciers, Jul 20-26, 2026 (1)']);
      expect(within(screen.getByLabelText('Booking status')).getByRole('option', { name: 'Confirmed (2)' })).toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Booking status'), 'held');
      await waitFor(() => expect(names()).toEqual(['Middle Person']));
      fireEvent.change(screen.getByLabelText('Booked from'), { target: { value: '2026-02-02' } });
      fireEvent.change(screen.getByLabelText('Booked to (inclusive)'), { target: { value: '2026-02-02' } });
      await waitFor(() => expect(screen.getByText(/1 matches these filters/)).toBeInTheDocument());
      expect(names()).toEqual(['Middle Person']);
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(names()).toHaveLength(3));
    });

    it('searches and filters by workshop and payment status', async () => {
      // The server answers each filter (docs/decisions/075).
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        bookingsPage([BOOKINGS[1]], { text: 'middle@example' }),
        bookingsPage([BOOKINGS[0]], { workshopId: 'alaska-bears-glaciers' }),
        bookingsPage([BOOKINGS[2]], { paymentStatus: 'deposit_paid' }),
        bookingsPage([], { paymentStatus: 'refunded' }),
      ]);
      await openBookings(user);

      await user.type(screen.getByLabelText('Search bookings'), 'middle@example');
      await waitFor(() => expect(names()).toEqual(['Middle Person']));
      await user.clear(screen.getByLabelText('Search bookings'));
      await waitFor(() => expect(names()).toHaveLength(3));

      await user.selectOptions(screen.getByLabelText('Workshop'), 'alaska-bears-glaciers');
      await waitFor(() => expect(names()).toEqual(['Newest Person']));
      await user.selectOptions(screen.getByLabelText('Workshop'), 'all');

      await user.selectOptions(screen.getByLabelText('Payment status'), 'deposit_paid');
      await waitFor(() => expect(names()).toEqual(['Oldest Person']));
      expect(screen.getByText('Showing 1 of 3 bookings')).toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Payment status'), 'refunded');
      expect(await screen.findByText('No bookings match these filters.')).toBeInTheDocument();
    });

    it('loads the next page of the same filters with "Load more", counting what matches', async () => {
      const more = aBooking({ id: 'b-0', customerName: 'Older Still', createdAt: '2026-01-05T10:00:00.000Z' });
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: [...BOOKINGS, more], messages: MESSAGES })),
        {
          request: { query: ADMIN_BOOKINGS_QUERY, variables: bookingsVariables({ ...NO_BOOKING_FILTERS, paymentStatus: 'deposit_paid' }) },
          result: { data: { adminBookingPage: anAdminBookingPage([BOOKINGS[2]], { hasMore: true, nextCursor: 'c-1', totalCount: 2 }) } },
        },
        bookingsPage([more], { paymentStatus: 'deposit_paid' }, { cursor: 'c-1' }),
      ]);
      await openBookings(user, 'Bookings (4)');
      await user.selectOptions(screen.getByLabelText('Payment status'), 'deposit_paid');
      await waitFor(() => expect(names()).toEqual(['Oldest Person']));
      expect(screen.getByText('Showing 1 of 4 bookings')).toBeInTheDocument();
      expect(screen.getByText(/2 match these filters/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Load more bookings' }));
      await waitFor(() => expect(names()).toEqual(['Oldest Person', 'Older Still']));
      expect(screen.queryByRole('button', { name: 'Load more bookings' })).not.toBeInTheDocument();
    });

    it('reads the list only when the tab opens (the labels count without it)', async () => {
      const answer = jest.fn(() => ({ data: { adminBookingPage: anAdminBookingPage(BOOKINGS) } }));
      const { user } = await openDashboard([dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })), { ...bookingsPage(BOOKINGS), result: answer, delay: 100 }]);
      expect(screen.getByRole('tab', { name: 'Bookings (3)' })).toBeInTheDocument();
      expect(answer).not.toHaveBeenCalled();
      await user.click(screen.getByRole('tab', { name: 'Bookings (3)' }));
      expect(await screen.findByText('Loading bookings...')).toBeInTheDocument();
      expect(await screen.findByRole('table', { name: /^Bookings/ })).toBeInTheDocument();
      expect(answer).toHaveBeenCalledTimes(1);
    });

    it('a name opens the detail view: every participant field, payments, history; back returns focus to the row', async () => {
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        history('b-1', [anAuditEvent({ action: 'booking.payment_recorded', bookingId: 'b-1', detail: '$2,321.25 received outside the payment provider', before: '{"amountPaidCents":0}', after: '{"amountPaidCents":232125}' })]),
      ]);
      await openBookings(user);
      await user.click(screen.getByRole('button', { name: 'Oldest Person' }));
      const detail = screen.getByRole('region', { name: 'Booking of Oldest Person' });
      expect(within(detail).getByRole('heading', { level: 2 })).toHaveFocus();
      // The short reference a customer quotes on the phone (issue 24).
      expect(within(detail).getByTestId('admin-booking-reference')).toHaveTextContent('WL-7KQ2M');
      for (const text of [
        'Zion Canyon Light & Slot Canyons',
        'ada@example.com',
        '+1 555 0100',
        'Private',
        'Deposit',
        '36',
        'Advanced',
        'Nikon Z6',
        '24-70mm f/4',
        'Drone',
        'Asthma',
        'Vegetarian',
        'Astro photography',
        'Ground floor room',
        'Charles Babbage · +1 555 0101 · charles@example.com',
        'Zion Canyon Light & Slot Canyons, Apr 13-18, 2026 · booked',
        '$2,321.25 paid of $7,737.50',
        '$5,416.25',
      ]) {
        expect(within(detail).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
      }
      const historyTable = await within(detail).findByRole('table', { name: /History of booking b-1/ });
      expect(within(historyTable).getByText('Payment recorded by the admin')).toBeInTheDocument();
      expect(within(historyTable).getByText('Amount paid $0 → $2,321.25')).toBeInTheDocument();
      expect(within(detail).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();

      await user.click(within(detail).getByRole('button', { name: /All bookings/ }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Oldest Person' })).toHaveFocus());
    });

    it('exports the manifest of the chosen workshop as a CSV download', async () => {
      const zion = BOOKINGS.filter((b) => b.workshopId === 'zion-canyon-light');
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        bookingsPage(zion, { workshopId: 'zion-canyon-light' }),
        // The manifest reads every booking of the workshop, not the page on screen.
        bookingsPage(zion, { workshopId: 'zion-canyon-light' }, { limit: 200 }),
      ]);
      await openBookings(user);
      const exportButton = screen.getByRole('button', { name: 'Export manifest (CSV)' });
      expect(exportButton).toBeDisabled();

      const blobs: Blob[] = [];
      URL.createObjectURL = jest.fn((b: Blob) => {
        blobs.push(b);
        return 'blob:manifest';
      });
      URL.revokeObjectURL = jest.fn();
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        expect(this.download).toBe('manifest-zion-canyon-light.csv');
        expect(this.href).toBe('blob:manifest');
      });

      await user.selectOptions(screen.getByLabelText('Workshop'), 'zion-canyon-light');
      await user.click(exportButton);
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const csv = await blobs[0].text();
      expect(csv).toContain('"Customer name"');
      // The held booking is on the manifest; the Alaska one is not.
      expect(csv).toContain('"Oldest Person"');
      expect(csv).toContain('"Middle Person"');
      expect(csv).not.toContain('Newest Person');
      expect(csv).toContain('"Asthma"');
    });

    it('shows an empty state without bookings', async () => {
      const user = userEvent.setup({ delay: null });
      renderRoute('/admin/dashboard', [{ ...dashboard(anAdminDashboard({ bookings: [], messages: [] })), delay: 200 }, bookingsPage([]), messagesPage([])]);
      // No count while loading.
      expect(await screen.findByRole('tab', { name: 'Bookings' })).toBeInTheDocument();
      await user.click(await screen.findByRole('tab', { name: 'Bookings (0)' }));
      expect(await screen.findByText('No bookings yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Messages (0)' }));
      expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    });
  });

  describe('Messages', () => {
    const del = (id: string, result: MockLink.MockedResponse['result']) => ({ request: { query: DELETE_MESSAGE_MUTATION, variables: { input: { id } } }, result });

    it('lists all messages newest first with workshop name and author email', async () => {
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      const cards = await screen.findAllByRole('article');
      expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Newer Author', 'Older Author']);
      expect(within(cards[0]).getByText(/Alaska Brown Bears & Glaciers/)).toBeInTheDocument();
      expect(within(cards[0]).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
      expect(within(cards[0]).getByText('Ride Sharing')).toBeInTheDocument();
      expect(within(cards[0]).getByText('Second')).toBeInTheDocument();
    });

    it('deletes a message after confirmation; the list, the tab count and the total follow', async () => {
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        del('m-2', { data: { deleteMessage: { __typename: 'DeleteMessagePayload', deletedMessageId: 'm-2' } } }),
      ]);
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await user.click(await screen.findByRole('button', { name: 'Delete message by Newer Author' }));
      expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Newer Author'));
      await waitFor(() => expect(screen.queryByText('Newer Author')).not.toBeInTheDocument());
      expect(screen.getByRole('tab', { name: 'Messages (1)' })).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Statistics' }));
      expect(screen.getByText('Total Messages').nextElementSibling).toHaveTextContent('1');
    });

    it('names each run with its dates and its count, and shows the oldest first on the server when asked', async () => {
      const oldestFirst: MockLink.MockedResponse = {
        request: { query: ADMIN_MESSAGES_QUERY, variables: messagesVariables('all', 'all', {}, 'asc') },
        result: { data: { adminMessagePage: anAdminMessagePage([MESSAGES[1], MESSAGES[0]]) } },
      };
      const { user } = await openDashboard([dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })), oldestFirst]);
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await screen.findAllByRole('article');
      expect(within(screen.getByLabelText('Workshop')).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'All workshops',
        'Zion Canyon Light & Slot Canyons, Apr 13-18, 2026 (0)',
        'Alaska Brown Bears & Glaciers, Jul 20-26, 2026 (2)',
      ]);
      expect(screen.getAllByRole('article')[0]).toHaveTextContent('Alaska Brown Bears & Glaciers, Jul 20-26, 2026');
      await user.selectOptions(screen.getByLabelText('Order'), 'asc');
      await waitFor(() => expect(screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Older Author', 'Newer Author']));
      // Moderation stays in the row.
      expect(screen.getByRole('button', { name: 'Delete message by Older Author' })).toBeInTheDocument();
    });

    it('filters by topic on the server and loads older messages with "Load more"', async () => {
      const older = aMessage({ id: 'm-0', authorName: 'Oldest Author', message: 'Zeroth', topic: 'questions', ...FROM_ALASKA });
      const questions = (messages: ReturnType<typeof aMessage>[], extra: Record<string, unknown>, more = {}): MockLink.MockedResponse => ({
        request: { query: ADMIN_MESSAGES_QUERY, variables: messagesVariables('all', 'questions', extra) },
        result: { data: { adminMessagePage: anAdminMessagePage(messages, more) } },
      });
      const asked = { ...MESSAGES[1], topic: 'questions' as const };
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        questions([asked], {}, { hasMore: true, nextCursor: 'c-1', totalCount: 2 }),
        questions([older], { cursor: 'c-1' }),
      ]);
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await screen.findAllByRole('article');
      await user.selectOptions(screen.getByLabelText('Topic'), 'questions');
      await waitFor(() => expect(screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Older Author']));
      expect(screen.getByText('Showing 1 of 2 messages')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Load more messages' }));
      await waitFor(() => expect(screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Older Author', 'Oldest Author']));
      expect(screen.queryByRole('button', { name: 'Load more messages' })).not.toBeInTheDocument();
    });

    it('filters by the days posted on the server: from the start of the first day to the end of the last', async () => {
      const older = MESSAGES[1];
      const inJanuary: MockLink.MockedResponse = {
        request: { query: ADMIN_MESSAGES_QUERY, variables: messagesVariables('all', 'all', {}, 'desc', { from: '2026-01-12', to: '' }) },
        result: { data: { adminMessagePage: anAdminMessagePage([MESSAGES[0], older], { totalCount: 2 }) } },
      };
      const oneDay: MockLink.MockedResponse = {
        request: { query: ADMIN_MESSAGES_QUERY, variables: messagesVariables('all', 'all', {}, 'desc', { from: '2026-01-12', to: '2026-01-12' }) },
        result: { data: { adminMessagePage: anAdminMessagePage([older], { totalCount: 1 }) } },
      };
      const { user } = await openDashboard([dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })), inJanuary, oneDay]);
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await screen.findAllByRole('article');
      fireEvent.change(screen.getByLabelText('Posted from'), { target: { value: '2026-01-12' } });
      await screen.findByText(/2 match these filters/);
      expect(screen.getByLabelText('Posted to (inclusive)')).toHaveAttribute('min', '2026-01-12');
      fireEvent.change(screen.getByLabelText('Posted to (inclusive)'), { target: { value: '2026-01-12' } });
      await waitFor(() => expect(screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Older Author']));
      expect(screen.getByText(/1 matches these filters/)).toBeInTheDocument();
      // The last day counts whole: the server is asked for messages before the start of the next day.
      const vars = messagesVariables('all', 'all', {}, 'desc', { from: '2026-01-12', to: '2026-01-12' });
      expect(new Date(vars.to as string).getTime() - new Date(vars.from as string).getTime()).toBe(24 * 3600 * 1000);
    });

    it('keeps the message when the confirmation is declined', async () => {
      const { user } = await openDashboard();
      jest.spyOn(window, 'confirm').mockReturnValue(false);
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await user.click(await screen.findByRole('button', { name: 'Delete message by Older Author' }));
      expect(screen.getByText('Older Author')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Messages (2)' })).toBeInTheDocument();
    });

    it('puts the message back and says so when the delete fails', async () => {
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        { request: { query: DELETE_MESSAGE_MUTATION, variables: { input: { id: 'm-1' } } }, error: new Error('down') },
      ]);
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await user.click(await screen.findByRole('button', { name: 'Delete message by Older Author' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete message'));
      expect(screen.getByText('Older Author')).toBeInTheDocument();
    });
  });

  describe('Manage Photos', () => {
    const update = (workshopId: string, imageUrl: string, result: MockLink.MockedResponse['result'] | Error) =>
      result instanceof Error
        ? { request: { query: UPDATE_WORKSHOP_PHOTO_MUTATION, variables: { input: { workshopId, imageUrl } } }, error: result }
        : { request: { query: UPDATE_WORKSHOP_PHOTO_MUTATION, variables: { input: { workshopId, imageUrl } } }, result };
    const ok = (workshopId: string, imageUrl: string) => ({
      data: { updateWorkshopPhoto: { __typename: 'UpdateWorkshopPhotoPayload', workshop: { __typename: 'Workshop', id: workshopId, imageUrl } } },
    });

    it('has an address input and an Update button per workshop; an empty address is ignored', async () => {
      const { user } = await openDashboard();
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      await user.click(screen.getByRole('tab', { name: 'Manage Photos' }));
      expect(screen.getAllByRole('textbox', { name: /^Image address for / })).toHaveLength(2);
      expect(screen.getByText('Current: /images/workshops/zion-canyon-light.svg')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Image address for Zion Canyon Light & Slot Canyons'), '   ');
      await user.click(screen.getByRole('button', { name: 'Update photo of Zion Canyon Light & Slot Canyons' }));
      await user.type(screen.getByLabelText('Image address for Alaska Brown Bears & Glaciers'), '{Enter}');
      expect(alert).not.toHaveBeenCalled();
    });

    it('Enter submits; success alerts, then reloads the data', async () => {
      const url = 'https://images.example.com/zion.jpg';
      const { user } = await openDashboard([
        dashboard(),
        update('zion-canyon-light', url, ok('zion-canyon-light', url)),
        dashboard(anAdminDashboard({ imageUrls: { 'zion-canyon-light': url } })),
      ]);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      await user.click(screen.getByRole('tab', { name: 'Manage Photos' }));
      const input = screen.getByLabelText('Image address for Zion Canyon Light & Slot Canyons');
      await user.type(input, `${url}{Enter}`);
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Photo updated successfully!'));
      expect(await screen.findByText(`Current: ${url}`)).toBeInTheDocument();
      expect(input).toHaveValue('');
    });

    it('the Update button submits too; a failure alerts "Failed to update photo"', async () => {
      const { user } = await openDashboard([
        dashboard(),
        update('alaska-bears-glaciers', 'javascript:alert(1)', {
          errors: [new GraphQLError('Invalid input. imageUrl: imageUrl must be an http(s) URL or a site path starting with /', { extensions: { code: 'BAD_USER_INPUT' } })],
        }),
      ]);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      await user.click(screen.getByRole('tab', { name: 'Manage Photos' }));
      await user.type(screen.getByLabelText('Image address for Alaska Brown Bears & Glaciers'), 'javascript:alert(1)');
      await user.click(screen.getByRole('button', { name: 'Update photo of Alaska Brown Bears & Glaciers' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update photo'));
      expect(screen.getByLabelText('Image address for Alaska Brown Bears & Glaciers')).toHaveValue('javascript:alert(1)');
    });

    it('a 401 while updating ends the session instead', async () => {
      const { user, router } = await openDashboard([dashboard(), update('zion-canyon-light', '/images/new.jpg', unauthenticated)]);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      await user.click(screen.getByRole('tab', { name: 'Manage Photos' }));
      await user.type(screen.getByLabelText('Image address for Zion Canyon Light & Slot Canyons'), '/images/new.jpg{Enter}');
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      expect(readAdminCredential()).toBeNull();
      expect(alert).not.toHaveBeenCalled();
    });
  });

  describe('booking actions', () => {
    const held = aBooking({ id: 'b-held', customerName: 'Held Person', paymentStatus: 'pending', status: 'held', totalAmount: 2895, amountPaid: 0 });
    const withHeld = () => dashboard(anAdminDashboard({ bookings: [held], messages: [] }));
    const heldPage = bookingsPage([held]);
    const openHeld = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.click(screen.getByRole('tab', { name: /^Bookings/ }));
      await user.click(await screen.findByRole('button', { name: 'Held Person' }));
    };
    const after = (changes: Record<string, unknown>) => ({ __typename: 'Booking', id: 'b-held', status: 'held', paymentStatus: 'pending', amountPaid: 0, ...changes });

    it('records a payment received offline: asks the amount (balance proposed), then reloads', async () => {
      const prompt = jest.spyOn(window, 'prompt').mockReturnValue('868.50');
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      const { user } = await openDashboard([
        withHeld(),
        heldPage,
        history('b-held', []),
        {
          request: { query: RECORD_PAYMENT_MUTATION, variables: { input: { bookingId: 'b-held', amount: 868.5 } } },
          result: { data: { recordPayment: { __typename: 'AdminBookingPayload', booking: after({ status: 'confirmed', paymentStatus: 'deposit_paid', amountPaid: 868.5 }) } } },
        },
        withHeld(),
        history('b-held', [anAuditEvent({ bookingId: 'b-held', action: 'booking.payment_recorded' })]),
      ]);
      await openHeld(user);
      expect(await screen.findByText('Nothing recorded for this booking yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Record payment' }));
      expect(prompt).toHaveBeenCalledWith(expect.stringContaining('balance $2,895'), '2895');
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Payment recorded'));
      // The history shows the new entry.
      expect(await screen.findByText('Payment recorded by the admin')).toBeInTheDocument();
    });

    it('cancels a booking only after confirmation, and shows the server’s reason when refused', async () => {
      const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      const { user } = await openDashboard([
        withHeld(),
        heldPage,
        history('b-held', []),
        {
          request: { query: CANCEL_BOOKING_MUTATION, variables: { input: { bookingId: 'b-held' } } },
          result: { errors: [new GraphQLError('The booking changed meanwhile; reload and try again', { extensions: { code: 'BOOKING_CHANGED' } })] },
        },
      ]);
      await openHeld(user);
      await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
      expect(alert).not.toHaveBeenCalled(); // declined: nothing sent
      await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('The booking changed meanwhile; reload and try again'));
      expect(confirm).toHaveBeenCalledTimes(2);
    });

    it('offers no actions on expired or cancelled bookings', async () => {
      const gone = aBooking({ id: 'x', customerName: 'Gone Person', status: 'expired', paymentStatus: 'pending' });
      const { user } = await openDashboard([dashboard(anAdminDashboard({ bookings: [gone], messages: [] })), bookingsPage([gone]), history('x', [])]);
      await user.click(screen.getByRole('tab', { name: /^Bookings/ }));
      await user.click(await screen.findByRole('button', { name: 'Gone Person' }));
      expect(await screen.findByText('Nothing recorded for this booking yet.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
      expect(screen.getByText('No actions: this booking is expired.')).toBeInTheDocument();
    });
  });

  describe('Waiting lists', () => {
    const entry = (id: string, name: string, state: string, offered: boolean) => ({
      __typename: 'WaitlistEntry' as const,
      id,
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      spots: 3,
      state,
      createdAt: '2026-03-01T10:00:00.000Z',
      offeredAt: offered ? '2026-03-02T10:00:00.000Z' : null,
      offerExpiresAt: offered ? '2026-03-04T10:00:00.000Z' : null,
      bookingId: null,
    });
    const list = (entries: ReturnType<typeof entry>[]): MockLink.MockedResponse => ({
      request: { query: ADMIN_WAITLIST_QUERY, variables: { workshopId: 'zion-canyon-light', limit: WAITLIST_PAGE_SIZE } },
      result: { data: { adminWaitlistPage: aListPage('AdminWaitlistPage', entries) } },
    });

    it('lists a workshop’s entries and offers; removing an open offer asks first, then shows the list with the offer passed on', async () => {
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const { user } = await openDashboard([
        dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })),
        list([entry('w-1', 'Olga Offered', 'offered', true), entry('w-2', 'Walt Waiting', 'waiting', false)]),
        {
          request: { query: REMOVE_WAITLIST_ENTRY_MUTATION, variables: { input: { entryId: 'w-1' } } },
          result: { data: { removeWaitlistEntry: { __typename: 'RemoveWaitlistEntryPayload', entry: { __typename: 'WaitlistEntry', id: 'w-1', state: 'removed' } } } },
        },
        list([entry('w-1', 'Olga Offered', 'removed', true), entry('w-2', 'Walt Waiting', 'offered', true)]),
      ]);
      await user.click(screen.getByRole('tab', { name: 'Waiting lists' }));
      expect(screen.getByLabelText('Workshop')).toHaveValue('zion-canyon-light');
      const rows = await screen.findAllByRole('row');
      expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Olga Offered', 'Walt Waiting']);
      expect(within(rows[1]).getByText('Offer open')).toBeInTheDocument();
      expect(within(rows[2]).getByText('Waiting')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Remove Olga Offered from the waiting list' }));
      expect(window.confirm).toHaveBeenCalledWith('Remove Olga Offered from the waiting list? Their held spots go to the next person waiting.');
      expect(await screen.findByText('Olga Offered was removed from the waiting list.')).toBeInTheDocument();
      await waitFor(() => expect(within(screen.getAllByRole('row')[2]).getByText('Offer open')).toBeInTheDocument());
      expect(within(screen.getAllByRole('row')[1]).getByText('Removed')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove Olga Offered from the waiting list' })).not.toBeInTheDocument();
    });

    it('says when nobody is waiting', async () => {
      const { user } = await openDashboard([dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES })), list([])]);
      await user.click(screen.getByRole('tab', { name: 'Waiting lists' }));
      expect(await screen.findByText('Nobody is waiting for this workshop.')).toBeInTheDocument();
    });
  });
});
