import { act, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { aTestimonial } from '../test/builders';
import { NO_REVIEWS, TESTIMONIALS_QUERY } from './TestimonialsPage';

const reviews = [
  aTestimonial(),
  aTestimonial({
    id: 'rev-carlos-m',
    rating: 4,
    clientName: 'Carlos M.',
    location: 'Denver, Colorado',
    workshopAttended: 'Canyonlands & Arches Backcountry',
    reviewText: 'Tough hikes and short nights, exactly as promised.',
    date: '2025-10-30',
  }),
];

const answer = (testimonials: unknown[]) => ({ request: { query: TESTIMONIALS_QUERY }, result: { data: { testimonials } } });

function jsonLd(): Record<string, unknown>[] {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''));
}

describe('/testimonials', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('shows "Loading..." while loading, then one card per review with stars, name, location, workshop, quoted text and date', async () => {
    renderRoute('/testimonials', [answer(reviews)]);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(first.getByText('Margaret H.')).toBeInTheDocument();
    expect(first.getByText('Portland, Oregon')).toBeInTheDocument();
    expect(first.getByText('Yellowstone in Winter: Wolves, Bison & Steam')).toBeInTheDocument();
    expect(first.getByText('“We saw wolves on two mornings and I finally understand how to expose for snow.”')).toBeInTheDocument();
    expect(first.getByText('February 16, 2025')).toHaveAttribute('datetime', '2025-02-16');
    expect(within(cards[1]).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByText(NO_REVIEWS)).not.toBeInTheDocument();
  });

  it('links "Book Your Workshop Today" to /workshops', async () => {
    renderRoute('/testimonials', [answer(reviews)]);
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'Book Your Workshop Today' })).toHaveAttribute('href', '/workshops');
  });

  it('puts an AggregateRating of the reviews in the document head, and removes it on leaving', async () => {
    const { router } = renderRoute('/testimonials', [answer(reviews)]);
    await screen.findAllByRole('article');
    await waitFor(() => expect(jsonLd()).toHaveLength(1));
    const [data] = jsonLd();
    expect(data['@context']).toBe('https://schema.org');
    expect(data.aggregateRating).toEqual(
      expect.objectContaining({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 }),
    );
    expect(data.review).toHaveLength(2);

    await act(() => router.navigate('/faq'));
    // The FAQ has structured data of its own (FAQPage); the reviews' is gone.
    await waitFor(() => expect(jsonLd().filter((d) => d.aggregateRating)).toHaveLength(0));
    expect(jsonLd().map((d) => d['@type'])).toEqual(['FAQPage']);
  });

  it('counts verified reviews only: samples are shown, labelled, and left out of the summary and the AggregateRating', async () => {
    const sample = aTestimonial({ id: 'rev-sample', rating: 1, clientName: 'Sam P.', verified: false, sample: true, tripMonth: null });
    renderRoute('/testimonials', [answer([...reviews, sample])]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('Verified participant')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Trip: February 2025')).toBeInTheDocument();
    expect(within(cards[2]).getByText('Sample review')).toBeInTheDocument();
    expect(within(cards[2]).queryByText('Verified participant')).not.toBeInTheDocument();
    expect(screen.getByText('4.5 average from 2 verified reviews')).toBeInTheDocument();
    await waitFor(() => expect(jsonLd()).toHaveLength(1));
    expect(jsonLd()[0]!.aggregateRating).toEqual(expect.objectContaining({ ratingValue: 4.5, reviewCount: 2 }));
  });

  it('emits no rating at all when only samples are shown', async () => {
    renderRoute('/testimonials', [answer([aTestimonial({ verified: false, sample: true })])]);
    await screen.findAllByRole('article');
    expect(screen.getByText('Sample review')).toBeInTheDocument();
    expect(screen.queryByText(/average from/)).not.toBeInTheDocument();
    expect(jsonLd().filter((d) => d.aggregateRating)).toHaveLength(0);
  });

  it('keeps a review’s words as written: markup stays text, line breaks stay', async () => {
    renderRoute('/testimonials', [answer([aTestimonial({ reviewText: 'Line one <b>bold?</b>\nLine two', reply: 'Thanks!' })])]);
    const [card] = await screen.findAllByRole('article');
    expect(card!.querySelector('b')).toBeNull();
    expect(card!.querySelector('.review-card__quote p')!.textContent).toBe('“Line one <b>bold?</b>\nLine two”');
    expect(within(card!).getByText('Answer from the studio')).toBeInTheDocument();
    expect(within(card!).getByText('Thanks!')).toBeInTheDocument();
  });

  it('asks the API once on load', async () => {
    const result = jest.fn(() => ({ data: { testimonials: reviews } }));
    renderRoute('/testimonials', [{ request: { query: TESTIMONIALS_QUERY }, result }]);
    await screen.findAllByRole('article');
    expect(result).toHaveBeenCalledTimes(1);
  });

  it(`shows '${NO_REVIEWS}' for an empty list, without structured data`, async () => {
    renderRoute('/testimonials', [answer([])]);
    expect(await screen.findByText(NO_REVIEWS)).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(jsonLd()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Book Your Workshop Today' })).toHaveAttribute('href', '/workshops');
  });

  it('logs a load failure and shows the empty-list message', async () => {
    renderRoute('/testimonials', [{ request: { query: TESTIMONIALS_QUERY }, error: new Error('network down') }]);
    expect(await screen.findByText(NO_REVIEWS)).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith('Failed to load testimonials', expect.any(Error));
    expect(jsonLd()).toHaveLength(0);
  });

  it('sets its own title and description', async () => {
    renderRoute('/testimonials', [answer(reviews)]);
    await waitFor(() => expect(document.title).toBe('Reviews | Wild Light Workshops'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/reviews/i);
  });
});
