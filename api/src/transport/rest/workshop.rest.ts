import crypto from 'node:crypto';
import { Router } from 'express';
import type { Services } from '../../composition-root';
import { AppError } from '../../infrastructure/errors';
import type { Workshop } from '../../workshop/workshop.entity';

/** The spec's Workshop (read) JSON, section 3: exactly these fields. */
export function workshopJson(w: Workshop) {
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    location: w.location,
    state: w.state,
    dates: w.dates,
    duration_days: w.durationDays,
    price: w.price,
    available_spots: w.availableSpots,
    difficulty_level: w.difficultyLevel,
    workshop_type: w.workshopType,
    image_url: w.imageUrl,
    highlights: w.highlights,
    itinerary: w.itinerary,
    private_room_supplement: w.privateRoomSupplement,
  };
}

export function workshopRoutes(services: Services): Router {
  const router = Router();
  router.get('/workshops', async (req, res) => {
    // Serialised (and its ETag computed) once per catalog snapshot, not per request.
    const { body, etag } = await services.workshops.catalog.derive('rest:/api/workshops', (list) => {
      const json = JSON.stringify(list.map(workshopJson));
      return { body: json, etag: `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"` };
    });
    res.setHeader('ETag', etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('json').send(body);
  });
  router.get('/workshops/:id', async (req, res) => {
    const workshop = await services.workshops.findById(req.params.id);
    if (!workshop) throw AppError.notFound('Workshop');
    res.json(workshopJson(workshop));
  });
  return router;
}
