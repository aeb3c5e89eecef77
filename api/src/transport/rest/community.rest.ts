import type { FastifyPluginAsync } from 'fastify';
import type { CommunityService } from '../../community/community.service';
import type { WriteLimit } from '../rate-limits';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { workshopPathBody } from './http';
import type { CommunityMessage } from '../../community/community-message.entity';
import { PostMessageInput } from '../../community/community.input';
import type { ParticipantsSummary } from '../../community/community.objects';
import { CATALOG_ROUTES } from './schemas/catalog';

/** The spec's Community message JSON (section 3) for the public: never the author's email. */
export function messageJson(m: CommunityMessage) {
  return {
    id: m.id,
    workshop_id: m.workshopId,
    author_name: m.authorName,
    message: m.message,
    topic: m.topic,
    created_at: m.createdAt.toISOString(),
  };
}

/** The spec's Participants summary JSON (section 3). */
export function participantsJson(p: ParticipantsSummary) {
  return {
    total_participants: p.totalParticipants,
    bookings: p.bookings.map((b) => ({ customer_name: b.customerName, num_participants: b.numParticipants })),
  };
}

type WorkshopPath = { Params: { id: string }; Querystring: { topic?: unknown } };

export function communityRoutes(community: CommunityService, limit: WriteLimit): FastifyPluginAsync {
  return async (app) => {
  // The first page only, as a plain array (the spec's shape); GraphQL `messages` pages further.
  app.get<WorkshopPath>('/workshops/:id/messages', { schema: CATALOG_ROUTES.messages }, async (req) => {
    const page = await community.listMessagesOrThrow(req.params.id, { topic: req.query.topic });
    return page.messages.map(messageJson);
  });

  app.post<WorkshopPath>('/workshops/:id/messages', { schema: CATALOG_ROUTES.postMessage }, async (req, reply) => {
    const body = workshopPathBody(req, req.params.id);
    const input = await validateInputOrThrow(PostMessageInput, {
      workshopId: req.params.id,
      authorName: body.authorName,
      authorEmail: body.authorEmail,
      message: body.message,
      topic: body.topic,
      website: body.website,
    });
    await limit(req);
    const message = await community.postMessageOrThrow(input);
    return reply.code(201).send(messageJson(message));
  });

  app.get<WorkshopPath>('/workshops/:id/participants', { schema: CATALOG_ROUTES.participants }, async (req) => participantsJson(await community.participantsOrThrow(req.params.id)));
  };
}
