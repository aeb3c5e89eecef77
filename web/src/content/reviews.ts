import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TestimonialsQuery, TestimonialsQueryVariables } from '../gql/graphql';
import { TESTIMONIAL_CARD_FRAGMENT } from './TestimonialCard';

/** All reviews (the reviews page and the home page's teaser). */
export const TESTIMONIALS_QUERY: TypedDocumentNode<TestimonialsQuery, TestimonialsQueryVariables> = gql`
  query Testimonials {
    testimonials {
      id
      ...TestimonialCard_testimonial
    }
  }
  ${TESTIMONIAL_CARD_FRAGMENT}
`;

export const NO_REVIEWS = 'Reviews coming soon from our amazing participants!';
