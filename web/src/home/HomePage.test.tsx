import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND } from 'api/shared/brand';
import { renderRoute } from '../test/render';
import { aPhoto, aTestimonial, aWorkshop, offersOnly } from '../test/builders';
import { SITE_PHOTOS_QUERY } from './sitePhotos';
import { WORKSHOPS_QUERY } from '../workshop/WorkshopsPage';
import { NO_REVIEWS, TESTIMONIALS_QUERY } from '../content/TestimonialsPage';

const workshops = [
  aWorkshop({ id: 'zion', name: 'Zion Canyon Light', availableSpots: 9 }),
  aWorkshop({ id: 'alaska', name: 'Alaska Brown Bears', availableSpots: 0 }),
  aWorkshop({ id: 'plains', name: 'Supercell Chase', availableSpots: 2 }),
  aWorkshop({ id: 'teton', name: 'Teton Autumn', availableSpots: 4 }),
  aWorkshop({ id: 'glades', name: 'Everglades Birds', availableSpots: 12 }),
];
const workshopsOk = { request: { query: WORKSHOPS_QUERY }, result: { data: { workshops } } };
const reviewsOk = {
  request: { query: TESTIMONIALS_QUERY },
  result: { data: { testimonials: [aTestimonial(), aTestimonial({ id: 'r2', clientName: 'James O.', rating: 4 })] } },
};

const sitePhotos = (hero: ReturnType<typeof aPhoto> | null, portrait: ReturnType<typeof aPhoto> | null) => ({
  request: { query: SITE_PHOTOS_QUERY },
  result: { data: { sitePhotos: { __typename: 'SitePhotos', hero, portrait } } },
});
const noSitePhotos = sitePhotos(null, null);

describe('/', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('has a hero whose Explore Workshops button goes to /workshops', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/12 or fewer/);
    await user.click(screen.getByRole('button', { name: 'Explore Workshops' }));
    expect(router.state.location.pathname).toBe('/workshops');
  });

  it('offers a deposit in its closing call only while a bookable workshop takes one today (issue 21)', async () => {
    renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    await waitFor(() => expect(screen.getByTestId('reserve-line')).toHaveTextContent('Groups close at 12. Hold your seat today with a 30% deposit.'));
  });

  it('promises no deposit when every bookable workshop is inside its balance window (issue 21)', async () => {
    const fullOnly = workshops.map((w) => ({ ...w, paymentOptions: offersOnly('full') }));
    // The one that still takes a deposit is sold out: it cannot be booked with one.
    fullOnly[1] = { ...fullOnly[1], paymentOptions: offersOnly('full', 'deposit', 'payment_plan') };
    renderRoute('/', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: fullOnly } } }, reviewsOk, noSitePhotos]);
    await screen.findAllByText('Supercell Chase');
    expect(screen.getByTestId('reserve-line')).toHaveTextContent('Groups close at 12. Book your seat today.');
    expect(document.body).not.toHaveTextContent(/Hold your seat today with a|Reserve with a 30% deposit/);
    // The general text says the options depend on the dates, and where to see them.
    expect(screen.getByRole('region', { name: 'Why Choose Us' })).toHaveTextContent('Each workshop’s page shows the options open today.');
  });

  it('explains Why Choose Us with small groups, all-inclusive, flexible payment and the instructor', () => {
    renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    const why = screen.getByRole('region', { name: 'Why Choose Us' });
    for (const name of ['Small groups of at most 12', 'All-inclusive', 'Flexible payment', 'An expert instructor']) {
      expect(within(why).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(why).toHaveTextContent('15 years');
    expect(why).toHaveTextContent('photojournalism');
  });

  it('offers only upcoming workshops as popular, and marks past ones in the season list', async () => {
    const mixed = [aWorkshop({ id: 'glades', name: 'Everglades Birds', availableSpots: 12 }), aWorkshop({ id: 'plains', name: 'Supercell Chase', availableSpots: 1, hasStarted: true })];
    renderRoute('/', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: mixed } } }, reviewsOk, noSitePhotos]);
    // 12 of 12 spots open is not "filling fast": the next bookable runs, under a heading that claims nothing (issue 24).
    const popular = await screen.findByRole('region', { name: 'Upcoming Workshops' });
    expect(popular).toHaveTextContent('Open for booking');
    expect(popular).not.toHaveTextContent('Filling fast');
    expect(await within(popular).findByRole('link', { name: 'Everglades Birds' })).toBeInTheDocument();
    expect(within(popular).queryByRole('link', { name: 'Supercell Chase' })).not.toBeInTheDocument();
    const season = screen.getByRole('region', { name: /season/ });
    const items = within(season).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Everglades Birds', 'Supercell Chase']);
    expect(within(items[0]).queryByText('Past')).not.toBeInTheDocument();
    expect(within(items[1]).getByText('Past')).toBeInTheDocument();
  });

  it('calls popular only the bookable workshops that are filling fast, fewest spots first, and counts what can be booked', async () => {
    renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    const popular = await screen.findByRole('region', { name: 'Popular Workshops' });
    expect(popular).toHaveTextContent('Filling fast');
    // Plains (2 left) and Teton (4 left) are filling fast; Zion (9 of 12 open) and the Everglades (12 of 12) are not; Alaska is sold out.
    await waitFor(() => expect(within(popular).getAllByRole('article')).toHaveLength(2));
    const links = within(popular)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')!.startsWith('/workshop/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/workshop/plains', '/workshop/teton']);
    expect(within(popular).getByRole('link', { name: /^All 4 workshops/ })).toHaveAttribute('href', '/workshops');
  });

  it('sells the seasons on sale late in 2026, with years on runs of two years and counts of what can be booked (issue 24)', async () => {
    const late = [
      aWorkshop({ id: 'zion-2026', name: 'Zion Canyon Light', startDate: '2026-04-13', dates: 'Apr 13-18, 2026', hasStarted: true }),
      aWorkshop({ id: 'glades', name: 'Everglades Birds', startDate: '2026-12-07', dates: 'Dec 7-11, 2026', availableSpots: 0 }),
      aWorkshop({ id: 'zion-2027', name: 'Zion Canyon Light', startDate: '2027-04-13', dates: 'Apr 13-18, 2027', availableSpots: 12 }),
      aWorkshop({ id: 'alaska-2027', name: 'Alaska Brown Bears', startDate: '2027-07-20', dates: 'Jul 20-26, 2027', availableSpots: 3 }),
    ];
    renderRoute('/', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: late } } }, reviewsOk]);
    const season = await screen.findByRole('region', { name: 'The 2026-2027 season' });
    expect(within(season).getAllByRole('listitem').map((li) => li.querySelector('.season-list__date')!.firstChild!.textContent)).toEqual([
      'Apr 13-18, 2026',
      'Dec 7-11, 2026',
      'Apr 13-18, 2027',
      'Jul 20-26, 2027',
    ]);
    expect(screen.getByText('2026-2027 workshop season')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'At a glance' })).toHaveTextContent('2 workshops open for booking in 2026-2027');
    expect(screen.getByRole('heading', { name: 'Reserve your place for 2026-2027' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^All 2 workshops/ })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/2026 workshop season|11 workshops|Eleven/);
  });

  it('names only 2027 once every 2026 run has started, and shows no years when the runs are of one year', async () => {
    const next = [
      aWorkshop({ id: 'zion-2026', startDate: '2026-04-13', dates: 'Apr 13-18, 2026', hasStarted: true }),
      aWorkshop({ id: 'zion-2027', startDate: '2027-04-13', dates: 'Apr 13-18, 2027' }),
    ];
    renderRoute('/', [{ request: { query: WORKSHOPS_QUERY }, result: { data: { workshops: next } } }, reviewsOk]);
    expect(await screen.findByRole('region', { name: 'The 2027 season' })).toBeInTheDocument();
    expect(screen.getByText('2027 workshop season')).toBeInTheDocument();
  });

  it('shows a teaser of the reviews with a link to all of them', async () => {
    renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    const reviews = screen.getByRole('region', { name: 'What our participants say' });
    expect(await within(reviews).findByText('Margaret H.')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: /Read all reviews/ })).toHaveAttribute('href', '/testimonials');
  });

  it('falls back to the empty messages when loading fails (only logged)', async () => {
    renderRoute('/', [
      { request: { query: WORKSHOPS_QUERY }, error: new Error('down') },
      { request: { query: TESTIMONIALS_QUERY }, error: new Error('down') },
      { request: { query: SITE_PHOTOS_QUERY }, error: new Error('down') },
    ]);
    expect(await screen.findByText(NO_REVIEWS)).toBeInTheDocument();
    expect(await screen.findByText('No workshops available')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });

  it('shows the hero and the instructor portrait the admin uploaded, in responsive sizes with their alt text (docs/decisions/077)', async () => {
    const hero = aPhoto({ id: 'h', altText: 'Sunrise over the Watchman', src: '/photos/h-1600.jpg' });
    const portrait = aPhoto({ id: 'p', altText: 'Daniel with his camera on a ridge', src: '/photos/p-960.jpg' });
    renderRoute('/', [workshopsOk, reviewsOk, sitePhotos(hero, portrait)]);
    const heroImg = await screen.findByRole('img', { name: 'Sunrise over the Watchman' });
    expect(heroImg).toHaveAttribute('src', '/photos/h-1600.jpg');
    expect(heroImg).toHaveAttribute('srcset', '/photos/h-480.jpg 480w, /photos/h-960.jpg 960w, /photos/h-1600.jpg 1600w');
    expect(heroImg).toHaveAttribute('sizes', '100vw');
    expect(heroImg.closest('picture')!.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', expect.stringContaining('/photos/h-960.avif 960w'));
    expect(heroImg).toHaveAttribute('fetchpriority', 'high');
    const band = screen.getByRole('region', { name: /Daniel|instructor/i });
    expect(within(band).getByRole('img', { name: 'Daniel with his camera on a ridge' })).toHaveAttribute('loading', 'lazy');
  });

  it('keeps the illustrations while no photograph is set', async () => {
    const { container } = renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    await screen.findAllByText('Supercell Chase');
    expect(container.querySelector('.hero__image')).toHaveAttribute('src', expect.stringMatching(/^\/images\/r\/hero/));
    expect(container.querySelector('img[src^="/photos/"]')).toBeNull();
  });

  it('has a footer with the legal pages and the contact email', () => {
    renderRoute('/', [workshopsOk, reviewsOk, noSitePhotos]);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Cancellation Policy' })).toHaveAttribute('href', '/cancellation-policy');
    expect(footer.getByRole('link', { name: BRAND.contactEmail })).toHaveAttribute('href', `mailto:${BRAND.contactEmail}`);
  });
});
