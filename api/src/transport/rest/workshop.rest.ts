import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { WorkshopService } from '../../workshop/workshop.service';
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

/** True when the caller's cached copy (If-None-Match) is current and it did not ask to revalidate. */
export function isFresh(req: FastifyRequest, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  const weak = (tag: string) => tag.replace(/^W\//, '');
  return noneMatch.trim() === '*' || noneMatch.split(/\s*,\s*/).some((tag) => weak(tag) === weak(etag));
}

export function workshopRoutes(workshops: WorkshopService): FastifyPluginAsync {
  return async (app) => {
    // The body as bytes: Node then writes it as it is, without encoding 15 KB of text per request.
    type ListJson = { body: Buffer; etag: string };
    const send = (req: FastifyRequest, reply: FastifyReply, { body, etag }: ListJson) => {
      void reply.header('ETag', etag);
      if (isFresh(req, etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    };
    // The hottest read: serialised (and its ETag computed) once per catalog snapshot, and sent
    // without waiting on a promise while the snapshot is warm.
    app.get('/workshops', (req, reply) => {
      const warm = workshops.catalog.peek<ListJson>('rest:/api/workshops');
      if (warm) return send(req, reply, warm);
      return workshops.catalog
        .derive('rest:/api/workshops', (list): ListJson => {
          const json = JSON.stringify(list.map(workshopJson));
          return { body: Buffer.from(json), etag: `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"` };
        })
        .then((list) => send(req, reply, list));
    });
    app.get<{ Params: { id: string } }>('/workshops/:id', async (req) => {
      const workshop = await workshops.findById(req.params.id);
      if (!workshop) throw AppError.notFound('Workshop');
      return workshopJson(workshop);
    });
  };
}
