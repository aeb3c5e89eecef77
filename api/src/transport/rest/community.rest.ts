import type { FastifyPluginAsync } from 'fastify';
import type { CommunityService } from '../../community/community.service';
import { AppError } from '../../infrastructure/errors';
import { snakeBodyToCamel } from '../../infrastructure/case';
import type { WriteLimit } from '../rate-limits';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { jsonObjectBody } from './http';
import type { CommunityMessage } from '../../community/community-message.entity';
import { PostMessageInput } from '../../community/community.input';
import type { ParticipantsSummary } from '../../community/community.objects';

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

/**
 * The board's answer as a response schema: Fastify serialises it with a compiled
 * fast-json-stringify function instead of JSON.stringify (same bytes, less time
 * on the most-read list). Every field is always present; none may be dropped.
 */
const MESSAGE_LIST_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'workshop_id', 'author_name', 'message', 'topic', 'created_at'],
    properties: {
      id: { type: 'string' },
      workshop_id: { type: 'string' },
      author_name: { type: 'string' },
      message: { type: 'string' },
      topic: { type: 'string' },
      created_at: { type: 'string' },
    },
  },
} as const;

type WorkshopPath = { Params: { id: string }; Querystring: { topic?: unknown } };

export function communityRoutes(community: CommunityService, limit: WriteLimit): FastifyPluginAsync {
  return async (app) => {
  // The first page only, as a plain array (the spec's shape); GraphQL `messages` pages further.
  app.get<WorkshopPath>('/workshops/:id/messages', { schema: { response: { 200: MESSAGE_LIST_SCHEMA } } }, async (req) => {
    const page = await community.listMessagesOrThrow(req.params.id, { topic: req.query.topic });
    return page.messages.map(messageJson);
  });

  app.post<WorkshopPath>('/workshops/:id/messages', async (req, reply) => {
    const body = snakeBodyToCamel(jsonObjectBody(req));
    // The workshop of the path is the one posted to; a body naming another is a mistake, not a redirect.
    if (body.workshopId !== undefined && body.workshopId !== req.params.id) {
      throw AppError.invalid([{ field: 'workshopId', message: 'workshopId must match the workshop in the path' }]);
    }
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

  app.get<WorkshopPath>('/workshops/:id/participants', async (req) => participantsJson(await community.participantsOrThrow(req.params.id)));
  };
}
