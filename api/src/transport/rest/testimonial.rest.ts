import { Router } from 'express';
import type { Services } from '../../composition-root';
import type { Testimonial } from '../../testimonial/testimonial.entity';

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

export function testimonialRoutes(services: Services): Router {
  const router = Router();
  router.get('/testimonials', async (_req, res) => {
    res.json((await services.testimonials.list()).map(testimonialJson));
  });
  return router;
}
