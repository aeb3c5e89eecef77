import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { WorkshopEditor } from '../../admin/workshop-editor.service';
import type { Workshop } from '../../workshop/workshop.entity';
import { AdminWorkshopsArgs, ArchiveWorkshopInput, CreateWorkshopInput, ScheduleWorkshopAgainInput, UpdateWorkshopInput } from '../../admin/workshop-editor.input';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { parseRestInput } from './http';
import { type WorkshopCalendar, workshopJson } from './workshop.rest';
import { ADMIN_ROUTES } from './schemas/admin';

/** A workshop as the admin's editor reads it: the public JSON plus every stored field (snake_case). */
export function adminWorkshopJson(w: Workshop, calendar: WorkshopCalendar) {
  return {
    ...workshopJson(w, calendar),
    capacity: w.capacity,
    minimum_participants: w.minimumParticipants,
    spots_claimed: w.spotsClaimed,
    price_cents: w.priceCents,
    private_room_supplement_cents: w.privateRoomSupplementCents,
    archived: w.archived,
    decision_date: w.decisionDate,
    cancelled: w.cancelled,
    cancelled_at: w.cancelledAt ? w.cancelledAt.toISOString() : null,
    archived_at: w.archivedAt ? w.archivedAt.toISOString() : null,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export interface AdminWorkshopRouteDeps {
  adminAuth: AdminAuthService;
  editor: WorkshopEditor;
  calendar: WorkshopCalendar;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

/**
 * /api/admin/workshops: the admin's calendar (docs/decisions/059), behind the
 * same guards as the other admin routes (own pages only for writes, then the
 * admin credential). Bodies are snake_case; errors name snake_case fields.
 */
export function adminWorkshopRoutes(deps: AdminWorkshopRouteDeps): FastifyPluginAsync {
  const { editor, calendar } = deps;
  const json = (w: Workshop) => adminWorkshopJson(w, calendar);
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    // A page, newest first: ?limit= (1-200, 50) and ?cursor= (the next page's, sent in a Link header, rel="next").
    app.get<{ Querystring: { limit?: string; cursor?: string } }>('/', { schema: ADMIN_ROUTES.editorList }, async (req, reply) => {
      const { limit, cursor } = req.query;
      const args = await validateInputOrThrow(AdminWorkshopsArgs, { limit: limit === undefined ? undefined : Number(limit), cursor });
      const page = await editor.page(args);
      if (page.nextCursor) reply.header('link', `</api/admin/workshops?limit=${args.limit}&cursor=${encodeURIComponent(page.nextCursor)}>; rel="next"`);
      return page.workshops.map(json);
    });
    app.post('/', { schema: ADMIN_ROUTES.editorCreate }, async (req, reply) => {
      const input = await parseRestInput(CreateWorkshopInput, req);
      return reply.code(201).send(json(await editor.createOrThrow(input)));
    });
    app.put<IdPath>('/:id', { schema: ADMIN_ROUTES.editorUpdate }, async (req) => {
      const input = await parseRestInput(UpdateWorkshopInput, req, { id: req.params.id });
      return json(await editor.updateOrThrow(input));
    });
    app.post<IdPath>('/:id/schedule-again', { schema: ADMIN_ROUTES.editorScheduleAgain }, async (req, reply) => {
      const input = await parseRestInput(ScheduleWorkshopAgainInput, req, { sourceId: req.params.id });
      return reply.code(201).send(json(await editor.scheduleAgainOrThrow(input)));
    });
    app.post<IdPath>('/:id/archive', { schema: ADMIN_ROUTES.editorArchive }, async (req) => {
      // No body needed: the path says it all.
      const input = await validateInputOrThrow(ArchiveWorkshopInput, { workshopId: req.params.id, archived: true });
      return json(await editor.setArchivedOrThrow(input.workshopId, input.archived));
    });
    app.post<IdPath>('/:id/unarchive', { schema: ADMIN_ROUTES.editorArchive }, async (req) => {
      const input = await validateInputOrThrow(ArchiveWorkshopInput, { workshopId: req.params.id, archived: false });
      return json(await editor.setArchivedOrThrow(input.workshopId, input.archived));
    });
  };
}
