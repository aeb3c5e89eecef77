import { screen, waitFor, within } from '@testing-library/react';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { renderRoute } from '../test/render';
import { aPhoto, aWorkshop } from '../test/builders';
import { SITE_PHOTOS_QUERY } from '../home/sitePhotos';
import { SEASON_QUERY } from '../workshop/useSeason';
import { PRIVACY_RETENTION_QUERY } from './retention';

const catalog = { request: { query: SEASON_QUERY }, result: { data: { workshops: [aWorkshop()] } } };

const main = () => within(screen.getByRole('main'));

describe('/about-instructor', () => {
  it('tells the biography, the four steps of the journey and the specialties, and links to the workshops', async () => {
    renderRoute('/about-instructor', [catalog]);
    expect(main().getByRole('heading', { level: 1, name: BRAND.instructor.name })).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'Biography' })).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).toContain(`${BRAND.instructor.yearsExperience}`);
    expect(screen.getByRole('main').textContent).toMatch(/Photojournalism/);

    const journey = main().getByRole('heading', { name: 'My Journey' }).closest('section')!;
    const cards = within(journey).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Wildlife instruction in Africa',
      'Content creation in Latin America',
      'Portrait, wedding and real-estate business',
      BRAND.name,
    ]);
    expect(cards.map((c) => c.querySelector('.journey__period')?.textContent)).toEqual(['2 years', '1 year', '5+ years', 'Today']);

    for (const s of ['Wildlife', 'Portrait and Wedding', 'Landscape']) expect(main().getByRole('heading', { level: 3, name: s })).toBeInTheDocument();
    // The spec's 'View 2026 Workshops', its year the season on sale (issue 24).
    expect(await main().findByRole('link', { name: 'View 2026 Workshops' })).toHaveAttribute('href', '/workshops');
    await waitFor(() => expect(document.title).toMatch(/^About the Instructor/));
  });

  it('shows the portrait the admin uploaded, high priority in responsive sizes; the illustration until then (docs/decisions/077)', async () => {
    const portrait = aPhoto({ id: 'p', altText: 'Daniel Reyes on a ridge at dawn', src: '/photos/p-1600.jpg' });
    const site = (p: unknown) => ({ request: { query: SITE_PHOTOS_QUERY }, result: { data: { sitePhotos: { __typename: 'SitePhotos', hero: null, portrait: p } } } });
    const { unmount } = renderRoute('/about-instructor', [site(portrait)]);
    const img = await main().findByRole('img', { name: 'Daniel Reyes on a ridge at dawn' });
    expect(img).toHaveAttribute('srcset', '/photos/p-480.jpg 480w, /photos/p-960.jpg 960w, /photos/p-1600.jpg 1600w');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    unmount();

    renderRoute('/about-instructor', [site(null)]);
    expect(await main().findByRole('img', { name: /^Illustration: Daniel Reyes/ })).toBeInTheDocument();
  });

  it('names the seasons on sale and counts the workshops that can be booked, late in 2026 with 2027 on sale (issue 24)', async () => {
    const lateSeason = [
      aWorkshop({ id: 'zion-2026', startDate: '2026-04-13', dates: 'Apr 13-18, 2026', hasStarted: true }),
      aWorkshop({ id: 'glades', startDate: '2026-12-07', dates: 'Dec 7-11, 2026', availableSpots: 0 }),
      aWorkshop({ id: 'zion-2027', startDate: '2027-04-13', dates: 'Apr 13-18, 2027', availableSpots: 5 }),
    ];
    renderRoute('/about-instructor', [{ request: { query: SEASON_QUERY }, result: { data: { workshops: lateSeason } } }]);
    expect(await main().findByRole('link', { name: 'View 2026-2027 Workshops' })).toHaveAttribute('href', '/workshops');
    expect(main().getByRole('list', { name: 'At a glance' })).toHaveTextContent('1 workshop open in 2026-2027');
    expect(screen.getByRole('main')).toHaveTextContent('1 workshop open for booking in 2026-2027');
  });
});

describe('/equipment', () => {
  it('lists what every workshop requires, the portrait and wildlife extras and two checklists', () => {
    renderRoute('/equipment');
    for (const item of ['DSLR or mirrorless camera with manual mode', 'Sturdy tripod', 'At least 2 spare batteries', '64GB+ storage']) {
      expect(main().getByRole('heading', { level: 3, name: item })).toBeInTheDocument();
    }
    const text = screen.getByRole('main').textContent;
    expect(text).toContain('Wireless flash trigger');
    expect(text).toContain('External flash or strobe with a light stand');
    expect(text).toContain('300-600mm telephoto lens');
    expect(text).toContain('1/1000s or faster');
    expect(main().getByRole('heading', { name: 'Camera accessories' })).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'Personal gear' })).toBeInTheDocument();
  });

  it('links to a recommended strobe and two photo retailers, opening safely in a new tab', () => {
    renderRoute('/equipment');
    const outbound = main()
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')!.startsWith('http'));
    expect(outbound.length).toBeGreaterThanOrEqual(3);
    for (const a of outbound) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
      expect(a).toHaveAccessibleName(/opens in a new tab/);
    }
    expect(main().getByRole('link', { name: /^B&H Photo/ })).toHaveAttribute('href', 'https://www.bhphotovideo.com/');
    expect(main().getByRole('link', { name: /^Adorama/ })).toHaveAttribute('href', 'https://www.adorama.com/');
    expect(main().getByRole('link', { name: /View it at B&H Photo/ })).toBeInTheDocument();
  });
});

describe('/about-us', () => {
  it('states the mission, three pillars and four differentiators, and links to the workshops', () => {
    renderRoute('/about-us');
    expect(main().getByRole('heading', { name: /mission|proud/i })).toBeInTheDocument();
    for (const p of ['Expert instruction', `Small groups of at most ${POLICY.maxGroupSize}`, 'Iconic locations']) {
      expect(main().getByRole('heading', { level: 3, name: p })).toBeInTheDocument();
    }
    for (const d of ['All-inclusive', 'Flexible payment', 'Community connection', 'Spouse-friendly']) expect(main().getByText(d)).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).toContain('half price');
    expect(main().getByRole('link', { name: 'Browse the workshops' })).toHaveAttribute('href', '/workshops');
  });
});

describe('every information page sets its own title and description', () => {
  it.each([
    ['/about-instructor', /^About the Instructor/],
    ['/equipment', /^Equipment List \|/],
    ['/about-us', /^About Us \|/],
    ['/contact', /^Contact \|/],
    ['/faq', /^Frequently Asked Questions \|/],
    ['/privacy-policy', /^Privacy Policy \|/],
    ['/terms', /^Terms of Service \|/],
    ['/cancellation-policy', /^Cancellation Policy \|/],
  ])('%s', async (path, title) => {
    // The privacy policy states the server's retention period (decision 102).
    renderRoute(path, [{ request: { query: PRIVACY_RETENTION_QUERY }, result: { data: { privacyRetention: { __typename: 'RetentionPolicy', tripDataDays: 90, accountingYears: 7 } } } }]);
    await waitFor(() => expect(document.title).toMatch(title));
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0].getAttribute('content')!.length).toBeGreaterThan(50);
    expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull();
  });
});

describe('pages that do not read the catalog name no season they could contradict (issue 24)', () => {
  it('the 404 page and the footer link to the workshops without a year', async () => {
    renderRoute('/no-such-page');
    expect(await main().findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Browse the workshops' })).toHaveAttribute('href', '/workshops');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'All Workshops' })).toHaveAttribute('href', '/workshops');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/20\d\d/);
  });

  it('the cancellation policy offers a move to another workshop of the season, with no year', async () => {
    renderRoute('/cancellation-policy');
    expect(await main().findByText(/move it to another workshop of the season that still has open spots/)).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/another 20\d\d workshop/);
  });
});
