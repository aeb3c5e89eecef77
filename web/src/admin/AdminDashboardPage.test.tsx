import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { aBooking, anAdminDashboard, aMessage } from '../test/builders';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { DELETE_MESSAGE_MUTATION } from './MessagesTab';
import { UPDATE_WORKSHOP_PHOTO_MUTATION } from './PhotosTab';
import { CANCEL_BOOKING_MUTATION, RECORD_PAYMENT_MUTATION } from './BookingActions';
import { readAdminCredential, storeAdminCredential } from './credential';
// The route modules load lazily; having them loaded keeps the first test of the file as fast as the others.
import './AdminLoginPage';

// The first render of a file loads the lazy route modules; on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const dashboard = (data = anAdminDashboard()): MockLink.MockedResponse => ({ request: { query: ADMIN_DASHBOARD_QUERY }, result: { data } });
const unauthenticated = { errors: [new GraphQLError('Invalid admin credential', { extensions: { code: 'UNAUTHENTICATED' } })] };

const BOOKINGS = [
  aBooking({ id: 'b-3', customerName: 'Newest Person', workshopId: 'alaska-bears-glaciers', workshopName: 'Alaska Brown Bears & Glaciers', paymentStatus: 'paid', createdAt: '2026-02-03T10:00:00.000Z' }),
  aBooking({ id: 'b-2', customerName: 'Middle Person', customerEmail: 'middle@example.com', paymentStatus: 'pending', status: 'held', createdAt: '2026-02-02T10:00:00.000Z' }),
  aBooking({ id: 'b-1', customerName: 'Oldest Person', createdAt: '2026-02-01T10:00:00.000Z' }),
];
const FROM_ALASKA = { workshopId: 'alaska-bears-glaciers', workshopName: 'Alaska Brown Bears & Glaciers', authorEmail: 'grace@example.com', createdAt: '2026-01-12T09:30:00.000Z' };
const MESSAGES = [aMessage({ id: 'm-2', authorName: 'Newer Author', message: 'Second', ...FROM_ALASKA }), aMessage({ id: 'm-1', authorName: 'Older Author', message: 'First', ...FROM_ALASKA })];

async function openDashboard(mocks: MockLink.MockedResponse[] = [dashboard(anAdminDashboard({ bookings: BOOKINGS, messages: MESSAGES }))]) {
  const user = userEvent.setup({ delay: null });
  const utils = renderRoute('/admin/dashboard', mocks);
  await screen.findByText('Total Workshops');
  return { user, ...utils };
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
      renderRoute('/admin/dashboard', [{ request: { query: ADMIN_DASHBOARD_QUERY }, error: new Error('network down') }, dashboard()]);
      expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
      expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
      expect(readAdminCredential()).not.toBeNull();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Total Workshops')).toBeInTheDocument();
    });
  });

  describe('tabs', () => {
    it('are Statistics, Bookings (count), Messages (count) and Manage Photos, as accessible tabs', async () => {
      const { user } = await openDashboard();
      const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((t) => t.textContent)).toEqual(['Statistics', 'Bookings (3)', 'Messages (2)', 'Manage Photos']);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tabs[0].id);

      await user.click(tabs[2]);
      expect(screen.getByRole('tab', { name: 'Messages (2)' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'false');

      // Keyboard: arrows move and select, wrapping; Home/End jump.
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Manage Photos' })).toHaveFocus();
      expect(screen.getByRole('tab', { name: 'Manage Photos' })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{End}');
      expect(screen.getByRole('tab', { name: 'Manage Photos' })).toHaveAttribute('aria-selected', 'true');
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
      expect(within(zion).getByText('Minimum reached')).toBeInTheDocument();
      expect(within(zion).getByRole('img')).toHaveAccessibleName('Zion Canyon Light & Slot Canyons: 7 of 12 sold, 2 held; minimum reached');
      const alaska = screen.getByTestId('sales-alaska-bears-glaciers');
      expect(alaska).toHaveTextContent('2 of 12 sold');
      expect(within(alaska).getByText('4 more to run')).toBeInTheDocument();
    });
  });

  describe('Bookings', () => {
    it('lists every booking newest first with all participant details', async () => {
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Bookings (3)' }));
      const cards = screen.getAllByRole('article');
      expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Newest Person', 'Middle Person', 'Oldest Person']);
      const oldest = cards[2];
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
        '$2,321.25 paid of $7,737.50',
      ]) {
        expect(within(oldest).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
      }
      expect(within(cards[0]).getByText('Paid')).toHaveClass('badge--success');
      expect(within(cards[1]).getByText('Pending')).toHaveClass('badge--grey');
      expect(within(cards[2]).getByText('Deposit paid')).toHaveClass('badge--amber');
    });

    it('searches and filters by workshop and payment status', async () => {
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Bookings (3)' }));
      const names = () => screen.queryAllByRole('article').map((c) => within(c).getByRole('heading').textContent);

      await user.type(screen.getByLabelText('Search bookings'), 'middle@example');
      expect(names()).toEqual(['Middle Person']);
      await user.clear(screen.getByLabelText('Search bookings'));

      await user.selectOptions(screen.getByLabelText('Workshop'), 'alaska-bears-glaciers');
      expect(names()).toEqual(['Newest Person']);
      await user.selectOptions(screen.getByLabelText('Workshop'), 'all');

      await user.selectOptions(screen.getByLabelText('Payment status'), 'deposit_paid');
      expect(names()).toEqual(['Oldest Person']);
      expect(screen.getByText('Showing 1 of 3 bookings')).toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Payment status'), 'refunded');
      expect(screen.getByText('No bookings match these filters.')).toBeInTheDocument();
    });

    it('exports the manifest of the chosen workshop as a CSV download', async () => {
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Bookings (3)' }));
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
      expect(click).toHaveBeenCalledTimes(1);
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
      renderRoute('/admin/dashboard', [{ ...dashboard(anAdminDashboard({ bookings: [], messages: [] })), delay: 200 }]);
      // No count while loading.
      expect(await screen.findByRole('tab', { name: 'Bookings' })).toBeInTheDocument();
      await user.click(await screen.findByRole('tab', { name: 'Bookings (0)' }));
      expect(screen.getByText('No bookings yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Messages (0)' }));
      expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    });
  });

  describe('Messages', () => {
    const del = (id: string, result: MockLink.MockedResponse['result']) => ({ request: { query: DELETE_MESSAGE_MUTATION, variables: { input: { id } } }, result });

    it('lists all messages newest first with workshop name and author email', async () => {
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      const cards = screen.getAllByRole('article');
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
      await user.click(screen.getByRole('button', { name: 'Delete message by Newer Author' }));
      expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Newer Author'));
      await waitFor(() => expect(screen.queryByText('Newer Author')).not.toBeInTheDocument());
      expect(screen.getByRole('tab', { name: 'Messages (1)' })).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Statistics' }));
      expect(screen.getByText('Total Messages').nextElementSibling).toHaveTextContent('1');
    });

    it('keeps the message when the confirmation is declined', async () => {
      const { user } = await openDashboard();
      jest.spyOn(window, 'confirm').mockReturnValue(false);
      await user.click(screen.getByRole('tab', { name: 'Messages (2)' }));
      await user.click(screen.getByRole('button', { name: 'Delete message by Older Author' }));
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
      await user.click(screen.getByRole('button', { name: 'Delete message by Older Author' }));
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
      expect(screen.getAllByRole('textbox')).toHaveLength(2);
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
    const after = (changes: Record<string, unknown>) => ({ __typename: 'Booking', id: 'b-held', status: 'held', paymentStatus: 'pending', amountPaid: 0, ...changes });

    it('records a payment received offline: asks the amount (balance proposed), then reloads', async () => {
      const prompt = jest.spyOn(window, 'prompt').mockReturnValue('868.50');
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      const { user } = await openDashboard([
        withHeld(),
        {
          request: { query: RECORD_PAYMENT_MUTATION, variables: { input: { bookingId: 'b-held', amount: 868.5 } } },
          result: { data: { recordPayment: { __typename: 'AdminBookingPayload', booking: after({ status: 'confirmed', paymentStatus: 'deposit_paid', amountPaid: 868.5 }) } } },
        },
        withHeld(),
      ]);
      await user.click(screen.getByRole('tab', { name: /^Bookings/ }));
      await user.click(screen.getByRole('button', { name: 'Record payment' }));
      expect(prompt).toHaveBeenCalledWith(expect.stringContaining('balance $2,895'), '2895');
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Payment recorded'));
    });

    it('cancels a booking only after confirmation, and shows the server’s reason when refused', async () => {
      const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      const { user } = await openDashboard([
        withHeld(),
        {
          request: { query: CANCEL_BOOKING_MUTATION, variables: { input: { bookingId: 'b-held' } } },
          result: { errors: [new GraphQLError('The booking changed meanwhile; reload and try again', { extensions: { code: 'CONFLICT' } })] },
        },
      ]);
      await user.click(screen.getByRole('tab', { name: /^Bookings/ }));
      await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
      expect(alert).not.toHaveBeenCalled(); // declined: nothing sent
      await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('The booking changed meanwhile; reload and try again'));
      expect(confirm).toHaveBeenCalledTimes(2);
    });

    it('offers no actions on expired or cancelled bookings', async () => {
      await openDashboard([dashboard(anAdminDashboard({ bookings: [aBooking({ id: 'x', status: 'expired', paymentStatus: 'pending' })], messages: [] }))]);
      await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: /^Bookings/ }));
      expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    });
  });
});
