import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { WorkshopService } from '../../workshop/workshop.service';
import { AppError } from '../../infrastructure/errors';
import type { Workshop } from '../../workshop/workshop.entity';
import { CATALOG_ROUTES } from './schemas/catalog';
import { FrontDoor, type Replayable } from '../front-door';

/** What the JSON needs from the clock: the workshop service's calendar facts. */
export type WorkshopCalendar = Pick<WorkshopService, 'hasStarted' | 'isBoardOpen' | 'paymentOptions'>;

/**
 * The spec's Workshop (read) JSON, section 3, plus the calendar facts the
 * server computes from its clock (docs/decisions/059): has_started (no more
 * bookings), board_open (the community board takes messages), start_date,
 * end_date and time_zone.
 */
export function workshopJson(w: Workshop, calendar: WorkshopCalendar) {
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
    start_date: w.startDate,
    end_date: w.endDate,
    time_zone: w.timeZone,
    has_started: calendar.hasStarted(w),
    cancelled: w.cancelled,
    payment_options: calendar.paymentOptions(w),
    board_open: calendar.isBoardOpen(w),
  };
}

/** True when the caller's cached copy (If-None-Match) is current and it did not ask to revalidate. */
export function isFresh(req: FastifyRequest, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  const weak = (tag: string) => tag.replace(/^W\//, '');
  return noneMatch.trim() === '*' || noneMatch.split(/\s*,\s*/).some((tag) => weak(tag) === weak(etag));
}

/** The public list's answer, kept with the catalog snapshot under CATALOG_LIST_KEY; the body as bytes: Node then writes it as it is, without encoding 15 KB of text per request. */
export type CatalogList = Replayable & { body: Buffer; etag: string };
export const CATALOG_LIST_KEY = 'rest:/api/workshops';

export function workshopRoutes(workshops: WorkshopService): FastifyPluginAsync {
  return async (app) => {
    const send = (req: FastifyRequest, reply: FastifyReply, list: CatalogList) => {
      const { body, etag } = list;
      void reply.header('ETag', etag);
      if (isFresh(req, etag)) return reply.code(304).send();
      // Sent as it is: the front door may send it again before Fastify (app.ts).
      FrontDoor.sendsKept(req, list);
      return reply.type('application/json; charset=utf-8').send(body);
    };
    // The hottest read: serialised (and its ETag computed) once per catalog snapshot (which
    // ends when a workshop starts), and sent without waiting on a promise while it is warm.
    app.get('/workshops', { schema: CATALOG_ROUTES.workshops }, (req, reply) => {
      const warm = workshops.catalog.peek<CatalogList>(CATALOG_LIST_KEY);
      if (warm) return send(req, reply, warm);
      return workshops.catalog
        .derive(CATALOG_LIST_KEY, (all): CatalogList => {
          const json = JSON.stringify(workshops.publicList(all).map((w) => workshopJson(w, workshops)));
          return { body: Buffer.from(json), etag: `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"` };
        })
        .then((list) => send(req, reply, list));
    });
    app.get<{ Params: { id: string } }>('/workshops/:id', { schema: CATALOG_ROUTES.workshop }, async (req) => {
      const workshop = await workshops.findById(req.params.id);
      if (!workshop) throw AppError.notFound('Workshop');
      return workshopJson(workshop, workshops);
    });
  };
}
