import type { TestimonialsQuery } from '../gql/graphql';

type Testimonial = TestimonialsQuery['testimonials'][number];

/** A review as the API returns it (GraphQL shape, with __typename). */
export function aTestimonial(overrides: Partial<Testimonial> = {}): Testimonial & { __typename: 'Testimonial' } {
  return {
    __typename: 'Testimonial',
    id: 'rev-margaret-h',
    rating: 5,
    clientName: 'Margaret H.',
    location: 'Portland, Oregon',
    workshopAttended: 'Yellowstone in Winter: Wolves, Bison & Steam',
    reviewText: 'We saw wolves on two mornings and I finally understand how to expose for snow.',
    date: '2025-02-16',
    ...overrides,
  };
}
