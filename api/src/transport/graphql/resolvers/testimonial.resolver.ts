import { Query, Resolver } from 'type-graphql';
import type { TestimonialService } from '../../../testimonial/testimonial.service';
import { Testimonial } from '../../../testimonial/testimonial.entity';

@Resolver(() => Testimonial)
export class TestimonialResolver {
  constructor(private readonly reviews: TestimonialService) {}

  @Query(() => [Testimonial], { description: 'Reviews by past participants, newest first.' })
  testimonials(): Promise<Testimonial[]> {
    return this.reviews.list();
  }
}
