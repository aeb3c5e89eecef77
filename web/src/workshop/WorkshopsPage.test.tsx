import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../test/render';
import { aWorkshop } from '../test/builders';
import { WORKSHOPS_QUERY } from './WorkshopsPage';

const list = [
  aWorkshop(),
  aWorkshop({ id: 'alaska', name: 'Alaska Brown Bears', workshopType: 'wildlife', availableSpots: 0, state: 'Alaska', price: 5495 }),
  aWorkshop({ id: 'plains', name: 'Great Plains Supercell Chase', workshopType: 'storm_chasing', availableSpots: 2, price: 3295 }),
];

const ok = { request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: list } } };

describe('/workshops', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('shows "Loading workshops..." while loading, then one card per workshop linking to its page', async () => {
    renderRoute('/workshops', [ok]);
    expect(screen.getByText('Loading workshops...')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Zion Canyon Light & Slot Canyons' });
    expect(link).toHaveAttribute('href', '/workshop/zion-canyon-light');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('$2,895')).toBeInTheDocument();
    expect(within(screen.getAllByRole('article')[1]).getByText('Sold Out')).toBeInTheDocument();
    expect(within(screen.getAllByRole('article')[2]).getByText('Only 2 spots left')).toBeInTheDocument();
  });

  it('filters by type with the six buttons of the spec, and says "No workshops available" when none match', async () => {
    const user = userEvent.setup();
    renderRoute('/workshops', [ok]);
    await screen.findAllByRole('article');
    const names = ['All', 'Landscape', 'Portrait Posing', 'Adventure', 'Storm Chasing', 'Wildlife'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Wildlife' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Wildlife' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Adventure' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No workshops available')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows "No workshops available" for an empty catalog', async () => {
    renderRoute('/workshops', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: [] } } }]);
    expect(await screen.findByText('No workshops available')).toBeInTheDocument();
  });

  it('only logs a load failure and shows the empty state', async () => {
    renderRoute('/workshops', [{ request: { query: WORKSHOPS_QUERY }, error: new Error('network down') }]);
    expect(await screen.findByText('No workshops available')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });

  it('lists upcoming workshops first and the past ones apart, marked as past, with no spots badge', async () => {
    const past = [
      aWorkshop({ id: 'old-1', name: 'Yellowstone in Winter', hasStarted: true, availableSpots: 12 }),
      aWorkshop({ id: 'old-2', name: 'Arizona Monsoon', workshopType: 'storm_chasing', hasStarted: true }),
    ];
    renderRoute('/workshops', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: [aWorkshop({ id: 'next', name: 'Everglades Wading Birds' }), ...past] } } }]);
    const upcoming = await screen.findByTestId('upcoming-workshops');
    expect(within(upcoming).getAllByRole('article')).toHaveLength(1);
    expect(within(upcoming).getByText('Everglades Wading Birds')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Past workshops' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Yellowstone in Winter', 'Arizona Monsoon']);
    for (const card of cards) {
      expect(within(card).getByText('Past workshop')).toBeInTheDocument();
      expect(within(card).queryByText(/spots available/)).not.toBeInTheDocument();
    }
  });

  it('lists a workshop under way with the past ones, marked as under way, under a heading that says so', async () => {
    const started = [aWorkshop({ id: 'now', name: 'Yellowstone in Winter', hasStarted: true, hasEnded: false }), aWorkshop({ id: 'old', name: 'Arizona Monsoon', hasStarted: true })];
    renderRoute('/workshops', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: [aWorkshop({ id: 'next', name: 'Everglades Wading Birds' }), ...started] } } }]);
    const section = await screen.findByRole('region', { name: 'Under way and past workshops' });
    const [running, past] = within(section).getAllByRole('article');
    expect(within(running).getByText('Under way')).toBeInTheDocument();
    expect(within(past).getByText('Past workshop')).toBeInTheDocument();
    expect(section).toHaveTextContent('These have started or taken place');
  });

  it('says when a type has no upcoming workshop but keeps its past ones', async () => {
    const user = userEvent.setup();
    renderRoute('/workshops', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: [aWorkshop(), aWorkshop({ id: 'old', name: 'Arizona Monsoon', workshopType: 'storm_chasing', hasStarted: true })] } } }]);
    // The list is loaded before filtering (the filter buttons render before the data arrives).
    await screen.findByText('Arizona Monsoon', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Storm Chasing' }));
    expect(await screen.findByText('No upcoming workshops here yet: new dates are announced soon.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Past workshops' })).getByText('Arizona Monsoon')).toBeInTheDocument();
  });
});
