import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../test/render';
import { aPhoto, aWorkshop, offersOnly } from '../test/builders';
import { WORKSHOP_DETAIL_QUERY } from './WorkshopPage';

const answer = (workshop: unknown, id = 'zion-canyon-light') => ({
  request: { query: WORKSHOP_DETAIL_QUERY, variables: { id } },
  result: { data: { workshop } },
});

describe('/workshop/{id}', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('shows about, highlights, itinerary, price, duration and spots; Book Now goes to /booking/{id}', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ availableSpots: 7 }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zion Canyon Light & Slot Canyons' })).toBeInTheDocument();
    expect(screen.getByText('A landscape workshop built around reflected light.')).toBeInTheDocument();
    expect(screen.getByText('Sunrise at the Watchman')).toBeInTheDocument();
    expect(screen.getByText('Watchman sunrise')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Booking' })).toHaveTextContent('$2,895 per person');
    expect(screen.getByText('6 days')).toBeInTheDocument();
    expect(screen.getByTestId('available-spots')).toHaveTextContent('7 of 12');

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(router.state.location.pathname).toBe('/booking/zion-canyon-light');
  });

  it('shows the uploaded cover in responsive sizes (preloaded: high priority), and the gallery with captions, lazily (docs/decisions/077)', async () => {
    const cover = aPhoto({ id: 'c', altText: 'The Narrows in reflected light', src: '/photos/c-1600.jpg' });
    const gallery = [
      aPhoto({ id: 'g1', altText: 'Hikers in the river', caption: 'Wading the Narrows' }),
      aPhoto({ id: 'g2', altText: 'Stars over the Watchman', caption: '' }),
      aPhoto({ id: 'g3', altText: 'Red walls at noon', caption: 'Checkerboard Mesa' }),
    ];
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ cover, gallery }))]);
    const hero = await screen.findByRole('img', { name: 'The Narrows in reflected light' });
    expect(hero).toHaveAttribute('srcset', '/photos/c-480.jpg 480w, /photos/c-960.jpg 960w, /photos/c-1600.jpg 1600w');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('loading', 'eager');
    const strip = screen.getByRole('region', { name: /Photographs from Zion Canyon Light/ });
    const first = screen.getByRole('img', { name: 'Hikers in the river' });
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(strip).toHaveTextContent('Wading the Narrows');
    expect(strip).toHaveTextContent('Checkerboard Mesa');
    expect(screen.getByTestId('gallery-status')).toHaveTextContent('1 of 3');
  });

  it('steps through the gallery with the arrow keys, Home and End, and the buttons', async () => {
    const user = userEvent.setup();
    const gallery = ['a', 'b', 'c'].map((id) => aPhoto({ id, altText: `Photo ${id}` }));
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ gallery }))]);
    const strip = await screen.findByRole('region', { name: /Photographs from/ });
    const status = screen.getByTestId('gallery-status');
    strip.focus();
    await user.keyboard('{ArrowRight}');
    expect(status).toHaveTextContent('2 of 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(status).toHaveTextContent('3 of 3');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.keyboard('{Home}');
    expect(status).toHaveTextContent('1 of 3');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.keyboard('{End}{ArrowLeft}');
    expect(status).toHaveTextContent('2 of 3');
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(status).toHaveTextContent('1 of 3');
  });

  it('shows no gallery without photographs, and the illustration while no cover is set', async () => {
    const { container } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop())]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Gallery' })).not.toBeInTheDocument();
    expect(container.querySelector('.workshop-hero__image')).toHaveAttribute('src', expect.stringMatching(/^\/images\/r\/zion-canyon-light/));
  });

  it('keeps the price, the spots left and Book Now in a bar for phones (issue 24)', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ availableSpots: 3 }))]);
    const bar = await screen.findByRole('region', { name: 'Price and booking' });
    expect(bar).toHaveTextContent('$2,895 per person3 spots left');
    await user.click(within(bar).getByRole('link', { name: 'Book Now' }));
    expect(router.state.location.pathname).toBe('/booking/zion-canyon-light');
  });

  it('points the bar of a sold-out workshop to its waiting list, and shows no bar once it has started', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ availableSpots: 0 }))]);
    const bar = await screen.findByRole('region', { name: 'Price and booking' });
    expect(bar).toHaveTextContent('Sold out');
    expect(within(bar).getByRole('link', { name: 'Join the waiting list' })).toHaveAttribute('href', '#waitlist');
    expect(within(bar).queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(document.getElementById('waitlist')).not.toBeNull();
  });

  it('shows no bar for a workshop that has started', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ hasStarted: true }))]);
    expect(await screen.findByTestId('workshop-past')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Price and booking' })).not.toBeInTheDocument();
  });

  it('disables the button and labels it Sold Out when no spot is left', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ availableSpots: 0 }))]);
    const button = await screen.findByRole('button', { name: 'Sold Out' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('states the payment options the workshop offers today, as the booking page will (issue 21)', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop())]);
    expect(await screen.findByTestId('payment-options')).toHaveTextContent('Pay a 30% deposit, in full, or in 3-6 monthly installments.');
  });

  it('inside the balance window it promises no deposit and no installments: full payment only (issue 21)', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ paymentOptions: offersOnly('full') }))]);
    const note = await screen.findByTestId('payment-options');
    expect(note).toHaveTextContent('Payment in full at booking: the balance is due 60 days before the start, so these dates take no deposit or payment plan.');
    expect(document.body).not.toHaveTextContent(/Pay a 30% deposit|in 3-6 monthly installments/);
  });

  it('between the plan and the deposit closing: deposit or full', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ paymentOptions: offersOnly('full', 'deposit') }))]);
    expect(await screen.findByTestId('payment-options')).toHaveTextContent('Pay a 30% deposit or in full (too close to the start for a payment plan).');
  });

  it('Join Community goes to the board of the workshop', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop())]);
    await user.click(await screen.findByRole('button', { name: 'Join Community' }));
    expect(router.state.location.pathname).toBe('/workshop/zion-canyon-light/community');
  });

  it('shows "Workshop not found" for an unknown id and on a load failure', async () => {
    renderRoute('/workshop/nope', [answer(null, 'nope')]);
    expect(await screen.findByText('Workshop not found')).toBeInTheDocument();
  });

  it('shows "Workshop not found" when loading fails (the failure is only logged)', async () => {
    renderRoute('/workshop/zion-canyon-light', [{ request: { query: WORKSHOP_DETAIL_QUERY, variables: { id: 'zion-canyon-light' } }, error: new Error('down') }]);
    expect(await screen.findByText('Workshop not found')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });

  it('hides a broken workshop image', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop())]);
    const img = await screen.findByAltText('Zion Canyon Light & Slot Canyons, Zion National Park');
    fireEvent.error(img);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByAltText('Zion Canyon Light & Slot Canyons, Zion National Park')).not.toBeInTheDocument();
  });

  it('shows a shipped illustration as AVIF/WebP/JPEG renderings at several widths, preloaded', async () => {
    const { container } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop())]);
    const img = await screen.findByAltText('Zion Canyon Light & Slot Canyons, Zion National Park');
    expect(img).toHaveAttribute('src', expect.stringMatching(/^\/images\/r\/zion-canyon-light-\w+-800\.jpg$/));
    expect(img).toHaveAttribute('srcset', expect.stringContaining('-1600.jpg 1600w'));
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const types = [...container.querySelectorAll('picture source')].map((s) => s.getAttribute('type'));
    expect(types).toEqual(['image/avif', 'image/webp']);
  });

  it('uses a photo address the admin set (e.g. https) as it is', async () => {
    const url = 'https://images.example.com/zion.jpg';
    const { container } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ imageUrl: url }))]);
    const img = await screen.findByAltText('Zion Canyon Light & Slot Canyons, Zion National Park');
    expect(img).toHaveAttribute('src', url);
    expect(img).not.toHaveAttribute('srcset');
    expect(container.querySelector('picture')).toBeNull();
    fireEvent.error(img);
    expect(screen.queryByAltText('Zion Canyon Light & Slot Canyons, Zion National Park')).not.toBeInTheDocument();
  });
});

describe('/workshop/{id} of a workshop that has started', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('says it has taken place, offers no Book Now and no spots, and keeps the community board', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ hasStarted: true, availableSpots: 5 }))]);
    expect(await screen.findByTestId('workshop-past')).toHaveTextContent('This workshop has taken place. It began on Apr 13-18, 2026; bookings are closed.');
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sold Out' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('available-spots')).not.toBeInTheDocument();
    expect(screen.getByText('Past workshop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the upcoming workshops' })).toHaveAttribute('href', '/workshops');
    await user.click(screen.getByRole('button', { name: 'Join Community' }));
    expect(router.state.location.pathname).toBe('/workshop/zion-canyon-light/community');
  });

  it('says a workshop that has started but not ended is under way, not that it has taken place', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ hasStarted: true, hasEnded: false, availableSpots: 5 }))]);
    expect(await screen.findByTestId('workshop-past')).toHaveTextContent('This workshop is under way. It began on Apr 13-18, 2026; bookings are closed.');
    expect(screen.getByText('Under way')).toBeInTheDocument();
    expect(screen.queryByText('Past workshop')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });
});
