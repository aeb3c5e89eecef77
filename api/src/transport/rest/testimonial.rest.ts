import type { FastifyPluginAsync } from 'fastify';
import type { TestimonialService } from '../../testimonial/testimonial.service';
import type { Testimonial } from '../../testimonial/testimonial.entity';
import { CATALOG_ROUTES } from './schemas/catalog';

/** The spec's Testimonial (read) JSON, section 3. */
export function testimonialJson(t: Testimonial) {
  return {
    id: t.id,
    rating: t.rating,
    client_name: t.clientName,
    location: t.location,
    workshop_attended: t.workshopAttended,
    review_text: t.reviewText,
    date: t.date,
  };
}

export function testimonialRoutes(testimonials: TestimonialService): FastifyPluginAsync {
  return async (app) => {
    app.get('/testimonials', { schema: CATALOG_ROUTES.testimonials }, async () => (await testimonials.list()).map(testimonialJson));
  };
}
