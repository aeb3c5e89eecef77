import type { FastifyPluginAsync } from 'fastify';
import type { WaitlistService } from '../../waitlist/waitlist.service';
import type { WaitlistEntry } from '../../waitlist/waitlist-entry.entity';
import { ConfirmWaitlistEntryInput, JoinWaitlistInput } from '../../waitlist/waitlist.input';
import type { ConfirmedWaitlistEntry } from '../../waitlist/waitlist.objects';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { clientKey } from '../../infrastructure/rate-limit';
import type { WriteLimit } from '../rate-limits';
import { jsonObjectBody, workshopPathBody } from './http';
import { BOOKING_ROUTES } from './schemas/booking';

/** A waiting-list entry as the person who joined sees it (no email echoed, no offer details). */
export function waitlistEntryJson(e: WaitlistEntry) {
  return {
    id: e.id,
    workshop_id: e.workshopId,
    name: e.name,
    spots: e.spots,
    state: e.state,
    created_at: e.createdAt.toISOString(),
    confirmed_at: e.confirmedAt?.toISOString() ?? null,
  };
}

/** The answer to a confirmation: the entry as it is now, its workshop and its place in the queue. */
function confirmedJson(c: ConfirmedWaitlistEntry) {
  return { ...waitlistEntryJson(c.entry), workshop_name: c.workshopName, position: c.position };
}

/** A waiting-list entry as the admin sees it: the offer made, if any, and the booking it became. */
export function adminWaitlistEntryJson(e: WaitlistEntry) {
  return {
    ...waitlistEntryJson(e),
    email: e.email,
    offered_at: e.offeredAt?.toISOString() ?? null,
    offer_expires_at: e.offerExpiresAt?.toISOString() ?? null,
    booking_id: e.bookingId,
  };
}

type WorkshopPath = { Params: { id: string } };
type EntryPath = { Params: { id: string } };

export function waitlistRoutes(waitlist: WaitlistService, limit: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post<WorkshopPath>('/workshops/:id/waitlist', { schema: BOOKING_ROUTES.joinWaitlist }, async (req, reply) => {
      const body = workshopPathBody(req, req.params.id);
      const input = await validateInputOrThrow(JoinWaitlistInput, { workshopId: req.params.id, name: body.name, email: body.email, spots: body.spots, altcha: body.altcha });
      await limit(req);
      const entry = await waitlist.joinOrThrow(input, clientKey(req));
      return reply.code(201).send(waitlistEntryJson(entry));
    });

    // The confirmation link's page posts the token from its address's fragment (never in a URL we log).
    app.post<EntryPath>('/waitlist/:id/confirm', { schema: BOOKING_ROUTES.confirmWaitlist }, async (req) => {
      const body = snakeBodyToCamel(jsonObjectBody(req));
      const input = await validateInputOrThrow(ConfirmWaitlistEntryInput, { entryId: req.params.id, token: body.token });
      await limit(req);
      return confirmedJson(await waitlist.confirmOrThrow(input.entryId, input.token));
    });
  };
}
