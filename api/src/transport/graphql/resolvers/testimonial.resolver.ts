import { Query, Resolver } from 'type-graphql';
import type { Services } from '../../../composition-root';
import { Testimonial } from '../../../testimonial/testimonial.entity';

@Resolver(() => Testimonial)
export class TestimonialResolver {
  constructor(private readonly services: Services) {}

  @Query(() => [Testimonial], { description: 'Reviews by past participants, newest first.' })
  testimonials(): Promise<Testimonial[]> {
    return this.services.testimonials.list();
  }
}
