import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { aPhoto, aWorkshop } from '../test/builders';
import { WORKSHOP_DETAIL_QUERY } from './WorkshopPage';

const answer = (workshop: unknown) => ({
  request: { query: WORKSHOP_DETAIL_QUERY, variables: { id: 'zion-canyon-light' } },
  result: { data: { workshop } },
});

const events = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')).filter((d) => d['@type'] === 'Event');
const meta = (property: string) => document.head.querySelector(`meta[property="${property}"]`)?.getAttribute('content');

describe('/workshop/{id} for search engines and sharing', () => {
  it('carries an Event with dates, place, price in USD and InStock availability', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ availableSpots: 7 }))]);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(events()).toHaveLength(1));
    const [event] = events();
    expect(event).toEqual(
      expect.objectContaining({
        '@context': 'https://schema.org',
        name: 'Zion Canyon Light & Slot Canyons',
        startDate: '2026-04-13',
        endDate: '2026-04-18',
        location: expect.objectContaining({
          '@type': 'Place',
          name: 'Zion National Park',
          address: expect.objectContaining({ addressRegion: 'Utah', addressCountry: 'US' }),
        }),
        offers: expect.objectContaining({ price: 2895, priceCurrency: 'USD', availability: 'https://schema.org/InStock' }),
      }),
    );
  });

  it('marks a sold-out workshop SoldOut', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ availableSpots: 0 }))]);
    await screen.findByRole('button', { name: 'Sold Out' });
    await waitFor(() => expect(events()[0]?.offers.availability).toBe('https://schema.org/SoldOut'));
  });

  it('has Open Graph tags: title, description, type, url and image', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop())]);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(meta('og:title')).toBe('Zion Canyon Light & Slot Canyons'));
    expect(meta('og:description')).toMatch(/6-day landscape photography workshop in Zion National Park/);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:url')).toBe('http://localhost/workshop/zion-canyon-light');
    expect(meta('og:image')).toBe('http://localhost/images/og/zion-canyon-light.jpg');
  });

  it('shares the uploaded cover (Open Graph and the Event) when there is one', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(aWorkshop({ cover: aPhoto({ id: 'c', src: '/photos/c-1600.jpg' }) }))]);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(meta('og:image')).toBe('http://localhost/photos/c-1600.jpg'));
    await waitFor(() => expect(events()[0]?.image).toEqual(['http://localhost/photos/c-1600.jpg']));
  });

  it('emits no Event for an unknown workshop', async () => {
    renderRoute('/workshop/zion-canyon-light', [answer(null)]);
    await screen.findByText('Workshop not found');
    expect(events()).toHaveLength(0);
  });
});
